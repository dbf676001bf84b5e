"""R-1, R-3: the inlined seeded shuffle gives ``random.Random.shuffle``'s orders, draw for draw.

Golden records and recorded deals replay seeded shuffles, so the same seed must give the
same order and leave the generator in the same state (later shuffles of the hand agree too).
"""

import random

import pytest

from parlour import shuffles
from parlour.cards import DECK_52
from parlour.shuffles import SeededShuffler


def test_r1_the_inlined_path_is_taken_here() -> None:
    assert shuffles.FAST


@pytest.mark.parametrize("size", range(shuffles.LONGEST + 3))
def test_r1_inlined_shuffle_equals_random_shuffle(size: int) -> None:
    """Over many seeds and every size (past the longest inlined: the fallback), the same
    order and the same generator state afterwards."""
    for seed in range(300):
        mine, theirs = random.Random(seed), random.Random(seed)
        a, b = list(range(size)), list(range(size))
        shuffles.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b, (seed, size)
        assert mine.getstate() == theirs.getstate(), (seed, size)


def test_r1_successive_shuffles_of_one_generator_agree() -> None:
    """A hand's shuffles share one generator: a run of them stays in step."""
    mine, theirs = random.Random(2026), random.Random(2026)
    for size in [52, 50, 48, 13, 52, 7, 1, 0, 52] * 50:
        a, b = list(DECK_52[:size]), list(DECK_52[:size])
        shuffles.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
    assert mine.getstate() == theirs.getstate()


def test_r1_seeded_shuffler_order_is_random_shuffle_order() -> None:
    for seed in range(200):
        expected = list(DECK_52)
        random.Random(seed).shuffle(expected)
        assert SeededShuffler(seed)(DECK_52) == expected


def test_r3_other_generators_shuffle_their_own_way() -> None:
    """A subclass (its own draws) is shuffled by its own ``shuffle``."""

    class Counted(random.Random):
        calls = 0

        def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
            Counted.calls += 1
            super().shuffle(x)

    rng = Counted(3)
    order = list(range(10))
    shuffles.shuffle(rng, order)
    assert Counted.calls == 1
    expected = list(range(10))
    random.Random(3).shuffle(expected)
    assert order == expected
