#!/usr/bin/env python3
"""Search speed with and without tablebases on random 5- and 6-piece
endgames (positions whose captures lead into the 3-4-piece tables).

Each position is searched for --movetime ms by `jiangjun analyze`, once
without tables and once with --syzygy, in turn; the totals of nodes and time
give the nodes per second of each.

    tuning/scripts/tb_nps.py --engine target/release/jiangjun --tables tests/data/syzygy
"""
import argparse
import random
import re
import subprocess

import chess

MATERIALS = ["KRPvKR", "KQPvKQ", "KRBvKR", "KPPvKP", "KRvKNP", "KQvKRP", "KRPPvKR", "KBPvKN"]


def random_position(rng, material):
    white, black = material.split("v")
    while True:
        board = chess.Board(None)
        pieces = list(white) + [c.lower() for c in black]
        for sq, sym in zip(rng.sample(chess.SQUARES, len(pieces)), pieces):
            board.set_piece_at(sq, chess.Piece.from_symbol(sym))
        board.turn = rng.choice([chess.WHITE, chess.BLACK])
        if board.is_valid() and not board.is_game_over():
            return board.fen()


def search(engine, fen, movetime, tables):
    cmd = [engine, "analyze", "--fen", fen, "--movetime", str(movetime), "--hash", "16"]
    if tables:
        cmd += ["--syzygy", tables]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    m = re.search(r"nodes (\d+)\s+time ([\d.]+)s", out)
    return int(m.group(1)), float(m.group(2))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/jiangjun")
    ap.add_argument("--tables", default="tests/data/syzygy")
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--movetime", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    totals = {False: [0, 0.0], True: [0, 0.0]}
    for i in range(a.positions):
        fen = random_position(rng, MATERIALS[i % len(MATERIALS)])
        for with_tables in (False, True):
            nodes, secs = search(a.engine, fen, a.movetime, a.tables if with_tables else None)
            totals[with_tables][0] += nodes
            totals[with_tables][1] += secs
    for with_tables, (nodes, secs) in totals.items():
        label = "with tables" if with_tables else "without tables"
        print(f"{label}: {nodes} nodes in {secs:.1f} s, {nodes / secs:.0f} nodes/s")


if __name__ == "__main__":
    main()
