"""Chance nodes over the reference engine: the deal, card by card, as OpenSpiel sees it.

The engines take whole shuffles up front (R-3) and deal from them as the rules say (the
banner deal with its rejects, reshuffles of the rejects and of the discard pile, the
palaces, the upcards of each round). An OpenSpiel game needs each card as a chance node at
the moment it is dealt. :class:`LazyShuffler` bridges the two: every shuffle it returns
starts with the cards chosen so far at the chance nodes of that shuffle (its *prefix*) and
goes on with the other cards in a fixed order (the *fill*). Since the engine reads a shuffle
only from the top, when it deals, its state is exact as long as it has dealt no fill card.

:func:`dealt_cards` reads, from the events, every card the engine dealt: which shuffle and
position it came from, who saw it. The first fill card dealt is the next chance node; once
its outcome is chosen the hand is played again from the start with the longer prefix (R-1:
the engine is deterministic given shuffles and actions), and the engine itself decides
whether the next card is a banner reject, another palace card or the next upcard.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from parlour.cards import Card
from parlour.events import Event
from parlour.games.americana.events import UpcardsDealt

#: Events that deal cards, per game: kind -> how the cards are dealt.
#: Palace: the banner deal draws from the latest banner stock, a reshuffle of the
#: rejects starts a new one (P-11, P-12); the palaces come from a new shuffle (P-14,
#: P-15); a Buy draws from the latest shuffle, and the discard pile reshuffled starts a
#: new one (P-17).
NEW_SHUFFLE = ("reject_reshuffle", "discard_reshuffle")


class LazyShuffler:
    """Returns, for shuffle ``i``, ``prefixes[i]`` followed by the other cards (the fill).

    The fill puts each card of ``preferred`` (shuffle -> position -> card) at its position
    when it can, so a card known in advance (a research-only fixed upcard) is usually
    already where the engine will deal it; the other cards follow in the order given.
    Keeps every order and every shuffled set.
    """

    __slots__ = ("orders", "preferred", "prefixes", "sets")

    def __init__(
        self,
        prefixes: Sequence[Sequence[Card]],
        preferred: Mapping[int, Mapping[int, Card]] | None = None,
    ) -> None:
        self.prefixes = prefixes
        self.preferred = preferred or {}
        self.orders: list[tuple[Card, ...]] = []
        self.sets: list[tuple[Card, ...]] = []

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        i = len(self.orders)
        prefix = tuple(self.prefixes[i]) if i < len(self.prefixes) else ()
        chosen = set(prefix)
        if not chosen.issubset(cards):
            raise ValueError(f"chance outcomes {prefix} are not all among the cards shuffled")
        wanted = {
            at: c
            for at, c in self.preferred.get(i, {}).items()
            if at >= len(prefix) and c in cards and c not in chosen
        }
        rest = iter([c for c in cards if c not in chosen and c not in wanted.values()])
        order = list(prefix)
        for at in range(len(prefix), len(cards)):
            order.append(wanted[at] if at in wanted else next(rest))
        self.orders.append(tuple(order))
        self.sets.append(tuple(cards))
        return order

    def copy(self, prefixes: Sequence[Sequence[Card]]) -> LazyShuffler:
        """The same orders so far, reading ``prefixes`` for shuffles still to come."""
        new = LazyShuffler(prefixes, self.preferred)
        new.orders = self.orders[:]
        new.sets = self.sets[:]
        return new


@dataclass(frozen=True, slots=True)
class Dealt:
    """One card the engine dealt: from shuffle ``shuffle`` at ``position``.

    ``event`` is the index of the event that dealt it, ``seat`` who received it (``None``:
    nobody, a rejected banner), ``audience`` who saw it (``None``: everybody), ``kind`` the
    event's kind and ``number`` how many cards of that kind the seat had before this one.
    """

    shuffle: int
    position: int
    card: Card
    event: int
    seat: int | None
    audience: frozenset[int] | None
    kind: str
    number: int


def dealt_cards(events: Sequence[Event], orders: Sequence[Sequence[Card]]) -> list[Dealt]:
    """Every card dealt by ``events``, in the order dealt, with its shuffle and position.

    Americana deals from its one shuffle (``hole``, then ``upcards`` events); Palace as
    :data:`NEW_SHUFFLE` and the module's comment say.
    """
    out: list[Dealt] = []
    shuffle = 0
    palace_started = False
    count: dict[tuple[str, int | None], int] = {}
    for index, event in enumerate(events):
        kind = event.kind
        if kind in NEW_SHUFFLE:
            shuffle += 1
            continue
        if kind == "palace" and not palace_started:
            palace_started = True
            shuffle += 1
        if kind not in ("hole", "upcards", "banner", "banner_reject", "palace", "buy"):
            continue
        if isinstance(event, UpcardsDealt):
            seats: Sequence[int | None] = event.seats
        else:
            seats = [None if kind == "banner_reject" else event.seat] * len(event.cards)
        order = orders[shuffle]
        for card, seat in zip(event.cards, seats, strict=True):
            key = (kind, seat)
            number = count.get(key, 0)
            count[key] = number + 1
            out.append(
                Dealt(shuffle, order.index(card), card, index, seat, event.audience, kind, number)
            )
    out.sort(key=lambda d: (d.shuffle, d.position))
    return out


def first_unknown(dealt: Sequence[Dealt], prefixes: Sequence[Sequence[Card]]) -> Dealt | None:
    """The first card dealt that is not a chance outcome yet (a fill card), if any."""
    for d in dealt:
        known = len(prefixes[d.shuffle]) if d.shuffle < len(prefixes) else 0
        if d.position >= known:
            return d
    return None
