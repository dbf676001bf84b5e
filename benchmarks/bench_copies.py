"""What checking a player's copy of a record costs, against replaying the full record.

``python benchmarks/bench_copies.py [--quick]`` (or ``benchmarks/run.py --only copies``)
plays random hands of both games (2 to 6 Americana players, 2 to 10 Palace players, calls
likely so that showdowns and battles happen), makes the server's download of each for
every seat and for a spectator (:func:`parlour.server.history.redacted_record`, unseen
cards ``??``), and times, on the public path ``parlour.records.replay_dict``:

- the full record's replay (the peer: the same hand, every card known);
- the copy's replay, which searches for an arrangement of the unseen cards
  (:mod:`parlour.records.unseen`).

Figures are CPU seconds per record (median, min, max over all copies, each the median of
``REPEATS`` runs), the ratio copy / full per record (median and max), and the arrangements
the search tried (median, max). Every copy must replay: a refusal is an error here.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from parlour.games import get_game
from parlour.records import hand_to_record, replay_dict
from parlour.seats import SeatSpec
from parlour.server.history import redacted_record
from parlour.shuffles import SeededShuffler

HANDS: Final = {"americana": 200, "palace": 120}
SEATS: Final = {"americana": (2, 6), "palace": (2, 10)}
REPEATS: Final = 3


def run(quick: bool) -> dict[str, Any]:
    """Both games' figures, JSON-ready."""
    out: dict[str, Any] = {"repeats": REPEATS, "quick": quick, "games": {}}
    for game, hands in HANDS.items():
        out["games"][game] = measure(game, hands // 5 if quick else hands)
    return out


def measure(game_name: str, hands: int) -> dict[str, Any]:
    """Time every copy of ``hands`` random hands against its full record."""
    full_times: list[float] = []
    copy_times: list[float] = []
    ratios: list[float] = []
    tries: list[int] = []
    for seed in range(hands):
        record = _hand(game_name, seed)
        full = _cpu(partial(replay_dict, record))
        game = get_game(game_name)
        for reader in [*(s["seat"] for s in record["seats"]), None]:
            data = redacted_record(game, record, reader)
            result = replay_dict(data)
            tries.append(result.unseen.tries if result.unseen is not None else 0)
            seconds = _cpu(partial(replay_dict, data))
            full_times.append(full)
            copy_times.append(seconds)
            ratios.append(seconds / full)
    return {
        "hands": hands,
        "copies": len(copy_times),
        "full_seconds": _spread(full_times),
        "copy_seconds": _spread(copy_times),
        "ratio_copy_to_full": {"median": statistics.median(ratios), "max": max(ratios)},
        "arrangements_tried": {"median": statistics.median(tries), "max": max(tries)},
    }


def _hand(game_name: str, seed: int) -> dict[str, Any]:
    game = get_game(game_name)
    rng = random.Random(seed)
    low, high = SEATS[game_name]
    players = rng.randint(low, high)
    seats = [SeatSpec(i, rng.choice([6, 25, 80]), f"P{i}") for i in range(players)]
    hand: Any = game.start_hand(
        game.options_from_dict({}), seats, rng.randrange(players), SeededShuffler(rng)
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        calm = [c for c in legal if c.do in ("call", "check", "stay")]
        pick = calm if calm and rng.random() < 0.6 else legal
        hand.apply(game.random_action(pick, hand.to_act, rng))
    return hand_to_record(hand)


def _cpu(work: Callable[[], object]) -> float:
    """The median CPU time of ``REPEATS`` runs of ``work``."""
    times = []
    for _ in range(REPEATS):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def _spread(values: list[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


if __name__ == "__main__":
    print(json.dumps(run("--quick" in sys.argv[1:]), indent=2))
