"""Shuffles as inputs (R-1, R-3) and outcome comparison (HAND-RECORD.md)."""

import random

import pytest

from parlour.cards import DECK_32, DECK_52
from parlour.errors import ShuffleError
from parlour.outcome import AwardedPot, Outcome
from parlour.shuffles import RecordedShuffler, SecureShuffler, SeededShuffler


def test_r1_seeded_shuffles_repeat() -> None:
    assert SeededShuffler(7)(DECK_52) == SeededShuffler(random.Random(7))(DECK_52)
    assert SeededShuffler(7)(DECK_52) != SeededShuffler(8)(DECK_52)


def test_r3_secure_shuffle_is_a_permutation() -> None:
    order = SecureShuffler()(DECK_32)
    assert sorted(order) == sorted(DECK_32)


def test_r3_recorded_shuffles_replay_in_order_and_are_checked() -> None:
    first = SeededShuffler(1)(DECK_32)
    shuffler = RecordedShuffler([first, first[:5]])
    assert shuffler(DECK_32) == first
    assert shuffler.left_over == 1
    with pytest.raises(ShuffleError, match="shuffle 1 is not a permutation of the 4 cards"):
        shuffler(DECK_32[:4])
    with pytest.raises(ShuffleError, match="some repeated or foreign"):
        RecordedShuffler([[DECK_32[0]] * 32])(DECK_32)
    with pytest.raises(ShuffleError, match="needs another"):
        RecordedShuffler([])(DECK_32)


def test_outcome_round_trip_and_normalized_comparison() -> None:
    outcome = Outcome(
        (17, 19, 24),
        (AwardedPot(4, (2, 0), (2,)), AwardedPot(3, (0, 2), (2,))),
        ((0, 1), (0, 2)),
    )
    assert Outcome.from_dict(outcome.to_dict()) == outcome
    merged = Outcome((17, 19, 24), (AwardedPot(7, (0, 2), (2,)),), ((0, 3),))
    assert outcome.normalized() == merged.normalized()
    differs = Outcome((17, 19, 24), (AwardedPot(7, (0, 2), (0,)),), ((0, 3),))
    assert outcome.normalized() != differs.normalized()


def test_outcome_from_dict_rejects_bad_shapes() -> None:
    with pytest.raises(ValueError, match="malformed outcome"):
        Outcome.from_dict(
            {
                "stacks": [1],
                "pots": [{"amount": "x", "eligible": [], "winners": []}],
                "returned": [],
            }
        )
    with pytest.raises(ValueError, match="malformed outcome"):
        Outcome.from_dict({"stacks": [1]})
