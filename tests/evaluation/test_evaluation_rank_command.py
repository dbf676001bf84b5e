"""``parlour rank``: one hand from arguments, or one per line of a file."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cards import parse_cards
from parlour.cli import main
from parlour.evaluation import americana_value, palace_value, standard_value


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["rank", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_rank_prints_value_then_description(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Kd", "Kc", "9h", "9s", "2c")
    assert code == 0
    value = standard_value(parse_cards("Kd Kc 9h 9s 2c"))
    assert out == f"{value} two pair, kings and nines, kicker 2\n"


def test_p37_rank_palace_exclusion(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--game", "palace", "--exclude", "h", "Ah", "Kh", "2c", "2d")
    assert code == 0
    value = palace_value(parse_cards("Ah Kh 2c 2d"), 2)
    assert out == f"{value} pair of twos\n"


def test_a46_rank_americana_modes(capsys: pytest.CaptureFixture[str]) -> None:
    first, second = "Qh Qc 9d 8s 7s", "Qd Qs Ac Jc Tc"
    for mode, first_wins in (("seed", True), ("ranks_then_suit", False)):
        values = []
        for hand in (first, second):
            code, out, _ = run(capsys, "--game", "americana", "--tie-break", mode, *hand.split())
            assert code == 0
            values.append(int(out.split()[0]))
            assert values[-1] == americana_value(parse_cards(hand), mode)
        assert (values[0] > values[1]) is first_wins


def test_rank_file_reports_bad_lines(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("Ah Kh\n\nXx 2c\n2c 2d 2h\nAs As\n")
    code, out, err = run(capsys, "--file", str(path))
    assert code == 1
    assert out.splitlines() == ["2139 high card, A-K", "7193 three of a kind, twos"]
    assert "line 3: bad card 'Xx'" in err
    assert "line 5: card As is given twice" in err


def test_rank_bad_cards_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--game", "americana", "2c", "7c", "8c", "9c", "Tc")
    assert code == 1
    assert "not in the 32-card deck" in err
    code, _, err = run(capsys, "--exclude", "h", "Ah")
    assert code == 2
    assert "palace only" in err
    code, _, err = run(capsys)
    assert code == 2
    code, _, err = run(capsys, "--file", "/nonexistent/hands.txt")
    assert code == 2
    assert "cannot read" in err
