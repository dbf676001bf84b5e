"""Americana events in words, one sentence each, as a seated player or an onlooker reads them.

A shown hand is named with its cards ("Bea shows Kh Jh Th 9h 7h: a flush, K-J-T-9-7."),
and an award at a showdown with the hand that won it; a hand won because everyone else
folded shows nothing and is named by nobody (A-15).
"""

from __future__ import annotations

from collections.abc import Mapping

from parlour.cards import format_cards
from parlour.events import Event
from parlour.i18n import say as spoken
from parlour.i18n.message import Joined, Message
from parlour.narration.hands import americana_hand_or_none, named_hands
from parlour.narration.sentences import say
from parlour.narration.words import detail, person, pot_won, seat_name, winning_hand

#: Kinds told by one sentence with the actor and the event's chips.
_SIMPLE = {"call": "call_amount", "check": "check", "fold": "fold", "muck": "muck"}


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence for ``event`` in the current language; second person for seat ``you``
    (``None``: nobody)."""
    told = line(event, names, you)
    return None if told is None else spoken(told)


def line(event: Event, names: Mapping[int, str], you: int | None = None) -> Message | None:
    """One sentence for ``event`` as a message each reader renders in their language."""
    kind = event.kind
    who = person(event.seat, you)
    name = seat_name(event.seat, names)
    if kind in _SIMPLE:
        return say(f"{_SIMPLE[kind]}.{who}", name=name, amount=event.amount)
    if kind == "antes":
        return say("antes", amount=event.amount)
    if kind == "hole":
        return say(f"hole.{who}", name=name, card=format_cards(event.cards))
    if kind == "upcards":
        return _upcards(event, names, you)
    if kind == "bring_in":
        key = "bring_in" if event.amount else "bring_in_none"
        return say(f"{key}.{who}", name=name, amount=event.amount)
    if kind in ("bet", "raise"):
        to = detail(event, "to", event.amount)
        return say(f"{'bet_to' if kind == 'bet' else 'raise_to'}.{who}", name=name, to=to)
    if kind == "show":
        cards = format_cards(event.cards)
        hand = americana_hand_or_none(event.cards)
        if hand is None:
            return say(f"show_cards.{who}", name=name, cards=cards)
        return say(f"show.{who}", name=name, cards=cards, hand=hand)
    if kind == "award":
        winners = [int(w) for w in detail(event, "winners", [])]
        hands = named_hands("americana", detail(event, "hands", []))
        hand = winning_hand(winners, hands)
        return pot_won(winners, event.amount, names, you, kind="award", hand=hand)
    if kind == "return":
        return say(f"uncalled.{who}", name=name, amount=event.amount)
    return None


def _upcards(event: Event, names: Mapping[int, str], you: int | None) -> Message:
    dealt = zip(detail(event, "seats", []), event.cards, strict=False)
    deals = Joined(
        tuple(
            say(f"upcard.{person(seat, you)}", name=seat_name(seat, names), card=str(card))
            for seat, card in dealt
        ),
        "comma",
    )
    return say("upcards", deals=deals)
