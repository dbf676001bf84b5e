"""Hand-worked golden hands (tests/golden/palace/*.json) replayed through the engine.

Each file is a plain ``parlour.hand/1`` record whose ``outcome`` was worked out by hand
(the working is in :mod:`.golden_specs`); the engine must reach exactly that outcome.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.errors import RecordError
from parlour.games.palace import action_from_dict, options_from_dict, start_hand
from parlour.outcome import Outcome
from parlour.records import hand_to_record, replay_dict
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler

from .golden_specs import SPECS, record

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "palace"


def replay(data: dict[str, Any]) -> Outcome:
    """Replay a record through the Palace engine alone; return its outcome."""
    seats = [SeatSpec(s["seat"], s["stack"], s.get("name")) for s in data["seats"]]
    shuffler = RecordedShuffler([parse_cards(s) for s in data["shuffles"]])
    hand = start_hand(options_from_dict(data["options"]), seats, data["button"], shuffler)
    for raw in data["actions"]:
        assert not hand.is_over, f"action {raw} after the end"
        hand.apply(action_from_dict(raw))
    assert hand.outcome is not None, "the actions stop before the hand ends"
    assert shuffler.left_over == 0
    assert hand_to_record(hand) == data
    return hand.outcome


def dump(data: dict[str, Any]) -> str:
    """A record as JSON with one top-level field per line."""
    lines = [f" {json.dumps(k)}: {json.dumps(v)}" for k, v in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


def test_golden_hands_cover_every_structure_ending_and_rare_step() -> None:
    """The hand-worked set reaches both structures, tables of two to ten, every ending but
    P-62's comparison (hand-made in test_rules_end), battles won and tied, both reshuffles
    (P-12, P-17), trims and discards, skipped turns, returned raises and side pots."""
    assert len({s["name"] for s in SPECS}) == len(SPECS)
    endings: set[str] = set()
    kinds: set[str] = set()
    structures: set[str] = set()
    sizes: set[int] = set()
    side_pots = 0
    for spec in SPECS:
        data = json.loads((GOLDEN / f"{spec['name']}.json").read_text())
        result = replay_dict(data)
        endings |= {e.to_dict()["how"] for e in result.events if e.kind == "hand_over"}
        kinds |= {e.kind for e in result.events}
        structures.add(data["options"].get("structure", "limit"))
        sizes.add(len(data["seats"]))
        assert result.hand.outcome is not None
        side_pots += len(result.hand.outcome.pots) > 1
    assert structures == {"limit", "no_limit"}
    assert {2, 10} <= sizes
    assert endings >= {"last_standing", "one_suit", "battle_tie", "showdown"}
    rare = {"battle_won", "battle_tie", "reject_reshuffle", "discard_reshuffle", "trim"}
    rare |= {"discard", "skip", "uncalled_returned", "raise", "palace_shown"}
    assert rare <= kinds, rare - kinds
    assert side_pots


@pytest.mark.parametrize("spec", SPECS, ids=[s["name"] for s in SPECS])
def test_golden_file_is_the_spec(spec: dict[str, Any]) -> None:
    path = GOLDEN / f"{spec['name']}.json"
    expected = record(spec)
    if not path.exists():
        GOLDEN.mkdir(parents=True, exist_ok=True)
        path.write_text(dump(expected))
        pytest.fail(f"wrote {path}; review it and run again")
    assert json.loads(path.read_text()) == expected


@pytest.mark.parametrize("spec", SPECS, ids=[s["name"] for s in SPECS])
def test_golden_hand_replays_to_its_hand_worked_outcome(spec: dict[str, Any]) -> None:
    data = json.loads((GOLDEN / f"{spec['name']}.json").read_text())
    outcome = replay(data)
    assert outcome.to_dict() == data["outcome"]


@pytest.mark.parametrize("spec", SPECS, ids=[s["name"] for s in SPECS])
def test_golden_hand_replays_through_records(spec: dict[str, Any]) -> None:
    data = json.loads((GOLDEN / f"{spec['name']}.json").read_text())
    result = replay_dict(data)
    assert result.hand.outcome is not None
    assert result.hand.outcome.to_dict() == data["outcome"]
    assert hand_to_record(result.hand) == data


def test_bad_discard_reshuffle_names_the_buy() -> None:
    """HAND-RECORD.md: a bad mid-hand shuffle is reported at the Buy that needed it."""
    data = json.loads((GOLDEN / "discard_pile_reshuffled.json").read_text())
    data["shuffles"][-1] = data["shuffles"][-1][:-1]
    buy = next(i for i, a in enumerate(data["actions"]) if i >= 24 and a["do"] == "buy")
    with pytest.raises(RecordError) as err:
        replay_dict(data)
    assert err.value.index == buy == 24
