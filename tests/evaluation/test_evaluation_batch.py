"""Batch values equal the one-hand values on every backend; Palace exclusion per row."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from evaluation_cases import with_backends
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import DECK_32
from parlour.evaluation import evaluate_batch, palace_value, standard_value
from parlour.evaluation.batch import numba_disabled

PAD = 255


def random_hands(
    rng: np.random.Generator, count: int, size: int, width: int = 9
) -> npt.NDArray[np.uint8]:
    """``count`` hands of ``size`` distinct cards, padded with 255 to ``width`` columns."""
    cards = np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)
    hands = np.full((count, width), PAD, np.uint8)
    hands[:, :size] = cards
    for row in hands:  # the padding may sit anywhere in a row
        rng.shuffle(row)
    return hands


def cards_of(row: list[int]) -> list[int]:
    return [c for c in row if c != PAD]


@with_backends
@pytest.mark.parametrize("size", range(1, 10))
def test_p3_batch_equals_one_hand(backend: str, size: int) -> None:
    hands = random_hands(np.random.default_rng(size), 3000, size)
    values = evaluate_batch(hands, backend=backend)
    assert values.tolist() == [standard_value(cards_of(r)) for r in hands.tolist()]


@with_backends
@pytest.mark.parametrize("size", range(10))
def test_p37_batch_exclusion_per_row_equals_removing_cards(backend: str, size: int) -> None:
    rng = np.random.default_rng(100 + size)
    hands = random_hands(rng, 3000, size)
    exclude = rng.integers(0, 5, len(hands))
    values = evaluate_batch(hands, game="palace", exclude=exclude, backend=backend)
    removed = hands.copy()
    removed[(hands & 3) == exclude[:, None]] = PAD
    removed[hands == PAD] = PAD
    assert values.tolist() == evaluate_batch(removed, game="palace", backend=backend).tolist()
    expected = [
        palace_value(cards_of(r), None if e == 4 else int(e))
        for r, e in zip(hands.tolist(), exclude.tolist(), strict=True)
    ]
    assert values.tolist() == expected


@with_backends
def test_p37_batch_one_suit_for_all_rows(backend: str) -> None:
    hands = random_hands(np.random.default_rng(7), 2000, 9)
    for suit in range(4):
        values = evaluate_batch(hands, game="palace", exclude=suit, backend=backend)
        per_row = np.full(len(hands), suit)
        assert (values == evaluate_batch(hands, game="palace", exclude=per_row)).all()
    no_exclusion = evaluate_batch(hands, game="palace", exclude=4, backend=backend)
    assert (no_exclusion == evaluate_batch(hands, backend=backend)).all()


@st.composite
def batches(draw: st.DrawFn) -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]]:
    width = draw(st.integers(1, 9))
    rows = draw(st.integers(1, 30))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = np.random.default_rng(seed)
    sizes = rng.integers(0, width + 1, rows)
    hands = np.vstack([random_hands(rng, 1, int(s), width) for s in sizes])
    return hands, rng.integers(0, 5, rows)


@given(batches())
def test_p37_backends_agree_on_mixed_sizes(
    batch: tuple[npt.NDArray[np.uint8], npt.NDArray[np.int64]],
) -> None:
    hands, exclude = batch
    on_numpy = evaluate_batch(hands, game="palace", exclude=exclude, backend="numpy")
    expected = [
        palace_value(cards_of(r), None if e == 4 else e)
        for r, e in zip(hands.tolist(), exclude.tolist(), strict=True)
    ]
    assert on_numpy.tolist() == expected
    if not numba_disabled():
        on_numba = evaluate_batch(hands, game="palace", exclude=exclude, backend="auto")
        assert on_numba.tolist() == expected


@with_backends
def test_batch_of_no_hands(backend: str) -> None:
    empty = np.zeros((0, 7), np.uint8)
    assert evaluate_batch(empty, backend=backend).shape == (0,)
    americana = np.zeros((0, 5), np.uint8)
    assert evaluate_batch(americana, game="americana", backend=backend).shape == (0,)


@with_backends
def test_batch_accepts_int_arrays_and_lists(backend: str) -> None:
    hands = [[48, 44, 40, 36, 32], [0, 1, 2, 3, 255]]
    values = evaluate_batch(hands, backend=backend)
    assert values.tolist() == [standard_value(hands[0]), standard_value([0, 1, 2, 3])]


@pytest.mark.parametrize(
    ("hands", "options", "message"),
    [
        ([[1, 1, 255]], {}, "row 0 .* given twice"),
        ([[1, 2], [3, 52]], {}, "row 1 .* outside the deck"),
        ([[1, -2]], {}, "0..51"),
        ([[1.5, 2]], {}, "integer card numbers"),
        ([1, 2, 3], {}, "shape"),
        ([list(range(10))], {}, "shape"),
        ([[20, 21, 22, 23]], {"game": "americana"}, "exactly 5"),
        ([[20, 21, 22, 23, 0]], {"game": "americana"}, "outside the deck"),
        ([[20, 21, 22, 23, 255]], {"game": "americana"}, "outside the deck"),
        ([[1, 2]], {"game": "holdem"}, "bad game"),
        ([[1, 2]], {"exclude": 2}, "palace"),
        ([[1, 2]], {"game": "palace", "exclude": 5}, "excluded suit"),
        ([[1, 2]], {"game": "palace", "exclude": [1, 2]}, "one per hand"),
        ([[1, 2]], {"backend": "cuda"}, "bad backend"),
        ([[20, 21, 22, 23, 24]], {"game": "americana", "tie_break": "x"}, "bad tie_break"),
    ],
)
def test_batch_bad_input(hands: object, options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        evaluate_batch(hands, **options)  # type: ignore[arg-type]


def test_no_numba_environment_forces_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PARLOUR_NO_NUMBA", "1")
    hands = np.array([DECK_32[:5]], np.uint8)
    with pytest.raises(RuntimeError, match="numba"):
        evaluate_batch(hands, backend="numba")
    assert evaluate_batch(hands, game="americana").shape == (1,)
