#!/usr/bin/env python3
"""Compares `jiangjun annotate`'s marks with a referee engine's verdicts.

Reads ANNOTATED (the output of `jiangjun annotate`), has REFEREE (e.g.
Stockfish, whose `UCI_ShowWDL` odds are used) search every position of each
game's main line for --nodes nodes, and marks each move by the same rule
annotate uses: the fall in the mover's expected score (win + draw/2) from
before the move to after it, 0.05 / 0.10 / 0.15 for ?! / ? / ??, and no mark
for the referee's own choice. Then it counts how many of our ?? the referee
also calls blunders (or mistakes), and how many of its blunders we missed:

    tuning/scripts/annotate_check.py /tmp/annotated.pgn /usr/games/stockfish --nodes 300000 --jobs 2

With `--also OTHER.pgn` (repeatable), further annotations of the same games
are compared with the same referee searches. With `--list FILE`, every move
on which we and the referee disagree about a blunder (one calls it ??, the
other gives less) is written to FILE, one tab-separated line each:
the game, the move, both marks, our scores and the referee's around it, and
both engines' better moves, so the misses can be looked at one by one.
"""
import argparse
import collections
import concurrent.futures
import re
import sys

import chess
import chess.engine
import chess.pgn

YARDSTICKS = ["referee-wdl", "lichess"]
THRESHOLDS = [(0.15, "??"), (0.10, "?"), (0.05, "?!")]
NAG_MARK = {4: "??", 2: "?", 6: "?!"}


def mark(drop):
    for limit, symbol in THRESHOLDS:
        if drop >= limit:
            return symbol
    return ""


def expected(info, turn, yardstick):
    """Expected score for the side `turn`: from the referee's own odds, or
    from its score by Lichess's curve (50 + 50 * (2 / (1 + exp(-0.00368208
    cp)) - 1) percent), the yardstick behind Lichess's marks."""
    if yardstick == "lichess":
        return info["score"].pov(turn).wdl(model="lichess").expectation()
    wdl = info.get("wdl")
    if wdl is not None:
        w = wdl.pov(turn)
        return (w.wins + w.draws / 2) / 1000
    return info["score"].pov(turn).wdl().expectation()


def read_games(path):
    games = []
    with open(path, encoding="utf-8-sig") as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            games.append(game)


def referee_marks(engine_path, game, nodes):
    """The referee's marks for each main-line move, by each yardstick, and
    its score (White's view, centipawns or a mate) and best move before
    each move, plus the final position's score."""
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Threads": 1, "Hash": 64, "UCI_ShowWDL": True})
        board = game.board()
        evals = []
        nodes_list = list(game.mainline())
        for node in [None] + nodes_list:
            if node is not None:
                board.push(node.move)
            if board.is_game_over(claim_draw=False):
                outcome = board.outcome()
                e = 0.5 if outcome.winner is None else (1.0 if outcome.winner == board.turn else 0.0)
                evals.append(({y: e for y in YARDSTICKS}, None, (board.result(claim_draw=False), "-")))
                continue
            info = engine.analyse(board, chess.engine.Limit(nodes=nodes), game=game)
            best = info.get("pv", [None])[0]
            best_san = board.san(best) if best is not None else "-"
            evals.append(({y: expected(info, board.turn, y) for y in YARDSTICKS}, best,
                          (score_text(info["score"].white()), best_san)))
        marks = {y: [] for y in YARDSTICKS}
        for i, node in enumerate(nodes_list):
            before, best, _ = evals[i]
            for y in YARDSTICKS:
                after = 1.0 - evals[i + 1][0][y]
                marks[y].append("" if node.move == best else mark(before[y] - after))
        marks["detail"] = [e[2] for e in evals]
        return marks
    finally:
        engine.quit()


def score_text(score):
    if score.is_mate():
        return f"#{score.mate()}"
    return f"{score.score() / 100:.2f}"


