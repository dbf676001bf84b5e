"""High card: a tiny game that exists to prove a game is its own package and nothing else.

Every player antes, gets one card face down, and in turn from the dealer's left stays (pays
the stake, all-in when short) or folds; the highest rank among those who stayed wins, equal
ranks split. Its :data:`META` is registered by the surface test, which then walks every
part of parlour that reads games (registry, command line, records, narration, terminal,
server) and checks each sees it, without any of them having been told about it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from parlour.cards import DECK_52, Card, format_cards
from parlour.errors import IllegalActionError
from parlour.events import Event
from parlour.games.meta import Derived, GameMeta, OptionSpec, Ref, SeatRange
from parlour.games.protocol import Action as AnyAction
from parlour.games.protocol import Choice as AnyChoice
from parlour.outcome import AwardedPot, Outcome
from parlour.pots import layer, split
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler
from parlour.terminal.menu import Maker, Menu, Option
from parlour.terminal.scene import CardGroup, Scene, SeatScene

name: Final = "highcard"


@dataclass(frozen=True, slots=True, kw_only=True)
class Anted(Event):
    """A player paid the ante."""

    kind: ClassVar[str] = "ante"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """A player's card, seen by its owner."""

    kind: ClassVar[str] = "card"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stayed(Event):
    """A player paid the stake."""

    kind: ClassVar[str] = "stay"


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A player gave up."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shown(Event):
    """A card shown at the showdown."""

    kind: ClassVar[str] = "show"


@dataclass(frozen=True, slots=True, kw_only=True)
class Won(Event):
    """A pot to its winners."""

    kind: ClassVar[str] = "award"
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Move:
    """``stay`` or ``fold``."""

    seat: int
    do: str

    def to_dict(self) -> dict[str, Any]:
        """The record form."""
        return {"seat": self.seat, "do": self.do}


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal move and what it costs now."""

    seat: int
    do: str
    amount: int = 0

    def allows(self, action: object) -> bool:
        """Whether ``action`` is this move."""
        return isinstance(action, Move) and (action.seat, action.do) == (self.seat, self.do)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"seat": self.seat, "do": self.do, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Options:
    """The ante and the stake (default twice the ante)."""

    ante: int
    stake: int

    def to_dict(self) -> dict[str, Any]:
        """Every option, as a record lists them."""
        return {"ante": self.ante, "stake": self.stake}


def options_from_dict(data: Mapping[str, Any]) -> Options:
    """Options from a record's ``options``, checked by the metadata."""
    return Options(**META.resolve(data))


def action_from_dict(data: Mapping[str, Any]) -> Move:
    """A move from its record form."""
    if data.get("do") not in ("stay", "fold") or not isinstance(data.get("seat"), int):
        raise ValueError(f"not a high card action: {dict(data)!r}")
    return Move(int(data["seat"]), str(data["do"]))


def random_action(choices: Sequence[AnyChoice], seat: int, rng: random.Random) -> Move:
    """A uniform legal move."""
    mine = [c for c in choices if isinstance(c, Choice) and c.seat == seat]
    return Move(seat, mine[int(rng.random() * len(mine))].do)


def default_action(choices: Sequence[AnyChoice], seat: int) -> AnyAction:
    """Fold: it is always legal and costs nothing."""
    return Move(seat, "fold")


def first_dealer(seats: Sequence[int], shuffler: Shuffler) -> int:
    """The lowest seat deals first."""
    return seats[0]


@dataclass(frozen=True, slots=True)
class View:
    """What a seat sees: its own card, everyone's chips, and every card once shown."""

    seat: int | None
    to_act: int | None
    pot: int
    cards: dict[int, Card | None]
    stacks: dict[int, int]
    live: dict[int, bool]
    legal_actions: tuple[Choice, ...]
    outcome: Outcome | None
    options: Options
    game: ClassVar[str] = "highcard"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "to_act": self.to_act,
            "pot": self.pot,
            "cards": {str(s): None if c is None else str(c) for s, c in self.cards.items()},
            "legal_actions": [c.to_dict() for c in self.legal_actions],
        }


