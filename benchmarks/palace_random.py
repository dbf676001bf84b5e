"""Random legal play of Palace Poker: hands per second on one core (the issue's speed goal).

``python benchmarks/palace_random.py [players] [seconds]`` prints the rate; the shared
engine benchmark imports :func:`run_palace`.
"""

from __future__ import annotations

import random
import sys
import time

from parlour.games.palace import options_from_dict, random_action, start_hand
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def run_palace(players: int, seconds: float) -> float:
    """Play random legal hands of ``players`` (100 chips each, default options) for about
    ``seconds``; return hands completed per second."""
    rng = random.Random(2024)
    shuffler = SeededShuffler(rng)
    options = options_from_dict({})
    seats = [SeatSpec(s, 100) for s in range(players)]
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(50):
            hand = start_hand(options, seats, hands % players, shuffler)
            while hand.to_act is not None:
                hand.apply(random_action(hand.legal_actions(), hand.to_act, rng))
            hands += 1
    return hands / (time.perf_counter() - start)


def main(argv: list[str]) -> int:
    """Print the rate for the given player count and duration (defaults 4 and 3 s)."""
    players = int(argv[0]) if argv else 4
    seconds = float(argv[1]) if len(argv) > 1 else 3.0
    print(f"palace random play, {players} players: {run_palace(players, seconds):,.0f} hands/s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
