#!/usr/bin/env python3
"""Calibrates `UCI_Elo` against a ladder of engines (issue 50).

Subcommands:

  play    one `UCI_Elo` setting against ladder engines (a match.py gauntlet)
  ladder  ladder engines against each other (the spacing on this machine)
  direct  two settings against each other (is the scale monotone?)
  fit     ratings of everything in the PGN files of a folder

The fit is a maximum-likelihood Elo fit (the logistic model, a draw counting
as half a win, as Ordo and BayesElo without draw modelling) over all games
between distinct kinds of player, with the ladder engines named by `--anchor`
held at their rating-list figures and everything else free. Settings are
reported only from their games against the ladder (games between two
settings are for the monotonicity table, where self-play would stretch the
scale). The 95% intervals come from a bootstrap: each pairing's games are
redrawn (W/D/L multinomial) and the fit repeated. Each pairing gets one
virtual draw (`--prior-draws`), as in BayesElo, so that a clean sweep still
gives a finite rating.

    strength_calibration.py play --bin target/release/jiangjun --elo 1800 \
        --opponents fairymax,sjeng --games 100 --out cal/
    strength_calibration.py ladder --pairs fairymax-sjeng,sjeng-phalanx --games 100 --out cal/
    strength_calibration.py direct --bin target/release/jiangjun --elo 2000 --vs 1800 --games 100 --out cal/
    strength_calibration.py fit cal/ --anchor phalanx=2644
"""

import argparse
import glob
import math
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MATCH = os.environ.get("MATCH", os.path.join(HERE, "../../../shared/tools/match.py"))
BOOK = os.environ.get("BOOK", os.path.join(HERE, "../../../shared/data/book8.pgn"))

# Debian 12's engines (in /usr/games). Fairy-Max and Sjeng speak xboard only;
# Fairy-Max has no `setboard`, hence the PGN openings.
LADDER = {
    "fairymax": "name=fairymax,cmd=/usr/games/fairymax,proto=xboard",
    "sjeng": "name=sjeng,cmd=/usr/games/sjeng,proto=xboard",
    "phalanx": "name=phalanx,cmd=/usr/games/phalanx,proto=xboard",
    "gnuchess": "name=gnuchess,cmd=/usr/games/gnuchess --uci,option.Hash=16",
    "glaurung": "name=glaurung,cmd=/usr/games/glaurung,option.Hash=16,option.Threads=1",
    "toga2": "name=toga2,cmd=/usr/games/toga2,option.Hash=16,option.Threads=1",
    "ethereal": "name=ethereal,cmd=/usr/games/ethereal-chess,option.Hash=16,option.Threads=1",
}


def ladder_spec(name):
    """A ladder engine by name; `sfNNNN` is Stockfish 15.1 at `UCI_Elo` NNNN
    (1350..2850), the weakening its authors calibrated against CCRL 40/4,
    which gives the ladder rungs below Fairy-Max; `NAME@dN` is a ladder
    engine searching to depth N on every move, for rungs below `sf1350`."""
    m = re.fullmatch(r"(\w+)@d(\d+)", name)
    if m:
        # A ladder engine held to a fixed depth: the rungs below Stockfish's
        # weakest setting (Fairy-Max at depth 2 or 3 plays at once).
        return ladder_spec(m.group(1)).replace(f"name={m.group(1)}", f"name={name}", 1) + f",depth={m.group(2)}"
    m = re.fullmatch(r"sf(\d{4})", name)
    if m:
        return (f"name={name},cmd=/usr/games/stockfish,option.Hash=16,option.Threads=1,"
                f"option.UCI_LimitStrength=true,option.UCI_Elo={m.group(1)}")
    if name not in LADDER:
        sys.exit(f"unknown ladder engine {name!r}: one of {', '.join(LADDER)} or sfNNNN")
    return LADDER[name]


def setting_spec(binary, elo):
    return (f"name=jj{elo},cmd={os.path.abspath(binary)},option.Hash=16,option.Threads=1,"
            f"option.UCI_LimitStrength=true,option.UCI_Elo={elo}")


