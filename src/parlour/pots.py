"""Pots from total contributions: Americana's layers (A-50) and Palace's one pot (P-46).

Positions here are indices into the contribution list; each game maps them to seats.
The two games divide the chips differently, so each has its own function:

* :func:`layer` (Americana, A-15, A-50): every distinct contribution level is a layer.
  A layer only one player paid goes back to that player (an uncalled bet, the unmatched
  part of a bet called all-in for less); a layer nobody still in the hand paid goes back
  to its payers; any other layer is a pot for the live players who paid up to it.
* :func:`cut` (Palace, P-46): one pot, table stakes. The chips are cut only at the
  totals of players who are all-in (still in the hand, no chips left) when the hand
  ends. A slice is open to every live player who is not all-in, whatever they paid, and
  to the all-in players whose total reaches its top. A slice open to nobody, or whose
  only payer is the only player open to it, goes back to its payers.

Both merge consecutive pots open to the same players, and both put every chip in exactly
one pot or in ``returned``.
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
    """Americana (A-50): split total ``contributions`` into layered pots among ``live``.

    >>> layer([100, 40, 100], [True, True, True]).pots
    (Pot(amount=120, eligible=(0, 1, 2)), Pot(amount=120, eligible=(0, 2)))
    >>> layer([3, 1, 5], [True, False, True])
    Layering(pots=(Pot(amount=7, eligible=(0, 2)),), returned=(0, 0, 2))
    """
    _check(contributions, live)
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
        else:
            _add(pots, share * len(payers), eligible)
        previous = level
    return Layering(tuple(pots), tuple(returned))


def cut(contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> Layering:
    """Palace (P-46): one pot, cut only at the totals of the ``all_in`` players.

    ``all_in[i]`` says position ``i`` is still in the hand with no chips left (it implies
    ``live[i]``). Players who are live and not all-in are open to every pot, whatever
    they paid; with nobody all-in there is one pot (unless only its winner paid into it).

    >>> cut([5, 1, 1], [True, True, True], [False, False, False]).pots
    (Pot(amount=7, eligible=(0, 1, 2)),)
    >>> cut([9, 3, 9], [True, True, True], [False, True, False]).pots
    (Pot(amount=9, eligible=(0, 1, 2)), Pot(amount=12, eligible=(0, 2)))
    >>> cut([3, 2, 3], [False, True, False], [False, True, False])
    Layering(pots=(Pot(amount=6, eligible=(1,)),), returned=(1, 0, 1))
    """
    _check(contributions, live)
    if len(all_in) != len(contributions):
        raise ValueError("contributions and all_in must have the same length")
    if not any(all_in):
        return _one_pot(contributions, live)
    if any(a and not v for a, v in zip(all_in, live, strict=True)):
        raise ValueError("an all-in player must be live")
    return _cut_levels(contributions, live, all_in)


def _cut_levels(
    contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]
) -> Layering:
    """:func:`cut`'s general case on checked input: a slice per all-in total (and the top)."""
    levels = sorted({c for c, a in zip(contributions, all_in, strict=True) if a and c > 0})
    top = max(contributions, default=0)
    if top > (levels[-1] if levels else 0):
        levels.append(top)
    pots: list[Pot] = []
    returned = [0] * len(contributions)
    previous = 0
    for level in levels:
        shares = [min(c, level) - min(c, previous) for c in contributions]
        payers = [i for i, s in enumerate(shares) if s]
        open_to = tuple(
            i for i, c in enumerate(contributions) if live[i] and (not all_in[i] or c >= level)
        )
        if not open_to or (len(payers) == 1 and open_to == (payers[0],)):
            for i in payers:
                returned[i] += shares[i]
        else:
            _add(pots, sum(shares), open_to)
        previous = level
    return Layering(tuple(pots), tuple(returned))


def _one_pot(contributions: Sequence[int], live: Sequence[bool]) -> Layering:
    """:func:`cut` with nobody all-in (most hands): one cut at the top, written out.

    Every chip paid is one slice open to the live players; it goes back to its payers when
    nobody is live or the only payer is the only live player (the general loop's result).
    """
    open_to = tuple([i for i, v in enumerate(live) if v])
    total = sum(contributions)
    if not total:
        return Layering((), (0,) * len(contributions))
    if open_to and (len(open_to) > 1 or contributions[open_to[0]] != total):
        return Layering((Pot(total, open_to),), (0,) * len(contributions))
    return Layering((), tuple(contributions))


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


def _check(contributions: Sequence[int], live: Sequence[bool]) -> None:
    if len(contributions) != len(live):
        raise ValueError("contributions and live must have the same length")
    if contributions and min(contributions) < 0:
        raise ValueError("contributions must not be negative")


def _add(pots: list[Pot], amount: int, eligible: tuple[int, ...]) -> None:
    """Append a pot, or grow the last one when it is open to the same players."""
    if pots and pots[-1].eligible == eligible:
        pots[-1] = Pot(pots[-1].amount + amount, eligible)
    else:
        pots.append(Pot(amount, eligible))
