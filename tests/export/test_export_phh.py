"""Every Americana hand exported as PHH reads back to exactly its record."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from parlour.export import phh
from parlour.export.history import replay
from parlour.games import americana
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def random_record(seed: int) -> dict[str, Any] | None:
    """A random legal hand: 2 to 6 seats with gaps, short stacks, any structure and names."""
    rng = random.Random(seed)
    options = americana.options_from_dict(
        {
            "structure": rng.choice(["limit", "pot_limit", "no_limit"]),
            "tie_break": rng.choice(["seed", "ranks_then_suit", "split"]),
            "show_all": rng.random() < 0.3,
        }
    )
    numbers = sorted(rng.sample(range(8), rng.randint(2, 6)))
    seats = [
        SeatSpec(s, rng.choice([0, 1, 2, 5, 12, 40]), rng.choice([None, f"P{s}", "Ann Lee"]))
        for s in numbers
    ]
    if sum(s.stack >= 1 for s in seats) < 2:
        return None
    button = rng.choice(numbers)
    hand: Any = americana.start_hand(options, seats, button, SeededShuffler(rng))
    while not hand.is_over:
        hand.apply(americana.random_action(hand.legal_actions(), hand.to_act, rng))
    return hand_to_record(hand)


@pytest.mark.parametrize("block", range(4))
def test_phh_round_trip(block: int) -> None:
    checked = 0
    for seed in range(block * 100, block * 100 + 100):
        record = random_record(seed)
        if record is None:
            continue
        text = phh.dumps(phh.to_phh(replay(record)))
        (fields,) = phh.loads_all(text)
        assert phh.from_phh(fields) == record, text
        checked += 1
    assert checked > 50


def test_phhs_file_holds_many_hands() -> None:
    records = [r for r in (random_record(s) for s in range(20)) if r is not None]
    text = phh.dumps_all(phh.to_phh(replay(r)) for r in records)
    assert [phh.from_phh(f) for f in phh.loads_all(text)] == records


def test_phh_fields_follow_the_standard() -> None:
    record = random_record(7)
    assert record is not None
    fields = phh.to_phh(replay(record))
    assert fields["variant"] in ("FAM", "PAM", "NAM")
    for name in ("antes", "bring_in", "starting_stacks", "actions", "finishing_stacks"):
        assert name in fields
    assert all(k.startswith("_") for k in fields if k.startswith("_parlour"))
    assert fields["actions"][0].startswith("d dh p1 ")


def test_phh_reader_rejects_a_hand_that_disagrees_with_its_deck() -> None:
    record = random_record(3)
    assert record is not None
    fields = phh.to_phh(replay(record))
    first = fields["actions"][0]
    fields["actions"][0] = first[:-2] + ("Ah" if not first.endswith("Ah") else "Kh")
    with pytest.raises(ValueError, match="disagrees"):
        phh.from_phh(fields)


def test_phh_refuses_palace() -> None:
    from parlour.games import palace

    hand: Any = palace.start_hand(
        palace.options_from_dict({}), [SeatSpec(0, 20), SeatSpec(1, 20)], 0, SeededShuffler(1)
    )
    rng = random.Random(1)
    while not hand.is_over:
        hand.apply(palace.random_action(hand.legal_actions(), hand.to_act, rng))
    with pytest.raises(ValueError, match="Americana only"):
        phh.to_phh(replay(hand_to_record(hand)))


#: PHH's action grammar (phh-std, "Actions"): dealer and player actions, commentary allowed.
_PHH_ACTION = re.compile(
    r"^(?:d dh p\d+ (?:[2-9TJQKA][cdhs])+"
    r"|p\d+ (?:pb|f|cc|cbr \d+|sm(?: (?:[2-9TJQKA][cdhs])+)?))?(?: ?# .*)?$"
)


@pytest.mark.parametrize("block", range(2))
def test_pokerkit_reads_every_exported_file(block: int) -> None:
    """PokerKit's reader loads each file; PHH's fields come through under PHH's names and
    types, ours as user-defined fields; every action line follows PHH's grammar."""
    notation = pytest.importorskip("pokerkit.notation", reason="pokerkit is not installed")
    checked = 0
    for seed in range(block * 150, block * 150 + 150):
        record = random_record(seed)
        if record is None:
            continue
        fields = phh.to_phh(replay(record))
        text = phh.dumps(fields)
        read = notation.HandHistory.loads(text)
        assert read.variant == fields["variant"]
        assert list(read.antes) == fields["antes"]
        assert read.bring_in == fields["bring_in"]
        assert list(read.starting_stacks) == fields["starting_stacks"]
        assert list(read.finishing_stacks) == fields["finishing_stacks"]
        assert list(read.seats) == fields["seats"]
        assert list(read.actions) == fields["actions"]
        for name in ("small_bet", "big_bet", "min_bet"):
            assert getattr(read, name) == fields.get(name)
        own = {k for k in fields if k.startswith("_")}
        assert set(read.user_defined_fields) == own
        assert all(_PHH_ACTION.match(a) for a in read.actions), read.actions
        checked += 1
    assert checked > 100


def test_showdown_lines_name_every_card_of_the_hand() -> None:
    for seed in range(200):
        record = random_record(seed)
        if record is None:
            continue
        shows = [a for a in phh.to_phh(replay(record))["actions"] if " sm " in a]
        assert all(len(a.split()[2]) == 10 for a in shows)  # five cards, hole first
        if shows:
            return
    raise AssertionError("no hand went to a showdown")
