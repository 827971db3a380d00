#!/usr/bin/env python3
"""Reads a PGN file with python-chess and prints what a reader should find.

One line per game: its 1-based number, then either `ok PLIES UCI...` (the
main line's ply count and moves, null moves as 0000) or `error WHY`. Games
in variants other than standard chess and Chess960 are reported as
`error unsupported variant NAME`, since Jiangjun's reader refuses them;
python-chess would otherwise read them with a variant board. The figures
baked into tests/pgn.rs come from this script:

    tuning/scripts/pgn_reference.py /work/shared/data/pgn/*.pgn
"""
import sys

import chess
import chess.pgn

# Variant tag values (lower case) that mean standard chess or Chess960 to
# python-chess, and so to Jiangjun.
STANDARD = {"", "standard", "chess", "classical", "normal", "from position"}
CHESS960 = {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}


def describe(game):
    variant = game.headers.get("Variant", "").strip().lower()
    if variant not in STANDARD and variant not in CHESS960:
        return "error unsupported variant " + game.headers["Variant"]
    if game.errors:
        return "error " + "; ".join(str(e) for e in game.errors)
    moves = [m.uci() if m else "0000" for m in game.mainline_moves()]
    return f"ok {len(moves)} " + " ".join(moves)


def report(path):
    print(f"# {path}")
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        number = 0
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            number += 1
            print(number, describe(game))


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for path in sys.argv[1:]:
        report(path)


if __name__ == "__main__":
    main()
