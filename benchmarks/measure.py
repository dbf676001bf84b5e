"""How the benchmark modules time things and write their figures (see run.py).

Every figure is a dict: the median, the fastest and slowest of ``repeats`` runs, the
unit, which clock measured it and, where it matters, a note saying what exactly ran.
CPU time is the default clock because the machine is shared: other processes lengthen
wall time far more than they lengthen this process's CPU time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

Figure = dict[str, Any]

#: Clocks a figure may be measured with, by name.
CLOCKS: dict[str, Callable[[], float]] = {
    "process CPU": time.process_time,
    "thread CPU": time.thread_time,
    "wall": time.perf_counter,
}


def seconds(run: Callable[[], object], repeats: int, clock: str = "process CPU") -> list[float]:
    """Seconds each of ``repeats`` calls of ``run`` took on ``clock``."""
    tick = CLOCKS[clock]
    out = []
    for _ in range(repeats):
        began = tick()
        run()
        out.append(tick() - began)
    return out


def rate(
    count: float, runs: Sequence[float], unit: str, clock: str = "process CPU", note: str = ""
) -> Figure:
    """A throughput figure: ``count`` things per run, from each run's seconds."""
    return rates([count / s for s in runs if s > 0], unit, clock, note)


def rates(values: Sequence[float], unit: str, clock: str = "process CPU", note: str = "") -> Figure:
    """A figure from rates already computed, one per run."""
    figure: Figure = {
        "median": statistics.median(values),
        "min": min(values),
        "max": max(values),
        "repeats": len(values),
        "unit": unit,
        "clock": clock,
    }
    if note:
        figure["note"] = note
    return figure


def duration(runs: Sequence[float], clock: str = "process CPU", note: str = "") -> Figure:
    """A time figure, in seconds (smaller is better)."""
    return rates(list(runs), "s", clock, note)


def ratio(first: Figure, second: Figure, note: str = "") -> Figure:
    """``first`` over ``second``, from their medians (both measured in this run)."""
    out: Figure = {"value": first["median"] / second["median"]}
    if note:
        out["note"] = note
    return out


def scaled(figure: Figure, factor: float, unit: str) -> Figure:
    """The same figure in another unit (decisions/s from hands/s, say)."""
    out = dict(figure)
    for key in ("median", "min", "max"):
        out[key] = figure[key] * factor
    out["unit"] = unit
    return out
