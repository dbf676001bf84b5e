"""Actions and choices as data (HAND-RECORD.md forms), parsing, the random policy."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from americana_helpers import start

from parlour.errors import IllegalActionError
from parlour.games.americana import (
    Bet,
    BringIn,
    Call,
    Check,
    Choice,
    Fold,
    Raise,
    action_from_dict,
    random_action,
)


@pytest.mark.parametrize(
    ("action", "record"),
    [
        (Fold(1), {"seat": 1, "do": "fold"}),
        (Check(0), {"seat": 0, "do": "check"}),
        (Call(2), {"seat": 2, "do": "call"}),
        (BringIn(3), {"seat": 3, "do": "bring_in"}),
        (Bet(0, 4), {"seat": 0, "do": "bet", "to": 4}),
        (Raise(5, 12), {"seat": 5, "do": "raise", "to": 12}),
    ],
)
def test_actions_round_trip_through_record_form(action: object, record: dict[str, object]) -> None:
    assert action.to_dict() == record  # type: ignore[attr-defined]
    assert action_from_dict(record) == action


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"do": "fold"}, "seat"),
        ({"seat": -1, "do": "fold"}, "seat"),
        ({"seat": True, "do": "fold"}, "seat"),
        ({"seat": 0, "do": "stay"}, "unknown Americana action 'stay'"),
        ({"seat": 0, "do": "raise"}, "positive integer 'to'"),
        ({"seat": 0, "do": "bet", "to": "4"}, "positive integer 'to'"),
        ({"seat": 0, "do": "call", "to": 4}, "takes no field"),
        ({"seat": 0, "do": "bet", "to": 4, "by": 2}, "takes only 'to'"),
        ([1, 2], "object"),
    ],
)
def test_action_from_dict_says_what_is_wrong(data: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        action_from_dict(data)  # type: ignore[arg-type]


def test_illegal_action_error_names_action_and_choices() -> None:
    hand = start([20, 20], "7c 7d Ac Kc")
    with pytest.raises(IllegalActionError) as info:
        hand.apply(Raise(0, 3))
    text = str(info.value)
    assert "'do': 'raise', 'to': 3" in text
    assert "'do': 'bring_in'" in text
    assert info.value.choices == tuple(c.to_dict() for c in hand.legal_actions())
    with pytest.raises(IllegalActionError, match="seat 0's turn"):
        hand.apply(BringIn(1))
    with pytest.raises(IllegalActionError, match="not an Americana action"):
        hand.apply("fold")  # type: ignore[arg-type]


def test_choices_allow_exactly_their_actions() -> None:
    rng = Choice(0, "raise", 0, 4, 9)
    assert rng.allows(Raise(0, 4))
    assert rng.allows(Raise(0, 9))
    assert not rng.allows(Raise(0, 10))
    assert not rng.allows(Bet(0, 5))
    assert not rng.allows(Raise(1, 5))
    assert Choice(0, "call", 3).allows(Call(0))
    assert rng.action(6) == Raise(0, 6)
    assert Choice(2, "fold").action() == Fold(2)
    assert rng.to_dict() == {"seat": 0, "do": "raise", "min_to": 4, "max_to": 9}
    assert str(rng) == "raise to 4..9"


def test_random_action_is_uniform_over_kinds_and_sizes() -> None:
    choices = (Choice(0, "fold"), Choice(0, "call", 2), Choice(0, "raise", 0, 4, 7))
    rng = random.Random(1)
    picks = [random_action(choices, 0, rng) for _ in range(6000)]
    kinds = Counter(type(a).__name__ for a in picks)
    assert all(1800 < kinds[k] < 2200 for k in ("Fold", "Call", "Raise"))
    sizes = Counter(a.to for a in picks if isinstance(a, Raise))
    assert set(sizes) == {4, 5, 6, 7}
    assert all(c.allows(a) for a in picks for c in choices if c.do == a.do)
