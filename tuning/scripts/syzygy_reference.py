#!/usr/bin/env python3
"""Writes reference WDL and DTZ values for random positions of every table.

For each Syzygy table in TABLES (a folder of .rtbw/.rtbz files) this draws
random legal positions with python-chess, both sides to move, with a share
where the side to move has a capture (so the probe must look into a smaller
table) and, for tables with pawns on both sides, positions where an en
passant capture is legal. Each line of the output is

    FEN;WDL;DTZ

with python-chess's `probe_wdl` (-2 loss .. 2 win, side to move) and
`probe_dtz`. python-chess's DTZ follows Stockfish's `probe_dtz`, the
convention Fathom and pyrrhic-rs use as well: the sign is the side to
move's result, +-1 means the best move zeroes (or the side to move is
mated: -1), a size above 100 means the 50-move rule draws, and the value
may be one ply longer than the true distance. The engine's probe must
agree exactly (tests/tablebase.rs).

    tuning/scripts/syzygy_reference.py tests/data/syzygy tests/data/syzygy_reference.txt
"""
import argparse
import os
import random

import chess
import chess.syzygy

PIECES = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "N": chess.KNIGHT, "P": chess.PAWN}


def material(name):
    white, black = name.split("v")
    return [(chess.WHITE, PIECES[c]) for c in white] + [(chess.BLACK, PIECES[c]) for c in black]


def random_position(rng, pieces, turn):
    """A random legal placement of `pieces`, or None when the draw is illegal."""
    board = chess.Board(None)
    squares = rng.sample(range(64), len(pieces))
    for (color, kind), sq in zip(pieces, squares):
        if kind == chess.PAWN and chess.square_rank(sq) in (0, 7):
            return None
        board.set_piece_at(sq, chess.Piece(kind, color))
    board.turn = turn
    return board if board.is_valid() else None


def has_capture(board):
    return any(board.is_capture(m) for m in board.legal_moves)


def en_passant_position(rng, pieces):
    """A position just after a double pawn push where en passant is legal."""
    for _ in range(2000):
        turn = rng.choice([chess.WHITE, chess.BLACK])
        board = random_position(rng, pieces, turn)
        if board is None:
            continue
        pushes = [m for m in board.legal_moves
                  if board.piece_type_at(m.from_square) == chess.PAWN
                  and abs(m.to_square - m.from_square) == 16]
        rng.shuffle(pushes)
        for m in pushes:
            board.push(m)
            if board.has_legal_en_passant():
                return chess.Board(board.fen())
            board.pop()
    return None


def positions_for(rng, name, count):
    pieces = material(name)
    found, with_capture = [], 0
    want_captures = count // 3
    while len(found) < count:
        board = random_position(rng, pieces, rng.choice([chess.WHITE, chess.BLACK]))
        if board is None:
            continue
        capture = has_capture(board)
        # Keep drawing until a third of the sample can capture.
        if not capture and len(found) - with_capture >= count - want_captures:
            continue
        with_capture += capture
        found.append(board)
    white, black = name.split("v")
    if "P" in white and "P" in black:
        for _ in range(count // 2):
            board = en_passant_position(rng, pieces)
            if board is not None:
                found.append(board)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("tables")
    ap.add_argument("output")
    ap.add_argument("--per-table", type=int, default=80)
    ap.add_argument("--seed", type=int, default=49)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    names = sorted(f[:-5] for f in os.listdir(a.tables) if f.endswith(".rtbw"))
    lines = []
    with chess.syzygy.open_tablebase(a.tables) as tb:
        for name in names:
            for board in positions_for(rng, name, a.per_table):
                lines.append(f"{board.fen()};{tb.probe_wdl(board)};{tb.probe_dtz(board)}")
    with open(a.output, "w") as out:
        out.write("\n".join(lines) + "\n")
    print(f"{len(lines)} positions from {len(names)} tables")


if __name__ == "__main__":
    main()
