#!/usr/bin/env python3
"""Asks a stronger engine how good our answers to missed EPD positions are.

A suite position counts as missed when the engine plays anything but a key
move, even a move that wins as clearly. For each position of EPD_FILE (the
misses, one per line) this plays OURS for --ours-time seconds, then has
REFEREE search our move and each key move for --referee-time seconds with
the root restricted to that move, and prints both scores (side to move's
view):

    tuning/scripts/check_misses.py /tmp/misses.epd target/release/jiangjun /usr/games/stockfish
"""
import argparse

import chess
import chess.engine


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("epd")
    ap.add_argument("ours")
    ap.add_argument("referee")
    ap.add_argument("--ours-time", type=float, default=1.0)
    ap.add_argument("--referee-time", type=float, default=3.0)
    ap.add_argument("--hash", type=int, default=64)
    a = ap.parse_args()
    ours = chess.engine.SimpleEngine.popen_uci(a.ours)
    ref = chess.engine.SimpleEngine.popen_uci(a.referee)
    ours.configure({"Hash": a.hash})
    ref.configure({"Hash": a.hash, "Threads": 1})
    try:
        for line in open(a.epd):
            if not line.strip():
                continue
            board, ops = chess.Board.from_epd(line)
            keys = ops.get("bm", [])
            # A fresh game each time: no hash carried from the last position.
            mine = ours.play(board, chess.engine.Limit(time=a.ours_time), game=object()).move
            cols = []
            for mv in [mine] + [m for m in keys if m != mine]:
                info = ref.analyse(board, chess.engine.Limit(time=a.referee_time), root_moves=[mv], game=object())
                cols.append(f"{board.san(mv)} {info['score'].pov(board.turn)}")
            print(ops.get("id", "?"), "solved" if mine in keys else "MISS", " | ".join(cols), flush=True)
    finally:
        ours.quit()
        ref.quit()


if __name__ == "__main__":
    main()
