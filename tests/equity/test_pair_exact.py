"""Counting a heads-up contest by inclusion-exclusion gives exactly the enumeration's
tally (issue 13: the same exact result, faster)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import DECK_32, Card
from parlour.equity.americana import StudCards, _options, equity, unseen_cards
from parlour.equity.contest import Options, enumerate_all, pair_exact


@st.composite
def spots(draw: st.DrawFn) -> tuple[list[StudCards], list[Card], str]:
    cards = draw(st.permutations(DECK_32))
    hands = []
    at = 0
    for _ in range(2):
        hole = draw(st.booleans())
        ups = draw(st.integers(0 if hole else 1, 4))
        hands.append(StudCards(cards[at] if hole else None, tuple(cards[at + 1 : at + 1 + ups])))
        at += 1 + ups
    dead = list(cards[at : at + draw(st.integers(0, 3))])
    tie_break = draw(st.sampled_from(["seed", "ranks_then_suit", "split"]))
    return hands, dead, tie_break


@given(spots())
def test_pair_exact_equals_enumeration(spot: tuple[list[StudCards], list[Card], str]) -> None:
    hands, dead, tie_break = spot
    unseen = unseen_cards(hands, dead)
    players = [_options(h, unseen, tie_break) for h in hands]
    if players[0].masks.size * players[1].masks.size > 3_000_000:
        players = [players[0], Options(players[1].masks[:200], players[1].values[:200])]
    assert pair_exact(*players) == enumerate_all(players)


def test_ties_are_counted_for_both() -> None:
    masks = np.array([0b0011, 0b0101, 0b1100], np.int64)
    values = np.array([5, 7, 5], np.int64)
    players = [Options(masks, values), Options(masks.copy(), values.copy())]
    assert pair_exact(*players) == enumerate_all(players)
    assert pair_exact(*players).ties[0] > 0


def test_heads_up_equity_uses_it_and_stays_exact() -> None:
    hands = [StudCards(DECK_32[31], (DECK_32[30],)), StudCards(DECK_32[0], (DECK_32[1],))]
    result = equity(hands)
    assert result.exact
    assert sum(result.win) + result.tie[0] == pytest.approx(1.0)


def test_too_many_unseen_cards_are_refused() -> None:
    wide = Options(np.array([1 << 40], np.int64), np.array([1], np.int64))
    with pytest.raises(ValueError, match="31 unseen"):
        pair_exact(Options.known(1), wide)
