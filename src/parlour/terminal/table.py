"""The live table: one human seat, bots in the others, hands one after another.

Both terminal modes drive a :class:`Table`: it deals each hand, lets the bots act until
the human must decide (or the hand ends), applies the human's action, and keeps only
the events the human's seat may see (R-4, P-41). Between hands the button moves one
seat to the left (A-53, P-7), players without chips leave, and every finished hand is
kept as a hand record to save when the player quits.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from parlour.events import Event
from parlour.games.protocol import Game, Hand, Options
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler
from parlour.terminal.menu import Menu
from parlour.terminal.narration import result_line
from parlour.terminal.scene import Scene

#: Picks a bot's action: (hand, seat, rng) -> action.
BotMove = Callable[[Hand, int, random.Random], Any]


class Rules(Protocol):
    """What the terminal knows about one game: its engine, how to draw and word it."""

    @property
    def game(self) -> Game:
        """The engine module."""
        ...

    def scene(self, table: Table) -> Scene:
        """The table as the human's seat sees it now."""
        ...

    def menu(self, table: Table) -> Menu:
        """The human's legal choices as a keyed menu."""
        ...

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """One log line for ``event`` (``None``: not worth a line); seat ``you`` is "you"."""
        ...


@dataclass
class Player:
    """A seated player: the human when ``bot`` is ``None``."""

    seat: int
    name: str
    stack: int
    bot: BotMove | None = None
    kind: str = "human"


@dataclass
class Table:
    """A table session across hands for one human player."""

    game: Game
    options: Options
    players: list[Player]
    shuffler: Shuffler
    rng: random.Random
    button: int = 0
    human: int = 0
    hand: Hand | None = None
    hand_number: int = 0
    records: list[dict[str, Any]] = field(default_factory=list)
    _seats: tuple[SeatSpec, ...] = ()

    @property
    def names(self) -> dict[int, str]:
        """Player names by seat."""
        return {p.seat: p.name for p in self.players}

    def player(self, seat: int) -> Player:
        """The player in ``seat``."""
        return next(p for p in self.players if p.seat == seat)

    @property
    def seated(self) -> list[Player]:
        """Players still at the table (with chips), in seat order."""
        return [p for p in self.players if p.stack > 0]

    def can_deal(self) -> bool:
        """Whether another hand can start: the human and someone else still have chips."""
        return self.player(self.human).stack > 0 and len(self.seated) >= 2

    def deal(self) -> list[Event]:
        """Start the next hand and play the bots up to the human's turn; returns what it saw."""
        seated = self.seated
        seat_numbers = [p.seat for p in seated]
        if self.hand_number > 0 or self.button not in seat_numbers:
            self.button = _next_seat(seat_numbers, self.button)
        self._seats = tuple(SeatSpec(p.seat, p.stack, p.name) for p in seated)
        self.hand = self.game.start_hand(self.options, self._seats, self.button, self.shuffler)
        self.hand_number += 1
        return self._visible(_start_events(self.hand)) + self.run_bots()

    def run_bots(self) -> list[Event]:
        """Let bots act until the human must decide or the hand is over."""
        hand = self._current()
        seen: list[Event] = []
        while not hand.is_over and hand.to_act != self.human:
            seat = hand.to_act
            assert seat is not None
            bot = self.player(seat).bot
            assert bot is not None, f"seat {seat} has no bot"
            seen += self._visible(hand.apply(bot(hand, seat, self.rng)))
        if hand.is_over:
            self._finish()
        return seen

    def act(self, action: Any) -> list[Event]:
        """Apply the human's action, then the bots'; raises ``ValueError`` if illegal."""
        hand = self._current()
        events = self._visible(hand.apply(action))
        return events + self.run_bots()

    def _current(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("no hand has been dealt")
        return self.hand

    def _visible(self, events: Sequence[Event]) -> list[Event]:
        return [e for e in events if e.visible_to(self.human)]

    def _finish(self) -> None:
        hand = self._current()
        outcome = hand.outcome
        assert outcome is not None
        for spec, stack in zip(self._seats, outcome.stacks, strict=True):
            self.player(spec.seat).stack = stack
        self.records.append(self.record())

    def result(self) -> str:
        """Who won what in the finished hand, and each player's net change."""
        hand = self._current()
        assert hand.outcome is not None
        before = {s.seat: s.stack for s in self._seats}
        return result_line(
            hand.outcome, [s.seat for s in self._seats], before, self.names, self.human
        )

    def record(self) -> dict[str, Any]:
        """The current hand as a hand record (HAND-RECORD.md)."""
        hand = self._current()
        outcome = hand.outcome
        return {
            "format": "parlour.hand/1",
            "game": self.game.name,
            "options": self.options.to_dict(),
            "seats": [s.to_dict() for s in self._seats],
            "button": self.button,
            "shuffles": [[str(c) for c in s] for s in hand.shuffles],
            "actions": [a.to_dict() for a in hand.actions],
            **({"outcome": outcome.to_dict()} if outcome is not None else {}),
        }

    def save(self, path: Path) -> int:
        """Append the finished hands' records to ``path`` (JSON lines); returns how many."""
        if not self.records:
            return 0
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as stream:
            for record in self.records:
                stream.write(json.dumps(record) + "\n")
        return len(self.records)


def _next_seat(seats: Sequence[int], after: int) -> int:
    """The first of ``seats`` clockwise (increasing, wrapping) after seat ``after``."""
    later = [s for s in seats if s > after]
    return later[0] if later else seats[0]


def _start_events(hand: Hand) -> list[Event]:
    """The events of the automatic start (antes, deals), which the engines keep on the hand."""
    events = getattr(hand, "start_events", None)
    return list(events) if events is not None else []
