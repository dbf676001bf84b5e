"""Choosing the first dealer (P-6): one face-up card each, highest rank deals.

Tied highest players are dealt another card each, again and again, until one is highest;
suits never break the tie (P-2). The cards come from one shuffle of the deck (the
caller's shuffler, R-3), dealt on down the deck; a new shuffle is taken if it runs out.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import DECK_52
from parlour.shuffles import Shuffler


def first_dealer(seats: Sequence[int], shuffler: Shuffler) -> int:
    """The seat that deals the first hand, among ``seats`` (clockwise order)."""
    if len(seats) < 2:
        raise ValueError("choosing a dealer needs at least two players")
    deck = shuffler(DECK_52)
    deck.reverse()
    tied = list(seats)
    while len(tied) > 1:
        ranks: dict[int, int] = {}
        for seat in tied:
            if not deck:
                deck = shuffler(DECK_52)
                deck.reverse()
            ranks[seat] = deck.pop() >> 2
        top = max(ranks.values())
        tied = [s for s in tied if ranks[s] == top]
    return tied[0]
