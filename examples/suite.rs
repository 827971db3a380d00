use jiangjun::chess::Position;
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = &args[1]; let c960 = args[2] == "960"; let maxn: u64 = args[3].parse().unwrap();
    let text = std::fs::read_to_string(file).unwrap();
    let mut bad = 0; let mut total = 0u64;
    for line in text.lines() {
        if line.trim().is_empty() { continue; }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap().trim();
        let mut pos = match Position::from_fen(fen, c960) { Ok(p) => p, Err(e) => { println!("FEN ERR {fen}: {e}"); bad += 1; continue; } };
        for p in parts {
            let p = p.trim(); let (d, n) = p.split_once(' ').unwrap();
            let d: u32 = d[1..].parse().unwrap(); let n: u64 = n.trim().parse().unwrap();
            if n > maxn { continue; }
            let got = pos.perft(d); total += got;
            if got != n { println!("MISMATCH {fen} d{d} want {n} got {got}"); bad += 1; }
        }
    }
    println!("bad {bad} nodes {total}");
}
