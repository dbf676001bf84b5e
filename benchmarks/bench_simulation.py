"""Simulation: the process pool's speed-up, Monte Carlo decision time, and matches on the
batch engine.

* Pool: the same seeded match (montecarlo, rules and two random bots, 4 seats) on one
  worker and on two; the results are checked identical. The speed-up counts CPU time:
  the one-worker run's CPU seconds over the two-worker run's parent CPU plus its busier
  worker's CPU (each chunk reports the CPU its process spent on it), which is what two
  free cores give. Wall time is reported beside it with the load average: the machine is
  shared, so other work lowers that one.
* The ``montecarlo`` bot's decisions at a four-seat table (CPU time per decision).
* Matches of random bots on the batch engine through ``simulation.pool.run`` (what
  ``parlour simulate --bots random,random`` runs), one worker, in this process: hands per
  CPU second including the statistics' bookkeeping.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

import numpy as np

import measure
from parlour.bots import make_bot
from parlour.games import get_game
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler
from parlour.simulation.match import Match
from parlour.simulation.pool import run as run_match


def pool_speedup(game: str, hands: int, repeats: int) -> dict[str, Any]:
    """Wall seconds on 1 and 2 workers, the speed-up, and whether results agree."""
    match = Match(game, ("montecarlo", "rules", "random", "random"), seed=1)
    run_match(match, 8)  # imports and compiled kernels first
    speedups: list[float] = []
    walls: list[float] = []
    same = True
    loads = []
    for _ in range(repeats):
        loads.append(os.getloadavg()[0])
        began, cpu = time.perf_counter(), time.process_time()
        one = run_match(match, hands, workers=1)
        middle, one_cpu = time.perf_counter(), time.process_time() - cpu
        cpu = time.process_time()
        two = run_match(match, hands, workers=2)
        end, parent = time.perf_counter(), time.process_time() - cpu
        speedups.append(one_cpu / (parent + max(two.worker_cpu)))
        walls.append((middle - began) / (end - middle))
        same = same and bool(np.array_equal(one.winnings, two.winnings))
    return {
        "speedup": measure.rates(
            speedups, "x", "process CPU", note="1 worker's CPU / (parent + busier worker)"
        ),
        "speedup_wall": measure.rates(walls, "x", "wall", note="shared machine, see load"),
        "identical_results": same,
        "load_average": statistics.median(loads),
        "hands": hands,
    }


def decision_times(game: str, hands: int) -> measure.Figure:
    """CPU seconds per montecarlo decision at a four-seat table against rules bots."""
    module = get_game(game)
    options = module.options_from_dict({})
    bot = make_bot("montecarlo", game, options.to_dict())
    other = make_bot("rules", game, options.to_dict())
    times: list[float] = []
    warm = False
    for seed in range(hands):
        seats = [SeatSpec(s, 400, f"P{s}") for s in range(4)]
        hand = module.start_hand(options, seats, seed % 4, SeededShuffler(seed))
        rng = random.Random(seed)
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if view.seat == 0:
                began = time.process_time()
                action = bot.choose(view, rng)
                if warm:  # the first call loads tables and compiles kernels
                    times.append(time.process_time() - began)
                warm = True
            else:
                action = other.choose(view, rng)
            hand.apply(action)
    return measure.duration(times, note="per decision; repeats = decisions")


def batch_match(game: str, hands: int, repeats: int) -> measure.Figure:
    """Hands per CPU second of a random-bot match on the batch engine, one worker."""
    match = Match(game, ("random", "random", "random", "random"), seed=1)
    run_match(match, 100)
    runs = measure.seconds(lambda: run_match(match, hands, workers=1), repeats)
    return measure.rate(hands, runs, "hands/s", note="4 random bots, batch engine, statistics")


def run(quick: bool) -> dict[str, Any]:
    """Every simulation figure."""
    repeats = 2 if quick else 3
    hands = 100 if quick else 600
    return {
        "pool_americana": pool_speedup("americana", hands, repeats),
        "pool_palace": pool_speedup("palace", hands, repeats),
        "montecarlo_americana": decision_times("americana", 10 if quick else 40),
        "montecarlo_palace": decision_times("palace", 10 if quick else 40),
        "batch_match_americana": batch_match("americana", 200_000 if quick else 1_000_000, repeats),
        "batch_match_palace": batch_match("palace", 100_000 if quick else 500_000, repeats),
    }


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
