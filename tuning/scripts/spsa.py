#!/usr/bin/env python3
"""SPSA tuning of Jiangjun's search parameters by self-play.

Needs a binary built with `cargo build --release --features tune`, where every
entry of src/search/params.rs is a UCI spin option. Each iteration perturbs
all tuned parameters at once by +/- c_k (a random sign per parameter), plays
the engine with theta + c_k*delta against theta - c_k*delta on game pairs
(one opening, both colours) with ../shared/tools/match.py, and moves theta
along delta by the result. Gains follow fishtest's conventions: for N
iterations, c_k = c / k^0.101 reaches `c_end` at the last iteration and the
learning rate r_k = a_k / c_k^2 reaches `r_end`.

    tuning/scripts/spsa.py --engine /tmp/jj-tune --tc 4+0.04 --iterations 2000 \
        --param rfp_margin:10 --param lmr_base:8 --param lmr_div:15 \
        --state /tmp/spsa.json

`--param NAME:C_END[:R_END]` names a parameter and its final perturbation
(r_end defaults to 0.002). The start value, minimum and maximum come from
the engine's `uci` answer. The state file is rewritten after every iteration
and a run started with the same file resumes where it stopped; the match
report of any iteration with a time loss, crash or illegal move is appended
to STATE.faults. Each
iteration prints the current values; the end prints them as `NAME = value`
lines ready to paste into params.rs.
"""
import argparse
import json
import os
import random
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_MATCH = os.path.join(HERE, "..", "..", "..", "shared", "tools", "match.py")
DEFAULT_BOOK = os.path.join(HERE, "..", "..", "..", "shared", "data", "noob_2moves.epd")
RESULT_RE = re.compile(r"^RESULT .*?: (\d+)-(\d+)-(\d+) \(W-L-D\)")
FAULT_RE = re.compile(r"(?:tl|crash|illegal)=(\d+)")
ALPHA, GAMMA = 0.602, 0.101


def engine_spins(binary):
    """{name: (default, min, max)} of the engine's spin options."""
    out = subprocess.run([binary], input="uci\nquit\n", capture_output=True, text=True, timeout=30).stdout
    spins = {}
    for line in out.splitlines():
        m = re.match(r"option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)", line)
        if m:
            spins[m.group(1)] = tuple(int(m.group(i)) for i in (2, 3, 4))
    return spins


def play(args, plus, minus, seed):
    """Plays `args.pairs` game pairs; returns (wins minus losses of `plus`,
    time losses + crashes + illegal moves of both sides)."""
    def spec(name, values):
        opts = "".join(f",option.{k}={v}" for k, v in values.items())
        return f"name={name},cmd={args.engine},option.Hash={args.hash}{opts}"

    cmd = [sys.executable, args.match, "--engine", spec("plus", plus), "--engine", spec("minus", minus),
           "--tc", args.tc, "--games", str(2 * args.pairs), "--concurrency", str(args.concurrency),
           "--openings", args.openings, "--seed", str(seed), "--quiet",
           "--resign", "movecount=3,score=600,twosided=1", "--draw", "movenumber=40,movecount=8,score=10"]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    for line in out.splitlines():
        m = RESULT_RE.match(line)
        if m:
            w, l, _d = (int(g) for g in m.groups())
            faults = sum(int(f) for f in FAULT_RE.findall(line))
            if faults:
                # Keep the runner's report so that the fault can be told
                # apart (time loss, crash or illegal move) after the run.
                with open(args.state + ".faults", "a") as f:
                    f.write(f"seed {seed} plus {plus} minus {minus}\n{out}\n")
            return w - l, faults
    raise RuntimeError("match.py gave no RESULT line:\n" + out[-2000:])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="binary built with --features tune")
    ap.add_argument("--param", action="append", required=True, help="NAME:C_END[:R_END]")
    ap.add_argument("--iterations", type=int, default=1000)
    ap.add_argument("--pairs", type=int, default=1, help="game pairs per iteration")
    ap.add_argument("--tc", default="4+0.04")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--state", default="/tmp/spsa.json")
    ap.add_argument("--match", default=DEFAULT_MATCH)
    ap.add_argument("--openings", default=DEFAULT_BOOK)
    args = ap.parse_args()

    spins = engine_spins(args.engine)
    params = {}
    for p in args.param:
        parts = p.split(":")
        name = parts[0]
        if name not in spins:
            sys.exit(f"spsa.py: {name} is not a spin option of {args.engine} (a --features tune build?)")
        c_end = float(parts[1]) if len(parts) > 1 else max(1.0, (spins[name][2] - spins[name][1]) / 20)
        r_end = float(parts[2]) if len(parts) > 2 else 0.002
        params[name] = {"c_end": c_end, "r_end": r_end, "min": spins[name][1], "max": spins[name][2]}

    state = {"k": 0, "theta": {n: float(spins[n][0]) for n in params}, "history": []}
    if os.path.exists(args.state):
        with open(args.state) as f:
            state = json.load(f)
        for n in params:
            state["theta"].setdefault(n, float(spins[n][0]))

    n_iter = args.iterations
    big_a = 0.1 * n_iter
    # Gain constants chosen so that c_k and a_k / c_k^2 end at c_end and r_end.
    for p in params.values():
        p["c"] = p["c_end"] * n_iter ** GAMMA
        p["a"] = p["r_end"] * p["c_end"] ** 2 * (big_a + n_iter) ** ALPHA
    rng = random.Random()
    while state["k"] < n_iter:
        k = state["k"] + 1
        plus, minus, deltas, cks = {}, {}, {}, {}
        for n, p in params.items():
            ck = p["c"] / k ** GAMMA
            d = rng.choice((-1, 1))
            th = state["theta"][n]
            plus[n] = int(round(min(p["max"], max(p["min"], th + ck * d))))
            minus[n] = int(round(min(p["max"], max(p["min"], th - ck * d))))
            deltas[n], cks[n] = d, ck
        result, faults = play(args, plus, minus, rng.randrange(1 << 30))
        # A time loss or crash says nothing about the parameters; it is
        # counted so that a run at too fast a clock shows itself.
        state["faults"] = state.get("faults", 0) + faults
        for n, p in params.items():
            ak = p["a"] / (big_a + k) ** ALPHA
            th = state["theta"][n] + ak / cks[n] * result * deltas[n]
            state["theta"][n] = min(p["max"], max(p["min"], th))
        state["k"] = k
        state["history"].append({"k": k, "result": result, "theta": dict(state["theta"])})
        with open(args.state + ".tmp", "w") as f:
            json.dump(state, f)
        os.replace(args.state + ".tmp", args.state)
        vals = " ".join(f"{n}={state['theta'][n]:.1f}" for n in params)
        print(f"iter {k}/{n_iter} result {result:+d} faults {state['faults']} :: {vals}", flush=True)

    print("final values:")
    for n in params:
        print(f"    {n} = {int(round(state['theta'][n]))}")


if __name__ == "__main__":
    main()
