"""Sorted sets of chip levels in a table's row, for cutting pots (A-50, P-46)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch.jit import inline

Ints = npt.NDArray[np.int64]


@inline
def add_level(s: Ints, at: int, count: int, value: int) -> int:
    """Put ``value`` into the sorted distinct levels ``s[at:at+count]``; their new count."""
    for j in range(count):
        if s[at + j] == value:
            return count
    j = count
    while j > 0 and s[at + j - 1] > value:
        s[at + j] = s[at + j - 1]
        j -= 1
    s[at + j] = value
    return count + 1
