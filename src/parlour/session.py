"""A table session: hand after hand of any registered game (A-52, A-53, P-7).

The session owns the seats and stacks between hands. Players join an empty seat (playing
from the next hand, paying only the ante: A-52), leave, rebuy, and bust (no chips left:
they leave the table after the hand unless they rebuy first). After each hand the button
moves one seat to the left (A-53, P-7): to the next occupied seat clockwise (increasing
seat number, wrapping), and a hand deals in every player with chips who is not sitting
out, the button skipping to the next of them. Changes to a seat dealt into the hand in
progress take effect when it ends; changes to any other seat take effect at once. Every
change made is listed in ``changes`` for the session's owner (a server's ledger).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.events import Event
from parlour.games import get_game
from parlour.games.protocol import Action, Game, Hand, Options
from parlour.records import Record, Replay, make_record, resume
from parlour.seats import SeatSpec
from parlour.shuffles import SecureShuffler, Shuffler

#: A policy chooses an action for the seat to act of a hand.
Policy = Callable[[Hand], Action]


@dataclass(slots=True)
class Player:
    """A seated player between hands (one who sits out is not dealt in)."""

    name: str | None
    stack: int
    sitting_out: bool = False


@dataclass(frozen=True, slots=True)
class Change:
    """A change the session made to a seat: ``kind`` is join, leave, rebuy, stack or bust.

    ``before`` and ``after`` are the seat's stack around the change (0 for an empty seat).
    """

    kind: str
    seat: int
    name: str | None
    before: int
    after: int


class TableSession:
    """Seats, stacks and the button across hands of one game.

    Without a ``button`` the game chooses the first dealer (P-6 in Palace Poker draws for
    it with ``shuffler``; Americana starts with the lowest seat), among the players seated
    now, or with ``draw_later`` among the players dealt into the first hand (a table that
    friends join one by one). With ``busted_leave=False`` a player who loses every chip keeps
    the seat (not dealt in) until topped up or gone; by default they leave.

    >>> s = TableSession("americana", {}, {0: ("A", 20), 1: ("B", 20)})
    >>> s.button, sorted(s.players)
    (0, [0, 1])
    """

    __slots__ = (
        "_pending",
        "_seats",
        "busted",
        "busted_leave",
        "button",
        "changes",
        "draw_later",
        "game",
        "hand",
        "max_seats",
        "number",
        "options",
        "players",
        "records",
        "shuffler",
    )

    def __init__(
        self,
        game: str | Game,
        options: Mapping[str, Any] | Options,
        players: Mapping[int, tuple[str | None, int]],
        *,
        button: int | None = None,
        shuffler: Shuffler | None = None,
        max_seats: int | None = None,
        draw_later: bool = False,
        busted_leave: bool = True,
        number: int = 0,
    ) -> None:
        self.game: Game = get_game(game) if isinstance(game, str) else game
        self.options: Options = (
            self.game.options_from_dict(options) if isinstance(options, Mapping) else options
        )
        self.max_seats: int = max_seats or self.game.META.seats.max
        self.players: dict[int, Player] = {}
        for seat, (name, stack) in players.items():
            self._check_seat(seat)
            self.players[seat] = Player(name, stack)
        self.shuffler: Shuffler = shuffler or SecureShuffler()
        #: Whether the first dealer is still to be drawn when the first hand is dealt.
        self.draw_later: bool = draw_later and button is None
        if button is None:
            seated = sorted(self.players)
            button = (
                min(seated, default=0)  # a stand-in until the draw
                if self.draw_later
                else self.game.first_dealer(seated, self.shuffler)
            )
        self.button: int = button
        self.busted_leave = busted_leave
        #: Hands dealt so far (the number of the hand in progress or last played).
        self.number = number
        self.hand: Hand | None = None
        self.records: list[dict[str, Any]] = []
        self.busted: list[int] = []
        self.changes: list[Change] = []
        self._pending: list[tuple[str, int, Any]] = []
        self._seats: tuple[SeatSpec, ...] = ()

    # -------------------------------------------------------------- between hands

    def join(self, seat: int, stack: int, name: str | None = None) -> None:
        """Take an empty seat; the player is dealt in from the next hand (A-52)."""
        self._check_seat(seat)
        if seat in self.players or any(k == "join" and s == seat for k, s, _ in self._pending):
            raise ValueError(f"seat {seat} is taken")
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
            raise ValueError(f"a stack must be a non-negative integer, got {stack!r}")
        self._later("join", seat, (name, stack))

    def leave(self, seat: int) -> None:
        """Leave the table (after the hand in progress, if any)."""
        self._player(seat)
        self._later("leave", seat, None)

    def rebuy(self, seat: int, chips: int) -> None:
        """Add chips to a seat's stack (after the hand in progress, if any)."""
        self._player(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips <= 0:
            raise ValueError(f"a rebuy must be a positive integer, got {chips!r}")
        self._later("rebuy", seat, chips)

    def set_stack(self, seat: int, chips: int) -> None:
        """Make a seat's stack ``chips`` (after the hand in progress, if the seat is in it)."""
        self._player(seat)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            raise ValueError(f"a stack must be a non-negative integer, got {chips!r}")
        self._later("stack", seat, chips)

    def sit_out(self, seat: int, *, out: bool = True) -> None:
        """A player sits out (not dealt in from the next hand) or comes back."""
        self._player(seat).sitting_out = out

    @property
    def in_hand(self) -> bool:
        """Whether a hand is in progress."""
        return self.hand is not None and not self.hand.is_over

    @property
    def hand_seats(self) -> tuple[SeatSpec, ...]:
        """The seats dealt into the hand in progress (empty between hands)."""
        return self._seats if self.in_hand else ()

    def dealt_in(self, seat: int) -> bool:
        """Whether ``seat`` is dealt into the hand in progress."""
        return any(s.seat == seat for s in self.hand_seats)

    def pending(self, seat: int, kind: str) -> Any:
        """The value of the last change of ``kind`` waiting for the hand's end at ``seat``."""
        waiting = [value for k, s, value in self._pending if k == kind and s == seat]
        return waiting[-1] if waiting else None

    def leaving(self, seat: int) -> bool:
        """Whether ``seat`` leaves when the hand in progress ends."""
        return any(k == "leave" and s == seat for k, s, _ in self._pending)

    def ready(self) -> list[int]:
        """The seats the next hand would deal in: chips, not sitting out, not leaving."""
        return [
            seat
            for seat, p in sorted(self.players.items())
            if p.stack > 0 and not p.sitting_out and not self.leaving(seat)
        ]

    def can_deal(self) -> bool:
        """Whether at least two players who would be dealt in can pay the ante."""
        least = self.game.META.min_stack(self.options.to_dict())
        return sum(1 for s in self.ready() if self.players[s].stack >= least) >= 2

    # -------------------------------------------------------------- hands

    def start_hand(self) -> Hand:
        """Deal the next hand with the current seats and button."""
        if self.in_hand:
            raise ValueError("a hand is in progress")
        if not self.can_deal():
            raise ValueError("fewer than two players can pay the ante")
        dealt = self.ready()
        self._seats = tuple(SeatSpec(s, self.players[s].stack, self.players[s].name) for s in dealt)
        if self.draw_later:  # P-6 among the players of the first hand
            self.button, self.draw_later = self.game.first_dealer(dealt, self.shuffler), False
        elif self.button not in dealt:
            self.button = next((s for s in dealt if s > self.button), dealt[0])
        self.hand = self.game.start_hand(self.options, self._seats, self.button, self.shuffler)
        self.number += 1
        if self.hand.is_over:
            self._finish()
        return self.hand

    def resume(self, record: Record) -> Replay:
        """Take up the hand in progress of ``record`` (its actions so far) where it stopped.

        Play goes on with the session's shuffler once the record's shuffles are used up; a
        hand that the record shows over is settled at once. Returns the replay (its steps'
        events are what happened so far).
        """
        if self.in_hand:
            raise ValueError("a hand is in progress")
        replayed = resume(record, self.shuffler)
        self._seats, self.button, self.hand = record.seats, record.button, replayed.hand
        self.draw_later = False
        if replayed.hand.is_over:
            self._finish()
        return replayed

    def queued(self) -> list[tuple[str, int, Any]]:
        """The changes waiting for the end of the hand in progress: (kind, seat, value)."""
        return list(self._pending)

    def apply(self, action: Action) -> list[Event]:
        """Apply a decision to the hand in progress and return its events.

        When the decision ends the hand, the session's bookkeeping (record, stacks,
        pending joins and leaves, busts, the button) is done before returning.
        """
        if self.hand is None or self.hand.is_over:
            raise ValueError("no hand is in progress")
        events = self.hand.apply(action)
        if self.hand.is_over:
            self._finish()
        return events

    def play_hand(self, policy: Policy) -> dict[str, Any]:
        """Deal and play one whole hand with ``policy``; returns its record."""
        hand = self.start_hand()
        while not hand.is_over:
            self.apply(policy(hand))
        return self.records[-1]

    def random_policy(self, rng: random.Random) -> Policy:
        """The game's uniform random policy (``random_action``) as a :data:`Policy`."""
        game = self.game

        def choose(hand: Hand) -> Action:
            seat = hand.to_act
            assert seat is not None
            return game.random_action(hand.legal_actions(), seat, rng)

        return choose

    # -------------------------------------------------------------- internals

    def _finish(self) -> None:
        hand = self.hand
        assert hand is not None
        assert hand.outcome is not None
        self.records.append(
            make_record(self.game.name, self.options, self._seats, self.button, hand)
        )
        for spec, stack in zip(self._seats, hand.outcome.stacks, strict=True):
            self.players[spec.seat].stack = stack
        pending, self._pending = self._pending, []
        for kind, seat, value in pending:
            self._do(kind, seat, value)
        self.busted = [
            s for s, p in sorted(self.players.items()) if p.stack == 0 and s in self._dealt()
        ]
        for seat in self.busted if self.busted_leave else ():
            player = self.players.pop(seat)
            self.changes.append(Change("bust", seat, player.name, 0, 0))
        if self.players:
            self.button = self._next_seat(self.button)  # A-53, P-7

    def _dealt(self) -> set[int]:
        return {s.seat for s in self._seats}

    def _later(self, kind: str, seat: int, value: Any) -> None:
        if self.in_hand and seat in self._dealt():
            self._pending.append((kind, seat, value))
        else:
            self._do(kind, seat, value)

    def _do(self, kind: str, seat: int, value: Any) -> None:
        player = self.players.get(seat)
        before = 0 if player is None else player.stack
        if kind == "join":
            name, stack = value
            player = self.players[seat] = Player(name, stack)
        elif player is None:
            return
        elif kind == "leave":
            del self.players[seat]
        else:
            player.stack = value if kind == "stack" else player.stack + value
        after = 0 if kind == "leave" else player.stack
        self.changes.append(Change(kind, seat, player.name, before, after))

    def _next_seat(self, after: int) -> int:
        seats = sorted(self.players)
        return next((s for s in seats if s > after), seats[0])

    def _player(self, seat: int) -> Player:
        if seat not in self.players:
            raise ValueError(f"nobody sits in seat {seat}")
        return self.players[seat]

    def _check_seat(self, seat: int) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.max_seats:
            raise ValueError(
                f"seat must be an integer from 0 to {self.max_seats - 1}, got {seat!r}"
            )
        if len(self.players) >= self.max_seats and seat not in self.players:
            raise ValueError(f"the table is full ({self.max_seats} seats)")


def seat_specs(stacks: Sequence[int]) -> dict[int, tuple[str | None, int]]:
    """Players for seats 0, 1, ... named P0, P1, ... with the given stacks."""
    return {i: (f"P{i}", s) for i, s in enumerate(stacks)}
