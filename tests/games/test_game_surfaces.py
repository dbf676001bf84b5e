"""A game is its package and nothing else: register a tiny game (``toygame``, high card,
with an option of its own) and check every surface of parlour sees it through its metadata
alone: the registry, the command line (choices and option flags of ``play``, ``simulate``,
``rank``), records and ``replay``/``export``, narration, the terminal, and the server
(``GET /api/games``, the lobby's checks, a table that deals and plays it)."""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import toygame
from starlette.testclient import TestClient

from parlour import cli
from parlour.games import GAMES, game_names, get_game, metadata, registered
from parlour.narration import narrate
from parlour.records import make_record, replay_dict
from parlour.seats import SeatSpec
from parlour.server.app import create_app
from parlour.server.config import config_from_dict
from parlour.server.errors import CommandError
from parlour.server.settings import Settings
from parlour.session import TableSession
from parlour.shuffles import SeededShuffler


@pytest.fixture
def highcard() -> Iterator[None]:
    """The toy game, registered for one test."""
    with registered(toygame.META):
        yield


def _subparser(name: str) -> argparse.ArgumentParser:
    parser = cli.build_parser()
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub: argparse.ArgumentParser = action.choices[name]
    return sub


@pytest.mark.usefixtures("highcard")
def test_the_registry_finds_the_game() -> None:
    assert game_names()[-1] == "highcard"
    assert "highcard" in GAMES
    assert get_game("highcard") is sys.modules["toygame"]
    assert metadata("highcard").seats.max == 4


def test_an_unregistered_game_is_seen_nowhere() -> None:
    assert "highcard" not in game_names()
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["simulate", "--game", "highcard"])


@pytest.mark.usefixtures("highcard")
def test_the_command_line_offers_the_game_and_its_option() -> None:
    play = _subparser("play").parse_args(["highcard", "--stake", "3"])
    assert (play.game, play.option_stake) == ("highcard", 3)
    assert "--stake" in _subparser("simulate").format_help()
    rank = _subparser("rank")
    assert rank.parse_args(["--game", "highcard", "Ah"]).game == "highcard"


@pytest.mark.usefixtures("highcard")
def test_simulate_replay_and_export_play_the_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "hands.jsonl"
    argv = ["simulate", "--game", "highcard", "--players", "3", "--hands", "20"]
    assert cli.main([*argv, "--stake", "5", "--records", str(records)]) == 0
    lines = [json.loads(line) for line in records.read_text().splitlines()]
    assert len(lines) == 20
    assert {r["game"] for r in lines} == {"highcard"}
    assert {r["options"]["stake"] for r in lines} == {5}
    assert cli.main(["simulate", "--game", "highcard", "--players", "5"]) == 2
    assert "--players must be 2 to 4 for highcard" in capsys.readouterr().err
    assert cli.main(["replay", str(records)]) == 0
    assert "High card hand #20" in capsys.readouterr().out
    assert cli.main(["export", str(records)]) == 0
    assert "at high card" in capsys.readouterr().out
    assert cli.main(["simulate", "--game", "highcard", "--stake", "51"]) == 2
    assert "option stake must be an integer from 1 to 50" in capsys.readouterr().err


@pytest.mark.usefixtures("highcard")
def test_records_and_narration_use_the_games_own_parts() -> None:
    game = get_game("highcard")
    seats = [SeatSpec(0, 10, "Ann"), SeatSpec(1, 10, "Bo")]
    session = TableSession(game, {"ante": 2}, {0: ("Ann", 10), 1: ("Bo", 10)})
    record = session.play_hand(lambda hand: toygame.Move(hand.to_act or 0, "stay"))
    assert session.hand is not None
    assert replay_dict(record).hand.outcome == session.hand.outcome
    hand = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(1))
    assert make_record("highcard", hand.options, seats, 0, hand)["options"] == {
        "ante": 1,
        "stake": 2,
    }
    lines = [narrate("highcard", e, {0: "Ann", 1: "Bo"}, 1) for e in hand.start_events]
    assert lines[0] == "You: ante 1."  # seat 1, left of the button, is the reader
    assert lines[1] is not None
    assert lines[1].startswith("You: card ")
    assert lines[2] == "Ann: ante 1."


@pytest.mark.usefixtures("highcard")
def test_the_terminal_plays_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "mine.jsonl"
    monkeypatch.setattr(sys, "stdin", io.StringIO("s\n" * 10))
    argv = ["play", "highcard", "--plain", "--players", "3", "--bots", "random"]
    assert cli.main([*argv, "--seed", "4", "--hands", "2", "--records", str(records)]) == 0
    out = capsys.readouterr().out
    assert "High card · pot" in out
    assert "You: stay" in out
    assert len(records.read_text().splitlines()) == 2
    assert cli.main(["play", "highcard", "--plain", "--players", "9"]) == 2
    assert "highcard seats 2 to 4 players, not 9" in capsys.readouterr().err


@pytest.mark.usefixtures("highcard")
def test_the_lobby_checks_a_table_of_the_game_by_its_metadata() -> None:
    def check(**fields: object) -> str:
        with pytest.raises(CommandError) as error:
            config_from_dict({"game": "highcard", **fields}, GAMES)
        return str(error.value)

    config = config_from_dict({"game": "highcard", "options": {"ante": 3}}, GAMES)
    assert (config.seats, config.options) == (4, {"ante": 3, "stake": 6})
    assert "seats must be a whole number from 2 to 4" in check(seats=5)
    assert "option stake must be an integer from 1 to 50" in check(options={"stake": 99})
    assert "kinds ('random',)" in check(bots=["rules"])
    assert "less than the ante of 3" in check(options={"ante": 3}, starting_stack=2)


@pytest.mark.integration
@pytest.mark.usefixtures("highcard")
def test_the_server_lists_deals_and_plays_the_game(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'p.db'}", bot_delay=0.0, next_hand_delay=0.0
    )
    with TestClient(create_app(settings)) as client:
        games = client.get("/api/games").json()["games"]
        toy = next(g for g in games if g["name"] == "highcard")
        assert toy["seats"] == {"min": 2, "max": 4}
        assert [o["name"] for o in toy["options"]] == ["ante", "stake"]
        assert toy["options"][1]["default_rule"] == "2 x ante"
        body = {"game": "highcard", "host_name": "Host", "bots": ["random"], "seats": 2}
        made = client.post("/api/tables", json=body).json()
        with client.websocket_connect(f"/ws/tables/{made['id']}") as socket:
            socket.receive_json()
            socket.send_json({"type": "hello", "token": made["token"]})
            snap = socket.receive_json()
            socket.send_json({"type": "resume", "seq": snap["seq"]})  # a new table is paused
            for _ in range(500):
                snap = socket.receive_json()
                if snap["type"] != "snapshot" or snap["table"]["hand_number"] >= 3:
                    continue
                if snap["legal"]:
                    action = {"do": "stay"}
                    socket.send_json({"type": "act", "seq": snap["seq"], "action": action})
                if snap["table"]["hand_number"] == 2:
                    break
            assert snap["table"]["hand_number"] == 2
            assert any("at high card" in e["text"] for e in snap["log"])
