"""Shared test material: the batch backends to run, and every k-card hand of a deck.

The backends are parametrised rather than a conftest fixture so that each test module
states what it runs: ``numpy`` always; ``numba`` when numba is importable and
``PARLOUR_NO_NUMBA`` is unset, so ``PARLOUR_NO_NUMBA=1 pytest tests/evaluation`` checks
the NumPy-only install the way CI does.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

import numpy as np
import numpy.typing as npt
import pytest

from parlour.evaluation import numba_available

#: Parametrise a test's ``backend`` argument with these.
BACKENDS = [
    pytest.param("numpy", id="numpy"),
    pytest.param(
        "numba",
        id="numba",
        marks=pytest.mark.skipif(
            not numba_available(), reason="numba disabled (PARLOUR_NO_NUMBA) or not installed"
        ),
    ),
]
with_backends = pytest.mark.parametrize("backend", BACKENDS)


def all_hands(deck: Sequence[int], size: int) -> npt.NDArray[np.uint8]:
    """Every ``size``-card hand of ``deck`` in lexicographic order, one per row."""
    flat = itertools.chain.from_iterable(itertools.combinations(deck, size))
    return np.fromiter(flat, np.uint8).reshape(-1, size)


def seven_card_chunks() -> Iterator[npt.NDArray[np.uint8]]:
    """All C(52, 7) hands in 1,326 chunks: the two lowest cards, then any five above.

    The five-card combinations are sorted, so those whose lowest card is above ``b``
    form a suffix of the array; each chunk is that suffix with ``a, b`` in front.
    """
    fives = all_hands(range(52), 5)
    first = np.searchsorted(fives[:, 0], np.arange(53))
    for a in range(52):
        for b in range(a + 1, 52):
            rest = fives[first[b + 1] :]
            if len(rest) == 0:
                continue
            chunk = np.empty((len(rest), 7), np.uint8)
            chunk[:, 0] = a
            chunk[:, 1] = b
            chunk[:, 2:] = rest
            yield chunk


def random_distinct(rng: np.random.Generator, count: int, size: int) -> npt.NDArray[np.uint8]:
    """``count`` uniformly random hands of ``size`` distinct cards of 52.

    Draws cards independently and redraws the rows that repeat a card (a row repeats
    a card when the sum of its bits differs from their OR): much faster than shuffling
    52 cards per row.
    """
    hands = rng.integers(0, 52, (count, size), dtype=np.uint8)
    bits = np.left_shift(np.uint64(1), hands.astype(np.uint64))
    repeated = np.flatnonzero(bits.sum(axis=1) != np.bitwise_or.reduce(bits, axis=1))
    if len(repeated):
        hands[repeated] = random_distinct(rng, len(repeated), size)
    return hands
