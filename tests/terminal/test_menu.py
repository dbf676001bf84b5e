"""The game-neutral menu: keys, defaults, sizes and card picks."""

from __future__ import annotations

import pytest

from parlour.cards import Card, parse_cards
from parlour.terminal.menu import CardPick, Menu, Option, SizeRange


def _make(amount: int, cards: tuple[Card, ...]) -> tuple[int, tuple[Card, ...]]:
    return (amount, cards)


def test_keys_are_distinct_and_preferred_keys_kept() -> None:
    menu = Menu.of(
        [
            Option("f", "fold", _make),
            Option("", "attack A", _make, word="bet"),
            Option("", "attack B", _make, word="bet"),
            Option("q", "quit-like", _make),
        ],
        ("stay", "fold"),
    )
    keys = [o.key for o in menu.options]
    assert keys[0] == "f"
    assert len(set(keys)) == len(keys)
    assert "q" not in keys  # q always quits
    assert menu.default_option is not None
    assert menu.default_option.label == "fold"


def test_enter_takes_only_a_free_choice_never_a_fold() -> None:
    menu = Menu.of([Option("f", "fold", _make), Option("s", "stay", _make)])
    assert menu.default_option is not None
    assert menu.default_option.name == "stay"
    facing = Menu.of(
        [
            Option("f", "fold", _make),
            Option("c", "call 4", _make),
            Option("r", "raise", _make, size=SizeRange(8, 8, "to")),
        ]
    )
    assert facing.default_option is None
    assert facing.enter_hint() == (
        "Enter does nothing here: choose fold (f), call (c) or raise (r)"
    )
    keep = Menu.of([Option("k", "keep all", _make, word="keep"), Option("t", "trim", _make)])
    assert keep.enter_hint() == "Enter: keep all"


def test_a_single_allowed_size_is_not_asked_for() -> None:
    option = Option("r", "raise to 6", _make, size=SizeRange(6, 6, "to"))
    assert not option.asks_size
    assert option.build() == (6, ())  # no size given: the one allowed
    sized = Option("r", "raise", _make, size=SizeRange(4, 40, "to"))
    assert sized.asks_size
    assert sized.size is not None
    assert sized.size.least == 4
    assert SizeRange(4, 10, "extra", zero_ok=True).least == 0


def test_find_by_key_or_unambiguous_word() -> None:
    menu = Menu.of(
        [
            Option("f", "fold", _make),
            Option("", "attack A", _make, word="bet"),
            Option("", "attack B", _make, word="bet"),
        ],
        ("fold",),
    )
    assert menu.find("F") is menu.options[0]
    assert menu.find("fold") is menu.options[0]
    assert menu.find("bet") is None  # two targets: the key decides
    assert menu.find("zzz") is None


def test_size_is_checked_with_a_message_naming_the_range() -> None:
    option = Option("r", "raise", _make, size=SizeRange(4, 40, "to"))
    assert option.build(4) == (4, ())
    with pytest.raises(ValueError, match="raise to 4 to 40, not 41"):
        option.build(41)


def test_extra_allows_zero_or_its_range() -> None:
    size = SizeRange(4, 10, "extra", zero_ok=True)
    assert size.allows(0)
    assert size.allows(4)
    assert not size.allows(2)
    assert size.describe() == "0, or 4 to 10"


def test_card_pick_by_notation_or_position() -> None:
    pick = CardPick(parse_cards("7h 9c Qs"), 1, 2)
    assert pick.parse("9c") == parse_cards("9c")
    assert pick.parse("1 3") == parse_cards("7h Qs")
    with pytest.raises(ValueError, match="not among"):
        pick.parse("Ah")
    with pytest.raises(ValueError, match="pick 1 to 2"):
        pick.parse("1 2 3")
    with pytest.raises(ValueError, match="positions go from 1 to 3"):
        pick.parse("4")
