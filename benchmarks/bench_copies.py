"""What checking a player's copy of a record costs, against replaying the full record.

``python benchmarks/bench_copies.py [--quick]`` (or ``benchmarks/run.py --only copies``)
plays hands of both games between rules bots (``parlour.simulation``: 2 to 6 Americana
players, 2 to 10 Palace players, the same number of hands at each size), makes the
server's download of each for every seat and for a spectator
(:func:`parlour.records.redacted`, as the server makes it, unseen cards ``??``), and times, on the
public path ``parlour.records.replay_dict``:

- the full record's replay (the peer: the same hand, every card known);
- the copy's replay, which searches for an arrangement of the unseen cards
  (:mod:`parlour.records.unseen`).

Figures are CPU seconds per record (median, min, max over all copies, each the median of
``REPEATS`` runs), the ratio copy / full per record (median and max), and the arrangements
the search tried (median, max). Every copy must replay: a refusal is an error here.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any, Final

from parlour.records import redacted, replay_dict
from parlour.simulation.match import Match
from parlour.simulation.pool import run as run_match

HANDS: Final = {"americana": 250, "palace": 270}
SEATS: Final = {"americana": (2, 6), "palace": (2, 10)}
REPEATS: Final = 3
SEED: Final = 1


def run(quick: bool) -> dict[str, Any]:
    """Both games' figures, JSON-ready."""
    out: dict[str, Any] = {"repeats": REPEATS, "quick": quick, "games": {}}
    for game, hands in HANDS.items():
        out["games"][game] = measure(game, hands // 5 if quick else hands)
    return out


def measure(game_name: str, hands: int) -> dict[str, Any]:
    """Time every copy of about ``hands`` hands against its full record."""
    full_times: list[float] = []
    copy_times: list[float] = []
    ratios: list[float] = []
    tries: list[int] = []
    records = _records(game_name, hands)
    for record in records:
        full = _cpu(partial(replay_dict, record))
        for reader in [*(s["seat"] for s in record["seats"]), None]:
            data = redacted(record, reader)
            result = replay_dict(data)
            tries.append(result.unseen.tries if result.unseen is not None else 0)
            seconds = _cpu(partial(replay_dict, data))
            full_times.append(full)
            copy_times.append(seconds)
            ratios.append(seconds / full)
    return {
        "hands": len(records),
        "copies": len(copy_times),
        "full_seconds": _spread(full_times),
        "copy_seconds": _spread(copy_times),
        "ratio_copy_to_full": {"median": statistics.median(ratios), "max": max(ratios)},
        "arrangements_tried": {"median": statistics.median(tries), "max": max(tries)},
    }


def _records(game_name: str, hands: int) -> list[dict[str, Any]]:
    """Records of rules bots playing about ``hands`` hands, spread over the table sizes."""
    low, high = SEATS[game_name]
    sizes = range(low, high + 1)
    records: list[dict[str, Any]] = []
    for players in sizes:
        match = Match(game_name, ("rules",) * players, SEED)
        run_match(match, max(1, hands // len(sizes)), on_records=records.extend)
    return records


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
