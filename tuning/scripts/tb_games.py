#!/usr/bin/env python3
"""Plays won and drawn tablebase positions out against another engine.

Positions come from tests/data/syzygy_reference.txt (python-chess's WDL for
each): --won positions where the side to move wins, Jiangjun to move, and
--drawn drawn positions, played once with Jiangjun on each side. Both
engines get the tables through SyzygyPath (the opponent's can be switched
off with --opponent-without-tables). Every Jiangjun move is checked with
python-chess's prober: it must keep the position's WDL (a won position stays
won, counting the 50-move rule: DTZ + half-move clock within 100; a drawn one
stays at least drawn). A game passes when the won ones are won, the drawn
ones are not lost and no move gave up the result.

    tuning/scripts/tb_games.py --engine target/release/jiangjun \
        --opponent /usr/games/stockfish --tables tests/data/syzygy --movetime 100
"""
import argparse
import random

import chess
import chess.engine
import chess.syzygy


def read_reference(path):
    for line in open(path):
        fen, wdl, dtz = line.strip().split(";")
        yield fen, int(wdl), int(dtz)


def keeps_result(tb, before, after):
    """Did the move from `before` to `after` keep the mover's result?"""
    if after.is_checkmate():
        return True
    wdl_before = tb.probe_wdl(before)
    wdl_after = -tb.probe_wdl(after)
    if wdl_before < 2:
        return wdl_after >= wdl_before
    if wdl_after != 2:
        return False
    # Still a win by the tables; it must also fit in the 50-move rule. The
    # DTZ may be one ply long, hence 101.
    return after.halfmove_clock == 0 or -tb.probe_dtz(after) + after.halfmove_clock <= 101


def play(fen, ours_white, ours, opponent, tb, limit, max_plies):
    board = chess.Board(fen)
    bad_moves = []
    for _ in range(max_plies):
        if board.is_game_over(claim_draw=True):
            break
        ours_to_move = (board.turn == chess.WHITE) == ours_white
        player = ours if ours_to_move else opponent
        move = player.play(board, limit).move
        before = board.copy()
        board.push(move)
        if ours_to_move and not keeps_result(tb, before, board):
            bad_moves.append(before.san(move) + f" ({before.fen()})")
    return board.outcome(claim_draw=True), board, bad_moves


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/jiangjun")
    ap.add_argument("--opponent", default="/usr/games/stockfish")
    ap.add_argument("--tables", default="tests/data/syzygy")
    ap.add_argument("--reference", default="tests/data/syzygy_reference.txt")
    ap.add_argument("--won", type=int, default=40)
    ap.add_argument("--drawn", type=int, default=20)
    ap.add_argument("--movetime", type=int, default=100, help="ms per move")
    ap.add_argument("--max-plies", type=int, default=400)
    ap.add_argument("--opponent-without-tables", action="store_true")
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    ref = [r for r in read_reference(a.reference) if not chess.Board(r[0]).is_game_over()]
    won = rng.sample([r for r in ref if r[1] == 2], a.won)
    drawn = rng.sample([r for r in ref if r[1] == 0], a.drawn)
    limit = chess.engine.Limit(time=a.movetime / 1000)
    ours = chess.engine.SimpleEngine.popen_uci(a.engine)
    ours.configure({"SyzygyPath": a.tables})
    opponent = chess.engine.SimpleEngine.popen_uci(a.opponent)
    if not a.opponent_without_tables:
        opponent.configure({"SyzygyPath": a.tables})
    games = [(fen, "won", chess.Board(fen).turn == chess.WHITE) for fen, _, _ in won]
    games += [(fen, "drawn", side) for fen, _, _ in drawn for side in (True, False)]
    failures = 0
    with chess.syzygy.open_tablebase(a.tables) as tb:
        for fen, kind, ours_white in games:
            outcome, board, bad = play(fen, ours_white, ours, opponent, tb, limit, a.max_plies)
            ours_color = chess.WHITE if ours_white else chess.BLACK
            winner = outcome.winner if outcome else None
            ok = (winner == ours_color) if kind == "won" else (outcome is not None and winner != (not ours_color))
            ok = ok and not bad
            failures += not ok
            result = outcome.result() if outcome else "unfinished"
            end = outcome.termination.name.lower() if outcome else "max plies"
            side = "white" if ours_white else "black"
            print(f"{'ok  ' if ok else 'FAIL'} {kind:5} jiangjun {side:5} {result:7} {end:22} "
                  f"{board.ply():3} plies  {fen}", flush=True)
            for b in bad:
                print(f"     gave up the result: {b}")
    ours.quit()
    opponent.quit()
    print(f"{len(games) - failures}/{len(games)} passed")
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
