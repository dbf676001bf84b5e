"""The line-by-line mode, driven through standard input, for both games."""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path
from typing import TextIO, cast

import pytest
from terminal_helpers import Keyboard, replay_outcome, saved_records

from parlour.commands import play as play_command
from parlour.terminal.launch import Settings, run


def _play(
    game: str,
    answers: str,
    tmp_path: Path,
    players: int,
    hands: int | None = None,
    stack: int = 100,
    seed: int = 11,
    options: dict[str, object] | None = None,
) -> tuple[str, Path]:
    records = tmp_path / "records.jsonl"
    out = io.StringIO()
    settings = Settings(
        game,
        players,
        seed=seed,
        records=records,
        plain=True,
        hands=hands,
        stack=stack,
        options=options or {},
    )
    code = run(settings, stdin=cast(TextIO, Keyboard(out, answers)), stdout=out)
    assert code == 0
    return out.getvalue(), records


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_plain_hands_with_default_answers_end_with_who_won(game: str, tmp_path: Path) -> None:
    text, records = _play(game, "", tmp_path, players=3, hands=3)
    assert text.count("=== Hand ") == 3
    assert "Your choices: " in text
    assert text.count("Hand 3: ") == 1
    result_lines = [line for line in text.splitlines() if line.startswith("Hand ")]
    assert len(result_lines) == 3
    assert all(" win" in line or " split" in line for line in result_lines)
    assert "Saved 3 hand records" in text
    own = "You get palace " if game == "palace" else "You get hole card "
    assert own in text  # the human's own hidden cards are told, nobody else's
    assert "Random 1 gets palace" not in text
    assert "Random 1 gets hole card" not in text
    saved = saved_records(records)
    assert len(saved) == 3
    for record in saved:
        assert replay_outcome(record) == record["outcome"]


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_bad_input_re_prompts_and_eof_leaves_cleanly(game: str, tmp_path: Path) -> None:
    records = tmp_path / "records.jsonl"
    out = io.StringIO()
    settings = Settings(game, 2, seed=11, records=records, plain=True)
    assert run(settings, stdin=io.StringIO("nonsense\n"), stdout=out) == 0
    text = out.getvalue()
    assert "'nonsense' is not a choice" in text
    assert text.count("choice [") == 2  # asked again after the bad answer
    assert "Input ended: leaving the table." in text
    assert "No finished hand to save." in text
    assert not records.exists()


def test_bad_size_is_explained_and_chips_are_kept(tmp_path: Path) -> None:
    # Americana: a raise (or bet) of 9999 chips is refused with the allowed range.
    text, _ = _play("americana", "r 9999\nb 9999\nr x\n", tmp_path, players=2, hands=1)
    assert "not 9999" in text or "not a choice" in text
    assert "Hand 1: " in text


def test_session_goes_on_until_someone_is_out_of_chips(tmp_path: Path) -> None:
    text, records = _play("palace", "", tmp_path, players=3, stack=3)
    assert "chips left: the session is over." in text
    saved = saved_records(records)
    assert len(saved) >= 2
    first = sum(s["stack"] for s in saved[0]["seats"])
    assert sum(saved[-1]["outcome"]["stacks"]) <= first  # busted seats leave with 0
    buttons = [r["button"] for r in saved]
    assert len(set(buttons)) > 1  # the button moves


def test_command_plays_from_standard_input(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    play_command.add_parser(parser)
    records = tmp_path / "r.jsonl"
    args = parser.parse_args(
        [
            "americana",
            "--plain",
            "--players",
            "2",
            "--seed",
            "3",
            "--hands",
            "1",
            "--ante",
            "2",
            "--records",
            str(records),
        ]
    )
    monkeypatch.setattr(sys, "stdin", Keyboard(io.StringIO(), "c\n" * 50))
    assert play_command.run(args) == 0
    out = capsys.readouterr().out
    assert "ante 2, bring-in 4" in out
    assert saved_records(records)[0]["options"]["ante"] == 2


def test_command_refuses_the_other_games_stakes(capsys: pytest.CaptureFixture[str]) -> None:
    parser = argparse.ArgumentParser()
    play_command.add_parser(parser)
    args = parser.parse_args(["americana", "--plain", "--small-bet", "4"])
    assert play_command.run(args) == 2
    assert "--small-bet is not an option of americana" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["palace", "--small-bet", "6", "--stack", "1"], "--stack 1 is less than the ante of 3"),
        (["americana", "--ante", "5", "--stack", "4"], "--stack 4 is less than the ante of 5"),
        (["americana", "--players", "7"], "americana seats 2 to 6 players, not 7"),
    ],
)
def test_command_refuses_a_table_nobody_could_play(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    play_command.add_parser(parser)
    assert play_command.run(parser.parse_args([*argv, "--plain"])) == 2
    assert said in capsys.readouterr().err


def test_palace_no_limit_extra_is_checked_then_played(tmp_path: Path) -> None:
    answers = "1 2\n1\n4\n"
    text, records = _play(
        "palace",
        answers,
        tmp_path,
        players=3,
        hands=1,
        seed=8,
        options={"structure": "no_limit"},
    )
    assert "you can bet extra 0, or 4 to 97, not 2" in text
    assert "bet extra (0, or 4 to 97; Enter: 0)> 4" in text  # asked for the missing size
    assert "You attack Random 1, betting 6 (extra 4)." in text
    actions = saved_records(records)[0]["actions"]
    assert {"seat": 0, "do": "bet", "target": 1, "extra": 4} in actions


class _Answers(Keyboard):
    """A timid player (:class:`Keyboard`, folding to any bet) who says yes to the first
    offer to buy in again.

    It reads what was printed last, so it answers the question actually asked; only
    ``readline`` and ``isatty`` are needed of standard input.
    """

    def __init__(self, out: io.StringIO) -> None:
        super().__init__(out, prefer="skfc")
        self.offers = 0

    def readline(self) -> str:
        if self.out.getvalue().endswith("[y/N]> "):
            self.offers += 1
            return "y\n" if self.offers == 1 else "\n"
        return super().readline()


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_a_busted_player_may_buy_in_again(game: str, tmp_path: Path) -> None:
    out = io.StringIO()
    answers = _Answers(out)
    records = tmp_path / "records.jsonl"
    settings = Settings(game, 2, seed=0, records=records, plain=True, stack=3)
    assert run(settings, stdin=cast(TextIO, answers), stdout=out) == 0
    text = out.getvalue()
    assert answers.offers == 2  # bought in once, then declined
    assert text.count("You cannot be dealt in. Buy in again for 3? [y/N]> ") == 2
    assert text.count("You buy in again for 3.") == 1
    assert "You have no chips left: the session is over." in text
    saved = saved_records(records)
    assert all(any(s["seat"] == 0 for s in r["seats"]) for r in saved)  # dealt in every hand
    human = [next(s["stack"] for s in r["seats"] if s["seat"] == 0) for r in saved]
    assert human[0] == 3
    assert any(stack == 3 for stack in human[1:])  # back with the starting stack
    for record in saved:
        replay_outcome(record)