def our_details(game):
    """Our [%eval] after each move (White's view, as written) and the better
    move we named, if any, per main-line move."""
    out = []
    for node in game.mainline():
        m = re.search(r"\[%eval\s+([^\]]+)\]", node.comment)
        b = re.search(r"Better: (\S+)", node.comment)
        out.append((m.group(1) if m else "-", b.group(1) if b else "-"))
    return out


def write_list(path, games, theirs):
    """One line per move where exactly one side calls it a blunder."""
    with open(path, "w") as f:
        f.write("game\tplayers\tmove\tours\tlichess\treferee_wdl\tour_eval_before\tour_eval_after"
                "\tref_before\tref_after\tour_better\tref_better\tfen_before\n")
        for gi, (game, t) in enumerate(zip(games, theirs)):
            ours = our_marks(game)
            mine = our_details(game)
            board = game.board()
            players = f"{game.headers.get('White', '?')} - {game.headers.get('Black', '?')}"
            for i, node in enumerate(game.mainline()):
                fen = board.fen()
                san = board.san(node.move)
                label = f"{board.fullmove_number}{'.' if board.turn else '...'} {san}"
                board.push(node.move)
                o, li, rw = ours[i], t["lichess"][i], t["referee-wdl"][i]
                blunder_disagrees = (o == "??") != (li == "??")
                if not blunder_disagrees:
                    continue
                before = mine[i - 1][0] if i > 0 else "-"
                ref_before, ref_best = t["detail"][i]
                ref_after = t["detail"][i + 1][0]
                f.write("\t".join(map(str, [gi + 1, players, label, o or "-", li or "-", rw or "-",
                                              before, mine[i][0], ref_before, ref_after,
                                              mine[i][1], ref_best, fen])) + "\n")


def our_marks(game):
    out = []
    for node in game.mainline():
        symbols = [NAG_MARK[n] for n in node.nags if n in NAG_MARK]
        out.append(symbols[0] if symbols else "")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("annotated")
    ap.add_argument("referee")
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--also", action="append", default=[], metavar="ANNOTATED",
                    help="another annotation of the same games (say with other settings), "
                         "judged against the same referee searches")
    ap.add_argument("--list", metavar="FILE",
                    help="write the moves where we and the referee (by Lichess's curve) "
                         "disagree about a blunder, one per line, to FILE")
    a = ap.parse_args()
    games = read_games(a.annotated)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        theirs = list(pool.map(lambda g: referee_marks(a.referee, g, a.nodes), games))
    for path in [a.annotated] + a.also:
        ours_games = games if path == a.annotated else read_games(path)
        ours = [our_marks(g) for g in ours_games]
        if [len(o) for o in ours] != [len(t[YARDSTICKS[0]]) for t in theirs]:
            sys.exit(f"{path} does not hold the same games as {a.annotated}")
        for y in YARDSTICKS:
            print(f"{path}: referee's marks by {y} odds:")
            report(games, ours, [t[y] for t in theirs])
    if a.list:
        write_list(a.list, games, theirs)


def report(games, ours, theirs):
    # table[ours][theirs] counts moves.
    table = collections.Counter()
    for o_game, t_game in zip(ours, theirs):
        for o, t in zip(o_game, t_game):
            table[(o, t)] += 1
    symbols = ["??", "?", "?!", ""]
    moves = sum(table.values())
    print(f"{len(games)} games, {moves} moves; rows: ours, columns: referee")
    print("       " + "".join(f"{s or 'none':>8}" for s in symbols))
    for o in symbols:
        print(f"{o or 'none':>7}" + "".join(f"{table[(o, t)]:>8}" for t in symbols))
    our_blunders = sum(table[("??", t)] for t in symbols)
    agreed = table[("??", "??")]
    agreed_mistake = table[("??", "?")]
    their_blunders = sum(table[(o, "??")] for o in symbols)
    missed = table[("", "??")] + table[("?!", "??")]
    print(f"our ??: {our_blunders}; the referee calls {agreed} of them blunders and {agreed_mistake} mistakes")
    print(f"referee's ??: {their_blunders}; we marked {table[('??', '??')]} ??, {table[('?', '??')]} ?, "
          f"and missed {missed} (no mark or only ?!)")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
