"""The end of an Americana hand: show order, mucking, pots and awards (A-15, A-30 to A-32,
A-50, A-51).

Works on an :class:`~parlour.games.americana.state.AmericanaHand` by position; pots come
from :func:`parlour.pots.layer` and splits from :func:`parlour.pots.split`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.cards import AMERICANA_SUIT_PRIORITY, Card
from parlour.evaluation import americana_value_unchecked as americana_value
from parlour.events import Event
from parlour.games.americana import events as happened
from parlour.games.americana import rounds
from parlour.outcome import AwardedPot, Outcome
from parlour.pots import Pot, layer, split

if TYPE_CHECKING:
    from parlour.games.americana.state import AmericanaHand


def card_order(card: Card) -> int:
    """The order of single cards (A-12, A-51): rank, then suit (A-3); bigger is better."""
    return (card >> 2) * 4 + AMERICANA_SUIT_PRIORITY[card & 3]


#: :func:`card_order` of every card number, for the hot path.
CARD_ORDER: tuple[int, ...] = tuple(card_order(Card(c)) for c in range(52))


def finish(hand: AmericanaHand, events: list[Event], *, showdown_: bool) -> None:
    """End the hand: show down (or not, A-15), award every pot, set the outcome."""
    while showdown_ and len(hand.up[_first_live(hand)]) < 4:
        hand.street = 4
        rounds.deal_upcards(hand, events)  # all-in run-out when betting stopped early
    n = hand.n
    live = hand.live
    if not showdown_ and _fold_win(hand, events):
        return
    lay = layer(hand.contrib, live)
    stacks = hand.stacks
    values: dict[int, int] = {}
    if showdown_:
        values = _show(hand, events, lay.pots)
    won = [0] * n
    awarded: list[AwardedPot] = []
    seat_of = hand.seat_of
    for pot in reversed(lay.pots):  # from the last side pot back to the main pot
        winners = _winners(hand, pot.eligible, values)
        for q, chips in split(pot.amount, winners).items():
            won[q] += chips
        seats = tuple(sorted(seat_of[q] for q in winners))
        eligible = tuple(sorted(seat_of[q] for q in pot.eligible))
        awarded.append(AwardedPot(pot.amount, eligible, seats))
        hands = _shown_hands(hand, seats) if values else ()
        events.append(happened.awarded(None, (), pot.amount, None, eligible, seats, hands))
    awarded.reverse()
    returned: list[tuple[int, int]] = []
    for q in range(n):
        back = lay.returned[q]
        if back:
            events.append(happened.returned(seat_of[q], (), back))
        stacks[q] += won[q] + back
    for q in sorted(range(n), key=lambda q: seat_of[q]):
        if lay.returned[q]:
            returned.append((seat_of[q], lay.returned[q]))
    hand.outcome = Outcome(final_stacks(hand), tuple(awarded), tuple(returned))
    hand.actor = -1


def _shown_hands(
    hand: AmericanaHand, seats: tuple[int, ...]
) -> tuple[tuple[int, tuple[Card, ...]], ...]:
    """The winners' five cards as shown at the showdown (public: A-31 never mucks a winner),
    so that the award can be told with the hand that won it."""
    return tuple((seat, cards) for seat in seats if (cards := hand.shown.get(seat)))


def cards_of(hand: AmericanaHand, q: int) -> tuple[Card, ...]:
    """Position ``q``'s five cards (hole card first)."""
    return (hand.hole[q], *hand.up[q])


def show_order(hand: AmericanaHand) -> list[int]:
    """A-30: the last bettor or raiser of round 4, else the first from the dealer's left."""
    n = hand.n
    start = hand.aggressor if hand.aggressor >= 0 else 0
    return [q % n for q in range(start, start + n) if hand.live[q % n]]


def _show(hand: AmericanaHand, events: list[Event], pots: tuple[Pot, ...]) -> dict[int, int]:
    """Evaluate every live hand, show in A-30 order, muck what A-31 lets go unshown."""
    tie_break = hand.options.tie_break
    show_all = hand.options.show_all
    values: dict[int, int] = {}
    shown: list[int] = []
    seat_of = hand.seat_of
    for q in show_order(hand):
        cards = cards_of(hand, q)
        values[q] = americana_value(cards, tie_break)
        if show_all or not shown or not _beaten_everywhere(q, shown, values, pots):
            shown.append(q)
            hand.shown[seat_of[q]] = cards
            events.append(happened.shown(seat_of[q], cards))
        else:
            hand.shown[seat_of[q]] = None
            events.append(happened.mucked(seat_of[q]))
    return values


def _beaten_everywhere(
    q: int, shown: list[int], values: dict[int, int], pots: tuple[Pot, ...]
) -> bool:
    """A-31: some shown hand beats ``q`` in every pot ``q`` is eligible for."""
    mine = values[q]
    for pot in pots:
        if q in pot.eligible and not any(r in pot.eligible and values[r] > mine for r in shown):
            return False
    return True


def _winners(hand: AmericanaHand, eligible: tuple[int, ...], values: dict[int, int]) -> list[int]:
    """The best hands among ``eligible``, ordered for odd chips by highest card (A-51)."""
    if len(eligible) == 1 or not values:
        return [eligible[0]] if len(eligible) == 1 else list(eligible)
    best = max(values[q] for q in eligible)
    winners = [q for q in eligible if values[q] == best]
    if len(winners) > 1:
        winners.sort(key=lambda q: max(card_order(c) for c in cards_of(hand, q)), reverse=True)
    return winners


def _fold_win(hand: AmericanaHand, events: list[Event]) -> bool:
    """A-15 fast path: the last player matched every other contribution (the usual case).

    Returns ``False`` (nothing done) when some folded player paid more than the winner,
    which :func:`parlour.pots.layer` then settles.
    """
    contrib = hand.contrib
    w = hand.live.index(True)
    mine = contrib[w]
    top = max(contrib[:w] + contrib[w + 1 :])
    if top > mine:
        return False
    seat_of = hand.seat_of
    seat = seat_of[w]
    back = mine - top
    amount = hand.pot - back
    hand.stacks[w] += hand.pot
    pot = AwardedPot(amount, (seat,), (seat,))
    events.append(happened.awarded(None, (), amount, None, (seat,), (seat,), ()))
    returned: tuple[tuple[int, int], ...] = ()
    if back:
        events.append(happened.returned(seat, (), back))
        returned = ((seat, back),)
    hand.outcome = Outcome(final_stacks(hand), (pot,), returned)
    hand.actor = -1
    return True


def final_stacks(hand: AmericanaHand) -> tuple[int, ...]:
    """Every listed seat's stack now, in the order of the seats (players sitting out too)."""
    seats = hand.seats
    stacks = hand.stacks
    seat_of = hand.seat_of
    if len(seats) == len(seat_of):  # everyone dealt in: positions are a rotation of seats
        shift = seat_of.index(seats[0].seat)
        return tuple(stacks[shift:] + stacks[:shift])
    final = dict(zip(seat_of, stacks, strict=True))
    return tuple(final.get(s.seat, s.stack) for s in seats)


def _first_live(hand: AmericanaHand) -> int:
    return hand.live.index(True)
