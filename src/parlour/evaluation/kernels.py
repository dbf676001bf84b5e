"""numba versions of the batch loops (imported only by the first batch call).

The loops read the same tables as the NumPy path and must give identical values; the
tests run both. ``NUMBA`` is False when numba cannot be imported.
"""

from __future__ import annotations

from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.evaluation import tables as _t
from parlour.evaluation.value import SEED_GROUP, SEED_SUIT

try:
    import numba
except ImportError:  # the "fast" extra is not installed
    NUMBA: Final = False
else:
    NUMBA = True  # type: ignore[misc]

PAD: Final = _t.PAD


def _jit(function: Any) -> Any:
    return numba.njit(cache=True, nogil=True)(function) if NUMBA else function


@_jit
def _standard_loop(
    hands: Any,
    rows_ex: Any,
    keys: Any,
    base: Any,
    lo: Any,
    values: Any,
    fsuit: Any,
    flush: Any,
    out: Any,
) -> None:
    for i in range(hands.shape[0]):
        ex = rows_ex[i]
        key = 0
        for j in range(hands.shape[1]):
            key += keys[ex, hands[i, j]]
        value = values[base[key >> 30] + lo[(key >> 16) & 0x3FFF]]
        suit = fsuit[key & 0xFFFF]
        if suit >= 0:
            mask = 0
            for j in range(hands.shape[1]):
                c = hands[i, j]
                if c != PAD and (c & 3) == suit:
                    mask |= 1 << (c >> 2)
            f = flush[mask]
            if f > value:
                value = f
        out[i] = value


@_jit
def _americana_loop(
    hands: Any,
    mode: int,
    keys: Any,
    base: Any,
    lo: Any,
    rows: Any,
    fsuit: Any,
    flush: Any,
    deciding: Any,
    group: Any,
    priority: Any,
    out: Any,
) -> None:
    for i in range(hands.shape[0]):
        key = 0
        for j in range(5):
            key += keys[hands[i, j]]
        suit = fsuit[key & 0xFFFF]
        if suit >= 0:
            mask = 0
            for j in range(5):
                mask |= 1 << (hands[i, j] >> 2)
            cls = np.int32(flush[mask])
        else:
            cls = np.int32(rows[base[key >> 30] + lo[(key >> 16) & 0x3FFF]])
        if mode == 2:  # split
            out[i] = cls
            continue
        rank = deciding[cls]
        best = 0
        for j in range(5):
            c = hands[i, j]
            if (c >> 2) == rank:
                best = priority[c]
        if mode == 1:  # ranks_then_suit
            out[i] = cls * 4 + best
        else:  # seed
            out[i] = group[cls] * SEED_GROUP + best * SEED_SUIT + max(rank, 0)


def standard(hands: npt.NDArray[np.uint8], rows_ex: npt.NDArray[np.uint8], out: Any) -> None:
    """Standard / Palace values into ``out``; ``rows_ex`` is each row's key-table row."""
    _standard_loop(
        hands,
        rows_ex,
        _t.KEYS_BY_EXCLUSION,
        _t.BASE,
        _t.LO_INDEX,
        _t.STANDARD_ROWS,
        _t.FLUSH_SUIT,
        _t.STANDARD_FLUSH,
        out,
    )


def americana(hands: npt.NDArray[np.uint8], mode: int, out: Any) -> None:
    """Americana values into ``out``; ``mode`` indexes ``hand.TIE_BREAKS``."""
    _americana_loop(
        hands,
        mode,
        _t.KEYS_BY_EXCLUSION[_t.NO_EXCLUSION],
        _t.BASE,
        _t.LO_INDEX,
        _t.AMERICANA_ROWS,
        _t.FLUSH_SUIT,
        _t.AMERICANA_FLUSH,
        _t.AMERICANA_DECIDING,
        _t.AMERICANA_SEED_GROUP,
        _t.SUIT_PRIORITY,
        out,
    )


@_jit
def _first_bad_row(hands: Any, lowest: int, pad: int) -> tuple[int, int]:
    for i in range(hands.shape[0]):
        seen = 0
        for j in range(hands.shape[1]):
            c = hands[i, j]
            if c == pad:  # padding, where allowed (pad = -1 allows none)
                continue
            if c < lowest or c >= 52:
                return i, 1
            bit = np.int64(1) << c
            if seen & bit:
                return i, 2
            seen |= bit
    return -1, 0


def first_bad_row(hands: npt.NDArray[np.uint8], *, americana: bool) -> tuple[int, int]:
    """(row, 1 = card outside the deck / 2 = card given twice), or (-1, 0) if all good."""
    lowest = 20 if americana else 0
    row, problem = _first_bad_row(hands, lowest, -1 if americana else PAD)
    return int(row), int(problem)
