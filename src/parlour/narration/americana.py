"""Americana events in words, one line each, as a seated player or an onlooker reads them."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.cards import format_cards
from parlour.events import Event
from parlour.games.americana import events as ev
from parlour.narration.words import actor, awarded, name_of


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence for ``event``; second person for seat ``you`` (``None``: nobody)."""
    who, s = actor(event.seat, names, you)
    match event:
        case ev.AntesPaid():
            return f"Antes in: pot {event.amount}."
        case ev.HoleDealt():
            return f"{who} get{s} hole card {format_cards(event.cards)}."
        case ev.UpcardsDealt(seats=seats):
            dealt = zip(seats, event.cards, strict=False)
            return "Upcards: " + ", ".join(f"{name_of(p, names, you)} {c}" for p, c in dealt) + "."
        case ev.BroughtIn() if event.amount:
            return f"{who} bring{s} in {event.amount}."
        case ev.BroughtIn():
            return f"{who} must bring in but {'has' if s else 'have'} no chips."
        case ev.BetPlaced(to=to):
            return f"{who} bet{s} {to}."
        case ev.Raised(to=to):
            return f"{who} raise{s} to {to}."
        case ev.Called():
            return f"{who} call{s} {event.amount}."
        case ev.Folded() | ev.Checked() | ev.Mucked():
            return f"{who} {event.kind}{s}."
        case ev.Shown():
            return f"{who} show{s} {format_cards(event.cards)}."
        case ev.Awarded(winners=winners):
            return awarded(winners, event.amount, names, you) + "."
        case ev.Returned():
            return f"{who} take{s} back {event.amount} nobody called."
    return None
