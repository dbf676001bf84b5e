"""Rebuilding a hand from its record (so far): restart recovery and step-by-step replay."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from parlour.cards import Card, parse_card
from parlour.events import Event
from parlour.games.protocol import Action, Game, Hand
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler, SecureShuffler


class ResumingShuffler:
    """Hands back the recorded shuffles first, then shuffles securely (live play goes on)."""

    def __init__(self, shuffles: Sequence[Sequence[Card]]) -> None:
        self._recorded = RecordedShuffler(shuffles)
        self._secure = SecureShuffler()

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if self._recorded.left_over:
            return self._recorded(cards)
        return self._secure(cards)


def record_seats(record: dict[str, Any]) -> list[SeatSpec]:
    """The record's seats as the engine takes them."""
    return [SeatSpec(s["seat"], s["stack"], s.get("name")) for s in record["seats"]]


def record_shuffles(record: dict[str, Any]) -> list[list[Card]]:
    """The record's shuffles as cards."""
    return [[parse_card(c) for c in shuffle] for shuffle in record["shuffles"]]


def start_events(hand: Hand) -> list[Event]:
    """The events of the automatic start (antes, deals)."""
    return list(hand.start_events)


def replay_steps(
    game: Game, record: dict[str, Any]
) -> Iterator[tuple[Hand, Action | None, list[Event]]]:
    """Yield the hand after its start and after each recorded action, with that step's events.

    The same hand object is yielded each time, moved on by one action.
    """
    options = game.options_from_dict(record["options"])
    shuffler = ResumingShuffler(record_shuffles(record))
    hand = game.start_hand(options, record_seats(record), record["button"], shuffler)
    yield hand, None, start_events(hand)
    for data in record["actions"]:
        action = game.action_from_dict(data)
        events = hand.apply(action)
        yield hand, action, events


def write_record(
    game: str, options: dict[str, Any], seats: Sequence[SeatSpec], button: int, hand: Hand
) -> dict[str, Any]:
    """The hand's record (parlour.hand/1) so far, with ``outcome`` once it is over."""
    record: dict[str, Any] = {
        "format": "parlour.hand/1",
        "game": game,
        "options": options,
        "seats": [s.to_dict() for s in seats],
        "button": button,
        "shuffles": [[str(c) for c in shuffle] for shuffle in hand.shuffles],
        "actions": [a.to_dict() for a in hand.actions],
    }
    outcome = hand.outcome
    if outcome is not None:
        record["outcome"] = outcome.to_dict()
    return record
