"""``parlour equity``: output of exact and sampled odds, and clear errors for bad input."""

from __future__ import annotations

import pytest

from parlour.cli import main


def test_americana_exact_output(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "americana", "Kh | 9h 9d Ac Ad", "? | Ah Ts 8c 8d"]) == 0
    out = capsys.readouterr().out
    assert "91.30%" in out
    assert "8.70%" in out
    assert "exact over 23 deals" in out


def test_americana_monte_carlo_shows_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "americana", "Kh | 9h", "7c | Ah", "Jc | Qh", "--samples", "2000"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "±" in out
    assert "Monte Carlo, 2,000 deals" in out


def test_palace_battle_odds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "palace", "--banner", "s", "Ah Kd 9c | Qh", "--vs", "h", "--vs", "Jd | Qd Qc"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert out.count("exact over") == 2


def test_palace_showdown_odds(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["equity", "palace", "--showdown", "--banner", "s", "Ah Kd 9c | Qh", "--vs", "h"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "showdown" in out
    assert out.count("%") == 4  # win and tie for the hero and the opponent
    assert "exact over" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["americana", "Kh | 9h", "Kh | 8h"], "given twice"),
        (["americana", "Kh | 9h", "2c | 8h"], "Americana has no 2 to 6"),
        (["americana", "Kh | 9h 9d 9s 9c Ac", "Jc | 8h"], "at most 4"),
        (["americana", "Kh 9h", "Jc | 8h"], "HOLE | UPCARDS"),
        (["americana", "Kh | 9h", "Jc | 8h", "--dead", "9h"], "given twice"),
        (["palace", "Ah Kd 9c | Qh", "--vs", "h"], "--banner"),
        (["palace", "--banner", "s", "Ah Kd 9c | Qh"], "--vs"),
        (["palace", "--banner", "s", "Ah Kd 9c 8c | Qh", "--vs", "h"], "palace has 3 cards"),
        (["palace", "--banner", "s", "Ah Kd 9c | Qh", "--vs", "s"], "P-30"),
        (["palace", "--banner", "q", "Ah | Qh", "--vs", "h"], "bad suit"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["equity", *args]) == 2
    assert message in capsys.readouterr().err
