"""Running a match on Ray (the ``cluster`` extra): a local Ray, or a cluster by address.

The deals are cut into the same chunks as on the process pool and each chunk is played
by :func:`parlour.simulation.pool.play_chunk` in a Ray task; results are taken back in
deal order. A deal's cards and choices depend only on the match's seed and the deal's
number, so the same seed gives the same results as the process pool, whatever the
number of machines.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Any

import numpy as np

from parlour.simulation.match import Match
from parlour.simulation.pool import Results, Winnings, chunks, play_chunk


def run(
    match: Match,
    hands: int,
    *,
    address: str | None = None,
    num_cpus: int | None = None,
    on_records: Callable[[list[dict[str, Any]]], None] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Results:
    """Play at least ``hands`` hands on Ray, as :func:`parlour.simulation.pool.run` does.

    ``address`` names an existing cluster (``"auto"``, ``"ray://host:10001"``, ...);
    without it a local Ray is started (with ``num_cpus`` CPUs, default all) and shut down
    at the end. A Ray already initialised by the caller is used as it is.
    """
    import ray

    if hands < 1:
        raise ValueError("the number of hands must be at least 1")
    started = not ray.is_initialized()
    if started:
        if address is None:
            ray.init(num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call,unused-ignore]
        workers = max(1, int(resources.get("CPU", 1)))
        plan = chunks(match, match.deals_for(hands), workers, keep_records=on_records is not None)
        task = ray.remote(play_chunk)
        pending: deque[Any] = deque()
        parts: list[Winnings] = []
        for chunk in plan:
            pending.append(task.remote(chunk))
            if len(pending) >= 4 * workers:
                _collect(ray.get(pending.popleft()), parts, on_records, on_progress)
        while pending:
            _collect(ray.get(pending.popleft()), parts, on_records, on_progress)
    finally:
        if started:
            ray.shutdown()
    return Results(match, np.concatenate(parts))


def _collect(
    part: Any,
    parts: list[Winnings],
    on_records: Callable[[list[dict[str, Any]]], None] | None,
    on_progress: Callable[[int], None] | None,
) -> None:
    """Take one chunk's result, in deal order."""
    parts.append(part.winnings)
    if on_records is not None:
        on_records(part.records)
    if on_progress is not None:
        on_progress(sum(p.shape[0] for p in parts))
