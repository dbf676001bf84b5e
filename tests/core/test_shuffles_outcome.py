"""Shuffles as inputs (R-1, R-3) and outcome comparison (HAND-RECORD.md)."""

import random
from collections import Counter
from collections.abc import Callable

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


def test_r3_secure_shuffles_draw_on_the_operating_systems_source(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every random bit comes from the OS's source: fed the same bytes, two shufflers agree;
    fed other bytes, they do not."""
    asked: list[int] = []

    def source(seed: int) -> Callable[[int], bytes]:
        stream = random.Random(seed)

        def urandom(count: int) -> bytes:
            asked.append(count)
            return stream.randbytes(count)

        return urandom

    orders = []
    for seed in (1, 1, 2):
        monkeypatch.setattr(random, "_urandom", source(seed))  # what SystemRandom reads
        orders.append(SecureShuffler()(DECK_52))
    assert asked
    assert orders[0] == orders[1]
    assert orders[0] != orders[2]


def test_r3_secure_shuffles_do_not_follow_the_random_module() -> None:
    """Seeding Python's ``random`` (as a careless library might) does not repeat a deal."""
    random.seed(11)
    first = SecureShuffler()(DECK_52)
    random.seed(11)
    assert SecureShuffler()(DECK_52) != first  # equal with chance 1 / 52!


def test_r3_secure_shuffles_put_every_card_on_top_alike() -> None:
    """Chi-square of the top card over 6,400 shuffles of 32 cards: a biased shuffle (always
    the same card, or a rotation of the deck) fails; a fair one passes but for 1 in 10^9."""
    counts = Counter(SecureShuffler()(DECK_32)[0] for _ in range(6400))
    expected = 6400 / 32
    chi_square = sum((counts.get(c, 0) - expected) ** 2 / expected for c in DECK_32)
    assert chi_square < 110.0  # 31 degrees of freedom: P(chi2 > 110) < 1e-9


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
