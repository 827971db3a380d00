#!/usr/bin/env python3
"""Plays elementary mates (KQ v K, KR v K, KBN v K) out against a defender.

Jiangjun takes the strong side, the defender (Debian's stockfish by default)
the lone king, at a fixed time per move. A position passes when Jiangjun
mates before the 50-move rule or a repetition ends the game.

    tuning/scripts/endgame_mates.py --engine target/release/jiangjun \
        --defender /usr/games/stockfish --movetime 200
"""
import argparse
import chess
import chess.engine

POSITIONS = {
    "KQK": [
        "8/8/8/4k3/8/8/8/3QK3 w - - 0 1",
        "k7/8/8/8/8/8/8/6QK w - - 0 1",
        "8/8/3k4/8/8/8/1Q6/7K b - - 0 1",
        "7k/8/8/8/8/8/8/Q3K3 b - - 0 1",
        "8/8/8/8/3K4/8/5k2/q7 w - - 0 1",
    ],
    "KRK": [
        "8/8/8/4k3/8/8/8/R3K3 w - - 0 1",
        "8/8/8/3k4/8/8/8/6RK w - - 0 1",
        "k7/8/8/8/8/8/8/4K2R b - - 0 1",
        "8/8/8/8/2k5/8/8/4K2R b - - 0 1",
        "4r3/8/8/8/3K4/8/8/7k w - - 0 1",
    ],
    "KBNK": [
        "8/8/8/4k3/8/8/8/2B1KN2 w - - 0 1",
        "7k/8/8/8/8/8/8/KBN5 w - - 0 1",
        "8/8/8/3k4/8/8/3NB3/4K3 b - - 0 1",
        "k7/8/8/8/8/8/8/3NKB2 w - - 0 1",
        "8/8/8/8/8/2kbn3/8/4K3 w - - 0 1",
    ],
}


def play(fen, engine, defender, limit, max_plies=300):
    board = chess.Board(fen)
    # The strong side is the one with more than a king.
    strong = chess.WHITE if chess.popcount(board.occupied_co[chess.WHITE]) > 1 else chess.BLACK
    for _ in range(max_plies):
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome, board
        player = engine if board.turn == strong else defender
        result = player.play(board, limit)
        board.push(result.move)
    return None, board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/jiangjun")
    ap.add_argument("--defender", default="/usr/games/stockfish")
    ap.add_argument("--movetime", type=int, default=200, help="ms per move")
    ap.add_argument("--only", help="run only this group (KQK, KRK, KBNK)")
    args = ap.parse_args()
    limit = chess.engine.Limit(time=args.movetime / 1000)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    defender = chess.engine.SimpleEngine.popen_uci(args.defender)
    total = passed = 0
    for name, fens in POSITIONS.items():
        if args.only and name != args.only:
            continue
        for fen in fens:
            outcome, board = play(fen, engine, defender, limit)
            strong = chess.WHITE if chess.popcount(chess.Board(fen).occupied_co[chess.WHITE]) > 1 else chess.BLACK
            ok = outcome is not None and outcome.winner == strong
            moves = (board.ply() + 1) // 2
            verdict = "mate" if ok else (outcome.termination.name.lower() if outcome else "unfinished")
            print(f"{name:5} {fen:40} {verdict:>22} after {moves} moves", flush=True)
            total += 1
            passed += ok
    engine.quit()
    defender.quit()
    print(f"mated {passed}/{total}")
    raise SystemExit(0 if passed == total else 1)


if __name__ == "__main__":
    main()
