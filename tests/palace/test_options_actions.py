"""Options (the rulebook's table), actions in record form, and illegal actions."""

from __future__ import annotations

from typing import Any

import pytest

from parlour.cards import parse_card
from parlour.errors import IllegalActionError, OptionError
from parlour.games import GAMES
from parlour.games.palace import (
    Bet,
    Buy,
    Call,
    Discard,
    Fold,
    Raise,
    Stay,
    Trim,
    action_from_dict,
    options_from_dict,
)
from parlour.records import hand_to_record

from .helpers import make_hand, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])


def test_option_defaults_follow_the_small_bet() -> None:
    assert options_from_dict({}).to_dict() == {
        "structure": "limit", "small_bet": 2, "big_bet": 4, "ante": 1, "discard_fee": 2,
        "max_soldiers": 5, "raise_cap": 3,
    }  # fmt: skip
    derived = options_from_dict({"small_bet": 5}).to_dict()
    assert (derived["big_bet"], derived["ante"], derived["discard_fee"]) == (10, 2, 5)
    assert options_from_dict({"small_bet": 5, "big_bet": 7}).big_bet == 7


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"structure": "pot_limit"}, "structure"),
        ({"small_bet": 0}, "small_bet"),
        ({"big_bet": True}, "big_bet"),
        ({"ante": -1}, "ante"),
        ({"discard_fee": "2"}, "discard_fee"),
        ({"max_soldiers": 0}, "max_soldiers"),
        ({"raise_cap": -1}, "raise_cap"),
        ({"bring_in": 2}, "bring_in"),
    ],
)
def test_bad_options_are_rejected_naming_the_option(data: dict[str, Any], named: str) -> None:
    with pytest.raises(OptionError, match=named):
        options_from_dict(data)


def test_palace_is_registered() -> None:
    game = GAMES["palace"]
    assert game.name == "palace"


@pytest.mark.parametrize(
    "action",
    [
        Buy(0), Stay(1), Fold(2), Call(3), Raise(4, 6), Bet(5, 1), Bet(5, 1, 8),
        Trim(0, ()), Trim(0, (parse_card("Th"), parse_card("2c"))),
        Discard(1, (parse_card("As"),)),
    ],
)  # fmt: skip
def test_actions_round_trip_through_their_record_form(action: Any) -> None:
    assert action_from_dict(action.to_dict()) == action


def test_action_record_forms() -> None:
    assert Bet(1, 2).to_dict() == {"seat": 1, "do": "bet", "target": 2}
    assert Bet(1, 2, 4).to_dict() == {"seat": 1, "do": "bet", "target": 2, "extra": 4}
    assert Trim(0, ()).to_dict() == {"seat": 0, "do": "trim", "cards": []}
    assert Raise(0, 4).to_dict() == {"seat": 0, "do": "raise", "by": 4}
    got = action_from_dict({"seat": 0, "do": "discard", "cards": ["10h", "2c"]})
    assert got == Discard(0, (parse_card("Th"), parse_card("2c")))


@pytest.mark.parametrize(
    "data",
    [
        {"seat": 0, "do": "trim", "cards": ["Th", "10h"]},
        {"seat": 0, "do": "discard", "cards": []},
        {"seat": 0, "do": "discard", "cards": "Th"},
        {"seat": 0, "do": "trim", "cards": ["Xx"]},
        {"seat": 0, "do": "bet"},
        {"seat": 0, "do": "bet", "target": 1, "extra": -2},
        {"seat": 0, "do": "raise", "by": 0},
        {"seat": 0, "do": "check"},
        {"seat": -1, "do": "stay"},
        {"seat": 0, "do": "stay", "extra": 1},
        {"do": "stay"},
        ["stay"],
    ],
)
def test_malformed_actions_are_rejected(data: Any) -> None:
    with pytest.raises(ValueError):  # noqa: PT011 - every message differs
        action_from_dict(data)


def test_illegal_action_names_the_action_and_the_choices_and_changes_nothing() -> None:
    hand = make_hand(*THREE)
    before = (hand_to_record(hand), list(hand.stack), hand.to_act)
    with pytest.raises(IllegalActionError) as err:
        hand.apply(Stay(1))
    assert "seat 0" in str(err.value)
    assert "stay" in str(err.value)
    assert {"seat": 0, "do": "stay", "amount": 0} in err.value.choices
    for bad in (Call(0), Raise(0, 4), Trim(0, ()), Bet(0, 0), Bet(0, 7), "stay"):
        with pytest.raises(IllegalActionError):
            hand.apply(bad)  # type: ignore[arg-type]
    assert (hand_to_record(hand), list(hand.stack), hand.to_act) == before


def test_no_action_after_the_end() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 fold", "1 fold")
    with pytest.raises(IllegalActionError, match="over"):
        hand.apply(Stay(2))
