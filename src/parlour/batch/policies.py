"""Example array policies, for both games: compiled functions of (observation, mask,
state) that return a row of the game's action table (docs/rl.md, docs/batch.md).

Write your own the same way, ``@numba.njit`` and this signature, and pass it as
``policy=`` to :func:`parlour.batch.play_americana` or :func:`~parlour.batch.play_palace`,
or name it ``module:function`` in ``parlour simulate --bots``. ``state`` is the hand's own
random stream (a uint64 array of one): draw from it with :func:`parlour.batch.rng.below`
or :func:`~parlour.batch.rng.uniform` so that results stay reproducible from the seed.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch.jit import kernel
from parlour.batch.rng import below

Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
U64s = npt.NDArray[np.uint64]


@kernel
def uniform(observation: Floats, mask: Mask, state: U64s) -> int:
    """A row uniform among the legal ones (not ``random_action``: that is uniform over
    kinds of action; rows split sizes and targets finer)."""
    legal = 0
    for row in range(mask.shape[0]):
        legal += mask[row]
    pick = below(state, legal)
    for row in range(mask.shape[0]):
        if mask[row] != 0:
            if pick == 0:
                return row
            pick -= 1
    return -1


@kernel
def highest(observation: Floats, mask: Mask, state: U64s) -> int:
    """The last legal row: in Americana the largest bet or raise, else the passive
    choice; in Palace an attack, a size or a soldier before the plainer rows."""
    for row in range(mask.shape[0] - 1, -1, -1):
        if mask[row] != 0:
            return row
    return -1


@kernel
def lowest(observation: Floats, mask: Mask, state: U64s) -> int:
    """The first legal row: fold when it may (both games), stay in Palace when it may."""
    for row in range(mask.shape[0]):
        if mask[row] != 0:
            return row
    return -1
