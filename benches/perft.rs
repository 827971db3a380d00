//! Move-generation benchmarks: perft (bulk-counted) and legal move
//! generation. Run with `cargo bench --bench perft`; for a fast smoke run,
//! `cargo bench --bench perft -- --quick`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use jiangjun::chess::{MoveList, Position, START_FEN};
use std::hint::black_box;
use std::time::Duration;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// fischer.epd line 1 (CPW Chess960 perft position 1).
const CHESS960: &str = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
/// CPW perft position 3: sparse, with en passant and rank pins.
const ENDGAME: &str = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

fn perft_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    for (name, fen, chess960, depth, nodes) in [
        ("startpos_d4", START_FEN, false, 4, 197_281u64),
        ("kiwipete_d3", KIWIPETE, false, 3, 97_862),
        ("chess960_d3", CHESS960, true, 3, 12_189),
    ] {
        let pos = Position::from_fen(fen, chess960).unwrap();
        assert_eq!(pos.clone().perft(depth), nodes, "{name}");
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(name, |b| {
            let mut p = pos.clone();
            b.iter(|| p.perft(black_box(depth)))
        });
    }
    group.finish();
}

fn movegen_benches(c: &mut Criterion) {
    let mut group = c.benchmark_group("legal_moves");
    for (name, fen, chess960) in [
        ("startpos", START_FEN, false),
        ("kiwipete", KIWIPETE, false),
        ("chess960", CHESS960, true),
        ("endgame", ENDGAME, false),
    ] {
        let pos = Position::from_fen(fen, chess960).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(&pos).legal_moves().len()));
    }
    // The staged generators the search uses.
    let kp = Position::from_fen(KIWIPETE, false).unwrap();
    group.bench_function("kiwipete_tactical", |b| {
        b.iter(|| {
            let mut list = MoveList::new();
            black_box(&kp).tactical_moves(&mut list);
            list.len()
        })
    });
    group.bench_function("kiwipete_quiet", |b| {
        b.iter(|| {
            let mut list = MoveList::new();
            black_box(&kp).quiet_moves(&mut list);
            list.len()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    targets = perft_benches, movegen_benches
}
criterion_main!(benches);