def run_match(specs, name, args):
    os.makedirs(args.out, exist_ok=True)
    cmd = [sys.executable, MATCH]
    for s in specs:
        cmd += ["--engine", s]
    cmd += ["--tc", args.tc, "--games", str(args.games), "--concurrency", str(args.concurrency),
            "--openings", BOOK, "--resign", "movecount=3,score=1000", "--quiet",
            "--pgn", os.path.join(args.out, name + ".pgn")]
    print(" ".join(cmd), flush=True)
    with open(os.path.join(args.out, name + ".txt"), "a") as log:
        subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT, check=False)


def read_games(folder):
    """(white, black, score for white) of every finished game in folder/*.pgn."""
    games = []
    for path in sorted(glob.glob(os.path.join(folder, "*.pgn"))):
        white = black = None
        with open(path, encoding="utf-8", errors="replace") as f:
            for line in f:
                m = re.match(r'\[(White|Black|Result) "([^"]*)"\]', line)
                if not m:
                    continue
                key, value = m.groups()
                if key == "White":
                    white = value
                elif key == "Black":
                    black = value
                elif white and black:
                    score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(value)
                    if score is not None:
                        games.append((white, black, score))
                    white = black = None
    return games


def is_setting(name):
    return re.fullmatch(r"jj\d+", name) is not None


def pairings(games):
    """{(a, b): [wins of a, draws, losses of a]} with a < b."""
    table = {}
    for w, b, s in games:
        a, c = sorted((w, b))
        sa = s if a == w else 1.0 - s
        row = table.setdefault((a, c), [0, 0, 0])
        row[0 if sa == 1.0 else 1 if sa == 0.5 else 2] += 1
    return table


def expected(d):
    return 1.0 / (1.0 + 10.0 ** (-d / 400.0))


def fit(table, anchors, start=None, iters=5000):
    """Maximum-likelihood ratings (Newton steps per player, Gauss-Seidel)."""
    players = sorted({p for pair in table for p in pair})
    r = {p: anchors.get(p, (start or {}).get(p, 2500.0)) for p in players}
    k = math.log(10) / 400.0
    for _ in range(iters):
        moved = 0.0
        for p in players:
            if p in anchors:
                continue
            grad = hess = 0.0
            for (a, b), (w, d, l) in table.items():
                if p not in (a, b):
                    continue
                n = w + d + l
                points = w + 0.5 * d if p == a else l + 0.5 * d
                e = expected(r[p] - r[b if p == a else a])
                grad += k * (points - n * e)
                hess += k * k * n * e * (1 - e)
            if hess <= 0:
                continue
            step = max(-200.0, min(200.0, grad / hess))
            r[p] += step
            moved = max(moved, abs(step))
        if moved < 1e-4:
            break
    return r


def with_prior(table, draws):
    """Each pairing gets `draws` virtual draws (BayesElo's prior), so that a
    player who won or lost every game still has a finite rating."""
    return {pair: [w, d + draws, l] for pair, (w, d, l) in table.items()}


def resample(table, rng):
    out = {}
    for pair, (w, d, l) in table.items():
        n = w + d + l
        counts = [0, 0, 0]
        for _ in range(n):
            x = rng.random() * n
            counts[0 if x < w else 1 if x < w + d else 2] += 1
        out[pair] = counts
    return out


