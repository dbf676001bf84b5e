"""The Palace state's one definition: every slot set by the constructor, and ``copy()``
checked slot by slot against ``PalaceHand.__slots__`` (so a slot added later cannot be
forgotten there): equal values, and no mutable part shared at any depth."""

from __future__ import annotations

import dataclasses
import random
from enum import Enum
from types import MappingProxyType
from typing import Any

import pytest
from hypothesis import given

from parlour.games.palace import PalaceHand, Phase, options_from_dict, random_action, start_hand
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

from .helpers import make_hand, play
from .test_properties import tables

#: Slots a copy shares on purpose: the source of later shuffles (documented in ``copy``).
SHARED = {"shuffler"}
MUTABLE = (list, dict, set, bytearray)


def slots() -> list[str]:
    """Every slot of the state, from the class itself."""
    names: list[str] = []
    for cls in PalaceHand.__mro__:
        names += [s for s in getattr(cls, "__slots__", ()) if s not in names]
    return names


def immutable(value: object) -> bool:
    """Whether ``value`` can be shared safely: a scalar, an enum, a frozen record, or a
    read-only container of immutable values."""
    if value is None or isinstance(value, int | float | str | bytes | Enum):
        return True
    if isinstance(value, tuple):  # NamedTuple choices included
        return all(immutable(v) for v in value)
    if isinstance(value, MappingProxyType):
        return all(immutable(k) and immutable(v) for k, v in value.items())
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        # Frozen records (options, seats, events, outcomes) are values of the past.
        return bool(type(value).__dataclass_params__.frozen)  # type: ignore[attr-defined]
    return False


def check_not_shared(original: Any, copied: Any, where: str) -> None:
    """``copied`` equals ``original`` and shares no mutable container with it, at any depth."""
    assert copied == original, where
    if immutable(original):
        return
    assert isinstance(original, MUTABLE), f"{where}: {type(original).__name__} is not handled"
    assert copied is not original, f"{where} is shared by the copy"
    if isinstance(original, dict):
        for key in original:
            check_not_shared(original[key], copied[key], f"{where}[{key!r}]")
    elif isinstance(original, list):
        for k, (a, b) in enumerate(zip(original, copied, strict=True)):
            check_not_shared(a, b, f"{where}[{k}]")


def mid_battle_hand() -> PalaceHand:
    """A hand with soldiers, discards, a P-35 return and a battle in progress."""
    hand = make_hand(["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"],
                     draw="9d Td Jd", stacks=40)  # fmt: skip
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "2 bet 1", "1 raise 4", "2 raise 4")
    return hand


def test_the_constructor_sets_every_slot() -> None:
    hand = make_hand(["Ac", "Kd"], ["9h 5h 6s", "Kc Qs 3h"])
    for name in slots():
        getattr(hand, name)  # AttributeError if the constructor left it unset
    assert hand.phase is Phase.TURN


@pytest.mark.parametrize("name", slots())
def test_copy_copies_each_slot_deep_where_mutable(name: str) -> None:
    hand = mid_battle_hand()
    hand.legal_actions()  # fills the cache, so it is copied too
    twin = hand.copy()
    original, copied = getattr(hand, name), getattr(twin, name)
    if name in SHARED:
        assert copied is original
    else:
        check_not_shared(original, copied, name)


@given(tables())
def test_copy_of_any_reachable_state_is_whole_and_unshared(table: tuple[PalaceHand, int]) -> None:
    hand, seed = table
    rng = random.Random(seed)
    for _ in range(rng.randrange(12)):
        if hand.to_act is None:
            break
        hand.apply(random_action(hand.legal_actions(), hand.to_act, rng))
    twin = hand.copy()
    for name in slots():
        if name not in SHARED:
            check_not_shared(getattr(hand, name), getattr(twin, name), name)
    # Mutating every list of the copy, nested ones included, leaves the original alone.
    before = hand_to_record(hand), [list(s) for s in hand.soldiers], list(hand.stack)
    for name in slots():
        value = getattr(twin, name)
        if isinstance(value, list):
            for item in value:
                if isinstance(item, list):
                    item.append(None)
            value.append(None)
    assert (hand_to_record(hand), [list(s) for s in hand.soldiers], list(hand.stack)) == before


def test_phases_have_one_definition() -> None:
    assert [p.label for p in Phase] == ["turn", "trim", "battle", "over"]
    hand = mid_battle_hand()
    assert hand.phase is Phase.BATTLE
    assert hand.view(None).phase == "battle"


def test_start_hand_is_the_constructor() -> None:
    from parlour.games.palace import options_from_dict
    from parlour.seats import SeatSpec
    from parlour.shuffles import SeededShuffler

    seats = [SeatSpec(0, 20), SeatSpec(1, 20), SeatSpec(2, 20)]
    a = start_hand(options_from_dict({}), seats, 2, SeededShuffler(3))
    b = PalaceHand(options_from_dict({}), seats, 2, SeededShuffler(3))
    assert type(a) is PalaceHand
    assert hand_to_record(a) == hand_to_record(b)
    assert a.start_events == b.start_events
    with pytest.raises(ValueError, match="P-8"):
        PalaceHand(options_from_dict({}), [SeatSpec(0, 20), SeatSpec(1, 0)], 0, SeededShuffler(3))


def test_p8_a_reused_seating_follows_the_seats_given() -> None:
    """Hands dealt at the same table reuse its seating; a change of stacks, button or ante
    (who can pay, P-8) or a bad table is worked out afresh, never taken from the last."""
    options = options_from_dict({})
    seats = [SeatSpec(0, 100), SeatSpec(1, 100), SeatSpec(2, 100)]
    first = start_hand(options, seats, 0, SeededShuffler(1))
    again = start_hand(options, list(seats), 0, SeededShuffler(1))
    assert again.order == first.order == (1, 2, 0)
    assert start_hand(options, seats, 1, SeededShuffler(1)).order == (2, 0, 1)
    short = [SeatSpec(0, 100), SeatSpec(1, 0), SeatSpec(2, 100)]
    assert start_hand(options, short, 0, SeededShuffler(1)).order == (2, 0)
    assert start_hand(options, seats, 0, SeededShuffler(1)).order == (1, 2, 0)
    with pytest.raises(ValueError, match="button"):
        start_hand(options, seats, 7, SeededShuffler(1))
    with pytest.raises(ValueError, match="increasing"):
        start_hand(options, list(reversed(seats)), 0, SeededShuffler(1))
    dear = options_from_dict({"small_bet": 300, "ante": 150})
    with pytest.raises(ValueError, match="ante"):
        start_hand(dear, seats, 0, SeededShuffler(1))