class Hand:
    """One hand of high card."""

    game = "highcard"

    def __init__(
        self, options: Options, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
    ) -> None:
        self.options = options
        self.seats = tuple(seats)
        self.button = button
        least = META.min_stack(options.to_dict())
        after = [s.seat for s in self.seats if s.seat > button] + [
            s.seat for s in self.seats if s.seat <= button
        ]
        self.order = [s for s in after if self._spec(s).stack >= least]
        if len(self.order) < 2:
            raise ValueError("high card needs two players who can pay the ante")
        deck = shuffler(DECK_52)
        self.shuffles = [tuple(deck)]
        self.card = {seat: deck[k] for k, seat in enumerate(self.order)}
        self.stack = {s.seat: s.stack for s in self.seats}
        self.paid = dict.fromkeys(self.order, 0)
        self.live = dict.fromkeys(self.order, True)
        self.actions: list[Move] = []
        self.next = 0
        self.outcome: Outcome | None = None
        self.start_events: list[Event] = []
        for seat in self.order:
            self._pay(seat, options.ante)
            self.start_events.append(Anted(seat=seat, amount=options.ante))
            self.start_events.append(
                Dealt(seat=seat, cards=(self.card[seat],), audience=frozenset((seat,)))
            )

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` once over."""
        return None if self.is_over else self.order[self.next]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended."""
        return self.outcome is not None

    def legal_actions(self) -> tuple[Choice, ...]:
        """Stay (paying the stake, all-in when short) or fold."""
        seat = self.to_act
        if seat is None:
            return ()
        cost = min(self.options.stake, self.stack[seat])
        return (Choice(seat, "stay", cost), Choice(seat, "fold"))

    def apply(self, action: AnyAction) -> list[Event]:
        """Apply a move; the showdown follows the last one."""
        if not any(c.allows(action) for c in self.legal_actions()):
            listed = [c.to_dict() for c in self.legal_actions()]
            raise IllegalActionError(action.to_dict(), "not a legal move now", listed)
        assert isinstance(action, Move)
        self.actions.append(action)
        events: list[Event] = []
        if action.do == "stay":
            paid = self._pay(action.seat, self.options.stake)
            events.append(Stayed(seat=action.seat, amount=paid))
        else:
            self.live[action.seat] = False
            events.append(Folded(seat=action.seat))
        self.next += 1
        if self.next == len(self.order) or sum(self.live.values()) == 1:
            events += self._showdown()
        return events

    def view(self, seat: int | None) -> View:
        """What ``seat`` may see."""
        shown = self.is_over and sum(self.live.values()) > 1
        cards = {
            s: c if (s == seat or (shown and self.live[s])) else None for s, c in self.card.items()
        }
        return View(
            seat,
            self.to_act,
            sum(self.paid.values()),
            cards,
            dict(self.stack),
            dict(self.live),
            self.legal_actions() if seat is not None and seat == self.to_act else (),
            self.outcome,
            self.options,
        )

    def copy(self) -> Hand:
        """A deep enough copy for a search."""
        new = object.__new__(Hand)
        new.__dict__.update(
            {k: (v.copy() if isinstance(v, dict | list) else v) for k, v in vars(self).items()}
        )
        return new

    def _spec(self, seat: int) -> SeatSpec:
        return next(s for s in self.seats if s.seat == seat)

    def _pay(self, seat: int, amount: int) -> int:
        paid = min(amount, self.stack[seat])
        self.stack[seat] -= paid
        self.paid[seat] += paid
        return paid

    def _showdown(self) -> list[Event]:
        order = self.order
        layering = layer([self.paid[s] for s in order], [self.live[s] for s in order])
        pots = []
        events: list[Event] = []
        live = [s for s in order if self.live[s]]
        if len(live) > 1:
            events += [Shown(seat=s, cards=(self.card[s],)) for s in live]
        for pot in layering.pots:
            eligible = [order[q] for q in pot.eligible]
            top = max(self.card[s].rank for s in eligible)
            winners = [s for s in eligible if self.card[s].rank == top]
            for seat, won in split(pot.amount, winners).items():
                self.stack[seat] += won
            pots.append(AwardedPot(pot.amount, tuple(sorted(eligible)), tuple(winners)))
            events.append(Won(amount=pot.amount, winners=tuple(winners)))
        returned = []
        for q, back in enumerate(layering.returned):
            if back:
                self.stack[order[q]] += back
                returned.append((order[q], back))
        stacks = tuple(self.stack[s.seat] for s in self.seats)
        self.outcome = Outcome(stacks, tuple(pots), tuple(returned))
        return events


def start_hand(
    options: Options, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
) -> Hand:
    """Antes in, one card each."""
    return Hand(options, seats, button, shuffler)


def narrate(event: Event, names: Mapping[int, str], you: int | None = None) -> str | None:
    """One sentence per event."""
    who = "You" if event.seat == you else names.get(event.seat or 0, f"Seat {event.seat}")
    if isinstance(event, Won):
        winners = ", ".join(names.get(w, f"Seat {w}") for w in event.winners)
        return f"{winners} win(s) {event.amount} at high card."
    cards = f" {format_cards(event.cards)}" if event.cards else ""
    amount = f" {event.amount}" if event.amount else ""
    return f"{who}: {event.kind}{amount}{cards}."


def history_text(history: Any, number: int = 1) -> str:
    """A replayed hand as text: the narration by name."""
    names = {s.seat: history.name(s.seat) for s in history.seats}
    lines = [f"High card hand #{number}"]
    for step in history.steps:
        lines += [line for e in step.events if (line := narrate(e, names))]
    return "\n".join(lines) + "\n"


class Screen:
    """The terminal's picture of the table and the menu of moves."""

    @property
    def game(self) -> Any:
        """This module, the engine."""
        import sys

        return sys.modules[__name__]

    def scene(self, table: Any) -> Scene:
        """Every seat with its chips and whatever card the human may see."""
        view = table.hand.view(table.human)
        seats = tuple(
            SeatScene(
                s.seat,
                s.name,
                table.stack(s.seat),
                groups=(CardGroup("card", (view.cards.get(s.seat),)),),
                you=s.seat == table.human,
            )
            for s in table.seats
        )
        return Scene(f"High card · pot {view.pot}", seats)

    def menu(self, table: Any) -> Menu:
        """Stay or fold; fold is the default."""
        choices = table.hand.legal_actions()
        options = [Option(c.do[0], c.do, _maker(c)) for c in choices]
        return Menu.of_choices(choices, options, default_action(choices, table.human))

    def narrate(self, event: Event, names: Mapping[int, str], you: int) -> str | None:
        """The game's narrator."""
        return narrate(event, names, you)


def _maker(choice: Choice) -> Maker:
    """Builds the move of ``choice`` (no size, no cards)."""

    def make(_amount: int, _cards: tuple[Card, ...]) -> Move:
        return Move(choice.seat, choice.do)

    return make


SCREEN: Final = Screen()

META: Final = GameMeta(
    name="highcard",
    title="High Card",
    engine=__name__,
    seats=SeatRange(2, 4),
    options=(
        OptionSpec("ante", "int", "Ante", "Paid to be dealt in.", default=1, minimum=1),
        OptionSpec(
            "stake",
            "int",
            "Stake",
            "Paid to stay to the showdown.",
            derived=Derived("ante", 2, 1, "2 x ante"),
            minimum=1,
            maximum=50,
        ),
    ),
    deck=DECK_52,
    ranking="standard",
    default_action=default_action,
    narrator=Ref(f"{__name__}:narrate"),
    history=Ref(f"{__name__}:history_text"),
    terminal=Ref(f"{__name__}:SCREEN"),
    bots=(("random", Ref("parlour.bots.uniform:RandomBot")),),
    keys=(("stay", "s"), ("fold", "f")),
    rules_url="/rules/highcard",
)
