"""A hand record replayed step by step for the exporters, through :mod:`parlour.records`.

The exporters need each decision paired with the events it caused, and the header's
objects; :func:`parlour.records.replay_dict` validates and replays exactly as
``parlour replay`` does, so an exported hand is always one that replays cleanly.

A player's copy of a record (cards it never saw as ``??``) is told as its viewer saw the
hand: :meth:`History.told` passes on only the events that reader received and that name
no unseen card, and :meth:`History.card` writes an unseen card as ``??`` (R-4).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.cards import Card
from parlour.events import Event
from parlour.narration import joined
from parlour.records import REDACTED, Replay, Step, Unseen, iter_file, replay_dict
from parlour.seats import SeatSpec


@dataclass(frozen=True, slots=True)
class History:
    """A replayed hand: its header, its steps (the automatic start first) and the end."""

    replay: Replay

    @property
    def game(self) -> str:
        """``americana`` or ``palace``."""
        return self.replay.record.game.name

    @property
    def options(self) -> Any:
        """The game's validated table options."""
        return self.replay.record.options

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """The seats listed by the record."""
        return self.replay.record.seats

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self.replay.record.button

    @property
    def shuffles(self) -> tuple[tuple[Card | None, ...], ...]:
        """Every shuffle of the hand, in order (``None`` where a player's copy hides a card)."""
        return self.replay.record.shuffles

    @property
    def steps(self) -> tuple[Step, ...]:
        """The automatic start (action ``None``), then one step per decision."""
        return self.replay.steps

    @property
    def hand(self) -> Any:
        """The finished hand (its engine's own type, for engine-specific detail)."""
        return self.replay.hand

    @property
    def unseen(self) -> Unseen | None:
        """What a player's copy leaves unknown (``None`` for a full record)."""
        return self.replay.unseen

    @property
    def reader(self) -> int | None:
        """The seat the hand is told as (``None``: everyone's, or a spectator's copy)."""
        unseen = self.unseen
        return None if unseen is None else unseen.viewer

    def card(self, card: Card) -> str:
        """A card in notation, or ``??`` when the copy does not show it."""
        unseen = self.unseen
        return REDACTED if unseen is not None and card in unseen.cards else str(card)

    def cards(self, cards: Iterable[Card]) -> str:
        """Cards in notation separated by spaces, unseen ones as ``??``."""
        return " ".join(self.card(c) for c in cards)

    def told(self, events: Iterable[Event]) -> list[Event]:
        """The events to tell: all of a full record's; of a copy, what its viewer saw."""
        unseen = self.unseen
        if unseen is None:
            return list(events)
        return [
            e
            for e in events
            if e.visible_to(unseen.viewer) and not any(c in unseen.cards for c in e.cards)
        ]

    def vantage(self) -> str | None:
        """For a player's copy, a line saying whose view it is (``None`` for a full record)."""
        unseen = self.unseen
        if unseen is None:
            return None
        readers = ["a spectator" if v is None else self.name(v) for v in unseen.viewers]
        hidden = f"the {len(unseen.cards)} cards it does not show are written ??"
        if not unseen.viewer_found:
            return f"A player's copy, told as {readers[0]} (the closest match) saw it: {hidden}."
        if len(readers) == 1:
            return f"A player's copy, as {readers[0]} saw the hand: {hidden}."
        return (
            f"A player's copy: the cards it shows are what each of {joined(readers)} saw; "
            f"told as {readers[0]} saw it, {hidden}."
        )

    def unchecked(self) -> list[str]:
        """For a player's copy, the checks made, then those that could not be and why."""
        unseen = self.unseen
        if unseen is None:
            return []
        return [
            "Checked in this copy:",
            *(f"- {line}" for line in unseen.made),
            "Could not be checked in this copy:",
            *(f"- {line}" for line in unseen.not_made),
        ]

    def name(self, seat: int) -> str:
        """The player's name at ``seat`` (``Seat N`` when the record gives none)."""
        for spec in self.seats:
            if spec.seat == seat and spec.name:
                return spec.name
        return f"Seat {seat + 1}"


def history_text(history: History, number: int = 1) -> str:
    """The readable history of a replayed hand, by its game's writer (named in its metadata)."""
    write: Callable[[History, int], str] = history.replay.record.game.META.history.load()
    return write(history, number)


def replay(record: Mapping[str, Any]) -> History:
    """Replay a complete ``record``; raises :class:`parlour.errors.RecordError` when it fails."""
    return History(replay_dict(record))


def read_records(path: Path) -> Iterator[Mapping[str, Any]]:
    """Every record of a ``.jsonl`` file (one per line) or any other file (one record)."""
    for number, data in iter_file(path):
        if isinstance(data, json.JSONDecodeError):
            raise ValueError(f"{path}: line {number}: not JSON: {data.msg}")
        if not isinstance(data, Mapping):
            raise ValueError(f"{path}: line {number}: a record must be a JSON object")
        yield data
