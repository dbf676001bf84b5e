"""The bot ladder: montecarlo, rules and two random bots over duplicate deals, both games.

``python benchmarks/bench_ladder.py [--quick]`` (or through ``benchmarks/run.py --only
ladder``) plays the matches docs/bots.md describes, the same as

    parlour simulate --game americana --bots montecarlo,rules,random,random --hands 4000 \
        --seed 1 --workers 2 --duplicate
    parlour simulate --game palace --bots montecarlo,rules,random,random --hands 2000 \
        --seed 1 --workers 2 --duplicate

(four seats, limit, default options, 100 big bets each, every deal played once per seat
rotation), and Palace once more over 8,000 hands (``--hands 8000``) for a narrower
interval of montecarlo - rules, whose gap shrank when P-46 became one pot. It returns
each bot's win rate in big bets per 100 hands with its 95% interval, and the paired
differences montecarlo - rules and rules - random#1. These are win rates, not speeds:
the seeds make them identical on any machine and any number of workers; the seconds
(wall time, on a machine that may be shared) are reported only to say what a run costs.
``quick`` plays a tenth of the hands (intervals about three times wider).
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import Any, Final

from parlour.simulation.match import Match
from parlour.simulation.pool import Results
from parlour.simulation.pool import run as run_match
from parlour.simulation.statistics import Estimate, difference, summarize

BOTS: Final = ("montecarlo", "rules", "random", "random")
LABELS: Final = ("montecarlo", "rules", "random#1", "random#2")
#: (name, game, hands) of the full ladder, as docs/bots.md's commands play them.
RUNS: Final = (("americana", "americana", 4000), ("palace", "palace", 2000),
               ("palace_8000", "palace", 8000))  # fmt: skip
SEED: Final = 1
WORKERS: Final = 2


def run(quick: bool) -> dict[str, Any]:
    """Play the ladder of both games; JSON-ready figures per game."""
    workers = min(WORKERS, os.cpu_count() or 1)
    out: dict[str, Any] = {"seed": SEED, "workers": workers, "quick": quick, "games": {}}
    for name, game, hands in RUNS:
        out["games"][name] = ladder(game, hands // 10 if quick else hands, workers)
    return out


def ladder(game: str, hands: int, workers: int) -> dict[str, Any]:
    """One game's match: win rates, intervals and the paired differences, in bb/100."""
    match = Match(game, BOTS, SEED, duplicate=True)
    cpu = time.process_time()
    wall = time.perf_counter()
    results = run_match(match, hands, workers=workers)
    seconds = time.perf_counter() - wall
    per_deal = match.hands_per_deal
    bots = summarize(LABELS, results.winnings, per_deal, match.big_bet)
    return {
        "hands": results.hands,
        "big_bet": match.big_bet,
        "bb_per_100": {b.label: _interval(b.big_bets_per_100) for b in bots},
        "montecarlo_minus_rules": _gap(results, 0, 1),
        "rules_minus_random1": _gap(results, 1, 2),
        "wall_seconds": round(seconds, 1),
        "parent_cpu_seconds": round(time.process_time() - cpu, 1),
    }


def _gap(results: Results, first: int, second: int) -> dict[str, Any]:
    match = results.match
    gap = difference(results.winnings, first, second, match.hands_per_deal)
    return _interval(gap.scaled(100 / match.big_bet))


def _interval(estimate: Estimate) -> dict[str, Any]:
    # Rounded as ``parlour simulate`` prints them, so the two always agree.
    return {
        "mean": float(f"{estimate.mean:.1f}"),
        "low": float(f"{estimate.low:.1f}"),
        "high": float(f"{estimate.high:.1f}"),
        "excludes_zero": estimate.excludes_zero,
    }


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv[1:]), indent=2))
