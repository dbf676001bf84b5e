"""The Americana state's one definition: its constructor sets every field, and ``copy()``
(written out field by field for speed) copies every field of ``__slots__``, deep where the
field is mutable, so a copy and its original never share a change."""

from __future__ import annotations

import random

import pytest

from parlour.games import americana
from parlour.games.americana import AmericanaHand
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def _mid_hand(seed: int, players: int = 4) -> AmericanaHand:
    """A hand some random decisions in (not over)."""
    rng = random.Random(seed)
    seats = [SeatSpec(i, 40, f"P{i}") for i in range(players)]
    options = americana.options_from_dict({"structure": "no_limit"})
    hand = americana.start_hand(options, seats, 0, SeededShuffler(rng))
    for _ in range(rng.randrange(1, 6)):
        if hand.is_over:
            break
        hand.apply(americana.random_action(hand.legal_actions(), hand.to_act or 0, rng))
    return hand


def test_the_constructor_sets_every_field() -> None:
    hand = americana.start_hand(
        americana.options_from_dict({}), [SeatSpec(0, 9), SeatSpec(1, 9)], 0, SeededShuffler(1)
    )
    unset = [name for name in AmericanaHand.__slots__ if not hasattr(hand, name)]
    assert not unset


@pytest.mark.parametrize("seed", range(20))
def test_copy_copies_every_slot_deep_where_mutable(seed: int) -> None:
    hand = _mid_hand(seed)
    twin = hand.copy()
    for name in AmericanaHand.__slots__:
        mine, theirs = getattr(hand, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list | dict):
            assert mine is not theirs, f"copy() shares the mutable field {name}"


@pytest.mark.parametrize("seed", range(20))
def test_a_copy_and_its_original_go_their_own_ways(seed: int) -> None:
    hand = _mid_hand(seed)
    if hand.is_over:
        return
    before = hand.snapshot()
    twin = hand.copy()
    rng = random.Random(seed)
    while not twin.is_over:
        twin.apply(americana.random_action(twin.legal_actions(), twin.to_act or 0, rng))
    assert hand.snapshot() == before
    again = hand.copy()
    assert again.snapshot() == before
