"""Hand records: header validation, replay error indexes, writing (HAND-RECORD.md)."""

from __future__ import annotations

import copy
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import Card
from parlour.errors import OptionError, RecordError
from parlour.events import Event
from parlour.games import get_game
from parlour.records import Record, read_record, replay, replay_dict

EXAMPLE = Path(__file__).parent.parent / "golden" / "americana" / "hand_record_example.json"


@pytest.fixture
def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data


def _index(data: object) -> int:
    with pytest.raises(RecordError) as info:
        replay_dict(data)
    return info.value.index


def test_example_replays(record: dict[str, Any]) -> None:
    result = replay_dict(record)
    assert result.hand.outcome is not None
    assert result.hand.outcome.to_dict() == record["outcome"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.update(extra=1), "unknown record field"),
        (lambda r: r.update(format="parlour.hand/2"), "format"),
        (lambda r: r.update(game="bridge"), "game must be one of"),
        (lambda r: r["seats"][0].update(chair=1), "unknown seat field"),
        (lambda r: r["options"].update(blinds=2), "unknown Americana option"),
        (lambda r: r["options"].update(ante="1"), "ante"),
        (lambda r: r["options"].update(structure="spread"), "structure"),
        (lambda r: r["seats"].reverse(), "increasing"),
        (lambda r: r.update(seats=[{"seat": i, "stack": 5} for i in range(7)]), "at most 6"),
        (lambda r: r.update(button=5), "button"),
        (lambda r: [s.update(stack=0) for s in r["seats"][1:]], "a hand needs two"),
        (lambda r: r["shuffles"][0].__setitem__(0, "2c"), "shuffle"),
        (lambda r: r["shuffles"][0].__setitem__(0, "7d"), "permutation"),
        (lambda r: r["shuffles"].append(list(r["shuffles"][0])), "left over"),
        (lambda r: r["outcome"].update(stacks=[17, 19, 25]), "differs"),
        (lambda r: r["seats"][0].update(stack=-1), "stack"),
        (lambda r: r.pop("button"), "button"),
    ],
)
def test_header_problems_are_index_minus_one(
    record: dict[str, Any], change: Any, message: str
) -> None:
    change(record)
    with pytest.raises(RecordError, match=message) as info:
        replay_dict(record)
    assert info.value.index == -1


@pytest.mark.parametrize(
    ("game", "option"),
    [("americana", name) for name in ("bring_in", "ante", "raise_cap", "tie_break", "show_all")]
    + [("palace", name) for name in ("big_bet", "ante", "discard_fee", "small_bet")],
)
def test_a_null_option_is_refused_not_read_as_the_default(game: str, option: str) -> None:
    """HAND-RECORD.md: an option value of the wrong type is a wrong header; null is one
    (a default is asked for by leaving the option out)."""
    with pytest.raises(OptionError, match=f"option\\(s\\) {option} are null"):
        get_game(game).options_from_dict({option: None})
    golden = Path(__file__).parent.parent / "golden" / game
    data: dict[str, Any] = json.loads(next(iter(sorted(golden.glob("*.json")))).read_text())
    data.setdefault("options", {})[option] = None
    with pytest.raises(RecordError, match="null") as info:
        replay_dict(data)
    assert info.value.index == -1


def test_missing_options_take_defaults(record: dict[str, Any]) -> None:
    del record["options"]
    assert replay_dict(record).hand.outcome is not None


def test_outcome_compared_after_normalizing(record: dict[str, Any]) -> None:
    record["outcome"]["pots"] = [
        {"amount": 4, "eligible": [2, 0], "winners": [2]},
        {"amount": 3, "eligible": [0, 2], "winners": [2]},
    ]
    replay_dict(record)


def test_illegal_action_index(record: dict[str, Any]) -> None:
    record["actions"][3] = {"seat": 0, "do": "bet", "to": 3}
    with pytest.raises(RecordError, match="illegal action") as info:
        replay_dict(record)
    assert info.value.index == 3


