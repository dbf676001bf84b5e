"""Many hands at once: NumPy by default, numba when importable (extra ``fast``).

Hands are an ``(N, k)`` ``uint8`` array, ``k <= 9``, padded with 255 for "no card", so
one array can hold hands of different sizes. The values are exactly those of the
single-hand functions in :mod:`parlour.evaluation.value`.

numba is imported lazily, on the first batch call, never at ``import parlour.evaluation``.
``PARLOUR_NO_NUMBA=1`` in the environment forces the NumPy path (CI runs both).
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Callable
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from parlour.evaluation import tables as _t
from parlour.evaluation.category import RANKINGS
from parlour.evaluation.value import SEED_GROUP, SEED_SUIT, TIE_BREAKS, check_tie_break

IntArray = npt.NDArray[np.int32]
Hands = npt.NDArray[np.uint8]

#: Rows per NumPy step: small enough that the temporaries stay in cache.
CHUNK: Final = 1 << 14
BACKENDS: Final[tuple[str, ...]] = ("auto", "numpy", "numba")
#: Cards 0..19 are the 2s to 6s, absent from the 32-card deck (A-1).
FIRST_AMERICANA_CARD: Final = 20
#: Per card byte: 1 << card for a card, 0 for padding (duplicate test).
_CARD_BIT: Final = np.array([1 << c if c < 52 else 0 for c in range(256)], np.uint64)
#: Per card byte: allowed in a standard/palace row (a card or padding), in Americana.
_VALID_CARD: Final = np.array([c < 52 or c == _t.PAD for c in range(256)])
_VALID_AMERICANA: Final = np.array([FIRST_AMERICANA_CARD <= c < 52 for c in range(256)])


def evaluate_batch(
    hands: npt.ArrayLike,
    *,
    game: str = "standard",
    exclude: int | npt.ArrayLike | None = None,
    tie_break: str = "seed",
    backend: str = "auto",
    check: bool = True,
) -> IntArray:
    """The value of every row of ``hands`` (an int32 array), equal to the one-hand values.

    ``game``: "standard" or "palace" (best five of 0-9 cards, P-3/P-37/P-38; a row of
    padding only is 0), or "americana" (exactly five cards of the 32-card deck in every
    row, with ``tie_break`` as in :func:`~parlour.evaluation.americana_value`).
    ``exclude`` (palace only): None, one suit for all rows, or one per row (4 = none).
    ``backend``: "auto" (numba if importable and not disabled), "numpy" or "numba".
    ``check=False`` skips the input checks (range, duplicates, row sizes).
    """
    if game not in RANKINGS:
        raise ValueError(f"bad game {game!r}: use one of {', '.join(RANKINGS)}")
    check_tie_break(tie_break)
    array = _as_hands(hands)
    use_numba = _use_numba(backend)
    if check:
        _check_hands(array, americana=game == "americana", use_numba=use_numba)
    if game == "americana":
        if exclude is not None:
            raise ValueError("exclude applies to game='palace' only")
        mode = TIE_BREAKS.index(tie_break)
        if use_numba:
            return _run_kernel("americana", array, mode)
        return _chunked(lambda h: _americana_numpy(h, mode), array)
    if game == "standard" and exclude is not None:
        raise ValueError("exclude applies to game='palace' only")
    rows = _exclusion_rows(exclude, len(array))
    if use_numba:
        per_row = np.broadcast_to(np.asarray(rows, np.uint8), (len(array),))
        return _run_kernel("standard", array, np.ascontiguousarray(per_row))
    if isinstance(rows, int):
        keys = _t.KEYS_BY_EXCLUSION[rows]
        return _chunked(lambda h: _standard_numpy(h, keys, None), array)
    flat = _t.KEYS_BY_EXCLUSION.reshape(-1)
    offsets = rows.astype(np.intp) << 8
    out = np.empty(len(array), np.int32)
    for start in range(0, len(array), CHUNK):
        stop = start + CHUNK
        out[start:stop] = _standard_numpy(array[start:stop], flat, offsets[start:stop])
    return out


def _as_hands(hands: npt.ArrayLike) -> Hands:
    array = _from_card_lists(hands)
    if array is not None:
        return array
    array = np.asarray(hands)
    if array.ndim != 2 or array.shape[1] > 9:
        raise ValueError(f"hands must be an (N, k) array with k <= 9, got shape {array.shape}")
    if array.dtype != np.uint8:
        if array.dtype.kind not in "iu":
            raise ValueError(f"hands must hold integer card numbers, got {array.dtype}")
        if array.size and (array.min() < 0 or array.max() > _t.PAD):
            raise ValueError("card numbers must be 0..51, or 255 for no card")
        array = array.astype(np.uint8)
    return np.ascontiguousarray(array)


def _from_card_lists(hands: object) -> Hands | None:
    """Rows of cards given as Python lists or tuples of equal length, as ``uint8``.

    ``bytes`` of the chained cards converts about five times faster than ``np.asarray``
    on nested lists (which first builds an int64 array), and checks 0..255 on the way.
    ``None`` when ``hands`` is not such a list (NumPy then reads it as usual).
    """
    if not isinstance(hands, list | tuple) or not hands:
        return None
    first = hands[0]
    if not isinstance(first, list | tuple):
        return None
    width = len(first)
    try:
        if width > 9 or set(map(len, hands)) != {width}:
            return None
        flat = bytes(itertools.chain.from_iterable(hands))
    except (TypeError, ValueError):
        return None  # not small non-negative ints: NumPy's path gives the precise error
    return np.frombuffer(flat, np.uint8).reshape(len(hands), width)


def _check_hands(hands: Hands, *, americana: bool, use_numba: bool) -> None:
    """ValueError naming the first bad row: unknown card, duplicate, wrong size.

    Whole-array tests first (cheap); rows are located only when something is wrong.
    A row repeats a card exactly when the sum of its cards' bits (1 << card) differs
    from their OR, which costs far less than sorting the rows.
    """
    if americana and hands.shape[1] != 5:
        raise ValueError(f"americana hands are exactly 5 cards, got rows of {hands.shape[1]}")
    if use_numba:
        from parlour.evaluation import kernels  # lazy: importing it imports numba

        row, problem = kernels.first_bad_row(hands, americana=americana)
        if problem:
            lowest = FIRST_AMERICANA_CARD if americana else 0
            text = f"a card outside the deck (cards {lowest}..51)" if problem == 1 else ""
            raise ValueError(f"row {row} of hands has {text or 'a card given twice'}")
        return
    for start in range(0, len(hands), CHUNK):  # chunks keep the temporaries in cache
        _check_chunk(hands[start : start + CHUNK], start, americana=americana)


def _check_chunk(hands: Hands, first_row: int, *, americana: bool) -> None:
    lowest = FIRST_AMERICANA_CARD if americana else 0
    valid = _VALID_AMERICANA if americana else _VALID_CARD
    allowed: npt.NDArray[np.bool_] = valid.take(hands)
    if np.count_nonzero(allowed) != hands.size:
        problem = f"a card outside the deck (cards {lowest}..51)"
        _raise_for_row(np.logical_not(allowed).any(axis=1), first_row, problem)
    total = np.zeros(len(hands), np.uint64)
    union = np.zeros(len(hands), np.uint64)
    for j in range(hands.shape[1]):
        bit = _CARD_BIT.take(hands[:, j])
        total += bit
        union |= bit
    _raise_for_row(np.not_equal(total, union), first_row, "a card given twice")


def _raise_for_row(bad_rows: npt.ArrayLike, first_row: int, problem: str) -> None:
    if np.count_nonzero(bad_rows):
        row = first_row + int(np.argmax(np.asarray(bad_rows)))
        raise ValueError(f"row {row} of hands has {problem}")


def _exclusion_rows(exclude: int | npt.ArrayLike | None, count: int) -> int | npt.NDArray[Any]:
    """The key-table row(s): an int for every row alike, else one per row (4 = none)."""
    if exclude is None:
        return _t.NO_EXCLUSION
    if isinstance(exclude, int | np.integer):
        if not 0 <= int(exclude) <= _t.NO_EXCLUSION:
            raise ValueError(f"bad excluded suit {exclude!r}: use 0 to 3, or 4 for none")
        return int(exclude)
    rows = np.asarray(exclude)
    if rows.shape != (count,) or rows.dtype.kind not in "iu":
        raise ValueError(f"exclude must be an int or {count} ints (one per hand)")
    if rows.size and (rows.min() < 0 or rows.max() > _t.NO_EXCLUSION):
        raise ValueError("excluded suits must be 0 to 3, or 4 for none")
    return rows


def _use_numba(backend: str) -> bool:
    if backend not in BACKENDS:
        raise ValueError(f"bad backend {backend!r}: use one of {', '.join(BACKENDS)}")
    if backend == "numpy":
        return False
    if backend == "numba":
        if not numba_available():
            raise RuntimeError("numba is not available (install parlour[fast])")
        return True
    return numba_available()


def numba_disabled() -> bool:
    """True when ``PARLOUR_NO_NUMBA`` is set to anything but "", "0"."""
    return os.environ.get("PARLOUR_NO_NUMBA", "") not in ("", "0")


def numba_available() -> bool:
    """True if the numba path can run: not disabled and numba importable."""
    if numba_disabled():
        return False
    try:
        from parlour.evaluation import kernels  # lazy: importing it imports numba
    except ImportError:
        return False
    return kernels.NUMBA


def _run_kernel(name: str, hands: Hands, arg: Any) -> IntArray:
    from parlour.evaluation import kernels

    out = np.empty(len(hands), np.int32)
    if name == "standard":
        kernels.standard(hands, arg, out)
    else:
        kernels.americana(hands, arg, out)
    return out


def _chunked(step: Callable[[Hands], IntArray], hands: Hands) -> IntArray:
    out = np.empty(len(hands), np.int32)
    for start in range(0, len(hands), CHUNK):
        out[start : start + CHUNK] = step(hands[start : start + CHUNK])
    return out


def _key_sums(hands: Hands, keys: npt.NDArray[np.int64], offsets: Any) -> npt.NDArray[np.int64]:
    """Sum of the card keys per row, one column at a time (faster than a 2-D sum)."""
    key = np.zeros(len(hands), np.int64)
    part = np.empty(len(hands), np.int64)
    for j in range(hands.shape[1]):
        column = hands[:, j] if offsets is None else offsets + hands[:, j]
        keys.take(column, out=part)
        key += part
    return key


def _rows(key: npt.NDArray[np.int64]) -> npt.NDArray[np.int32]:
    """The GenKey perfect hash: BASE[high field] + LO_INDEX[low field]."""
    low = key >> _t.LOW_SHIFT
    low &= _t.LOW_FIELD
    row = _t.BASE.take(key >> _t.HIGH_SHIFT)
    row += _t.LO_INDEX.take(low)
    return row


def _flush_masks(hands: Hands, suit: npt.NDArray[np.int8]) -> npt.NDArray[np.int32]:
    """The 13-bit rank mask of each row's cards of ``suit`` (padding has no bit).

    One column at a time: a reduction along the short row axis is much slower.
    """
    mask = np.zeros(len(hands), np.int32)
    for j in range(hands.shape[1]):
        column = hands[:, j]
        mask |= np.where((column & 3) == suit, _t.RANK_BIT.take(column), 0)
    return mask


def _standard_numpy(hands: Hands, keys: npt.NDArray[np.int64], offsets: Any) -> IntArray:
    key = _key_sums(hands, keys, offsets)
    value = _t.STANDARD_ROWS.take(_rows(key)).astype(np.int32)
    suit = _t.FLUSH_SUIT.take(key & _t.SUIT_FIELD)
    flushed = np.flatnonzero(suit >= 0)
    if flushed.size:
        flush = _t.STANDARD_FLUSH.take(_flush_masks(hands[flushed], suit[flushed]))
        value[flushed] = np.maximum(value[flushed], flush)
    return value


def _americana_numpy(hands: Hands, mode: int) -> IntArray:
    key = _key_sums(hands, _t.KEYS_BY_EXCLUSION[_t.NO_EXCLUSION], None)
    cls = _t.AMERICANA_ROWS.take(_rows(key)).astype(np.int32)
    suit = _t.FLUSH_SUIT.take(key & _t.SUIT_FIELD)
    flushed = np.flatnonzero(suit >= 0)
    if flushed.size:
        cls[flushed] = _t.AMERICANA_FLUSH.take(_flush_masks(hands[flushed], suit[flushed]))
    if mode == TIE_BREAKS.index("split"):
        return cls
    deciding = _t.AMERICANA_DECIDING.take(cls)
    is_deciding = (hands >> 2) == deciding[:, None]
    priority = np.where(is_deciding, _t.SUIT_PRIORITY[hands], 0).max(axis=1).astype(np.int32)
    if mode == TIE_BREAKS.index("ranks_then_suit"):
        ranked: IntArray = cls * 4 + priority
        return ranked
    group = _t.AMERICANA_SEED_GROUP.take(cls).astype(np.int32)
    seeded: IntArray = group * SEED_GROUP + priority * SEED_SUIT + np.maximum(deciding, 0)
    return seeded
