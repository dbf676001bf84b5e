"""Shared by the terminal tests: replaying saved records, reading widgets as plain text."""

from __future__ import annotations

import importlib
import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from parlour.cards import parse_cards
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler


def replay_outcome(record: dict[str, Any]) -> dict[str, Any]:
    """Replay a saved hand record through its engine and return the outcome it reaches."""
    game = importlib.import_module(f"parlour.games.{record['game']}")
    seats = [SeatSpec(s["seat"], s["stack"], s.get("name")) for s in record["seats"]]
    shuffler = RecordedShuffler([parse_cards(s) for s in record["shuffles"]])
    options = game.options_from_dict(record["options"])
    hand = game.start_hand(options, seats, record["button"], shuffler)
    for data in record["actions"]:
        hand.apply(game.action_from_dict(data))
    assert hand.is_over
    outcome: dict[str, Any] = hand.outcome.to_dict()
    return outcome


def saved_records(path: Path) -> list[dict[str, Any]]:
    """The records in a JSON-lines file."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def plain_text(renderable: RenderableType, width: int = 100) -> str:
    """What a renderable looks like on a plain terminal ``width`` columns wide."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
