"""``parlour simulate``: random sessions as before, and bot matches with statistics."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from parlour.records import iter_file, replay_dict


def _table(out: str) -> list[str]:
    """The report without the timing line (which alone may differ between runs)."""
    return [line for line in out.splitlines() if "hands/s" not in line]


def test_random_session_mode_is_unchanged(tmp_path: Path) -> None:
    records = tmp_path / "r.jsonl"
    assert main(["simulate", "--game", "palace", "--hands", "5", "--records", str(records)]) == 0
    assert len(records.read_text().splitlines()) == 5


def test_bots_report_progress_and_intervals(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "r.jsonl"
    args = ["simulate", "--game", "americana", "--bots", "rules,random,random", "--hands", "12"]
    assert main([*args, "--seed", "3", "--records", str(records)]) == 0
    captured = capsys.readouterr()
    assert "12/12 hands" in captured.err
    assert "95% CI (bb/100)" in captured.out
    assert "rules - random#1" in captured.out
    lines = list(iter_file(records))
    assert len(lines) == 12
    for _, record in lines:
        replay_dict(record)


def test_same_results_with_one_or_two_workers(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "--game", "palace", "--bots", "rules,random", "--hands", "40"]
    assert main([*args, "--duplicate", "--workers", "1"]) == 0
    one = capsys.readouterr().out
    assert main([*args, "--duplicate", "--workers", "2"]) == 0
    two = capsys.readouterr().out
    assert _table(one) == _table(two)


def test_plot_is_written(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    picture = tmp_path / "winnings.png"
    args = ["simulate", "--game", "americana", "--bots", "rules,random", "--hands", "20"]
    assert main([*args, "--duplicate", "--plot", str(picture)]) == 0
    assert picture.read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "rules,oracle"], "unknown bot"),
        (["--bots", "rules"], "at least two bots"),
        (["--bots", "rules,random", "--players", "3"], "one bot per seat"),
        (["--bots", "rules,random", "--hands", "0"], "--hands"),
        (["--bots", "rules,random", "--options", '{"colour": 1}'], "colour"),
        (["--duplicate"], "need --bots"),
        (["--workers", "2"], "need --bots"),
        (["--players", "7"], "--players must be 2 to 6 for americana, got 7"),
        (["--stack", "1", "--options", '{"ante": 2}'], "--stack 1 is less than the ante of 2"),
        (
            ["--bots", "rules,random", "--stack", "1", "--options", '{"ante": 2}'],
            "--stack 1 is less than the ante of 2",
        ),
        (["--players", "1"], "--players must be 2 to 6 for americana, got 1"),
        (["--bots", ",".join(["random"] * 7)], "--bots must be 2 to 6 for americana, got 7"),
    ],
)
def test_bad_arguments_exit_2(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--game", "americana", *args]) == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_players_left_short_of_the_ante_buy_in_again(
    game: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player left with chips but fewer than the ante sits out (A-10, P-8); random play
    tops them up, as it does the bust, so the session always has two to deal to."""
    args = ["simulate", "--game", game, "--hands", "300", "--stack", "3", "--players", "2"]
    assert main([*args, "--options", '{"ante": 2}']) == 0
    assert "300 hands" in capsys.readouterr().out
