"""Each game's metadata: the options table of RULES.md (defaults, derived defaults, limits,
constraints), the seat ranges of P-1 and A-1, the minimum stack of A-10 and P-8, and the
safe default move a clock expiry plays."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.errors import OptionError
from parlour.games import all_metadata, game_names, metadata
from parlour.games.americana import Choice as StudChoice
from parlour.games.meta import Derived, OptionSpec
from parlour.games.palace import CardChoice, Plain, RaiseChoice
from parlour.games.palace import Choice as PalaceChoice


def test_every_game_of_the_package_is_found() -> None:
    assert game_names() == ("americana", "palace")
    assert [m.title for m in all_metadata()] == ["Americana", "Palace Poker"]
    with pytest.raises(ValueError, match="unknown game 'holdem'; known: americana, palace"):
        metadata("holdem")


def test_p1_a1_seat_ranges() -> None:
    assert (metadata("palace").seats.min, metadata("palace").seats.max) == (2, 10)
    assert (metadata("americana").seats.min, metadata("americana").seats.max) == (2, 6)
    assert 6 in metadata("americana").seats
    assert 7 not in metadata("americana").seats


@pytest.mark.parametrize(
    ("game", "given", "expected"),
    [
        ("americana", {}, {"ante": 1, "bring_in": 2, "tie_break": "seed", "show_all": False}),
        ("americana", {"ante": 3}, {"bring_in": 6}),
        ("americana", {"ante": 3, "bring_in": 4}, {"bring_in": 4}),
        ("palace", {}, {"small_bet": 2, "big_bet": 4, "ante": 1, "discard_fee": 2}),
        ("palace", {"small_bet": 7}, {"big_bet": 14, "ante": 3, "discard_fee": 7}),
        ("palace", {"small_bet": 1}, {"ante": 0}),
    ],
)
def test_options_table_defaults_and_derived_defaults(
    game: str, given: dict[str, Any], expected: dict[str, Any]
) -> None:
    resolved = metadata(game).resolve(given)
    assert {k: resolved[k] for k in expected} == expected
    assert list(resolved) == list(metadata(game).option_names)


@pytest.mark.parametrize(
    ("game", "given", "said"),
    [
        ("americana", {"ante": 0}, "option ante must be a positive integer, got 0"),
        ("americana", {"raise_cap": -1}, "option raise_cap must be a non-negative integer"),
        ("americana", {"tie_break": "coin"}, "must be one of seed, ranks_then_suit, split"),
        ("americana", {"show_all": 1}, "option show_all must be true or false, got 1"),
        ("americana", {"ante": True}, "option ante must be a positive integer, got True"),
        ("americana", {"bring_in": None}, "option(s) bring_in are null"),
        ("palace", {"structure": "pot_limit"}, "must be one of limit, no_limit"),
        ("palace", {"blinds": 2}, "unknown Palace Poker option(s) blinds"),
        ("palace", {"small_bet": 4, "big_bet": 3}, "The big bet may not be below the small bet."),
        ("palace", [], "options must be an object"),
    ],
)
def test_bad_options_are_refused_saying_why(game: str, given: Any, said: str) -> None:
    with pytest.raises(OptionError) as error:
        metadata(game).resolve(given)
    assert said in str(error.value)


def test_the_constraint_of_a_derived_default_is_checked_too() -> None:
    # The big bet derives from the small bet; leaving it out never breaks the constraint.
    assert metadata("palace").resolve({"small_bet": 9})["big_bet"] == 18
    with pytest.raises(OptionError, match="big bet may not be below"):
        metadata("palace").resolve({"big_bet": 1})  # below the default small bet of 2


def test_a10_p8_minimum_stack_is_the_ante_and_one_chip_at_least() -> None:
    assert metadata("americana").min_stack(metadata("americana").resolve({"ante": 5})) == 5
    assert metadata("palace").min_stack(metadata("palace").resolve({"small_bet": 1})) == 1


def test_option_specs_refuse_a_missing_or_double_default() -> None:
    with pytest.raises(ValueError, match="not both"):
        OptionSpec("x", "int", "X")
    with pytest.raises(ValueError, match="not both"):
        OptionSpec("x", "int", "X", default=1, derived=Derived("y", 1, 1, "y"))
    with pytest.raises(ValueError, match="not a choice"):
        OptionSpec("x", "choice", "X", default="c", choices=("a", "b"))


def test_contract_json_of_a_derived_option() -> None:
    """CONTRACTS.md section 1: ``default: null`` with the rule, the source and the factor."""
    (bring_in,) = [o for o in metadata("americana").to_json()["options"] if o["name"] == "bring_in"]
    assert bring_in == {
        "name": "bring_in",
        "type": "int",
        "default": None,
        "default_rule": "2 \N{MULTIPLICATION SIGN} ante",
        "derived_from": "ante",
        "factor": 2,
        "rounding": "down",
        "min": 1,
        "max": None,
        "label": "Bring-in",
        "help": bring_in["help"],
    }
    assert "(A-4" in bring_in["help"]


def test_americana_safe_default_checks_when_free_otherwise_folds() -> None:
    safe = metadata("americana").default_action
    free = [StudChoice(2, "fold"), StudChoice(2, "check"), StudChoice(2, "bet", 0, 2, 8)]
    owed = [StudChoice(2, "fold"), StudChoice(2, "call", 2), StudChoice(2, "raise", 0, 4, 8)]
    forced = [StudChoice(2, "raise", 0, 4, 4), StudChoice(2, "bring_in", 2)]
    assert safe(free, 2).to_dict() == {"seat": 2, "do": "check"}
    assert safe(owed, 2).to_dict() == {"seat": 2, "do": "fold"}
    assert safe(forced, 2).to_dict() == {"seat": 2, "do": "bring_in"}  # no fold
    with pytest.raises(ValueError, match="seat 3 has no legal choice"):
        safe(free, 3)


def test_palace_safe_default_stays_when_free_otherwise_folds() -> None:
    safe = metadata("palace").default_action
    turn = [Plain("buy", 1, 2), Plain("stay", 1), Plain("fold", 1)]
    battle: list[PalaceChoice] = [
        Plain("fold", 1),
        Plain("call", 1, 4),
        RaiseChoice("raise", 1, 4, 4, 4),
    ]
    assert safe(turn, 1).to_dict() == {"seat": 1, "do": "stay"}
    assert safe(battle, 1).to_dict() == {"seat": 1, "do": "fold"}


def test_p21_a_forced_trim_lets_only_the_weakest_soldiers_go() -> None:
    """Pairs stay together, then higher ranks: the two weakest loners go."""
    soldiers = parse_cards("As 2c Kd 7h 3s Qc 2h")
    trim = CardChoice("trim", 0, soldiers, 2, 7)
    action = metadata("palace").default_action([trim], 0)
    assert action.to_dict() == {"seat": 0, "do": "trim", "cards": ["3s", "7h"]}
