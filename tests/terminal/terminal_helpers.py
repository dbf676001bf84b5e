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


class Keyboard:
    """Standard input for the plain mode: scripted lines first, then a cautious player.

    The cautious player reads the last prompt printed to ``out`` and answers it: Enter where
    Enter takes a free choice (or a size, or no cards), otherwise the first key of
    ``prefer`` offered (call or check, else stay, else keep all, else fold); no to every
    offer. After ``limit`` answers the input ends.
    """

    def __init__(
        self, out: io.StringIO, script: str = "", limit: int = 3000, prefer: str = "cskf"
    ) -> None:
        self.out = out
        self.script = script.splitlines(keepends=True)
        self.limit = limit
        self.prefer = prefer

    def readline(self) -> str:
        if self.script:
            return self.script.pop(0)
        if self.limit <= 0:
            return ""
        self.limit -= 1
        text = self.out.getvalue()
        prompt = text.rsplit("\n", 1)[-1]
        if prompt != "choice> ":
            return "1\n" if "pick" in prompt and "Enter: none" not in prompt else "\n"
        choices = text[text.rfind("Your choices: ") :].split("\n", 1)[0]
        for key in self.prefer:
            if f"[{key}]" in choices:
                return f"{key}\n"
        return "\n"

    def isatty(self) -> bool:
        return False
