"""The contract both game engines keep, so records, views, bots, the terminal, the server
and RL drive either game the same way.

A hand is a mutable state machine owned by one writer (a simulation loop, a table task);
``copy()`` is cheap so a search bot can explore. Legality is decided only by
``legal_actions()``; ``apply()`` is the only way a hand moves, runs every automatic step
after the decision, and returns the events. An illegal action raises
:class:`parlour.errors.IllegalActionError` and changes nothing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, Self

from parlour.cards import Card
from parlour.events import Event
from parlour.games.meta import GameMeta
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler


class Action(Protocol):
    """A player's decision; ``to_dict()`` is its hand-record form (HAND-RECORD.md)."""

    @property
    def seat(self) -> int: ...

    def to_dict(self) -> dict[str, Any]: ...


class Choice(Protocol):
    """One legal choice for the player to act (an exact action, or a range of sizes)."""

    def to_dict(self) -> dict[str, Any]: ...


class View(Protocol):
    """What one seat (``seat is None``: a spectator) may see (R-4), with its legal choices.

    ``legal_actions`` is empty unless ``seat`` is the seat to act; ``outcome`` is set once
    the hand is over. Each game's view adds the game's own public and private fields.
    """

    @property
    def game(self) -> str:
        """The game's name (its metadata: :func:`parlour.games.metadata`)."""
        ...

    @property
    def options(self) -> Options:
        """The table's options (public, like the rules)."""
        ...

    @property
    def seat(self) -> int | None: ...

    @property
    def to_act(self) -> int | None: ...

    @property
    def pot(self) -> int:
        """Every chip paid into the hand so far."""
        ...

    @property
    def legal_actions(self) -> Sequence[Choice]: ...

    @property
    def outcome(self) -> Outcome | None: ...

    def cards(self) -> frozenset[Card]:
        """Every card this view shows its viewer now (what the seat may see, R-4)."""
        ...

    def to_dict(self) -> dict[str, Any]: ...


class Options(Protocol):
    """Validated table options; ``to_dict()`` lists every option (as a written record does)."""

    def to_dict(self) -> dict[str, Any]: ...


class Hand(Protocol):
    """One hand of either game in progress (or over)."""

    game: str

    @property
    def options(self) -> Options:
        """The table options the hand is played with."""
        ...

    @property
    def seats(self) -> Sequence[SeatSpec]:
        """The seats listed for the hand, as its record lists them."""
        ...

    @property
    def button(self) -> int:
        """The dealer's seat."""
        ...

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        ...

    @property
    def is_over(self) -> bool: ...

    @property
    def outcome(self) -> Outcome | None:
        """Final stacks, pots and returned chips once the hand is over."""
        ...

    @property
    def shuffles(self) -> Sequence[Sequence[Card]]:
        """Every shuffle used so far, in order (R-3)."""
        ...

    @property
    def start_events(self) -> Sequence[Event]:
        """The events of the automatic start of the hand (antes, deals), before any decision."""
        ...

    @property
    def actions(self) -> Sequence[Action]:
        """Every decision applied so far, in order."""
        ...

    def legal_actions(self) -> Sequence[Choice]: ...

    def apply(self, action: Action) -> list[Event]: ...

    def view(self, seat: int | None) -> View:
        """What ``seat`` (``None``: a spectator) may see now (R-4), with its legal choices."""
        ...

    def copy(self) -> Self: ...


class Game(Protocol):
    """A game module's entry points, as the registry in :mod:`parlour.games` exposes them."""

    name: str
    META: GameMeta

    def first_dealer(self, seats: Sequence[int], shuffler: Shuffler) -> int:
        """The seat that deals a new table's first hand (P-6 in Palace Poker)."""
        ...

    def options_from_dict(self, data: Mapping[str, Any]) -> Options: ...

    def action_from_dict(self, data: Mapping[str, Any]) -> Action: ...

    def start_hand(
        self, options: Options, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
    ) -> Hand: ...

    def random_action(self, choices: Sequence[Choice], seat: int, rng: random.Random) -> Action:
        """A uniform choice among the legal kinds of action, sizes uniform in their range."""
        ...
