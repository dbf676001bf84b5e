"""One hand at a time: plain Python over list tables (no NumPy call in the hot path).

Two layers:

* ``*_unchecked`` functions (:func:`standard_value_unchecked`,
  :func:`palace_value_unchecked`, :func:`americana_value_unchecked`,
  :func:`visible_value_unchecked`) trust their input: a sequence of the right number of
  distinct cards of the right deck, and a valid suit or tie-break. Engines that deal
  their own cards call these; wrong input gives a wrong value or an arbitrary error.
* The public functions (:func:`standard_value`, :func:`palace_value`,
  :func:`americana_value`, :func:`visible_value`) check the input first and raise
  ``ValueError`` naming the problem.

Values: bigger is better, equal is a tie. Standard and Palace values share one scale
(dense class numbers, 0 = no usable card). Americana values depend on ``tie_break``.
"""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Final

from parlour.cards import AMERICANA_SUIT_PRIORITY, DECK_32, Card, Suit
from parlour.evaluation import tables as _t

TIE_BREAKS: Final[tuple[str, ...]] = ("seed", "ranks_then_suit", "split")
#: Seed-mode value = group * SEED_GROUP + suit priority * SEED_SUIT + deciding rank.
SEED_GROUP: Final = 64
SEED_SUIT: Final = 16

_KEYS: Final = _t.KEY_LIST
_PLAIN_KEYS: Final = _KEYS[_t.NO_EXCLUSION]
_BASE: Final = _t.BASE_LIST
_LO: Final = _t.LO_LIST
_FSUIT: Final = _t.FLUSH_SUIT_LIST
_STD: Final = _t.STANDARD_LIST
_STD_FLUSH: Final = _t.STANDARD_FLUSH_LIST
_AM_ROW: Final = _t.AMERICANA_BY_ROW
_AM_FLUSH: Final = _t.AMERICANA_FLUSH_LIST
_GROUP: Final = _t.SEED_GROUP_LIST
_DECIDING: Final = _t.DECIDING_LIST
_PRIORITY: Final = AMERICANA_SUIT_PRIORITY
_DECK_52: Final = frozenset(range(52))
_DECK_32: Final = frozenset(DECK_32)
_SEQUENCES: Final = (tuple, list)


def standard_value_unchecked(
    cards: Sequence[int],
    keys: list[int] = _PLAIN_KEYS,
    *,
    _std: list[int] = _STD,
    _base: list[int] = _BASE,
    _lo: list[int] = _LO,
    _fsuit: list[int] = _FSUIT,
    _flush: list[int] = _STD_FLUSH,
) -> int:
    """:func:`standard_value` without input checks (0 to 9 distinct cards 0..51).

    GenKey: sum the card keys, hash the rank counts, look up; a flush is looked up by
    its suit's rank mask. ``keys`` is a row of :data:`tables.KEY_LIST` (Palace passes
    the row that zeroes the excluded suit). The underscore defaults bind the tables
    as locals, which is measurably faster than global look-ups.
    """
    count = len(cards)
    if count == 7:  # unrolled for the common sizes: about 25% faster than the loop
        a, b, c, d, e, f, g = cards
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e] + keys[f] + keys[g]
    elif count == 5:
        a, b, c, d, e = cards
        key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
    else:
        key = 0
        for c in cards:
            key += keys[c]
    value = _std[_base[key >> 30] + _lo[(key >> 16) & 0x3FFF]]
    suit = _fsuit[key & 0xFFFF]
    if suit >= 0:  # about 3% of random 7-card hands
        mask = 0
        for c in cards:
            if c & 3 == suit:
                mask |= 1 << (c >> 2)
        flush = _flush[mask]
        if flush > value:  # with 8-9 cards a full house or quads can beat the flush
            return flush
    return value


def palace_value_unchecked(cards: Sequence[int], exclude: int | None) -> int:
    """:func:`palace_value` without input checks; the excluded suit's keys are 0."""
    return standard_value_unchecked(cards, _KEYS[_t.NO_EXCLUSION if exclude is None else exclude])


def check_cards(cards: Sequence[int], lowest: int, highest: int, deck: frozenset[int]) -> None:
    """Raise ``ValueError`` unless ``cards`` are ``lowest``..``highest`` distinct deck cards."""
    count = len(cards)
    if not lowest <= count <= highest:
        need = str(lowest) if lowest == highest else f"{lowest} to {highest}"
        raise ValueError(f"wrong number of cards: got {count}, need {need}")
    try:
        distinct = set(cards)
    except TypeError:
        raise ValueError(f"not cards: {cards!r}") from None
    if not distinct <= deck:
        bad = next(c for c in cards if c not in deck)
        raise ValueError(f"not a card of the {len(deck)}-card deck: {bad!r}")
    if len(distinct) != count:
        twice = next(c for c in cards if list(cards).count(c) > 1)
        raise ValueError(f"card {_name(twice)} is given twice")


def not_cards(cards: Sequence[object]) -> ValueError:
    """The error for values equal to card numbers that are not ints (such as 3.0).

    The checked functions catch the ``TypeError`` a list index raises for them rather
    than testing every element's type, which would cost more than the evaluation.
    """
    bad = next((c for c in cards if not isinstance(c, int)), cards)
    return ValueError(f"not a card: {bad!r}")


