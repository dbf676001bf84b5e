"""Two server processes against one, each held to half a core (issue 16's 1.7x).

The load of :mod:`bench_server` (tables of six human-like players and a spectator, on
PostgreSQL and Redis) against one process and against ``--workers 2``, every server
process held to the same share of a core (:mod:`cpu_budget`), so that the server and not
the shared machine is the bottleneck. Three rounds in turn; the ratios are quoted as
medians with their range. Needs root and Linux's CPU controller; without them the section
says so and measures nothing.
"""

from __future__ import annotations

import json
from typing import Any

import cpu_budget
from bench_server import measure_budget  # beside this file

REPEATS = 3
WINDOW_S = 8.0


def run(quick: bool) -> dict[str, Any]:
    """The budget section, as the benchmarks runner takes it."""
    if not cpu_budget.available():
        return {"skipped": "no writable CPU controller (needs root and cgroups)"}
    return measure_budget(quick, 4.0 if quick else WINDOW_S, 1 if quick else REPEATS)


if __name__ == "__main__":
    print(json.dumps(run(quick=False), indent=1))
