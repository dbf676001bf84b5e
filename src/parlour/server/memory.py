"""The collector's pacing for a long-running server, so that a collection never stalls play.

CPython's cyclic collector walks every tracked object of the generation it collects. After
start-up the server holds a few hundred thousand objects that live as long as the process
(modules, functions, classes, the rulebook and catalogues, the restored tables); with the
default thresholds a full collection walks them all every few seconds under load, which
measured up to 300 ms with 500 players on one process, every table waiting meanwhile.
Freezing what start-up built takes those objects out of every later collection, and a
larger first threshold makes collections rarer (each still short: the young generation
holds only the objects made since the last one).
"""

from __future__ import annotations

import gc

#: Allocations less deallocations between young collections (CPython's default is 700).
YOUNG_THRESHOLD = 20_000


def settle_after_start() -> None:
    """Collect once, then freeze what start-up built and make collections rarer."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, old)
