"""The same order as phevaluator (an independent C evaluator) on random 5-7-card hands."""

from __future__ import annotations

import functools

import numpy as np
import numpy.typing as npt
import pytest
from evaluation_cases import random_distinct, with_backends

from parlour.evaluation import evaluate_batch

pheval = pytest.importorskip("phevaluator._pheval")

HANDS = 1_000_000


def assert_same_order(ours: npt.NDArray[np.int32], theirs: npt.NDArray[np.int64]) -> None:
    """Monotone equivalence: phevaluator's rank (1 = best) falls as our value rises.

    Equal values must map to equal ranks and vice versa: the distinct (ours, theirs)
    pairs are as many as the distinct values on either side, and sorted by our value
    their ranks strictly decrease.
    """
    pairs = np.unique(ours.astype(np.int64) << 32 | theirs)  # sorted by our value first
    assert len(pairs) == len(np.unique(ours)) == len(np.unique(theirs))
    assert (np.diff(pairs & 0xFFFFFFFF) < 0).all()


@functools.cache
def hands_and_ranks(size: int) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    """A million random hands and phevaluator's rank of each (computed once per size)."""
    hands = random_distinct(np.random.default_rng(size), HANDS, size)
    function = getattr(pheval, f"evaluate_{size}cards")
    theirs = np.fromiter((function(*row) for row in hands.tolist()), np.int64, len(hands))
    return hands, theirs


@with_backends
@pytest.mark.parametrize("size", [5, 6, 7])
def test_p3_same_order_as_phevaluator(backend: str, size: int) -> None:
    hands, theirs = hands_and_ranks(size)
    assert_same_order(evaluate_batch(hands, backend=backend), theirs)


def test_order_check_can_fail() -> None:
    with pytest.raises(AssertionError):
        assert_same_order(np.array([1, 2, 3], np.int32), np.array([1, 2, 3]))
    with pytest.raises(AssertionError):
        assert_same_order(np.array([1, 1, 3], np.int32), np.array([9, 8, 1]))
