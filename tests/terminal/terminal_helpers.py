"""Shared by the terminal tests: replaying saved records, reading widgets as plain text."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType

from parlour.records import replay_dict


def replay_outcome(record: dict[str, Any]) -> dict[str, Any]:
    """Replay a saved hand record through its engine (checking it) and return its outcome."""
    outcome = replay_dict(record).hand.outcome
    assert outcome is not None
    return outcome.to_dict()


def saved_records(path: Path) -> list[dict[str, Any]]:
    """The records in a JSON-lines file."""
    return [json.loads(line) for line in path.read_text().splitlines()]


def plain_text(renderable: RenderableType, width: int = 100) -> str:
    """What a renderable looks like on a plain terminal ``width`` columns wide."""
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()
