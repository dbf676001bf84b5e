"""The live table: one human seat, bots in the others, hands one after another.

Both terminal modes drive a :class:`LocalTable`. It keeps a :class:`parlour.session.TableSession`
(seats, stacks, the button moving one seat to the left after each hand (A-53, P-7),
busted players leaving, hand records), lets the bots act until the human must decide or
the hand ends, and passes on only the events the human's seat may see (R-4, P-41).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from parlour.events import Event
from parlour.games.protocol import Game, Hand, Options
from parlour.i18n import _, _n
from parlour.narration import known_hands, result_line, told_returns
from parlour.narration.words import chips_line
from parlour.session import TableSession
from parlour.shuffles import Shuffler
from parlour.terminal.menu import Menu
from parlour.terminal.scene import Scene

#: Picks a bot's action: (hand, seat, rng) -> action.
BotMove = Callable[[Hand, int, random.Random], Any]


class Rules(Protocol):
    """What the terminal knows about one game: its engine, how to draw and word it."""

    @property
    def game(self) -> Game:
        """The engine module."""
        ...

    def scene(self, table: LocalTable) -> Scene:
        """The table as the human's seat sees it now."""
        ...

    def menu(self, table: LocalTable) -> Menu:
        """The human's legal choices as a keyed menu."""
        ...

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """One log line for ``event`` (``None``: not worth a line); seat ``you`` is "you"."""
        ...


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits in a seat: the human when ``bot`` is ``None``."""

    seat: int
    name: str
    bot: BotMove | None = None


class LocalTable:
    """A table played at the terminal: a session across hands for one human player (seat
    ``human``) and bots; the server has tables of its own."""

    def __init__(
        self,
        game: Game,
        options: Options,
        seats: Sequence[Seat],
        stack: int,
        shuffler: Shuffler,
        rng: random.Random,
        *,
        button: int = 0,
        human: int = 0,
    ) -> None:
        self.seats = tuple(seats)
        self.human = human
        self.rng = rng
        self.hand_number = 0
        self.starting_stack = stack
        self.bought_in = stack  # the human's chips in: the first stack plus every rebuy
        players = {s.seat: (s.name, stack) for s in self.seats}
        self.session = TableSession(game, options, players, button=button, shuffler=shuffler)
        self._before: dict[int, int] = {}
        self.seen: list[Event] = []  # what the human saw of the hand so far

    @property
    def game(self) -> Game:
        """The engine."""
        return self.session.game

    @property
    def options(self) -> Options:
        """The table options."""
        return self.session.options

    @property
    def hand(self) -> Hand | None:
        """The hand in progress or just finished (``None`` before the first deal)."""
        return self.session.hand

    @property
    def button(self) -> int:
        """The dealer's seat of the current hand."""
        hand = self.hand
        if hand is not None and hand.is_over and self.session.records:
            button: int = self.session.records[-1]["button"]
            return button
        return self.session.button

    @property
    def records(self) -> list[dict[str, Any]]:
        """The finished hands' records (HAND-RECORD.md)."""
        return self.session.records

    @property
    def names(self) -> dict[int, str]:
        """Player names by seat."""
        return {s.seat: s.name for s in self.seats}

    @property
    def least_stack(self) -> int:
        """The fewest chips that get a player dealt in (the ante, one chip at least)."""
        return self.game.META.min_stack(self.options.to_dict())

    def stack(self, seat: int) -> int:
        """Chips of ``seat`` between hands (0 once busted and gone)."""
        player = self.session.players.get(seat)
        return player.stack if player is not None else 0

    def stop_reason(self, hands: int | None = None) -> str | None:
        """Why the session deals no further hand (``None``: it can deal one).

        ``hands`` is a limit on the number of hands, when the player set one.
        """
        mine = self.stack(self.human)
        least = self.least_stack
        if mine == 0:
            return _("You have no chips left: the session is over.")
        if mine < least:
            return _n(
                "You have {n} chip, less than the ante of {least}: the session is over.",
                "You have {n} chips, less than the ante of {least}: the session is over.",
                mine,
                least=least,
            )
        if not self.session.can_deal():
            return _("Nobody else has chips left: the session is over.")
        if hands is not None and self.hand_number >= hands:
            return _n(
                "{n} hand played: the session is over.",
                "{n} hands played: the session is over.",
                hands,
            )
        return None

    def rebuy_offer(self, hands: int | None = None) -> int:
        """Chips the human may buy back in for now, topping up to the starting stack (0: none).

        Offered between hands when the human can no longer be dealt in (no chips, or fewer
        than the ante) while someone else can still play and fewer than ``hands`` (a limit
        the player set) have been played.
        """
        if self.hand is not None and not self.hand.is_over:
            return 0
        if hands is not None and self.hand_number >= hands:
            return 0
        least = self.least_stack
        mine = self.stack(self.human)
        others = any(
            p.stack >= least for seat, p in self.session.players.items() if seat != self.human
        )
        return self.starting_stack - mine if mine < least and others else 0

    def rebuy(self) -> int:
        """Buy the human back in (see :meth:`rebuy_offer`); the chips bought."""
        chips = self.rebuy_offer()
        if not chips:
            raise ValueError(_("no rebuy now: you can still be dealt in, or nobody else can play"))
        if self.human in self.session.players:
            self.session.rebuy(self.human, chips)
        else:  # a busted player left the session's seats (A-52: back from the next hand)
            self.session.join(self.human, chips, self.names[self.human])
        self.bought_in += chips
        return chips

    def deal(self) -> list[Event]:
        """Start the next hand and play the bots up to the human's turn; returns what it saw."""
        self._before = {seat: p.stack for seat, p in self.session.players.items()}
        hand = self.session.start_hand()
        self.hand_number += 1
        self.seen = []
        return self._visible(hand.start_events) + self.run_bots()

    def run_bots(self) -> list[Event]:
        """Let bots act until the human must decide or the hand is over."""
        hand = self._current()
        seen: list[Event] = []
        bots = {s.seat: s.bot for s in self.seats}
        while not hand.is_over and hand.to_act != self.human:
            seat = hand.to_act
            assert seat is not None
            bot = bots[seat]
            assert bot is not None, f"seat {seat} has no bot"
            seen += self._visible(self.session.apply(bot(hand, seat, self.rng)))
        return seen

    def act(self, action: Any) -> list[Event]:
        """Apply the human's action, then the bots'; raises ``ValueError`` if illegal."""
        return self._visible(self.session.apply(action)) + self.run_bots()

    def result(self) -> str:
        """Who won what in the finished hand, with the winning hand when the human saw it,
        and each player's net change."""
        hand = self._current()
        assert hand.outcome is not None
        seats = [s["seat"] for s in self.records[-1]["seats"]]
        hands = known_hands(self.game.name, self.seen)
        told = told_returns(self.seen)
        return result_line(hand.outcome, seats, self._before, self.names, self.human, hands, told)

    def changes(self) -> str:
        """Each player's net change in the finished hand, as one sentence."""
        hand = self._current()
        assert hand.outcome is not None
        seats = [s["seat"] for s in self.records[-1]["seats"]]
        return chips_line(hand.outcome, seats, self._before, self.names, self.human)

    def save(self, path: Path) -> int:
        """Append the finished hands' records to ``path`` (JSON lines); returns how many."""
        if not self.records:
            return 0
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("a", encoding="utf-8") as stream:
            for record in self.records:
                stream.write(json.dumps(record) + "\n")
        return len(self.records)

    def _current(self) -> Hand:
        if self.hand is None:
            raise RuntimeError("no hand has been dealt")
        return self.hand

    def _visible(self, events: Sequence[Event]) -> list[Event]:
        seen = [e for e in events if e.visible_to(self.human)]
        self.seen += seen
        return seen
