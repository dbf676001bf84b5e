"""Layered pots from total contributions, shared by both games (A-50, P-46).

Positions here are indices into the contribution list; each game maps them to seats.
A layer (the chips between two consecutive contribution levels) becomes:

* returned to its only contributor when nobody else paid into it (an uncalled bet, the
  unmatched part of a bet called all-in for less, a Buy fee nobody matched);
* returned to its contributors, each their own share, when none of them is still in the
  hand (P-46's orphan layer);
* otherwise a pot that the live contributors are eligible for. Consecutive layers with the
  same eligible players are one pot.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Pot:
    """Chips that the ``eligible`` positions (still in the hand) compete for."""

    amount: int
    eligible: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Layering:
    """The pots, main pot first, and the chips each position gets back unwon."""

    pots: tuple[Pot, ...]
    returned: tuple[int, ...]


def layer(contributions: Sequence[int], live: Sequence[bool]) -> Layering:
    """Split total ``contributions`` into pots among the ``live`` positions.

    >>> layer([100, 40, 100], [True, True, True]).pots
    (Pot(amount=120, eligible=(0, 1, 2)), Pot(amount=120, eligible=(0, 2)))
    >>> layer([3, 1, 5], [True, False, True])
    Layering(pots=(Pot(amount=7, eligible=(0, 2)),), returned=(0, 0, 2))
    """
    if len(contributions) != len(live):
        raise ValueError("contributions and live must have the same length")
    if any(c < 0 for c in contributions):
        raise ValueError("contributions must not be negative")
    pots: list[Pot] = []
    returned = [0] * len(contributions)
    previous = 0
    for level in sorted({c for c in contributions if c > 0}):
        payers = [i for i, c in enumerate(contributions) if c >= level]
        share = level - previous
        eligible = tuple(i for i in payers if live[i])
        if len(payers) == 1 or not eligible:
            for i in payers:
                returned[i] += share
        elif pots and pots[-1].eligible == eligible:
            pots[-1] = Pot(pots[-1].amount + share * len(payers), eligible)
        else:
            pots.append(Pot(share * len(payers), eligible))
        previous = level
    return Layering(tuple(pots), tuple(returned))


def split(amount: int, winners: Sequence[int]) -> dict[int, int]:
    """Share ``amount`` among ``winners``; odd chips go one each in the given order.

    The caller orders ``winners`` by its game's odd-chip rule (A-51, P-64).

    >>> split(7, [2, 0])
    {2: 4, 0: 3}
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    base, odd = divmod(amount, len(winners))
    return {w: base + (1 if k < odd else 0) for k, w in enumerate(winners)}
