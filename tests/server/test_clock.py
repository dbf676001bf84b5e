"""The turn clock: time bank, acting for the player on expiry, and the clock after a reload."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from parlour.server.app import create_app
from parlour.server.clock import TurnClock

from .conftest import fast_settings
from .players import command, create_table, hello, until

pytestmark = pytest.mark.integration


def test_the_bank_runs_after_the_turn() -> None:
    clock = TurnClock(seat=0, started=100.0, turn_seconds=10.0, bank=5.0)
    assert (clock.turn_left(104.0), clock.bank_left(104.0)) == (6.0, 5.0)
    assert (clock.turn_left(112.0), clock.bank_left(112.0)) == (0.0, 3.0)
    assert clock.deadline() == 115.0


def test_expiry_acts_for_the_player_and_sits_them_out(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        table_id, token = create_table(
            client, bots=["random"], clock_seconds=1, time_bank_seconds=0
        )
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            snap = hello(ws, token)
            command(ws, snap, "resume")
            snap = until(ws, lambda m: m["type"] == "snapshot" and m["clock"] is not None)
            assert snap["clock"]["seat"] == 0
            assert 0 < snap["clock"]["turn_left"] <= 1
            snap = until(ws, lambda m: m["type"] == "snapshot" and m["seats"][0]["sitting_out"])
            assert any("ran out of time" in e.get("text", "") for e in snap["log"])


def test_a_reload_gets_the_remaining_clock_back(sqlite_url: str) -> None:
    with TestClient(create_app(fast_settings(sqlite_url))) as client:
        table_id, token = create_table(
            client, bots=["random"], clock_seconds=30, time_bank_seconds=20
        )
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            snap = hello(ws, token)
            command(ws, snap, "resume")
            first = until(ws, lambda m: m["type"] == "snapshot" and bool(m["legal"]))
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            again = hello(ws, token)
        assert again["legal"] == first["legal"]
        assert again["view"] == first["view"]
        assert again["clock"]["seat"] == 0
        assert again["clock"]["turn_left"] <= first["clock"]["turn_left"]
        assert again["clock"]["bank_left"] == 20
