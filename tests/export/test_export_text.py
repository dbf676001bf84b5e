"""Readable hand histories: Americana in stud hand-history style, Palace as a narration."""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.commands import export as command
from parlour.export.history import replay
from parlour.export.palace_text import palace_text
from parlour.export.stud_text import stud_text
from parlour.games import americana, palace
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def _record(game: Any, seed: int, players: int = 3) -> dict[str, Any]:
    rng = random.Random(seed)
    seats = [SeatSpec(i, 40, f"P{i}") for i in range(players)]
    hand = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(rng))
    while not hand.is_over:
        hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
    return hand_to_record(hand)


def test_americana_text_has_the_stud_layout() -> None:
    for seed in range(20):
        record = _record(americana, seed)
        text = stud_text(replay(record), seed)
        assert text.startswith(f"Parlour Hand #{seed}: Americana 32-card Stud Limit")
        assert "Seat #1 is the button" in text
        assert "*** 2nd STREET ***" in text
        assert "*** SUMMARY ***" in text
        for spec in record["seats"]:
            assert f"{spec['name']}: posts the ante 1" in text
        for action in record["actions"]:
            verb = {
                "bring_in": "brings in",
                "check": "checks",
                "call": "calls",
                "fold": "folds",
                "bet": "bets",
                "raise": "to",
            }[action["do"]]
            assert verb in text
        won = sum(p["amount"] for p in record["outcome"]["pots"])
        assert f"Total pot {won} | Rake 0" in text


def test_americana_showdown_lists_shown_hands() -> None:
    for seed in range(10):
        seats = [SeatSpec(i, 40, f"P{i}") for i in range(3)]
        options = americana.options_from_dict({})
        hand: Any = americana.start_hand(options, seats, 0, SeededShuffler(seed))
        while not hand.is_over:  # nobody folds: every hand reaches the showdown
            passive = next(c for c in hand.legal_actions() if c.do != "fold")
            hand.apply(passive.action())
        text = stud_text(replay(hand_to_record(hand)))
        assert "*** SHOW DOWN ***" in text
        assert text.count(": shows [") + text.count(": mucks hand") == 3
        assert "collected" in text


def test_palace_narration_tells_battles_and_captures() -> None:
    texts = [palace_text(replay(_record(palace, s, 4))) for s in range(40)]
    assert any(" attacks " in t and " captures " in t for t in texts)
    for text in texts:
        assert "takes" in text
        assert "as banner" in text
        assert "Hand over:" in text
        assert "Final stacks:" in text


def _run(tmp_path: Path, records: list[dict[str, Any]], fmt: str) -> tuple[int, str]:
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    out = tmp_path / "out.txt"
    args = argparse.Namespace(file=path, format=fmt, output=out)
    code = command.run(args)
    return code, out.read_text() if out.exists() else ""


def test_export_command_writes_text_and_phh(tmp_path: Path) -> None:
    code, text = _run(tmp_path, [_record(americana, 1), _record(palace, 2)], "text")
    assert code == 0
    assert "Americana 32-card Stud" in text
    assert "Palace Poker hand #2" in text
    code, text = _run(tmp_path, [_record(americana, 1), _record(americana, 2)], "phh")
    assert code == 0
    assert text.startswith("[1]\n")
    assert "\n[2]\n" in text


def test_export_command_names_the_bad_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = _run(tmp_path, [_record(americana, 1), _record(palace, 2)], "phh")
    assert code == 1
    assert "record 2" in capsys.readouterr().err


def test_export_command_says_why_a_file_cannot_be_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "none.jsonl"
    args = argparse.Namespace(file=missing, format="text", output=tmp_path / "out.txt")
    assert command.run(args) == 1
    assert capsys.readouterr().err == (
        f"parlour export: cannot read {missing}: No such file or directory\n"
    )
