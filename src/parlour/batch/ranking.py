"""Hand values inside the kernels, from the evaluator's own tables.

The same GenKey tables and the same arithmetic as :mod:`parlour.evaluation.value`, so a
value here equals the reference value bit for bit (tests compare them). The kernels get
the tables as two flat arrays: ``keys`` (int64: the card keys by excluded suit, then the
A-3 suit priorities) and ``tab`` (int32: every other table, one after another, their
offsets in its first ``HEADER`` entries). Two plain arrays, because numba pays for every
field read of a tuple of arrays (reference counting) more than for the look-up itself,
and because globals would freeze megabytes of constants into every compiled function.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.batch.jit import inline
from parlour.cards import AMERICANA_SUIT_PRIORITY
from parlour.evaluation import tables as _t

Ints = npt.NDArray[np.int64]
Int32s = npt.NDArray[np.int32]
#: Row of the card keys that excludes no suit.
NO_EXCLUSION = 4
#: The evaluator's key tables hold at most nine cards; beyond, every five is tried.
KEY_LIMIT = 9
#: ``keys[PRIORITY + suit]``: the A-3 priority of a suit (hearts 3 ... spades 0).
PRIORITY = 5 * 256
# Offsets of the tables in ``tab``, read from its header.
H_BASE, H_LO, H_FSUIT, H_STD, H_STD_FLUSH, H_AM, H_AM_FLUSH, H_DECIDING, H_GROUP = range(9)
HEADER = 9


class Tables(NamedTuple):
    """The two arrays the kernels read."""

    keys: Ints
    tab: Int32s


def load_tables() -> Tables:
    """Pack the evaluator's tables for the kernels."""
    keys = np.concatenate(
        [_t.KEYS_BY_EXCLUSION.reshape(-1), np.array(AMERICANA_SUIT_PRIORITY, np.int64)]
    ).astype(np.int64)
    parts: list[npt.NDArray[Any]] = [
        _t.BASE,
        _t.LO_INDEX,
        _t.FLUSH_SUIT,
        _t.STANDARD_ROWS,
        _t.STANDARD_FLUSH,
        _t.AMERICANA_ROWS,
        _t.AMERICANA_FLUSH,
        _t.AMERICANA_DECIDING,
        _t.AMERICANA_SEED_GROUP,
    ]
    header = np.zeros(HEADER, np.int64)
    at = HEADER
    for k, part in enumerate(parts):
        header[k] = at
        at += part.size
    tab = np.concatenate([header, *(p.reshape(-1).astype(np.int64) for p in parts)])
    return Tables(np.ascontiguousarray(keys), np.ascontiguousarray(tab.astype(np.int32)))


@inline
def key_of(keys: Ints, exclude: int, card: int) -> int:
    """The GenKey key of ``card``; 0 for a card of suit ``exclude`` (P-37)."""
    return int(keys[exclude * 256 + card])


@inline
def row(tab: Int32s, key: int) -> int:
    """The perfect-hash row of a key sum."""
    high = int(tab[tab[H_BASE] + (key >> 30)])
    return high + int(tab[tab[H_LO] + ((key >> 16) & 0x3FFF)])


@inline
def standard_keyed(cards: Ints, at: int, count: int, keys: Ints, tab: Int32s) -> int:
    """P-3/P-38 value of ``cards[at:at+count]`` (at most nine cards, all counting).

    Cards are read by offset, never through a slice: a slice is a new array whose
    reference counting costs more than the whole look-up.
    """
    key = 0
    for j in range(count):
        key += key_of(keys, NO_EXCLUSION, cards[at + j])
    value = int(tab[tab[H_STD] + row(tab, key)])
    suit = tab[tab[H_FSUIT] + (key & 0xFFFF)]
    if suit >= 0:
        mask = 0
        for j in range(count):
            c = cards[at + j]
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        flush = int(tab[tab[H_STD_FLUSH] + mask])
        if flush > value:
            value = flush
    return value


@inline
def standard_value(
    cards: Ints, at: int, count: int, exclude: int, keys: Ints, tab: Int32s, kept: Ints, k0: int
) -> int:
    """The best five of ``cards[at:at+count]`` not of suit ``exclude`` (4: none).

    The counting cards are copied to ``kept[k0:]`` (scratch space, with room for five
    more after them). Up to nine the tables answer at once; beyond, as the reference
    does, every five-card subset is valued and the best kept.
    """
    n = 0
    for j in range(count):
        c = cards[at + j]
        if exclude == NO_EXCLUSION or c & 3 != exclude:
            kept[k0 + n] = c
            n += 1
    if n <= KEY_LIMIT:
        return standard_keyed(kept, k0, n, keys, tab)
    return best_of_fives(kept, k0, n, keys, tab)


@inline
def best_of_fives(cards: Ints, at: int, count: int, keys: Ints, tab: Int32s) -> int:
    """The best value of any five of ``cards[at:at+count]`` (more than nine cards);
    each five is put in ``cards[at+count:at+count+5]``."""
    best = 0
    pick = at + count
    for a in range(count - 4):
        cards[pick] = cards[at + a]
        for b in range(a + 1, count - 3):
            cards[pick + 1] = cards[at + b]
            for c in range(b + 1, count - 2):
                cards[pick + 2] = cards[at + c]
                for d in range(c + 1, count - 1):
                    cards[pick + 3] = cards[at + d]
                    for e in range(d + 1, count):
                        cards[pick + 4] = cards[at + e]
                        value = standard_keyed(cards, pick, 5, keys, tab)
                        if value > best:
                            best = value
    return best


@inline
def americana_value(cards: Ints, at: int, mode: int, keys: Ints, tab: Int32s) -> int:
    """A-40 to A-44: the value of the five ``cards[at:at+5]``; ``mode`` 0 seed, 1 ranks
    then suit, 2 split (the order of ``parlour.evaluation.TIE_BREAKS``)."""
    key = 0
    for j in range(5):
        key += key_of(keys, NO_EXCLUSION, cards[at + j])
    if tab[tab[H_FSUIT] + (key & 0xFFFF)] >= 0:
        mask = 0
        for j in range(5):
            mask |= 1 << (cards[at + j] >> 2)
        cls = int(tab[tab[H_AM_FLUSH] + mask])
    else:
        cls = int(tab[tab[H_AM] + row(tab, key)])
    if mode == 2:
        return cls
    rank = int(tab[tab[H_DECIDING] + cls])
    best = 0
    for j in range(5):
        c = cards[at + j]
        if c >> 2 == rank:
            best = int(keys[PRIORITY + (c & 3)])
    if mode == 1:
        return cls * 4 + best
    return int(tab[tab[H_GROUP] + cls]) * 64 + best * 16 + max(rank, 0)


@inline
def card_order(card: int, keys: Ints, tab: Int32s) -> int:
    """Single cards by rank, then suit (A-3, A-12, A-51); bigger is better."""
    return (card >> 2) * 4 + int(keys[PRIORITY + (card & 3)])


@inline
def visible_value(cards: Ints, at: int, count: int, keys: Ints, tab: Int32s) -> int:
    """A-14: the best visible hand of the upcards ``cards[at:at+count]``, then the best
    suit among the upcards of the highest rank."""
    top = 0
    for j in range(count):
        if cards[at + j] >> 2 > top:
            top = cards[at + j] >> 2
    best = 0
    for j in range(count):
        c = cards[at + j]
        if c >> 2 == top and keys[PRIORITY + (c & 3)] > best:
            best = int(keys[PRIORITY + (c & 3)])
    return standard_keyed(cards, at, count, keys, tab) * 4 + int(best)
