"""Where shuffles come from (R-3): the engines ask, the caller answers.

Live play uses :class:`SecureShuffler` (the OS's secure source), simulation a
:class:`SeededShuffler`, and replay a :class:`RecordedShuffler` that hands back the
shuffles kept in a hand record, checking each one.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Protocol

from parlour.cards import Card
from parlour.errors import ShuffleError
from parlour.mtshuffle import shuffle


class Shuffler(Protocol):
    """Returns a new order of ``cards``; index 0 is the top card, dealt first."""

    def __call__(self, cards: Sequence[Card]) -> list[Card]: ...


class SeededShuffler:
    """Shuffles with a ``random.Random``: reproducible, for simulations and tests.

    The order is ``rng.shuffle``'s, drawn by :func:`parlour.mtshuffle.shuffle` (the same
    draws, inlined: recorded deals and golden records depend on the same seed giving the
    same order).
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
