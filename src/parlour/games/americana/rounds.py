"""Between betting rounds: deal the next upcards and find who opens (A-13, A-14), or go
to the showdown after round 4 (A-30).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.cards import Card
from parlour.events import Event
from parlour.games.americana import showdown
from parlour.games.americana.events import upcards_dealt
from parlour.games.americana.memo import VISIBLE, remember_visible

if TYPE_CHECKING:
    from parlour.games.americana.state import AmericanaHand


def end_round(hand: AmericanaHand, events: list[Event]) -> None:
    """Close a betting round: deal the next upcards and set who opens (``hand.actor``), or
    show down (the actor is then -1)."""
    while True:
        if hand.street == 4:
            hand.actor = -1
            showdown.finish(hand, events, showdown_=True)
            return
        hand.street += 1
        deal_upcards(hand, events)
        n = hand.n
        hand.bets = [0] * n
        hand.acted = [False] * n
        hand.raise_ok = [True] * n
        hand.bet_to = 0
        hand.raises = 0
        hand.aggressor = -1
        bet = hand.options.bring_in
        hand.min_raise = bet if hand.street == 2 or hand.options.structure != "limit" else (2 * bet)
        live = hand.live
        stacks = hand.stacks
        if sum(1 for q in range(n) if live[q] and stacks[q]) < 2:
            continue
        hand.actor = opener(hand)
        return


def opener(hand: AmericanaHand) -> int:
    """A-13: the best visible hand acts first, or the first player with chips after it."""
    n = hand.n
    live = hand.live
    up = hand.up
    best = -1
    first = -1
    for q in range(n):
        if live[q]:
            cards = up[q]
            value = VISIBLE.get(cards)
            if value is None:
                value = remember_visible(cards)
            if value > best:
                best = value
                first = q
    stacks = hand.stacks
    q = first
    while not stacks[q] or not live[q]:
        q = q + 1 if q + 1 < n else 0
    return q


def deal_upcards(hand: AmericanaHand, events: list[Event]) -> None:
    """One more upcard to every player in the hand, clockwise from the dealer's left."""
    deck = hand.deck
    k = hand.next_card
    up = hand.up
    seats: list[int] = []
    cards: list[Card] = []
    seat_of = hand.seat_of
    for q, alive in enumerate(hand.live):
        if alive:
            card = deck[k]
            k += 1
            up[q] = (*up[q], card)
            seats.append(seat_of[q])
            cards.append(card)
    hand.next_card = k
    events.append(upcards_dealt(None, tuple(cards), 0, None, tuple(seats)))
