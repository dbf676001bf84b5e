"""Americana's facts in one place (RULES.md Part 2 and its options table).

Read by every surface that needs them: option validation, the registry, the command
line, the lobby's ``GET /api/games``, the server's clock, the terminal and the bots.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from parlour.cards import DECK_32
from parlour.evaluation import TIE_BREAKS
from parlour.games.americana.actions import Choice
from parlour.games.meta import STRUCTURE_LABELS, Derived, GameMeta, OptionSpec, Ref, SeatRange
from parlour.i18n.message import N_

if TYPE_CHECKING:
    from parlour.games import protocol

#: A-1: two to six players.
SEATS: Final = SeatRange(2, 6)

#: The rulebook's options table, in the order records list them.
OPTIONS: Final = (
    OptionSpec(
        "structure",
        "choice",
        N_("Structure"),
        N_("Limit, pot-limit or no-limit betting (A-4, A-20, A-21)."),
        default="limit",
        choices=("limit", "pot_limit", "no_limit"),
        choice_labels=tuple(STRUCTURE_LABELS.items()),
    ),
    OptionSpec(
        "ante",
        "int",
        N_("Ante"),
        N_("Paid by every player before the deal (A-10)."),
        default=1,
        minimum=1,
    ),
    OptionSpec(
        "bring_in",
        "int",
        N_("Bring-in"),
        N_(
            "The forced opening bet of round 1; also the small bet and the minimum bet "
            "(A-4, A-12, A-20, A-21)."
        ),
        derived=Derived("ante", 2, 1, "2 \N{MULTIPLICATION SIGN} ante"),
        minimum=1,
    ),
    OptionSpec(
        "raise_cap",
        "int",
        N_("Raise cap"),
        N_("Raises allowed in one round of limit betting (A-20)."),
        default=3,
        minimum=0,
    ),
    OptionSpec(
        "tie_break",
        "choice",
        N_("Tie-break"),
        N_("How equal hands are told apart (A-42 to A-44)."),
        default="seed",
        choices=TIE_BREAKS,
        choice_labels=(
            ("seed", N_("Suit of the deciding card (the original rule)")),
            ("ranks_then_suit", N_("All five ranks, then the suit")),
            ("split", N_("Ranks only; equal hands split")),
        ),
    ),
    OptionSpec(
        "show_all",
        "bool",
        N_("Show every hand"),
        N_("Nobody mucks at the showdown (A-31)."),
        default=False,
    ),
)

#: What an expired clock or a sitting-out player plays, best first: whatever costs nothing,
#: else giving up, else the bring-in nobody may refuse (A-12).
SAFE_KINDS: Final = ("check", "fold", "bring_in", "call")


def default_action(choices: Sequence[protocol.Choice], seat: int) -> protocol.Action:
    """Check when free, otherwise fold; the bring-in player brings in (A-12)."""
    mine = [c for c in choices if isinstance(c, Choice) and c.seat == seat]
    if not mine:
        raise ValueError(f"seat {seat} has no legal choice")
    for kind in SAFE_KINDS:
        for choice in mine:
            if choice.do == kind:
                return choice.action()
    return mine[0].action()  # a bet or raise only: its smallest size


META: Final = GameMeta(
    name="americana",
    title="Americana",
    engine="parlour.games.americana",
    seats=SEATS,
    options=OPTIONS,
    deck=DECK_32,
    ranking="americana",
    default_action=default_action,
    narrator=Ref("parlour.narration.americana:line"),
    notes=Ref("parlour.narration.strength:americana_note_messages"),
    history=Ref("parlour.export.stud_text:stud_text"),
    terminal=Ref("parlour.terminal.americana:RULES"),
    bots=(
        ("random", Ref("parlour.bots.uniform:RandomBot")),
        ("cfr", Ref("parlour.bots.solved:SolvedPolicyBot")),
        ("rules", Ref("parlour.bots.americana:AmericanaRules")),
        ("montecarlo", Ref("parlour.bots.americana:AmericanaMonteCarlo")),
    ),
    keys=(
        ("fold", "f"),
        ("check", "c"),
        ("call", "c"),
        ("bring_in", "b"),
        ("bet", "b"),
        ("raise", "r"),
    ),
    rules_url="/rules/americana",
)
