#!/usr/bin/env python3
"""Self-play games through python-chess with pondering on.

`../shared/tools/match.py` does not ponder, so this plays games where each
engine is asked to ponder (python-chess sends `go ponder` with the expected
reply, then `ponderhit` or `stop`), with a real clock kept here: think time
is measured around every `play` call and charged to the mover. A game is
lost on time when the measured time exceeds the clock, and python-chess
raises on an illegal or missing move; both are counted. The time each move
took is reported separately for predicted moves (the opponent played the
move the engine pondered on, so python-chess sends `ponderhit`) and for the
others (`stop`, then a new search).

    tuning/scripts/ponder_games.py --engine target/release/jiangjun \
        --games 40 --tc 1+0.01 --threads-a 2 --threads-b 1
"""
import argparse
import random
import time

import chess
import chess.engine


def load_openings(path):
    fens = []
    with open(path) as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 4:
                fens.append(" ".join(parts[:4]) + " 0 1")
    return fens


def play_game(a, b, fen, base, inc, margin_ms, times):
    board = chess.Board(fen)
    clocks = {chess.WHITE: base, chess.BLACK: base}
    engines = {chess.WHITE: a, chess.BLACK: b}
    # The reply each side pondered on after its last move.
    expected = {chess.WHITE: None, chess.BLACK: None}
    while board.outcome(claim_draw=True) is None and board.ply() < 400:
        side = board.turn
        eng = engines[side]
        limit = chess.engine.Limit(
            white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
            white_inc=inc, black_inc=inc)
        t0 = time.monotonic()
        try:
            result = eng.play(board, limit, ponder=True)
        except chess.engine.EngineError as e:
            return ("illegal", side, str(e))
        except chess.engine.EngineTerminatedError as e:
            return ("crash", side, str(e))
        used = time.monotonic() - t0
        predicted = board.move_stack and board.peek() == expected[side]
        times["hit" if predicted else "miss"].append(used)
        expected[side] = result.ponder
        if used > clocks[side] + margin_ms / 1000:
            return ("time", side, f"used {used:.3f}s with {clocks[side]:.3f}s left")
        clocks[side] += inc - used
        if result.move is None or result.move not in board.legal_moves:
            return ("illegal", side, str(result.move))
        board.push(result.move)
    outcome = board.outcome(claim_draw=True)
    return ("ok", outcome.winner if outcome else None, outcome.termination.name if outcome else "ply limit")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/jiangjun")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--tc", default="1+0.01")
    ap.add_argument("--threads-a", type=int, default=2)
    ap.add_argument("--threads-b", type=int, default=1)
    ap.add_argument("--openings", default="../shared/data/noob_2moves.epd")
    ap.add_argument("--margin", type=int, default=0, help="ms an engine may overrun")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    base, inc = (float(x) for x in args.tc.split("+"))
    fens = load_openings(args.openings)
    rng = random.Random(args.seed)
    tally = {"ok": 0, "time": 0, "illegal": 0, "crash": 0}
    score_a = 0.0
    times = {"hit": [], "miss": []}
    for g in range(args.games):
        a = chess.engine.SimpleEngine.popen_uci(args.engine)
        b = chess.engine.SimpleEngine.popen_uci(args.engine)
        a.configure({"Threads": args.threads_a, "Hash": 16})
        b.configure({"Threads": args.threads_b, "Hash": 16})
        fen = rng.choice(fens)
        white, black = (a, b) if g % 2 == 0 else (b, a)
        kind, who, detail = play_game(white, black, fen, base, inc, args.margin, times)
        tally[kind] += 1
        if kind == "ok":
            if who is None:
                score_a += 0.5
            elif (who == chess.WHITE) == (white is a):
                score_a += 1
        print(f"game {g + 1}: {kind} {who} {detail}", flush=True)
        for e in (a, b):
            try:
                e.quit()
            except chess.engine.EngineTerminatedError:
                tally["crash"] += 1
    print(f"games {args.games}: completed {tally['ok']}, time losses {tally['time']}, "
          f"illegal {tally['illegal']}, crashes {tally['crash']}; "
          f"Threads {args.threads_a} scored {score_a}/{tally['ok']}")
    for kind, label in (("hit", "after ponderhit"), ("miss", "other moves")):
        t = sorted(times[kind])
        if t:
            print(f"{label}: {len(t)} moves, mean {1000 * sum(t) / len(t):.0f} ms, "
                  f"median {1000 * t[len(t) // 2]:.0f} ms")


if __name__ == "__main__":
    main()