def cmd_fit(args):
    anchors = {}
    for a in args.anchor:
        name, value = a.split("=")
        anchors[name] = float(value)
    games = read_games(args.folder)
    rated = [g for g in games if not (is_setting(g[0]) and is_setting(g[1]))]
    table = pairings(rated)
    best = fit(with_prior(table, args.prior_draws), anchors)
    rng = random.Random(args.seed)
    samples = {p: [] for p in best}
    for _ in range(args.bootstrap):
        r = fit(with_prior(resample(table, rng), args.prior_draws), anchors, start=best)
        for p in best:
            samples[p].append(r[p])

    def interval(p):
        xs = sorted(samples[p])
        if not xs or p in anchors:
            return 0.0, 0.0
        lo = xs[int(0.025 * (len(xs) - 1))]
        hi = xs[int(0.975 * (len(xs) - 1))]
        return lo - best[p], hi - best[p]

    def record(p):
        opp, w, d, l = [], 0, 0, 0
        for (a, b), (ww, dd, ll) in table.items():
            if p == a:
                opp.append(b)
                w, d, l = w + ww, d + dd, l + ll
            elif p == b:
                opp.append(a)
                w, d, l = w + ll, d + dd, l + ww
        return opp, w, d, l

    print(f"{len(games)} games in {args.folder}; {len(rated)} rated (not setting v setting); "
          f"anchors {anchors}; {args.prior_draws} virtual draws per pairing; "
          f"{args.bootstrap} bootstrap fits\n")
    print("Ladder on this machine:\n")
    print("| engine | games | W-L-D | rating | 95% interval |")
    print("|---|---|---|---|---|")
    for p in sorted((p for p in best if not is_setting(p)), key=lambda p: best[p]):
        opp, w, d, l = record(p)
        lo, hi = interval(p)
        if p in anchors:
            rating, span = f"{best[p]:.0f} (anchor)", "-"
        else:
            rating, span = f"{best[p]:.0f}", f"{best[p] + lo:.0f} .. {best[p] + hi:.0f}"
        print(f"| {p} | {w + d + l} | {w}-{l}-{d} | {rating} | {span} |")
    print("\nSettings:\n")
    print("| setting | opponents | games | W-L-D | measured | 95% interval | difference |")
    print("|---|---|---|---|---|---|---|")
    for p in sorted((p for p in best if is_setting(p)), key=lambda p: int(p[2:])):
        opp, w, d, l = record(p)
        lo, hi = interval(p)
        setting = int(p[2:])
        print(f"| {setting} | {', '.join(sorted(opp))} | {w + d + l} | {w}-{l}-{d} | {best[p]:.0f} | "
              f"{lo:+.0f} / {hi:+.0f} | {best[p] - setting:+.0f} |")
    direct = pairings([g for g in games if is_setting(g[0]) and is_setting(g[1])])
    if direct:
        print("\nSettings against each other:\n")
        print("| match | games | W-L-D | score | Elo |")
        print("|---|---|---|---|---|")
        for (a, b), (w, d, l) in sorted(direct.items(), key=lambda kv: int(kv[0][0][2:])):
            hi, lo = (a, b) if int(a[2:]) > int(b[2:]) else (b, a)
            if hi != a:
                w, l = l, w
            n = w + d + l
            s = (w + 0.5 * d) / n
            elo = -400 * math.log10(1 / s - 1) if 0 < s < 1 else float("inf") * (1 if s else -1)
            print(f"| {hi} v {lo} | {n} | {w}-{l}-{d} | {100 * s:.1f}% | {elo:+.0f} |")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("play", "ladder", "direct"):
        p = sub.add_parser(name)
        p.add_argument("--out", required=True)
        p.add_argument("--games", type=int, default=100, help="games per pairing")
        p.add_argument("--tc", default="5+0.05")
        p.add_argument("--concurrency", type=int, default=2)
        if name != "ladder":
            p.add_argument("--bin", required=True)
            p.add_argument("--elo", type=int, required=True)
        if name == "play":
            p.add_argument("--opponents", required=True, help="comma-separated: " + ",".join(LADDER) + " or sfNNNN")
        if name == "ladder":
            p.add_argument("--pairs", required=True, help="comma-separated a-b pairs")
        if name == "direct":
            p.add_argument("--vs", type=int, required=True)
    f = sub.add_parser("fit")
    f.add_argument("folder")
    f.add_argument("--anchor", action="append", default=[], help="engine=rating (repeatable)")
    f.add_argument("--bootstrap", type=int, default=200)
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--prior-draws", type=float, default=1.0, help="virtual draws per pairing")
    args = ap.parse_args()
    if args.cmd == "play":
        specs = [setting_spec(args.bin, args.elo)] + [ladder_spec(o) for o in args.opponents.split(",")]
        run_match(specs, f"jj{args.elo}", args)
    elif args.cmd == "ladder":
        for pair in args.pairs.split(","):
            a, b = pair.split("-")
            run_match([ladder_spec(a), ladder_spec(b)], f"{a}-{b}", args)
    elif args.cmd == "direct":
        run_match([setting_spec(args.bin, args.elo), setting_spec(args.bin, args.vs)],
                  f"jj{args.elo}-jj{args.vs}", args)
    else:
        cmd_fit(args)


if __name__ == "__main__":
    main()
