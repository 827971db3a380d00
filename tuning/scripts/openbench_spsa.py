#!/usr/bin/env python3
"""Print OpenBench's SPSA input for Jiangjun's search parameters.

OpenBench takes one line per tuned parameter:

    name, int, default, min, max, c_end, r_end

This reads the `option name NAME type spin default D min LO max HI` lines
of a tune build's `uci` answer (`cargo build --release --features tune`),
either by running the engine or from standard input:

    tuning/scripts/openbench_spsa.py --engine target/release/jiangjun
    echo uci | target/release/jiangjun | tuning/scripts/openbench_spsa.py
    tuning/scripts/openbench_spsa.py --engine /tmp/jj-tune --param rfp_margin --param lmr_base:1.5

Without --param it prints every search parameter except the on/off
switches (range 0-1: nothing to tune by small steps) and
the standard engine options (Hash, Threads, ...). c_end defaults to
max(1, (max - min) / 20) and r_end to 0.002, as in spsa.py;
`--param NAME:C_END[:R_END]` overrides them for one parameter.
"""
import argparse
import re
import subprocess
import sys

SPIN_RE = re.compile(r"^option name (\S+) type spin default (-?\d+) min (-?\d+) max (-?\d+)\s*$")
# Options every build declares: not search parameters.
ENGINE_OPTIONS = {"Hash", "Threads", "MultiPV"}


def uci_lines(engine):
    if engine is None:
        return sys.stdin.read().splitlines()
    out = subprocess.run([engine], input="uci\nquit\n", capture_output=True, text=True, timeout=30, check=True)
    return out.stdout.splitlines()


def spins(lines):
    found = {}
    for line in lines:
        m = SPIN_RE.match(line.strip())
        if m and m.group(1) not in ENGINE_OPTIONS:
            found[m.group(1)] = tuple(int(g) for g in m.groups()[1:])
    return found


def spsa_line(name, default, lo, hi, c_end=None, r_end=None):
    if c_end is None:
        c_end = max(1.0, (hi - lo) / 20)
    if r_end is None:
        r_end = 0.002
    return f"{name}, int, {default}, {lo}, {hi}, {c_end:g}, {r_end:g}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", help="tune build to ask (default: read its uci answer from stdin)")
    ap.add_argument("--param", action="append", default=[], metavar="NAME[:C_END[:R_END]]",
                    help="only these parameters (repeatable)")
    args = ap.parse_args()
    table = spins(uci_lines(args.engine))
    if not table:
        sys.exit("no search parameters in the uci answer: is this a `--features tune` build?")
    if args.param:
        chosen = []
        for spec in args.param:
            parts = spec.split(":")
            if parts[0] not in table:
                sys.exit(f"no search parameter called {parts[0]}")
            extra = [float(p) for p in parts[1:3]] + [None, None]
            chosen.append((parts[0], extra[0], extra[1]))
    else:
        chosen = [(n, None, None) for n, (_, lo, hi) in table.items() if (lo, hi) != (0, 1)]
    for name, c_end, r_end in chosen:
        print(spsa_line(name, *table[name], c_end, r_end))


if __name__ == "__main__":
    main()
