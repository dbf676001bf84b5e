"""Exhaustive counts against EVALUATOR.md section 4 (every hand of a deck, batch path)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from evaluation_cases import all_hands, seven_card_chunks, with_backends

from parlour.cards import DECK_32
from parlour.evaluation import Category, americana_value, category_of, evaluate_batch
from parlour.evaluation import tables as t

C = Category


def _category_counts(values: npt.NDArray[np.int32]) -> dict[Category, tuple[int, int]]:
    """Hands and distinct values per category (standard values)."""
    categories = t.STANDARD_CLASSES[values, 0]
    out = {}
    for cat in Category:
        chosen = values[categories == cat]
        out[cat] = (len(chosen), len(np.unique(chosen)))
    return out


FIVE_OF_52 = {
    C.STRAIGHT_FLUSH: (40, 10),
    C.FOUR_OF_A_KIND: (624, 156),
    C.FULL_HOUSE: (3_744, 156),
    C.FLUSH: (5_108, 1_277),
    C.STRAIGHT: (10_200, 10),
    C.THREE_OF_A_KIND: (54_912, 858),
    C.TWO_PAIR: (123_552, 858),
    C.PAIR: (1_098_240, 2_860),
    C.HIGH_CARD: (1_302_540, 1_277),
}


@with_backends
def test_p3_every_five_card_hand_of_52(backend: str) -> None:
    values = evaluate_batch(all_hands(range(52), 5), backend=backend)
    assert len(values) == 2_598_960
    assert len(np.unique(values)) == 7_462
    assert _category_counts(values) == FIVE_OF_52


SEVEN_OF_52 = {
    C.STRAIGHT_FLUSH: (41_584, 10),
    C.FOUR_OF_A_KIND: (224_848, 156),
    C.FULL_HOUSE: (3_473_184, 156),
    C.FLUSH: (4_047_644, 1_277),
    C.STRAIGHT: (6_180_020, 10),
    C.THREE_OF_A_KIND: (6_461_620, 575),
    C.TWO_PAIR: (31_433_400, 763),
    C.PAIR: (58_627_800, 1_470),
    C.HIGH_CARD: (23_294_460, 407),
}


@with_backends
@pytest.mark.slow
def test_p3_every_seven_card_hand_of_52(backend: str) -> None:
    counts = np.zeros(len(t.STANDARD_CLASSES), np.int64)
    for chunk in seven_card_chunks():
        values = evaluate_batch(chunk, backend=backend, check=False)
        counts += np.bincount(values, minlength=len(counts))
    assert counts.sum() == 133_784_560
    assert np.count_nonzero(counts) == 4_824
    seen = np.flatnonzero(counts)
    categories = t.STANDARD_CLASSES[seen, 0]
    found = {
        cat: (int(counts[seen[categories == cat]].sum()), int((categories == cat).sum()))
        for cat in Category
    }
    assert found == SEVEN_OF_52


FIVE_OF_32 = {
    C.STRAIGHT_FLUSH: (20, 5),
    C.FOUR_OF_A_KIND: (224, 56),
    C.FLUSH: (204, 51),
    C.FULL_HOUSE: (1_344, 56),
    C.STRAIGHT: (5_100, 5),
    C.THREE_OF_A_KIND: (10_752, 168),
    C.TWO_PAIR: (24_192, 168),
    C.PAIR: (107_520, 280),
    C.HIGH_CARD: (52_020, 51),
}

# Distinct seed-mode values over all 201,376 hands, by category. The seed
# compares only the defining ranks, then the deciding card's suit, then its rank, so:
#   straight flush, straight: 5 top cards x 4 suits = 20 each
#   four/three of a kind, full house: 8 set ranks, no suit step = 8 each
#   flush, high card: the highest card is Q, K or A (x 4 suits) = 12 each
#   two pair: C(8,2) = 28 pairs x 6 fifth-card ranks x 4 suits = 672
#   pair: 8 pair ranks x 5 possible top kickers (the 5 highest of the other 7 ranks,
#         as two lower kickers are needed) x 4 suits = 160
# 920 in all. EVALUATOR.md's 2,520 compared every kicker before the suit: that is the
# ranks_then_suit count (each rank class x 4 deciding suits, trips/FH/quads x 1).
SEED_VALUES_OF_32 = {
    C.STRAIGHT_FLUSH: 20,
    C.FOUR_OF_A_KIND: 8,
    C.FLUSH: 12,
    C.FULL_HOUSE: 8,
    C.STRAIGHT: 20,
    C.THREE_OF_A_KIND: 8,
    C.TWO_PAIR: 672,
    C.PAIR: 160,
    C.HIGH_CARD: 12,
}


def _americana_counts(values: npt.NDArray[np.int32], mode: str) -> dict[Category, list[int]]:
    out: dict[Category, list[int]] = {c: [0, 0] for c in Category}
    distinct, hands = np.unique(values, return_counts=True)
    for value, count in zip(distinct.tolist(), hands.tolist(), strict=True):
        cat = category_of(value, game="americana", tie_break=mode)
        out[cat][0] += count
        out[cat][1] += 1
    return out


@with_backends
def test_a40_every_five_card_hand_of_32(backend: str) -> None:
    hands = all_hands(DECK_32, 5)
    split = evaluate_batch(hands, game="americana", tie_break="split", backend=backend)
    assert len(split) == 201_376
    counts = _americana_counts(split, "split")
    assert {c: tuple(v) for c, v in counts.items()} == FIVE_OF_32
    assert len(np.unique(split)) == 840


@with_backends
def test_a42_seed_distinct_values_of_32(backend: str) -> None:
    seed = evaluate_batch(all_hands(DECK_32, 5), game="americana", backend=backend)
    counts = _americana_counts(seed, "seed")
    assert {c: v[1] for c, v in counts.items()} == SEED_VALUES_OF_32
    assert len(np.unique(seed)) == 920


@with_backends
def test_a43_ranks_then_suit_distinct_values_of_32(backend: str) -> None:
    values = evaluate_batch(
        all_hands(DECK_32, 5), game="americana", tie_break="ranks_then_suit", backend=backend
    )
    assert len(np.unique(values)) == 2_520


@with_backends
@pytest.mark.parametrize("mode", ["seed", "ranks_then_suit", "split"])
def test_a42_batch_equals_one_hand_on_every_32_card_hand(backend: str, mode: str) -> None:
    hands = all_hands(DECK_32, 5)
    values = evaluate_batch(hands, game="americana", tie_break=mode, backend=backend)
    expected = [americana_value(h, mode) for h in hands.tolist()]
    assert values.tolist() == expected


#: A-3, read again here: hearts > diamonds > clubs > spades (card & 3: c=0, d=1, h=2, s=3).
_SUIT_RANK = {2: 3, 1: 2, 0: 1, 3: 0}
#: A-40, high to low, numbered low to high.
_A40 = ("high card", "pair", "two pair", "three of a kind", "straight", "full house",
        "flush", "four of a kind", "straight flush")  # fmt: skip
_SEVEN, _TEN, _ACE = 5, 8, 12  # card >> 2 for 7, T and A


def _rule_text_order(hand: list[int], mode: str) -> tuple[object, ...]:
    """A-40 to A-43 read from RULES.md, as a sort key; written here, apart from parlour's
    evaluator and its reference scorer, so the check is not the code checking itself.

    A-41: A-7-8-9-T is ten-high (the ace below the 7). A-42 (seed): category, the defining
    ranks, then the suit of the deciding card (the highest card of a straight, flush or
    high card hand; the fifth card of two pair; the highest card outside a pair), then
    that card's rank. A-43: every rank in the usual poker order, then that suit.
    """
    ranks = sorted((c >> 2 for c in hand), reverse=True)
    counts = {r: ranks.count(r) for r in set(ranks)}
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    flush = len({c & 3 for c in hand}) == 1
    top = _straight_top(ranks)
    shape = sorted(counts.values(), reverse=True)
    defining: tuple[int, ...]
    deciding: int | None
    if top is not None:
        name, defining, deciding = "straight", (top,), top
    elif shape[0] == 4:
        name, defining, deciding = "four of a kind", (by_count[0],), None
    elif shape == [3, 2]:
        name, defining, deciding = "full house", (by_count[0],), None
    elif flush:
        name, defining, deciding = "flush", (ranks[0],), ranks[0]
    elif shape[0] == 3:
        name, defining, deciding = "three of a kind", (by_count[0],), None
    elif shape[:2] == [2, 2]:
        name, defining, deciding = "two pair", (by_count[0], by_count[1]), by_count[2]
    elif shape[0] == 2:
        name, defining, deciding = "pair", (by_count[0],), by_count[1]
    else:
        name, defining, deciding = "high card", (ranks[0],), ranks[0]
    if top is not None and flush:
        name = "straight flush"
    suit = -1
    if deciding is not None:
        suit = _SUIT_RANK[next(c & 3 for c in hand if c >> 2 == deciding)]
    category = _A40.index(name)
    if mode == "seed":
        return (category, defining, suit, -1 if deciding is None else deciding)
    ordered = (top,) if top is not None else tuple(r for r in by_count for _ in range(counts[r]))
    return (category, ordered, suit)


def _straight_top(ranks: list[int]) -> int | None:
    """The top card of a straight (A-41), or ``None``."""
    if len(set(ranks)) != 5:
        return None
    if ranks[0] - ranks[4] == 4:
        return ranks[0]
    if ranks == [_ACE, _TEN, _TEN - 1, _TEN - 2, _SEVEN]:
        return _TEN  # A-7-8-9-T, the ace below the 7
    return None


@pytest.mark.parametrize("mode", ["seed", "ranks_then_suit"])
def test_a42_a43_values_order_every_hand_like_the_rule_text(mode: str) -> None:
    hands = all_hands(DECK_32, 5)
    values = evaluate_batch(hands, game="americana", tie_break=mode, backend="numpy")
    orders = [_rule_text_order(h, mode) for h in hands.tolist()]
    dense = {o: i for i, o in enumerate(sorted(set(orders)))}
    ranks = np.array([dense[o] for o in orders], np.int64)
    pairs = np.unique(values.astype(np.int64) << 32 | ranks)  # sorted by our value
    assert len(pairs) == len(np.unique(values)) == len(dense)
    assert (np.diff(pairs & 0xFFFFFFFF) > 0).all()
