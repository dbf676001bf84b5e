"""The worked example hand of each "How to play" page, as data played through the engine.

A page's example is not written out by hand: the deal and the decisions are listed here,
:func:`play` runs them through the game's own engine (an illegal decision raises), and the
page draws each step's table from the engine's state and fills the step's prose with the
engine's amounts (``{pot}``, ``{put[1]}``, ``{won[2]}``). So when the rules or the engine
change, the example either still plays, with the amounts the engine gives, or a test fails.

Each shuffle lists only the top of the cards it shuffles, in the order the engine deals
them; the other cards follow in the order the engine handed them over.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from parlour.cards import Card, parse_cards
from parlour.games import GAMES
from parlour.games.protocol import Hand
from parlour.seats import SeatSpec


@dataclass(frozen=True)
class Example:
    """A hand to play through: table, deal and decisions grouped into the page's steps.

    ``steps`` pairs each step's name (the ``@step`` marker of the page sources) with the
    decisions made in it; the first step may have none (the deal itself).
    """

    game: str
    options: Mapping[str, Any]
    stacks: tuple[int, ...]
    button: int
    shuffles: tuple[str, ...]
    steps: tuple[tuple[str, tuple[Mapping[str, Any], ...]], ...]


@dataclass(frozen=True)
class Seat:
    """One seat as a step leaves it: its cards (face, whether others see it), chips."""

    cards: tuple[tuple[Card, bool, str], ...]
    stack: int
    paid: int
    in_hand: bool


@dataclass(frozen=True)
class Step:
    """The table after one step, and the amounts its prose may name."""

    name: str
    seats: tuple[Seat, ...]
    pot: int
    put: tuple[int, ...]
    over: bool
    won: tuple[int, ...] = field(default=())
    start: tuple[int, ...] = field(default=())
    options: Mapping[str, Any] = field(default_factory=dict)

    def amounts(self) -> dict[str, Any]:
        """The placeholders of the step's prose: ``pot``, ``put``, ``paid``, ``stack``,
        ``won`` (chips taken from the pot at the end, per seat), ``start`` (stacks before
        the hand) and ``opt`` (the table options, ``{opt[ante]}``)."""
        return {
            "start": self.start,
            "opt": self.options,
            "pot": self.pot,
            "put": self.put,
            "paid": tuple(s.paid for s in self.seats),
            "stack": tuple(s.stack for s in self.seats),
            "won": self.won,
        }


class StackedShuffler:
    """A shuffler that puts the listed cards on top, one list per shuffle, in order.

    Raises ``ValueError`` when a listed card is not among the cards being shuffled (the
    example was written for another deal) or when more shuffles are asked for than listed.
    """

    def __init__(self, tops: Sequence[str]) -> None:
        self.tops = [parse_cards(top) for top in tops]
        self.used = 0

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if self.used >= len(self.tops):
            raise ValueError(f"the example lists {len(self.tops)} shuffle(s); one more asked")
        top = self.tops[self.used]
        self.used += 1
        missing = [str(c) for c in top if c not in cards]
        if missing:
            raise ValueError(f"shuffle {self.used - 1}: {' '.join(missing)} not in the deck")
        return [*top, *(c for c in cards if c not in top)]


def play(example: Example) -> list[Step]:
    """Play the example through its engine; the table after each step.

    Raises the engine's ``IllegalActionError`` if a listed decision is not legal, and
    ``ValueError`` if the hand is not over after the last step.
    """
    engine = GAMES[example.game]
    seats = [SeatSpec(i, stack) for i, stack in enumerate(example.stacks)]
    hand = engine.start_hand(
        engine.options_from_dict(example.options),
        seats,
        example.button,
        StackedShuffler(example.shuffles),
    )
    steps: list[Step] = []
    before = _paid(hand)
    for name, actions in example.steps:
        for action in actions:
            hand.apply(engine.action_from_dict(action))
        step = _step(name, hand, before)
        steps.append(replace(step, start=example.stacks, options=hand.options.to_dict()))
        before = _paid(hand)
    if not hand.is_over:
        raise ValueError(f"the {example.game} example ends before the hand is over")
    return steps


def _paid(hand: Hand) -> tuple[int, ...]:
    return tuple(_seat(hand, i).paid for i in range(len(hand.seats)))


def _step(name: str, hand: Hand, before: tuple[int, ...]) -> Step:
    seats = tuple(_seat(hand, i) for i in range(len(hand.seats)))
    put = tuple(s.paid - b for s, b in zip(seats, before, strict=True))
    won: tuple[int, ...] = ()
    outcome = hand.outcome
    if outcome is not None:
        won = tuple(
            end - spec.stack + seat.paid
            for end, spec, seat in zip(outcome.stacks, hand.seats, seats, strict=True)
        )
    pot = sum(s.paid for s in seats)
    return Step(name, seats, pot, put, hand.is_over, won)


def _seat(hand: Hand, seat: int) -> Seat:
    """What seat ``seat`` holds, read from its own view (the example shows every card)."""
    view = hand.view(seat).to_dict()
    if hand.game == "americana":
        row = view["seats"][seat]
        hole = [(row["hole"], False, "hole")] if row["hole"] else []
        up = [(c, True, "up") for c in row["upcards"]]
        cards = _cards([*hole, *up])
        return Seat(cards, row["stack"], row["contributed"], row["in_hand"])
    row = view["players"][seat]
    banner = [(row["banner"], True, "banner")] if row["banner"] else []
    palace = [(c, False, "palace") for c in row["palace"] or ()]
    soldiers = [(c, True, "soldier") for c in row["soldiers"]]
    cards = _cards([*banner, *palace, *soldiers])
    return Seat(cards, row["stack"], row["paid"], row["in_hand"])


def _cards(rows: Sequence[tuple[str, bool, str]]) -> tuple[tuple[Card, bool, str], ...]:
    return tuple((parse_cards(face)[0], shown, kind) for face, shown, kind in rows)


AMERICANA = Example(
    game="americana",
    options={"structure": "limit", "ante": 1, "bring_in": 2},
    stacks=(50, 50, 50),
    button=2,
    shuffles=("9h Qd 8c Kh Ks Tc 7h Qc 8d Jh Kd Th Qs",),
    steps=(
        ("deal", ()),
        (
            "round1",
            (
                {"seat": 0, "do": "bring_in"},
                {"seat": 1, "do": "call"},
                {"seat": 2, "do": "call"},
            ),
        ),
        (
            "round2",
            (
                {"seat": 1, "do": "bet", "to": 2},
                {"seat": 2, "do": "call"},
                {"seat": 0, "do": "raise", "to": 4},
                {"seat": 1, "do": "call"},
                {"seat": 2, "do": "fold"},
            ),
        ),
        ("round3", ({"seat": 1, "do": "bet", "to": 4}, {"seat": 0, "do": "call"})),
        (
            "round4",
            (
                {"seat": 1, "do": "bet", "to": 4},
                {"seat": 0, "do": "raise", "to": 8},
                {"seat": 1, "do": "call"},
            ),
        ),
    ),
)
"""Americana, limit, three players: Ana (seat 0) brings in with the king of hearts over
Marko's king of spades (A-3, A-12), and her flush beats Marko's full house (A-40)."""

PALACE = Example(
    game="palace",
    options={"structure": "limit", "small_bet": 2},
    stacks=(40, 40, 40),
    button=2,
    shuffles=("9h 4h Ks Qd", "Ah Kc Qc Ac 9c Qs 7d 5s 3h Ad 2h"),
    steps=(
        ("deal", ()),
        ("buy", ({"seat": 0, "do": "buy"}, {"seat": 0, "do": "trim", "cards": []})),
        ("trim", ({"seat": 1, "do": "buy"}, {"seat": 1, "do": "trim", "cards": ["2h"]})),
        ("stay", ({"seat": 2, "do": "stay"},)),
        (
            "battle",
            (
                {"seat": 0, "do": "bet", "target": 1},
                {"seat": 1, "do": "raise", "by": 4},
                {"seat": 0, "do": "call"},
            ),
        ),
        ("capture", ({"seat": 0, "do": "trim", "cards": []},)),
        ("forced", ({"seat": 2, "do": "bet", "target": 0}, {"seat": 0, "do": "call"})),
    ),
)
"""Palace Poker, limit, three players: a banner rejected, a Buy, a trim, a Stay, a battle
with a raise that Ana wins, then the forced battle of the last two (P-62) that Iker wins
because Ana's diamonds do not count against his diamond banner (P-37)."""

EXAMPLES: dict[str, Example] = {"americana": AMERICANA, "palace": PALACE}

__all__ = ["EXAMPLES", "Example", "Seat", "StackedShuffler", "Step", "play"]
