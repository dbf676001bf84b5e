"""Hand-worked golden records (tests/golden/americana): each outcome was written by hand
from the rules, then replayed here (R-1, A-30, A-31, A-41 to A-46, A-50, A-51 and more).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.games.americana import AmericanaHand
from parlour.outcome import Outcome
from parlour.records import replay_dict

GOLDEN = Path(__file__).parent.parent / "golden" / "americana"
FILES = sorted(GOLDEN.glob("*.json"))

#: Show order and mucks worked out by hand (A-30, A-31): ("show"/"muck", seat) in order.
SHOWDOWNS: dict[str, list[tuple[str, int]]] = {
    "hand_record_example": [("show", 0), ("show", 2)],
    "hu_no_limit_all_in_run_out": [("show", 0), ("show", 1)],
    "hu_pot_limit_button_deals_seat_one": [("show", 1), ("muck", 0)],
    "six_limit_checked_through_mucks": [("show", 0), ("show", 2), ("show", 4), ("muck", 5)],
    "six_limit_checked_through_show_all": [("show", 0), ("show", 2), ("show", 4), ("show", 5)],
    "three_way_all_in_two_side_pots": [("show", 0), ("show", 1), ("show", 2), ("muck", 3)],
    "tie_break_split_odd_chip": [("show", 0), ("show", 1)],
    "tie_break_seed_same_ranks": [("show", 0), ("show", 1)],
    "tie_break_seed_suit_of_kicker": [("show", 0), ("muck", 1)],
    "tie_break_ranks_then_suit_kicker": [("show", 0), ("show", 1)],
    "bring_in_with_no_chips_posted": [("show", 0), ("show", 1), ("muck", 2)],
    "limit_short_all_in_bet": [("show", 2), ("show", 0), ("show", 1)],
    "bring_in_by_suit_aces": [],
    "first_actor_suit_tie_king_eight": [],
    "hu_limit_reraise_fold": [],
    "six_no_limit_seats_wrap": [],
}


def test_golden_records_cover_every_option_value_and_way_a_hand_ends() -> None:
    """The hand-worked set reaches every structure, tie-break and show_all value, and every
    kind of ending and event: mucks (A-31), splits (A-44), side pots (A-50), returned
    chips (A-15), a bring-in posted with no chips (A-23), a hand won by folds."""
    assert {f.stem for f in FILES} == set(SHOWDOWNS)
    options: set[tuple[str, object]] = set()
    kinds: set[str] = set()
    side_pots = splits = returned = folded_out = posted_nothing = 0
    for path in FILES:
        result = replay_dict(json.loads(path.read_text()))
        options |= {(k, v) for k, v in result.record.options.to_dict().items()}
        kinds |= {e.kind for e in result.events}
        outcome = result.hand.outcome
        assert outcome is not None
        side_pots += len(outcome.pots) > 1
        splits += any(len(p.winners) > 1 for p in outcome.pots)
        returned += bool(outcome.returned)
        folded_out += not any(e.kind == "show" for e in result.events)
        posted_nothing += any(e.kind == "bring_in" and not e.amount for e in result.events)
    for name, values in (
        ("structure", ("limit", "pot_limit", "no_limit")),
        ("tie_break", ("seed", "ranks_then_suit", "split")),
        ("show_all", (False, True)),
    ):
        assert {(name, v) for v in values} <= options, name
    assert {"bring_in", "bet", "raise", "call", "check", "fold", "show", "muck"} <= kinds
    assert side_pots
    assert splits
    assert returned
    assert folded_out
    assert posted_nothing


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_r1_golden_record_replays_to_its_hand_worked_outcome(path: Path) -> None:
    data: dict[str, Any] = json.loads(path.read_text())
    result = replay_dict(data)  # raises RecordError if the outcome differs
    outcome = result.hand.outcome
    assert outcome is not None
    expected = Outcome.from_dict(data["outcome"])
    assert outcome.stacks == expected.stacks  # odd chips land where A-51 says
    assert outcome.normalized() == expected.normalized()
    shows = [(e.kind, e.seat) for e in result.events if e.kind in ("show", "muck")]
    assert shows == SHOWDOWNS[path.stem]


def test_a31_mucked_hand_is_in_no_view() -> None:
    data = json.loads((GOLDEN / "six_limit_checked_through_mucks.json").read_text())
    hand = replay_dict(data).hand
    assert isinstance(hand, AmericanaHand)
    for seat in (None, 0, 1, 2, 3, 4):
        row = next(r for r in hand.view(seat).seats if r.seat == 5)
        assert row.mucked
        assert row.hole is None
    assert next(r for r in hand.view(5).seats if r.seat == 5).hole is not None


def test_a44_a51_split_gives_odd_chip_to_highest_card() -> None:
    data = json.loads((GOLDEN / "tie_break_split_odd_chip.json").read_text())
    outcome = replay_dict(data).hand.outcome
    assert outcome is not None
    assert outcome.stacks == (21, 22, 17)  # Qh beats Qs for the odd chip


def test_a42_a43_a46_modes_decide_the_example_differently() -> None:
    seed = json.loads((GOLDEN / "tie_break_seed_suit_of_kicker.json").read_text())
    ranks = json.loads((GOLDEN / "tie_break_ranks_then_suit_kicker.json").read_text())
    assert seed["shuffles"] == ranks["shuffles"]
    assert seed["actions"] == ranks["actions"]
    assert seed["outcome"]["pots"][0]["winners"] == [0]
    assert ranks["outcome"]["pots"][0]["winners"] == [1]
