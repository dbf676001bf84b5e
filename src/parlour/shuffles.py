"""Where shuffles come from (R-3): the engines ask, the caller answers.

Live play uses :class:`SecureShuffler` (the OS's secure source), simulation a
:class:`SeededShuffler`, and replay a :class:`RecordedShuffler` that hands back the
shuffles kept in a hand record, checking each one.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Final, Protocol, TypeVar

from parlour.cards import Card
from parlour.errors import ShuffleError


class Shuffler(Protocol):
    """Returns a new order of ``cards``; index 0 is the top card, dealt first."""

    def __call__(self, cards: Sequence[Card]) -> list[Card]: ...


class SeededShuffler:
    """Shuffles with a ``random.Random``: reproducible, for simulations and tests.

    The order is ``rng.shuffle``'s, drawn by :func:`shuffle` (the same draws, inlined:
    recorded deals and golden records depend on the same seed giving the same order).
    """

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random | int) -> None:
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        shuffle(self.rng, order)
        return order


class SecureShuffler:
    """Shuffles from the operating system's cryptographically strong source (live play)."""

    __slots__ = ("_rng",)

    def __init__(self) -> None:
        self._rng = secrets.SystemRandom()

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        order = list(cards)
        self._rng.shuffle(order)
        return order


class RecordedShuffler:
    """Replays recorded shuffles in order, checking each is a permutation of what is shuffled.

    With ``then``, a shuffle asked for after the recorded ones comes from ``then`` (a hand
    resumed from its record so far plays on with fresh shuffles); without it, that is an error.
    """

    __slots__ = ("_shuffles", "then", "used")

    def __init__(self, shuffles: Sequence[Sequence[Card]], then: Shuffler | None = None) -> None:
        self._shuffles = [list(s) for s in shuffles]
        self.then = then
        self.used = 0

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if self.used >= len(self._shuffles) and self.then is not None:
            return self.then(cards)
        if self.used >= len(self._shuffles):
            raise ShuffleError(
                f"the record has {len(self._shuffles)} shuffle(s) but the hand needs another "
                f"(of {len(cards)} cards)"
            )
        order = self._shuffles[self.used]
        if len(order) != len(cards) or set(order) != set(cards):
            raise ShuffleError(
                f"shuffle {self.used} is not a permutation of the {len(cards)} cards being "
                f"shuffled (it has {len(order)} cards"
                + (", some repeated or foreign)" if len(order) == len(cards) else ")")
            )
        self.used += 1
        return list(order)

    @property
    def left_over(self) -> int:
        """How many recorded shuffles were never asked for."""
        return len(self._shuffles) - self.used


# -- Random.shuffle inlined ----------------------------------------------------------------
#
# ``random.Random.shuffle`` inlined: the same draws, the same order, the same state after.
#
# ``Random.shuffle`` (CPython 3.11) walks ``i`` from ``len(x) - 1`` down to 1 and swaps
# ``x[i]`` with ``x[j]``, where ``j = _randbelow(i + 1)`` draws ``getrandbits(k)``,
# ``k = (i + 1).bit_length()``, until the draw is below ``i + 1``. :func:`shuffle` makes
# exactly those ``getrandbits`` calls with the ``(i, i + 1, k)`` steps precomputed per length
# and no Python call per swap: about twice as fast (two 52-card shuffles were a fifth of an
# RL Palace hand), and since every draw is the same call, the orders and the generator's
# state afterwards are identical. Only a plain ``random.Random`` takes this path, and only
# if the check run at import (:func:`_agrees`) finds it equal to ``Random.shuffle`` on this
# interpreter; anything else shuffles with ``rng.shuffle``. ``tests/core/test_shuffles_inlined.py``
# compares both over many seeds and sizes.

T = TypeVar("T")

#: Lists this long or shorter take the inlined path (longer ones: ``rng.shuffle``).
LONGEST: Final = 64

#: Per length: each swap as (i, i + 1, bits drawn for it), in the order ``shuffle`` makes them.
_STEPS: Final = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in range(LONGEST + 1)
)


def _inlined(rng: random.Random, x: list[T]) -> None:
    """Shuffle ``x`` in place as ``rng.shuffle(x)`` does (``len(x) <= LONGEST``)."""
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS[len(x)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _agrees() -> bool:
    """Whether the inlined path gives ``Random.shuffle``'s orders and states here."""
    for seed in range(2):
        for size in (0, 1, 2, 33, LONGEST):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            _inlined(mine, a)
            theirs.shuffle(b)
            if a != b or mine.getstate() != theirs.getstate():
                return False
    return True


#: Whether :func:`shuffle` may take the inlined path at all.
FAST: Final = _agrees()


def shuffle(rng: random.Random, x: list[T]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would, faster when it can."""
    if FAST and type(rng) is random.Random and len(x) <= LONGEST:
        _inlined(rng, x)
    else:
        rng.shuffle(x)
