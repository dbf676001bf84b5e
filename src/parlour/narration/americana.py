"""Americana events in words, one line each, as a seated player or an onlooker reads them."""

from __future__ import annotations

from collections.abc import Mapping

from parlour.cards import format_cards
from parlour.events import Event
from parlour.narration.words import actor, awarded, name_of


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence for ``event``; second person for seat ``you`` (``None``: nobody)."""
    who, s = actor(event.seat, names, you)
    kind = event.kind
    if kind == "antes":
        return f"Antes in: pot {event.amount}."
    if kind == "hole":
        return f"{who} get{s} hole card {format_cards(event.cards)}."
    if kind == "upcards":
        dealt = zip(event.data.get("seats", []), event.cards, strict=False)
        return "Upcards: " + ", ".join(f"{name_of(p, names, you)} {c}" for p, c in dealt) + "."
    if kind == "bring_in":
        if event.amount:
            return f"{who} bring{s} in {event.amount}."
        return f"{who} must bring in but {'has' if s else 'have'} no chips."
    if kind == "bet":
        return f"{who} bet{s} {event.data.get('to', event.amount)}."
    if kind == "raise":
        return f"{who} raise{s} to {event.data.get('to', event.amount)}."
    if kind == "call":
        return f"{who} call{s} {event.amount}."
    if kind in ("fold", "check", "muck"):
        return f"{who} {kind}{s}."
    if kind == "show":
        return f"{who} show{s} {format_cards(event.cards)}."
    if kind == "award":
        return awarded(event.data.get("winners", []), event.amount, names, you) + "."
    if kind == "return":
        return f"{who} take{s} back {event.amount} nobody called."
    return None
