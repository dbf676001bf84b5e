"""The deal of a Palace hand: banners by groups with a reject pile (P-9 to P-13), then the
palaces from a new shuffle of every other card (P-14, P-15); the rest is the draw pile (P-16).

Every shuffle comes from the caller's shuffler and is appended to ``shuffles`` (R-3).
Positions here are the engine's indices; ``seat_of`` maps them to table seats for events.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from parlour.cards import DECK_52, Card
from parlour.events import Event
from parlour.games.palace import events as ev
from parlour.shuffles import Shuffler

#: P-10: deal positions 1-4 are group A, 5-8 group B, 9 and on group C.
GROUP_SIZE = 4
PALACE_SIZE = 3


class Dealt(NamedTuple):
    """What the deal produced: banner and palace per position, the draw pile, the events."""

    banners: dict[int, Card]
    palaces: dict[int, tuple[Card, ...]]
    draw: list[Card]
    events: list[Event]


def deal(
    order: Sequence[int],
    seat_of: Sequence[int],
    shuffler: Shuffler,
    shuffles: list[tuple[Card, ...]],
) -> Dealt:
    """Deal banners and palaces to ``order`` (positions clockwise from the dealer's left).

    The draw pile is returned with its top card last, so drawing is ``pop()``.
    """
    events: list[Event] = []
    banners, rest = _banners(order, seat_of, shuffler, shuffles, events)
    deck = shuffler(rest)
    shuffles.append(tuple(deck))
    # One card to each in turn, three times: position k of ``order`` gets every n-th card.
    n = len(order)
    palaces: dict[int, tuple[Card, ...]] = {}
    palace_dealt = ev.palace_dealt
    for k, p in enumerate(order):
        cards = palaces[p] = tuple(deck[k : PALACE_SIZE * n : n])
        seat = seat_of[p]
        events.append(palace_dealt(seat, cards, 0, frozenset((seat,))))
    draw = deck[PALACE_SIZE * n :]
    draw.reverse()
    return Dealt(banners, palaces, draw, events)


def _banners(
    order: Sequence[int],
    seat_of: Sequence[int],
    shuffler: Shuffler,
    shuffles: list[tuple[Card, ...]],
    events: list[Event],
) -> tuple[dict[int, Card], list[Card]]:
    """P-11, P-12: each player takes cards until one's suit is new in their group.

    Returns the accepted banners and every other card (the stock left, then the rejects).
    """
    stock = shuffler(DECK_52)
    shuffles.append(tuple(stock))
    stock.reverse()
    rejects: list[Card] = []
    banners: dict[int, Card] = {}
    taken = 0  # the suits the group has, one bit each
    for k, p in enumerate(order):
        if k % GROUP_SIZE == 0:
            taken = 0
        seat = seat_of[p]
        while True:
            if not stock:
                # P-12: the stock ran out; the rejects, shuffled, become the stock.
                stock = shuffler(rejects)
                shuffles.append(tuple(stock))
                events.append(ev.RejectsReshuffled(amount=len(stock)))
                stock.reverse()
                rejects = []
            card = stock.pop()
            bit = 1 << (card & 3)
            if taken & bit:
                rejects.append(card)
                events.append(ev.banner_rejected(seat, (card,)))
                continue
            taken |= bit
            banners[p] = card
            events.append(ev.banner_dealt(seat, (card,)))
            break
    stock.reverse()
    return banners, stock + rejects
