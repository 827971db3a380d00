#!/usr/bin/env bash
# A/B-tests search parameters as SPRTs with ../shared/tools/match.py. Needs
# a binary built with `--features tune`. An argument name=value tests a new
# value: the engine with name=value against the engine with every default;
# several settings tested together are joined by '+'
# (lmr_base=70+lmr_div=150). A bare parameter name plays the defaults
# against that parameter at 0 (for parameters where 0 turns a term off, such
# as quiet_check_bonus or lmr_cut_node).
#
#   tuning/scripts/toggle_sprt.sh BIN TC GAMES setting [setting ...]
#   tuning/scripts/toggle_sprt.sh /tmp/jj-tune 8+0.08 800 lmr_base=70 quiet_check_bonus
#
# One summary line per parameter is appended to $OUT (default
# /tmp/toggle_sprt.txt); full logs go to /tmp/toggle_<param>.log.
# CONC (default 1) games run at once: without pondering only one engine of a
# game thinks at a time, so CONC=2 keeps two cores busy. Games are adjudicated
# the way OpenBench does (resign when both agree at 600 cp for 3 moves, draw
# after move 40 when both are within 10 cp for 8 moves) to save clock time.
# TAG names the log and the first engine instead of the setting itself (a
# long list of settings would make too long a file name); with TAG only one
# test may be named, since all would share one log.
# BASE=/path/to/old-binary with the test name "binary" plays BIN as it is
# against BASE with the same settings: for changes with no switch, such as
# new evaluation weights (TAG=eval_cx BASE=/tmp/jj-base ... 400 binary).
# EXTRA (default empty) is appended to both engines' specs, e.g.
# EXTRA=,option.Threads=2 for a Lazy-SMP test (then CONC=1, since each
# engine needs both cores).
set -u
BIN=$1; TC=$2; GAMES=$3; shift 3
if [[ -n ${TAG:-} && $# -gt 1 ]]; then
    echo "toggle_sprt.sh: TAG names one test, but $# were given" >&2
    exit 2
fi
OUT=${OUT:-/tmp/toggle_sprt.txt}
MATCH=${MATCH:-$(dirname "$0")/../../../shared/tools/match.py}
BOOK=${BOOK:-$(dirname "$0")/../../../shared/data/noob_2moves.epd}
common="cmd=$BIN,option.Hash=16${EXTRA:-}"
for p in "$@"; do
    if [[ $p == binary ]]; then
        if [[ -z ${BASE:-} ]]; then
            echo "toggle_sprt.sh: the test \"binary\" needs BASE=old-binary" >&2
            exit 2
        fi
        tag=${TAG:-binary}
        first="name=$tag,$common"
        second="name=base,cmd=$BASE,option.Hash=16${EXTRA:-}"
    elif [[ $p == *=* ]]; then
        # New setting (first engine) against the defaults.
        tag=${p//=/_}
        tag=${tag//+/_}
        tag=${TAG:-$tag}
        first="name=$tag,$common,option.${p//+/,option.}"
        second="name=default,$common"
    else
        # Default (technique on) against the technique switched off.
        tag=$p
        first="name=on,$common"
        second="name=off_$p,$common,option.$p=0"
    fi
    log=/tmp/toggle_$tag.log
    python3 "$MATCH" \
        --engine "$first" \
        --engine "$second" \
        --tc "$TC" --games "$GAMES" --concurrency "${CONC:-1}" --openings "$BOOK" \
        --resign movecount=3,score=600,twosided=1 --draw movenumber=40,movecount=8,score=10 \
        --sprt 0,10 --sprt-model logistic > "$log" 2>&1
    res=$(grep -E "^RESULT" "$log" | tail -1)
    sprt=$(grep -iE "H0|H1|accept|LLR" "$log" | tail -1)
    echo "$(date -u +%FT%TZ) $p tc=$TC :: $res :: $sprt" >> "$OUT"
done
