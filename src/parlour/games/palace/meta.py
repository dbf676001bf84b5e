"""Palace Poker's facts in one place (RULES.md Part 1 and its options table).

Read by every surface that needs them: option validation, the registry, the command
line, the lobby's ``GET /api/games``, the server's clock, the terminal and the bots.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from parlour.cards import DECK_52, Card
from parlour.games.meta import (
    STRUCTURE_LABELS,
    Constraint,
    Derived,
    GameMeta,
    OptionSpec,
    Ref,
    SeatRange,
)
from parlour.games.palace.actions import Trim
from parlour.games.palace.choices import BetChoice, CardChoice, Choice, Plain, RaiseChoice
from parlour.i18n.message import N_

if TYPE_CHECKING:
    from parlour.games import protocol

#: P-1: two to ten players.
SEATS: Final = SeatRange(2, 10)

#: The rulebook's options table, in the order records list them.
OPTIONS: Final = (
    OptionSpec(
        "structure",
        "choice",
        N_("Structure"),
        N_("Limit or no-limit battles (P-4, P-32 to P-34)."),
        default="limit",
        choices=("limit", "no_limit"),
        choice_labels=(
            ("limit", STRUCTURE_LABELS["limit"]),
            ("no_limit", STRUCTURE_LABELS["no_limit"]),
        ),
    ),
    OptionSpec(
        "small_bet",
        "int",
        N_("Small bet"),
        N_("SB: the price of a Buy and the unit of a battle's base (P-4, P-19, P-31)."),
        default=2,
        minimum=1,
    ),
    OptionSpec(
        "big_bet",
        "int",
        N_("Big bet"),
        N_("BB: a limit raise, and the least no-limit extra or raise (P-4, P-32, P-33)."),
        derived=Derived("small_bet", 2, 1, "2 \N{MULTIPLICATION SIGN} small_bet"),
        minimum=1,
    ),
    OptionSpec(
        "ante",
        "int",
        N_("Ante"),
        N_("Paid by every player before the banner deal (P-8)."),
        derived=Derived("small_bet", 1, 2, "floor(small_bet / 2)"),
        minimum=0,
    ),
    OptionSpec(
        "discard_fee",
        "int",
        N_("Discard fee"),
        N_("Paid to discard soldiers on a turn (P-20)."),
        derived=Derived("small_bet", 1, 1, "small_bet"),
        minimum=0,
    ),
    OptionSpec(
        "max_soldiers",
        "int",
        N_("Most soldiers"),
        N_("Soldiers a player may keep once a trim is over (P-19, P-21)."),
        default=5,
        minimum=1,
    ),
    OptionSpec(
        "raise_cap",
        "int",
        N_("Raise cap"),
        N_("Raises allowed in one battle of limit betting (P-34)."),
        default=3,
        minimum=0,
    ),
)

#: Checks across options (docs/palace.md says why the big bet may not be the smaller one).
CONSTRAINTS: Final = (
    Constraint(
        "big_bet_below_small_bet",
        "The big bet may not be below the small bet.",
        lambda options: options["big_bet"] >= options["small_bet"],
    ),
)

#: What an expired clock or a sitting-out player plays, best first: whatever costs nothing,
#: else giving up (a battle, or P-62's forced battle, can always be folded).
SAFE_KINDS: Final = ("stay", "fold", "call")


def forced_trim(choice: CardChoice) -> tuple[Card, ...]:
    """The soldiers a forced trim lets go: only as many as the limit forces, the weakest.

    A soldier's worth is how many soldiers share its rank (pairs and trips stay
    together), then its rank.
    """
    counts = Counter(card.rank for card in choice.soldiers)
    ranked = sorted(choice.soldiers, key=lambda card: (counts[card.rank], card.rank))
    return tuple(ranked[: choice.least])


def default_action(choices: Sequence[protocol.Choice], seat: int) -> protocol.Action:
    """Stay when free, otherwise fold; a trim keeps the best soldiers it may keep."""
    mine: list[Choice] = [c for c in choices if isinstance(c, _CHOICES) and c.seat == seat]
    if not mine:
        raise ValueError(f"seat {seat} has no legal choice")
    for kind in SAFE_KINDS:
        for choice in mine:
            if isinstance(choice, Plain) and choice.do == kind:
                return choice.sample(random.Random(0))  # a plain choice has one action
    for choice in mine:
        if isinstance(choice, CardChoice) and choice.do == "trim":
            return Trim(seat, forced_trim(choice))
    return mine[0].sample(random.Random(0))  # not reached by the rules: stay or fold is legal


_CHOICES: Final = (Plain, CardChoice, BetChoice, RaiseChoice)


META: Final = GameMeta(
    name="palace",
    title="Palace Poker",
    engine="parlour.games.palace",
    seats=SEATS,
    options=OPTIONS,
    constraints=CONSTRAINTS,
    deck=DECK_52,
    ranking="palace",
    default_action=default_action,
    narrator=Ref("parlour.narration.palace:line"),
    notes=Ref("parlour.narration.strength:palace_note_messages"),
    history=Ref("parlour.export.palace_text:palace_text"),
    terminal=Ref("parlour.terminal.palace:RULES"),
    bots=(
        ("random", Ref("parlour.bots.uniform:RandomBot")),
        ("rules", Ref("parlour.bots.palace:PalaceRules")),
        ("montecarlo", Ref("parlour.bots.palace:PalaceMonteCarlo")),
    ),
    keys=(
        ("buy", "b"),
        ("stay", "s"),
        ("fold", "f"),
        ("call", "c"),
        ("discard", "d"),
        ("trim", "t"),
        ("raise", "r"),
    ),
    rules_url="/rules/palace",
)