def _name(card: int) -> str:
    return str(Card(card))


def _as_sequence(cards: Sequence[int]) -> Sequence[int]:
    if type(cards) in _SEQUENCES:
        return cards
    try:
        return tuple(cards)
    except TypeError:
        raise ValueError(f"not a sequence of cards: {cards!r}") from None


def standard_value(cards: Sequence[int]) -> int:
    """P-3 / P-38: the value of the best five of 1 to 9 cards of the 52-card deck."""
    cards = _as_sequence(cards)
    check_cards(cards, 1, 9, _DECK_52)
    try:
        return standard_value_unchecked(cards)
    except TypeError:
        raise not_cards(cards) from None


def palace_value(cards: Sequence[int], exclude: Suit | int | None) -> int:
    """P-37 / P-38: :func:`standard_value` counting no card of suit ``exclude``.

    Accepts 0 to 9 cards; no usable card at all gives 0, the lowest value.
    """
    cards = _as_sequence(cards)
    check_cards(cards, 0, 9, _DECK_52)
    try:
        return standard_value_unchecked(cards, _KEYS[check_suit(exclude)])
    except TypeError:
        raise not_cards(cards) from None


def check_suit(exclude: Suit | int | None) -> int:
    """The key-table row for an excluded suit (None: no exclusion); ValueError if bad."""
    if exclude is None:
        return _t.NO_EXCLUSION
    try:
        row = operator.index(exclude)  # accepts Suit, int and NumPy integers
    except TypeError:
        row = -1
    if 0 <= row <= 3:
        return row
    raise ValueError(f"bad excluded suit {exclude!r}: give a Suit, 0 to 3, or None")


def americana_class_unchecked(cards: Sequence[int]) -> int:
    """Rank-only class (A-40, A-41) of five distinct cards of the 32-card deck."""
    a, b, c, d, e = cards
    keys = _PLAIN_KEYS
    key = keys[a] + keys[b] + keys[c] + keys[d] + keys[e]
    if _FSUIT[key & 0xFFFF] >= 0:  # five cards of one suit: flush or straight flush
        return _AM_FLUSH[
            1 << (a >> 2) | 1 << (b >> 2) | 1 << (c >> 2) | 1 << (d >> 2) | 1 << (e >> 2)
        ]
    return _AM_ROW[_BASE[key >> 30] + _LO[(key >> 16) & 0x3FFF]]


def deciding_suit(cards: Sequence[int], cls: int) -> int:
    """A-42: the A-3 priority of the deciding card's suit (0 when there is none)."""
    rank = _DECIDING[cls]
    for c in cards:
        if c >> 2 == rank:
            return _PRIORITY[c & 3]
    return 0


def americana_value_unchecked(cards: Sequence[int], tie_break: str = "seed") -> int:
    """:func:`americana_value` without input checks."""
    cls = americana_class_unchecked(cards)
    if tie_break == "seed":
        rank = _DECIDING[cls]
        suit = deciding_suit(cards, cls)
        return _GROUP[cls] * SEED_GROUP + suit * SEED_SUIT + max(rank, 0)
    if tie_break == "ranks_then_suit":
        return cls * 4 + deciding_suit(cards, cls)
    return cls


def americana_value(cards: Sequence[int], tie_break: str = "seed") -> int:
    """A-40 to A-44: the value of exactly five cards of the 32-card deck.

    ``seed`` orders by (category, defining ranks, deciding card's suit, its rank);
    ``ranks_then_suit`` by all five ranks then the deciding card's suit; ``split`` by
    ranks only, so equal values split.
    """
    check_tie_break(tie_break)
    cards = _as_sequence(cards)
    check_cards(cards, 5, 5, _DECK_32)
    try:
        return americana_value_unchecked(cards, tie_break)
    except TypeError:
        raise not_cards(cards) from None


def check_tie_break(tie_break: str) -> None:
    """Raise ``ValueError`` for an unknown tie-break mode."""
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"bad tie_break {tie_break!r}: use one of {', '.join(TIE_BREAKS)}")


def visible_value_unchecked(upcards: Sequence[int]) -> int:
    """:func:`visible_value` without input checks."""
    top = max(upcards) >> 2
    best = max(_PRIORITY[c & 3] for c in upcards if c >> 2 == top)
    return standard_value_unchecked(upcards) * 4 + best


def visible_value(upcards: Sequence[int]) -> int:
    """A-14: the best visible hand of 1 to 4 upcards of the 32-card deck.

    Quads > trips > two pair > pair > high card, then ranks in order (the standard
    short-hand ranking, which has no straights or flushes under five cards), then the
    best A-3 suit among the upcards of the highest rank shown.
    """
    upcards = _as_sequence(upcards)
    check_cards(upcards, 1, 4, _DECK_32)
    try:
        return visible_value_unchecked(upcards)
    except TypeError:
        raise not_cards(upcards) from None


def own_suit_count(cards: Sequence[int], suit: Suit | int) -> int:
    """P-39: how many of ``cards`` are of ``suit`` (the battler's own banner suit)."""
    return sum(1 for c in cards if c & 3 == suit)
