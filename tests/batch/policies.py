"""Small array policies for the tests: compiled functions of (observation, mask, state)."""

from __future__ import annotations

from typing import Any

import numba

from parlour.batch.rng import below


@numba.njit
def highest(observation: Any, mask: Any, state: Any) -> int:
    """The last legal row: the biggest bet, the most soldiers..."""
    for row in range(mask.shape[0] - 1, -1, -1):
        if mask[row]:
            return row
    return -1


@numba.njit
def lowest(observation: Any, mask: Any, state: Any) -> int:
    """The first legal row."""
    for row in range(mask.shape[0]):
        if mask[row]:
            return row
    return -1


@numba.njit
def uniform(observation: Any, mask: Any, state: Any) -> int:
    """A uniform legal row, from the hand's own random stream."""
    legal = 0
    for row in range(mask.shape[0]):
        legal += mask[row]
    pick = below(state, legal)
    for row in range(mask.shape[0]):
        if mask[row]:
            if pick == 0:
                return row
            pick -= 1
    return -1


@numba.njit
def illegal(observation: Any, mask: Any, state: Any) -> int:
    """A row that is never legal."""
    return int(mask.shape[0])
