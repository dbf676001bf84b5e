"""A slow, readable reference scorer: the single source of truth for the tables.

Every ranking question is answered here in plain terms (counts of each rank, the set of
ranks of one suit) and returns a *sort key*: a tuple that compares exactly as the hands
do. :mod:`parlour.evaluation.generate` turns these keys into the fast look-up tables;
the tests compare the fast paths with these functions and with a best-of-subsets brute
force (:func:`best_of_subsets`).

Ranks are indices 0 (two) to 12 (ace). A sort key is ``(strength, r1, r2, r3, r4, r5)``:
the category's strength in the game, then the ranks that matter, in the order they are
compared, padded with ``MISSING`` (P-38: a missing card ranks below every card).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Final

from parlour.evaluation.category import AMERICANA_ORDER, Category, strength

SortKey = tuple[int, int, int, int, int, int]

#: P-38: a missing card ranks below every card (and below rank 0, the two).
MISSING: Final = -1
ACE: Final = 12
#: A-41: in the 32-card deck the ace also plays below the seven (A-7-8-9-T).
SEVEN: Final = 5


def _key(category: Category, ranks: Sequence[int], game: str) -> SortKey:
    padded = [*ranks, MISSING, MISSING, MISSING, MISSING, MISSING][:5]
    return (strength(category, game), padded[0], padded[1], padded[2], padded[3], padded[4])


def straight_top(ranks: set[int], game: str = "standard") -> int | None:
    """The top rank of the best straight among ``ranks``, or None.

    The ace also plays low: A-2-3-4-5 (five-high) in the 52-card games (P-3), and
    A-7-8-9-T (ten-high) in Americana (A-41).
    """
    low = SEVEN if game == "americana" else 0
    for top in range(ACE, low + 3, -1):
        if all(r in ranks for r in range(top - 4, top + 1)):
            return top
    wheel_top = low + 3
    if ACE in ranks and all(r in ranks for r in range(low, wheel_top + 1)):
        return wheel_top
    return None


def rank_key(counts: Sequence[int], game: str = "standard") -> SortKey:
    """The best hand from cards whose ranks have these ``counts``, ignoring flushes.

    ``counts[r]`` is how many cards of rank ``r`` there are (0 to 4, any total 0 to 9).
    Straights need five distinct ranks; the other categories use what is there (P-38).
    """
    present = [r for r in range(12, -1, -1) if counts[r]]  # highest first
    by_count = {n: [r for r in present if counts[r] >= n] for n in (1, 2, 3, 4)}
    top = straight_top(set(present), game) if len(present) >= 5 else None
    best: list[SortKey] = []
    if by_count[4]:
        quad = by_count[4][0]
        best.append(_key(Category.FOUR_OF_A_KIND, [quad, *_others(present, quad)[:1]], game))
    if by_count[3]:
        trips = by_count[3][0]
        pairs = [r for r in by_count[2] if r != trips]
        if pairs:
            best.append(_key(Category.FULL_HOUSE, [trips, pairs[0]], game))
        best.append(_key(Category.THREE_OF_A_KIND, [trips, *_others(present, trips)[:2]], game))
    if top is not None:
        best.append(_key(Category.STRAIGHT, [top], game))
    if len(by_count[2]) >= 2:
        high, low = by_count[2][:2]
        best.append(_key(Category.TWO_PAIR, [high, low, *_others(present, high, low)[:1]], game))
    if by_count[2]:
        pair = by_count[2][0]
        best.append(_key(Category.PAIR, [pair, *_others(present, pair)[:3]], game))
    best.append(_key(Category.HIGH_CARD, present[:5], game))
    return max(best)


def flush_key(suited: set[int], game: str = "standard") -> SortKey:
    """The best flush or straight flush from these ranks of one suit (five or more)."""
    if len(suited) < 5:
        raise ValueError("a flush needs five cards of one suit")
    top = straight_top(suited, game)
    if top is not None:
        return _key(Category.STRAIGHT_FLUSH, [top], game)
    return _key(Category.FLUSH, sorted(suited, reverse=True)[:5], game)


def _others(present: list[int], *used: int) -> list[int]:
    return [r for r in present if r not in used]


def hand_key(cards: Sequence[int], game: str = "standard") -> SortKey:
    """The sort key of the best five of ``cards`` (card = 4 * rank + suit)."""
    counts = [0] * 13
    for c in cards:
        counts[c >> 2] += 1
    best = rank_key(counts, game)
    for suit in range(4):
        suited = {c >> 2 for c in cards if c & 3 == suit}
        if len(suited) >= 5:
            best = max(best, flush_key(suited, game))
    return best


def five_card_key(cards: Sequence[int], game: str = "standard") -> SortKey:
    """A second, independent scorer for exactly five cards: category by direct tests."""
    ranks = sorted((c >> 2 for c in cards), reverse=True)
    groups = sorted({r: ranks.count(r) for r in ranks}.items(), key=lambda rc: (-rc[1], -rc[0]))
    shape = tuple(n for _, n in groups)
    ordered = [r for r, _ in groups]
    is_flush = len({c & 3 for c in cards}) == 1
    top = straight_top(set(ranks), game) if len(groups) == 5 else None
    if top is not None:
        category = Category.STRAIGHT_FLUSH if is_flush else Category.STRAIGHT
        return _key(category, [top], game)
    if is_flush:
        return _key(Category.FLUSH, ordered, game)
    category = {
        (4, 1): Category.FOUR_OF_A_KIND,
        (3, 2): Category.FULL_HOUSE,
        (3, 1, 1): Category.THREE_OF_A_KIND,
        (2, 2, 1): Category.TWO_PAIR,
        (2, 1, 1, 1): Category.PAIR,
        (1, 1, 1, 1, 1): Category.HIGH_CARD,
    }[shape]
    return _key(category, ordered[:2] if category == Category.FULL_HOUSE else ordered, game)


def best_of_subsets(cards: Sequence[int], game: str = "standard") -> SortKey:
    """Brute force for five or more cards: the best :func:`five_card_key` of all subsets."""
    return max(five_card_key(five, game) for five in itertools.combinations(cards, 5))


def category_of_key(key: SortKey, game: str = "standard") -> Category:
    """The category named by a sort key's first element."""
    order = AMERICANA_ORDER if game == "americana" else tuple(Category)
    return order[key[0]]


def seed_parts(key: SortKey) -> tuple[tuple[int, ...], int | None]:
    """A-42 for an Americana five-card sort key: (defining ranks, deciding rank or None).

    The deciding card is the highest card for a straight flush, straight, flush or high
    card (the ten of A-7-8-9-T), the fifth card for two pair, the highest card outside
    the pair for a pair; four of a kind, full house and three of a kind have none.
    """
    category = category_of_key(key, "americana")
    ranks = key[1:]
    if category == Category.TWO_PAIR:
        return (ranks[0], ranks[1]), ranks[2]
    if category == Category.PAIR:
        return (ranks[0],), ranks[1]
    if category in (Category.FOUR_OF_A_KIND, Category.FULL_HOUSE, Category.THREE_OF_A_KIND):
        return (ranks[0],), None
    return (ranks[0],), ranks[0]
