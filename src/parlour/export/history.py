"""A hand record replayed step by step for the exporters, through :mod:`parlour.records`.

The exporters need each decision paired with the events it caused, and the header's
objects; :func:`parlour.records.replay_dict` validates and replays exactly as
``parlour replay`` does, so an exported hand is always one that replays cleanly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.cards import Card
from parlour.records import Replay, Step, iter_file, replay_dict
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
    def shuffles(self) -> tuple[tuple[Card, ...], ...]:
        """Every shuffle of the hand, in order."""
        return self.replay.record.shuffles

    @property
    def steps(self) -> tuple[Step, ...]:
        """The automatic start (action ``None``), then one step per decision."""
        return self.replay.steps

    @property
    def hand(self) -> Any:
        """The finished hand (its engine's own type, for engine-specific detail)."""
        return self.replay.hand

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
