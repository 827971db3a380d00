use jiangjun::chess::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let depth: u32 = args[1].parse().unwrap();
    let fen = args.get(2).cloned().unwrap_or(jiangjun::chess::START_FEN.to_string());
    let mut pos = Position::from_fen(&fen, false).unwrap();
    let t = std::time::Instant::now();
    let n = pos.perft(depth);
    println!("{n} {:?}", t.elapsed());
}
