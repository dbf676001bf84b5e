"""The batch engine: many hands per call, compiled with numba (the ``fast`` extra).

Both games, every rule and option, played by the random policy of ``simulate`` or by a
compiled array policy, on one or more threads; per-hand results as arrays, and any
hand's complete record on request. The reference engines (:mod:`parlour.games`) stay the
law: the tests replay the batch engine's records through them. See docs/batch.md.

>>> from parlour.batch import play_americana
>>> batch = play_americana(1000, players=2, stacks=100, seed=1)
>>> int(batch.winnings.sum())
0
"""

from pathlib import Path

from parlour.batch import rng
from parlour.batch.americana_batch import play_americana
from parlour.batch.jit import MISSING, refresh_cache
from parlour.batch.palace_batch import play_palace
from parlour.batch.result import Batch

refresh_cache(Path(__file__).parent, rng.below)

__all__ = ["MISSING", "Batch", "play_americana", "play_palace"]
