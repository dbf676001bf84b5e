"""Batches given as Python lists of cards take the fast conversion and give the same
values, and the same errors, as arrays."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest

from parlour.cards import CARDS
from parlour.evaluation import evaluate_batch


def _hands(count: int, size: int) -> npt.NDArray[np.uint8]:
    rng = np.random.default_rng(size)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


@pytest.mark.parametrize("size", [5, 7, 9])
def test_lists_of_cards_value_as_arrays_do(size: int) -> None:
    array = _hands(2000, size)
    as_cards = [[CARDS[c] for c in row] for row in array.tolist()]
    as_tuples = [tuple(row) for row in array.tolist()]
    expected = evaluate_batch(array)
    assert np.array_equal(evaluate_batch(as_cards), expected)
    assert np.array_equal(evaluate_batch(as_tuples), expected)
    assert np.array_equal(evaluate_batch(as_cards, backend="numpy"), expected)


def test_lists_of_americana_cards_value_as_arrays_do() -> None:
    rng = np.random.default_rng(3)
    array = (20 + np.argsort(rng.random((500, 32)), axis=1)[:, :5]).astype(np.uint8)
    rows = [[CARDS[c] for c in row] for row in array.tolist()]
    for tie_break in ("seed", "ranks_then_suit", "split"):
        assert np.array_equal(
            evaluate_batch(rows, game="americana", tie_break=tie_break),
            evaluate_batch(array, game="americana", tie_break=tie_break),
        )


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([[1, 2, 300]], "0..51"),
        ([[1, 2, -1]], "0..51"),
        ([[1, 2, "x"]], "integer card numbers"),
        ([[1, 2], [3]], "inhomogeneous"),
        ([[1, 1, 2]], "given twice"),
        ([[60, 1, 2]], "outside the deck"),
    ],
)
def test_bad_card_lists_get_the_usual_errors(hands: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_batch(hands)  # type: ignore[arg-type]
