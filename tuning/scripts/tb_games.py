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

With --hard N, the positions are instead N won and N drawn random positions
of each of the harder 4-piece tables (KQvKR, KRvKB, KBNvK, KPvKP, and KQvKP
with the pawn on its 7th rank), the stronger side to move in the won ones,
and with --tc BASE+INC the games are played on a clock kept here (a move
that overruns the clock loses on time). --engine-without-tables plays the
same games with Jiangjun given no tables, for comparison.
"""
import argparse
import random
import time

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


# The harder tables of the issue: (white pieces, black pieces, extra test).
HARD_TABLES = {
    "KQvKR": ("KQ", "kr", None),
    "KRvKB": ("KR", "kb", None),
    "KBNvK": ("KBN", "k", None),
    "KPvKP": ("KP", "kp", None),
    # The defender's pawn one step from promotion.
    "KQvKP": ("KQ", "kp", lambda b: chess.square_rank(next(iter(b.pieces(chess.PAWN, chess.BLACK)))) == 1),
}


def random_positions(tb, rng, white, black, extra, want_wdl, count):
    """`count` random legal positions with White (the stronger side) to
    move whose WDL for White is `want_wdl` (2 won, 0 drawn); a won one must
    be won under the 50-move rule too (DTZ within 100)."""
    found = []
    seen = set()
    while len(found) < count:
        board = chess.Board(None)
        squares = rng.sample(chess.SQUARES, len(white) + len(black))
        for sq, sym in zip(squares, white + black):
            board.set_piece_at(sq, chess.Piece.from_symbol(sym))
        board.turn = chess.WHITE
        if not board.is_valid() or board.is_game_over() or (extra and not extra(board)):
            continue
        if tb.probe_wdl(board) != want_wdl or board.fen() in seen:
            continue
        if want_wdl == 2 and tb.probe_dtz(board) > 100:
            continue
        seen.add(board.fen())
        found.append(board.fen())
    return found


def think(player, board, limit, clocks, inc):
    """The player's move, and whether it overran its clock."""
    if clocks is None:
        return player.play(board, limit).move, False
    lim = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                             white_inc=inc, black_inc=inc)
    t0 = time.monotonic()
    move = player.play(board, lim).move
    used = time.monotonic() - t0
    late = used > clocks[board.turn]
    clocks[board.turn] += inc - used
    return move, late


def play(fen, ours_white, ours, opponent, tb, limit, max_plies, tc=None):
    board = chess.Board(fen)
    bad_moves = []
    clocks = None if tc is None else {chess.WHITE: tc[0], chess.BLACK: tc[0]}
    for _ in range(max_plies):
        if board.is_game_over(claim_draw=True):
            break
        ours_to_move = (board.turn == chess.WHITE) == ours_white
        player = ours if ours_to_move else opponent
        move, late = think(player, board, limit, clocks, tc[1] if tc else 0)
        if late:
            # A loss on time for the mover.
            return chess.Outcome(chess.Termination.VARIANT_LOSS, not board.turn), board, bad_moves + (
                ["lost on time"] if ours_to_move else [])
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
    ap.add_argument("--hard", type=int, default=0, help="positions per harder table and result")
    ap.add_argument("--tc", default=None, help="BASE+INC in seconds: play on a clock")
    ap.add_argument("--engine-without-tables", action="store_true")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    limit = chess.engine.Limit(time=a.movetime / 1000)
    tc = tuple(float(x) for x in a.tc.split("+")) if a.tc else None
    ours = chess.engine.SimpleEngine.popen_uci(a.engine)
    ours.configure({"Hash": 16})
    if not a.engine_without_tables:
        ours.configure({"SyzygyPath": a.tables})
    opponent = chess.engine.SimpleEngine.popen_uci(a.opponent)
    opponent.configure({"Hash": 16})
    if not a.opponent_without_tables:
        opponent.configure({"SyzygyPath": a.tables})
    failures = 0
    with chess.syzygy.open_tablebase(a.tables) as tb:
        if a.hard:
            games = []
            for name, (white, black, extra) in HARD_TABLES.items():
                won = random_positions(tb, rng, white, black, extra, 2, a.hard)
                drawn = random_positions(tb, rng, white, black, extra, 0, a.hard)
                games += [(fen, "won", True, name) for fen in won]
                games += [(fen, "drawn", side, name) for fen in drawn for side in (True, False)]
        else:
            ref = [r for r in read_reference(a.reference) if not chess.Board(r[0]).is_game_over()]
            won = rng.sample([r for r in ref if r[1] == 2], a.won)
            drawn = rng.sample([r for r in ref if r[1] == 0], a.drawn)
            games = [(fen, "won", chess.Board(fen).turn == chess.WHITE, "") for fen, _, _ in won]
            games += [(fen, "drawn", side, "") for fen, _, _ in drawn for side in (True, False)]
        tally = {}
        for fen, kind, ours_white, name in games:
            outcome, board, bad = play(fen, ours_white, ours, opponent, tb, limit, a.max_plies, tc)
            ours_color = chess.WHITE if ours_white else chess.BLACK
            winner = outcome.winner if outcome else None
            ok = (winner == ours_color) if kind == "won" else (outcome is not None and winner != (not ours_color))
            ok = ok and not bad
            failures += not ok
            t = tally.setdefault((name, kind), [0, 0])
            t[0] += ok
            t[1] += 1
            result = outcome.result() if outcome else "unfinished"
            end = outcome.termination.name.lower() if outcome else "max plies"
            side = "white" if ours_white else "black"
            print(f"{'ok  ' if ok else 'FAIL'} {name:5} {kind:5} jiangjun {side:5} {result:7} {end:22} "
                  f"{board.ply():3} plies  {fen}", flush=True)
            for b in bad:
                print(f"     gave up the result: {b}")
    ours.quit()
    opponent.quit()
    for (name, kind), (passed, played) in sorted(tally.items()):
        print(f"{name or 'all'} {kind}: {passed}/{played} passed")
    print(f"{len(games) - failures}/{len(games)} passed")
    raise SystemExit(1 if failures else 0)


if __name__ == "__main__":
    main()
