"""Simulation throughput on one worker and on a process pool, and Monte Carlo decision time.

Run ``python benchmarks/simulation_pool.py`` (``--hands N``, ``--game G``). Plays the same
seeded bot match once on one worker and once on every core, checks the results are
identical, and prints both rates and their ratio (the goal on 2 cores: at least 1.8x).
Then times the ``montecarlo`` bot's decisions (goal: under 200 ms each at default settings).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time

import numpy as np

from parlour.bots import make_bot
from parlour.games import get_game
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler
from parlour.simulation.match import Match
from parlour.simulation.pool import run


def pool_speedup(game: str, hands: int, workers: int) -> None:
    """Print hands per second on 1 and ``workers`` processes, and the ratio."""
    match = Match(game, ("montecarlo", "rules", "random", "random"), seed=1)
    run(match, 8)  # warm up imports and compiled kernels before timing
    rates = []
    results = []
    for count in (1, workers):
        began = time.perf_counter()
        results.append(run(match, hands, workers=count))
        rates.append(hands / (time.perf_counter() - began))
    same = np.array_equal(results[0].winnings, results[1].winnings)
    print(
        f"{game}: {hands} hands, montecarlo, rules, 2 random: 1 worker {rates[0]:,.0f} hands/s, "
        f"{workers} workers {rates[1]:,.0f} hands/s, speedup {rates[1] / rates[0]:.2f}x, "
        f"identical results: {same}"
    )


def decision_times(game: str, hands: int) -> None:
    """Print the mean, median and worst time of a montecarlo decision at a 4-seat table."""
    module = get_game(game)
    options = module.options_from_dict({})
    bot = make_bot("montecarlo", game, options.to_dict())
    other = make_bot("rules", game, options.to_dict())
    times: list[float] = []
    warm_up = True
    for seed in range(hands):
        seats = [SeatSpec(s, 400, f"P{s}") for s in range(4)]
        hand = module.start_hand(options, seats, seed % 4, SeededShuffler(seed))
        rng = random.Random(seed)
        while hand.to_act is not None:
            view = hand.view(hand.to_act)
            if view.seat == 0:
                began = time.perf_counter()
                action = bot.choose(view, rng)
                if not warm_up:  # the first call loads tables and compiles kernels
                    times.append(time.perf_counter() - began)
                warm_up = False
            else:
                action = other.choose(view, rng)
            hand.apply(action)
    print(
        f"{game}: montecarlo decision over {len(times)} decisions: "
        f"mean {1000 * statistics.mean(times):.1f} ms, "
        f"median {1000 * statistics.median(times):.1f} ms, worst {1000 * max(times):.1f} ms"
    )


def main() -> None:
    """Run both measurements for both games."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--game", choices=("americana", "palace", "both"), default="both")
    args = parser.parse_args()
    games = ("americana", "palace") if args.game == "both" else (args.game,)
    for game in games:
        pool_speedup(game, args.hands, args.workers)
    for game in games:
        decision_times(game, 40)


if __name__ == "__main__":
    main()
