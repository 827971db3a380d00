use jiangjun::chess::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pos = Position::from_fen(&args[1], true).unwrap();
    for (m, n) in pos.perft_divide(args[2].parse().unwrap(), 1) { println!("{}: {}", pos.move_to_uci(m), n); }
}