def test_action_by_wrong_seat_index(record: dict[str, Any]) -> None:
    record["actions"][0]["seat"] = 0
    assert _index(record) == 0


def test_malformed_action_index(record: dict[str, Any]) -> None:
    record["actions"][2] = {"seat": 1, "do": "stay"}
    assert _index(record) == 2


def test_first_bad_action_wins_over_a_later_malformed_one(record: dict[str, Any]) -> None:
    record["actions"][1] = {"seat": 0, "do": "raise", "to": 99}
    record["actions"][6] = {"seat": 1, "do": "stay"}
    assert _index(record) == 1


def test_actions_stop_early_index_is_length(record: dict[str, Any]) -> None:
    record["actions"] = record["actions"][:5]
    with pytest.raises(RecordError, match="stop before") as info:
        replay_dict(record)
    assert info.value.index == 5


def test_action_after_end_index(record: dict[str, Any]) -> None:
    record["actions"].append({"seat": 0, "do": "check"})
    with pytest.raises(RecordError, match="after the hand ended") as info:
        replay_dict(record)
    assert info.value.index == 9


def test_written_record_lists_every_option(record: dict[str, Any]) -> None:
    from parlour.records import hand_to_record

    del record["options"]["show_all"]
    hand = replay_dict(record).hand
    written = hand_to_record(hand)
    assert written["options"]["show_all"] is False
    assert written["actions"] == record["actions"]
    assert written["outcome"] == record["outcome"]


class _ReshufflingHand:
    """A stand-in for a Palace hand whose second action needs a reshuffle (the hook)."""

    game = "palace"
    start_events: tuple[Event, ...] = ()

    def __init__(self, shuffler: Any) -> None:
        self._shuffler = shuffler
        self.done = 0

    is_over = property(lambda self: self.done >= 3)
    to_act = property(lambda self: 0)
    outcome = None

    def apply(self, action: Any) -> list[Event]:
        if self.done == 1:
            self._shuffler([Card(0), Card(1)])
        self.done += 1
        return []


class _Act:
    seat = 0

    def __init__(self, do: str) -> None:
        self.do = do

    def to_dict(self) -> dict[str, Any]:
        return {"seat": 0, "do": self.do}


class _FakeGame:
    name = "palace"

    def start_hand(self, options: Any, seats: Any, button: int, shuffler: Any) -> Any:
        shuffler([Card(n) for n in range(4)])
        return _ReshufflingHand(shuffler)


def test_mid_hand_reshuffle_error_is_reported_at_the_action_that_needed_it() -> None:
    good = (Card(0), Card(1), Card(2), Card(3))
    bad: Sequence[Card] = (Card(5), Card(6))
    fake: Any = _FakeGame()
    actions: Any = (_Act("stay"), _Act("buy"), _Act("stay"))
    options: Any = None
    rec = Record(fake, options, (), 0, (good, tuple(bad)), actions, None)
    with pytest.raises(RecordError, match="shuffle") as info:
        replay(rec)
    assert info.value.index == 1
    assert '"do": "buy"' in str(info.value)


def test_read_record_rejects_non_objects() -> None:
    with pytest.raises(RecordError):
        read_record([1, 2])
    with pytest.raises(RecordError):
        read_record(copy.deepcopy({"format": "parlour.hand/1"}))


def test_a_copy_that_hides_a_card_dealt_face_up_is_refused() -> None:
    """A player's download hides only what its viewer never saw (R-4); an upcard is seen by
    all (A-11), so a copy hiding one cannot be anyone's, whatever the hidden cards were."""
    data = json.loads(EXAMPLE.read_text())
    data["shuffles"][0][5] = "??"  # seat 2's first upcard
    with pytest.raises(RecordError, match="to everyone") as info:
        replay_dict(data)
    assert info.value.index == -1
