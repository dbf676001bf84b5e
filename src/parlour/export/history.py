"""A hand record replayed into the events of each step, for the exporters.

The record's inputs (options, seats, button, shuffles, actions) are run through the
engine, exactly as ``parlour replay`` does; the result pairs every action with the events
it caused, after the automatic start of the hand.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.cards import parse_cards
from parlour.events import Event
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (``None`` for the automatic start) and the events it produced."""

    action: Any
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class History:
    """A replayed hand: its record, header objects, steps, and the finished hand."""

    record: Mapping[str, Any]
    options: Any
    seats: tuple[SeatSpec, ...]
    button: int
    steps: tuple[Step, ...]
    hand: Any

    @property
    def game(self) -> str:
        """``americana`` or ``palace``."""
        return str(self.record["game"])

    def name(self, seat: int) -> str:
        """The player's name at ``seat`` (``Seat N`` when the record gives none)."""
        for spec in self.seats:
            if spec.seat == seat and spec.name:
                return spec.name
        return f"Seat {seat + 1}"


def replay(record: Mapping[str, Any], *, complete: bool = True) -> History:
    """Replay ``record`` through its game's engine; raises ``ValueError`` when it fails
    (also when the actions stop before the end and ``complete`` is true)."""
    game: Any = importlib.import_module(f"parlour.games.{record['game']}")
    options = game.options_from_dict(record.get("options", {}))
    seats = tuple(SeatSpec(int(s["seat"]), int(s["stack"]), s.get("name")) for s in record["seats"])
    shuffles = [parse_cards(s) for s in record["shuffles"]]
    hand = game.start_hand(options, seats, int(record["button"]), RecordedShuffler(shuffles))
    steps = [Step(None, tuple(getattr(hand, "start_events", ())))]
    for i, data in enumerate(record["actions"]):
        action = game.action_from_dict(data)
        try:
            events = hand.apply(action)
        except Exception as exc:
            raise ValueError(f"action {i} ({json.dumps(dict(data))}) fails: {exc}") from exc
        steps.append(Step(action, tuple(events)))
    if complete and not hand.is_over:
        raise ValueError(f"the record stops after {len(steps) - 1} actions, before the end")
    return History(record, options, seats, int(record["button"]), tuple(steps), hand)


def read_records(path: Path) -> Iterator[dict[str, Any]]:
    """Every record of a ``.json`` file (one record) or ``.jsonl`` file (one per line)."""
    text = path.read_text(encoding="utf-8")
    stripped = text.strip()
    if stripped.startswith("{") and "\n{" not in stripped:
        yield json.loads(stripped)
        return
    for number, line in enumerate(text.splitlines(), 1):
        if line.strip():
            try:
                yield json.loads(line)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{number}: not JSON: {exc}") from exc
