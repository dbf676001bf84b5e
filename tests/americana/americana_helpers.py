"""Helpers for Americana tests: stacked decks, tables and terse actions."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.cards import DECK_32, Card, parse_cards
from parlour.events import Event
from parlour.games import americana
from parlour.games.americana import AmericanaHand
from parlour.seats import SeatSpec


class Stacked:
    """A shuffler that puts ``top`` (card notation) first, then the rest in deck order."""

    def __init__(self, top: str) -> None:
        self.top = parse_cards(top, deck=DECK_32)
        self.calls = 0

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        self.calls += 1
        assert tuple(cards) == DECK_32
        return [*self.top, *(c for c in DECK_32 if c not in self.top)]


def start(
    stacks: Sequence[int],
    top: str,
    *,
    button: int | None = None,
    numbers: Sequence[int] | None = None,
    **options: Any,
) -> AmericanaHand:
    """A hand at seats ``numbers`` (default 0, 1, ...), dealing from seat 0 by default."""
    numbers = list(numbers if numbers is not None else range(len(stacks)))
    seats = [SeatSpec(s, st, f"P{s}") for s, st in zip(numbers, stacks, strict=True)]
    opts = americana.options_from_dict(options)
    return americana.start_hand(
        opts, seats, numbers[-1] if button is None else button, Stacked(top)
    )


def act(hand: AmericanaHand, *moves: str) -> list[Event]:
    """Apply moves such as ``"call"``, ``"raise 6"``, ``"bet 4"`` for whoever is to act."""
    events: list[Event] = []
    for move in moves:
        seat = hand.to_act
        assert seat is not None, f"hand is over before {move!r}"
        do, *rest = move.split()
        data: dict[str, Any] = {"seat": seat, "do": do}
        if rest:
            data["to"] = int(rest[0])
        events.extend(hand.apply(americana.action_from_dict(data)))
    return events


def kinds(hand: AmericanaHand) -> list[dict[str, Any]]:
    """The legal choices of the seat to act, as dicts without the seat."""
    out = []
    for choice in hand.legal_actions():
        data = choice.to_dict()
        del data["seat"]
        out.append(data)
    return out
