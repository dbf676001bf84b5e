"""A bot written with parlour.client joins a real server table by its link and plays."""

from __future__ import annotations

import importlib.util
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from parlour.client import ClientError, Played, ask_for_seat, play, random_legal, table_of
from parlour.server.process import free_port, start_server

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server process on SQLite, bots and hands without pauses."""
    database = tmp_path_factory.mktemp("client") / "parlour.db"
    port = free_port()
    process = start_server(f"sqlite:///{database}", port, bot_delay=0.0, next_hand_delay=0.0)
    yield f"http://127.0.0.1:{port}"
    process.terminate()
    process.wait(timeout=10)


def host_table(server: str, game: str) -> tuple[str, str]:
    """A table with a random bot whose host will sit out; its link and the host's token."""
    body = {"game": game, "host_name": "Host", "bots": ["random"], "clock_seconds": 0}
    answer = httpx.post(f"{server}/api/tables", json=body).json()
    return f"{server}{answer['url']}", answer["token"]


def seat_and_start(link: str, token: str) -> None:
    """The host approves the first seat request, sits out and starts the game."""
    base, table_id = table_of(link)
    with connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            snap = json.loads(ws.recv(timeout=20))
            if snap["type"] == "snapshot" and snap["requests"] and snap["you"]["host"]:
                break
        else:
            raise AssertionError("the seat request never reached the host")
        seq = snap["seq"]
        ws.send(json.dumps({"type": "approve", "seq": seq, "request": snap["requests"][0]["id"]}))
        ws.send(json.dumps({"type": "sit_out", "seq": seq}))
        ws.send(json.dumps({"type": "resume", "seq": seq}))


EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "remote_bot.py"


def example_bot() -> Any:
    """The module examples/remote_bot.py, loaded by its path."""
    spec = importlib.util.spec_from_file_location("remote_bot", EXAMPLE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("bot", ["random_legal", "example"])
@pytest.mark.parametrize("game", ["americana", "palace"])
def test_a_bot_joins_by_link_and_plays_hands(server: str, game: str, bot: str) -> None:
    link, token = host_table(server, game)
    seen: list[dict[str, Any]] = []
    result: list[Played | BaseException] = []
    choose = example_bot().decide if bot == "example" else None

    def decide(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        seen.append(snapshot)
        if choose is not None:
            answer: dict[str, Any] = choose(snapshot, rng)
            return answer
        return random_legal(snapshot["legal"], rng)

    def run() -> None:
        try:
            result.append(play(link, "Remote bot", decide, hands=3, seed=4, idle_seconds=30))
        except BaseException as error:  # handed to the test thread
            result.append(error)

    thread = threading.Thread(target=run)
    thread.start()
    seat_and_start(link, token)
    thread.join(timeout=90)
    assert not thread.is_alive()
    (played,) = result
    assert isinstance(played, Played), played
    assert played.hands == 3
    assert played.decisions == len(seen) > 0
    assert all(s["legal"] and s["to_act"] == s["you"]["seat"] for s in seen)
    summary = httpx.get(f"{server}/api/tables/{table_of(link)[1]}").json()
    assert len(summary["hands"]) >= 3


def test_bad_links_and_tables_are_refused_with_the_reason(server: str) -> None:
    with pytest.raises(ClientError, match="not a table link"):
        table_of("http://127.0.0.1:8000/lobby")
    with pytest.raises(ClientError, match="seat refused"):
        ask_for_seat(f"{server}/t/nosuchtable", "Bot")
    with pytest.raises(ClientError, match="cannot reach"):
        ask_for_seat("http://127.0.0.1:9/t/abc", "Bot")
    link, _ = host_table(server, "americana")
    with pytest.raises(ClientError, match="seat refused"):
        ask_for_seat(link, "")


def test_the_example_bot_is_short() -> None:
    assert len(EXAMPLE.read_text().splitlines()) < 100
