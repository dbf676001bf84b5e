"""``parlour replay`` and ``parlour simulate`` (exit codes, messages, --json, records)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from parlour.cli import main

EXAMPLE = Path(__file__).parent.parent / "golden" / "americana" / "hand_record_example.json"


def _example() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(EXAMPLE.read_text())
    return data


def test_replay_good_record_prints_the_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(EXAMPLE)]) == 0
    out = capsys.readouterr().out
    assert "P2: brings in for 2" in out
    assert "Dealt to P0 [7c] [Kd]" in out
    assert "P0: shows [7c Kd 8d 9s Tc]" in out
    assert out.index("P0: shows") < out.index("P2: shows [Ah Kh 7h Qd Jc]")
    assert "P2 collected 7 from pot" in out
    assert "final stacks: P0 17, P1 19, P2 24" in out


def test_replay_json_fills_in_the_outcome(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _example()
    del data["outcome"]
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    assert main(["replay", "--json", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["outcome"] == _example()["outcome"]


def test_replay_jsonl_names_the_bad_line_and_action_index(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _example()
    bad = _example()
    bad["actions"][1] = {"seat": 0, "do": "check"}
    short = _example()
    short["actions"] = short["actions"][:4]
    path = tmp_path / "hands.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (good, bad, short, good)) + "\n")
    assert main(["replay", "--json", str(path)]) == 1
    captured = capsys.readouterr()
    assert len(captured.out.splitlines()) == 2
    errors = captured.err.splitlines()
    assert len(errors) == 2
    assert "line 2" in errors[0]
    assert "index 1" in errors[0]
    assert "illegal action" in errors[0]
    assert "line 3" in errors[1]
    assert "index 4" in errors[1]
    assert "stop before" in errors[1]


def test_replay_header_error_is_index_minus_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _example()
    data["button"] = 7
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(data))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "line 1" in err
    assert "index -1" in err
    assert "button" in err


def test_replay_outcome_mismatch_and_bad_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = _example()
    data["outcome"]["pots"][0]["winners"] = [0]
    path = tmp_path / "hands.jsonl"
    path.write_text(json.dumps(data) + "\n{not json\n")
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert "differs" in err
    assert "line 2: index -1: not valid JSON" in err


def test_replay_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path / "nope.json")]) == 1
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize("structure", ["limit", "pot_limit", "no_limit"])
def test_simulate_writes_records_that_replay_cleanly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], structure: str
) -> None:
    path = tmp_path / "sim.jsonl"
    options = json.dumps({"structure": structure})
    argv = [
        "simulate",
        "--game",
        "americana",
        "--players",
        "4",
        "--hands",
        "60",
        "--seed",
        "9",
        "--stack",
        "15",
        "--options",
        options,
        "--records",
        str(path),
    ]
    assert main(argv) == 0
    assert "60 hands" in capsys.readouterr().out
    lines = path.read_text().splitlines()
    assert len(lines) == 60
    assert all(json.loads(line)["outcome"] for line in lines)
    assert main(["replay", str(path)]) == 0


def test_simulate_is_reproducible(tmp_path: Path) -> None:
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    for path in (first, second):
        main(["simulate", "--players", "3", "--hands", "20", "--seed", "4", "--records", str(path)])
    assert first.read_text() == second.read_text()


def test_simulate_rejects_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--options", '{"tie_break": "coin"}', "--hands", "1"]) == 2
    assert "tie_break" in capsys.readouterr().err
