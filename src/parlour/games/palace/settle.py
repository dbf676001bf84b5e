"""Paying out a Palace hand (P-46, P-60 to P-64): one pot, cut only around all-in players.

The engine says who is still in the hand and how each pot is decided (a function from
the pot's eligible positions to its winners); this module cuts the contributions with
:func:`parlour.pots.cut` (a player still in the hand with no chips left is all-in),
splits each pot with odd chips clockwise from the dealer's left (P-64), and builds the
record's :class:`~parlour.outcome.Outcome`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from parlour.outcome import AwardedPot, Outcome
from parlour.pots import cut, split


def settle(
    stacks: Sequence[int],
    paid: Sequence[int],
    returned_early: Sequence[int],
    live: Sequence[bool],
    seat_of: Sequence[int],
    slot: Sequence[int],
    winners_of: Callable[[tuple[int, ...]], Sequence[int]],
) -> Outcome:
    """Award every pot and return every unwinnable chip; positions index all the lists.

    ``stacks`` are the chips each position has left (a live position with none is
    all-in, P-46); ``paid`` is what each position has in the pot now; ``returned_early``
    the uncalled raises already handed back during battles (P-35), which the record lists
    as returned. ``slot`` orders positions clockwise from the dealer's left (P-64).
    """
    all_in = [v and s == 0 for v, s in zip(live, stacks, strict=True)]
    layering = cut(paid, live, all_in)
    final = list(stacks)
    pots: list[AwardedPot] = []
    for pot in layering.pots:
        eligible = pot.eligible
        winners = winners_of(eligible)
        if len(winners) == 1:
            final[winners[0]] += pot.amount  # what split gives a lone winner
        else:
            winners = sorted(winners, key=slot.__getitem__)
            for p, amount in split(pot.amount, winners).items():
                final[p] += amount
        pots.append(
            AwardedPot(
                pot.amount,
                tuple([seat_of[p] for p in eligible]),
                tuple([seat_of[p] for p in winners]),
            )
        )
    returned: list[tuple[int, int]] = []
    for p, amount in enumerate(layering.returned):
        total = amount + returned_early[p]
        if total:
            final[p] += amount
            returned.append((seat_of[p], total))
    return Outcome(tuple(final), tuple(pots), tuple(returned))
