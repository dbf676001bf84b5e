"""The table websocket: identity, seq, seats, host controls, sitting out, robustness."""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest
from starlette.testclient import TestClient

from .players import (
    Deadline,
    Message,
    command,
    create_table,
    from_address,
    hello,
    join,
    passive_choice,
    random_choice,
    until,
)

pytestmark = pytest.mark.integration


def newer(seq: int, m: Message) -> bool:
    """Whether ``m`` is a snapshot at least as new as ``seq``."""
    return bool(m["type"] == "snapshot" and m["seq"] >= seq)


def started(m: Message) -> bool:
    return m["type"] == "snapshot" and bool(m["table"]["in_progress"])


def test_one_command_yields_one_fresh_snapshot_and_stale_seq_is_refused(
    client: TestClient,
) -> None:
    table_id, token = create_table(client, bots=["rules"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        assert snap["you"] == {"seat": 0, "host": True, "request": None, "name": "Host"}
        command(ws, snap, "resume")
        snap = until(ws, lambda m: (started(m) and bool(m["legal"])) or bool(m.get("hands")))
        in_time = Deadline()
        while in_time() and not snap["legal"]:
            snap = until(ws, lambda m: m["type"] == "snapshot")
        stale = dict(snap, seq=snap["seq"] - 1)
        command(ws, stale, "act", action=passive_choice(snap["legal"]))
        error = until(ws, lambda m: m["type"] == "error")
        assert error["code"] == "stale"
        fresh = until(ws, lambda m: m["type"] == "snapshot")
        command(ws, fresh, "act", action=passive_choice(fresh["legal"]))
        after = until(ws, lambda m: m["type"] == "snapshot")
        assert after["seq"] > fresh["seq"]


def test_host_approves_a_seat_request_and_others_cannot(client: TestClient) -> None:
    table_id, host_token = create_table(client, bots=[])
    bea_token = join(client, table_id, "Bea")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as host,
        client.websocket_connect(f"/ws/tables/{table_id}") as bea,
    ):
        host_snap = hello(host, host_token)
        bea_snap = hello(bea, bea_token)
        assert bea_snap["you"]["request"] is not None
        assert bea_snap["you"]["seat"] is None
        host_snap = until(host, lambda m: m["type"] == "snapshot" and bool(m["requests"]))
        request = host_snap["requests"][0]
        assert request["name"] == "Bea"
        command(bea, bea_snap, "approve", request=request["id"], stack=50)
        assert until(bea, lambda m: m["type"] == "error")["code"] == "not_host"
        command(host, host_snap, "approve", request=request["id"], stack=50)
        bea_snap = until(bea, lambda m: m["type"] == "snapshot" and m["you"]["seat"] is not None)
        seat = bea_snap["you"]["seat"]
        assert [s["stack"] for s in bea_snap["seats"] if s["seat"] == seat] == [50]
        assert any(r["name"] == "Bea" and r["buy_in"] == 50 for r in bea_snap["ledger"])
        assert all(s["connected"] for s in bea_snap["seats"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as bea:
        snap = hello(bea, bea_token)
        host_row = next(s for s in snap["seats"] if s["host"])
        assert host_row["connected"] is False  # others see who is disconnected


def test_host_controls_bots_stacks_pause_and_removal(client: TestClient) -> None:
    table_id, token = create_table(client, game="palace", bots=[])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "add_bot", kind="montecarlo")
        snap = until(ws, lambda m: m["type"] == "snapshot" and len(m["seats"]) == 2)
        bot_seat = next(s["seat"] for s in snap["seats"] if s["bot"])
        command(ws, snap, "set_stack", seat=bot_seat, stack=77)
        snap = until(
            ws, lambda m: m["type"] == "snapshot" and any(s["stack"] == 77 for s in m["seats"])
        )
        command(ws, snap, "add_bot", kind="laser")
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_bot"
        command(ws, snap, "remove", seat=bot_seat)
        snap = until(ws, lambda m: m["type"] == "snapshot" and len(m["seats"]) == 1)
        bot_line = next(r for r in snap["ledger"] if r["name"].endswith("bot 1"))
        assert bot_line["cashed_out"] == 77
        assert bot_line["buy_in"] == 77
        assert snap["table"]["paused"]
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and not m["table"]["paused"])
        command(ws, snap, "pause")
        until(ws, lambda m: m["type"] == "snapshot" and m["table"]["paused"])


def test_stack_change_during_a_hand_waits_for_the_hand_to_end(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and bool(m["legal"]))
        command(ws, snap, "set_stack", seat=1, stack=500)
        snap = until(
            ws,
            lambda m: (
                m["type"] == "snapshot" and any(s["pending_stack"] == 500 for s in m["seats"])
            ),
        )
        assert snap["table"]["in_progress"]
        in_time = Deadline()
        while in_time() and not snap["hands"]:
            if snap["legal"]:
                command(ws, snap, "act", action=passive_choice(snap["legal"]))
            snap = until(ws, lambda m: m["type"] == "snapshot")
        assert next(s["stack"] for s in snap["seats"] if s["seat"] == 1) == 500
        assert any(r["stack"] == 500 for r in snap["ledger"])


def test_pause_freezes_the_hand_until_resumed(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and bool(m["legal"]))
        command(ws, snap, "pause")
        snap = until(ws, lambda m: m["type"] == "snapshot" and m["table"]["paused"])
        command(ws, snap, "act", action=passive_choice(snap["legal"]))
        assert until(ws, lambda m: m["type"] == "error")["code"] == "paused"
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and not m["table"]["paused"])
        command(ws, snap, "act", action=passive_choice(snap["legal"]))
        assert until(ws, lambda m: m["type"] == "snapshot")["seq"] > snap["seq"]


def test_sitting_out_folds_for_you_and_you_can_come_back(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random", "random"])
    bea_token = join(client, table_id, "Bea")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as ws,
        client.websocket_connect(f"/ws/tables/{table_id}") as bea,
    ):
        snap = hello(ws, token)
        command(ws, snap, "approve", request=snap["requests"][0]["id"])
        bea_snap = hello(bea, bea_token)
        command(ws, snap, "sit_out")
        snap = until(ws, lambda m: m["type"] == "snapshot" and m["seats"][0]["sitting_out"])
        command(ws, snap, "resume")
        in_time = Deadline()  # Bea plays on with the bots; the host is dealt out
        while in_time() and len(snap["hands"]) < 2:
            assert not snap["legal"]
            snap = until(ws, lambda m: m["type"] == "snapshot")
            bea_snap = until(bea, functools.partial(newer, snap["seq"]))
            if bea_snap["legal"]:
                command(bea, bea_snap, "act", action=passive_choice(bea_snap["legal"]))
        command(ws, snap, "sit_in")
        until(ws, lambda m: m["type"] == "snapshot" and not m["seats"][0]["sitting_out"])


def test_with_nobody_present_the_bots_stop_dealing_until_someone_sits_in(
    client: TestClient,
) -> None:
    """Issue 12: a table whose people all sit out or left never deals bot hands for ever."""
    table_id, token = create_table(client, bots=["random", "random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and m["table"]["in_progress"])
        command(ws, snap, "sit_out")  # folded for when the turn comes; no next hand
        snap = until(ws, lambda m: m["type"] == "snapshot" and m["table"]["waiting"])
        number = snap["table"]["hand_number"]
        assert not snap["table"]["in_progress"]
        assert any("dealing waits" in e["text"] for e in snap["log"])
        command(ws, snap, "chat", text="still nothing dealt?")
        snap = until(ws, lambda m: m["type"] == "snapshot" and "said" in m["log"][-1])
        assert (snap["table"]["hand_number"], snap["table"]["in_progress"]) == (number, False)
        command(ws, snap, "sit_in")
        snap = until(ws, lambda m: m["type"] == "snapshot" and m["table"]["in_progress"])
        assert snap["table"]["hand_number"] == number + 1
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:  # gone, then back
        snap = hello(ws, token)
        assert snap["table"]["hand_number"] >= number + 1


def test_host_rights_pass_on_when_the_host_leaves(client: TestClient) -> None:
    table_id, host_token = create_table(client, bots=[])
    bea_token = join(client, table_id, "Bea")
    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as host,
        client.websocket_connect(f"/ws/tables/{table_id}") as bea,
    ):
        snap = hello(host, host_token)
        assert snap["requests"], "Bea asked before the host connected"
        command(host, snap, "approve", request=snap["requests"][0]["id"])
        snap = until(host, lambda m: m["type"] == "snapshot" and len(m["seats"]) == 2)
        command(host, snap, "leave")
        bea_snap = hello(bea, bea_token)
        if not bea_snap["you"]["host"]:
            bea_snap = until(bea, lambda m: m["type"] == "snapshot" and m["you"]["host"])
        assert [s["name"] for s in bea_snap["seats"]] == ["Bea"]
        assert bea_snap["ledger"][0]["cashed_out"] == 200


def test_an_abandoned_table_is_not_handed_to_the_next_to_ask(client: TestClient) -> None:
    table_id, host_token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as host:
        snap = hello(host, host_token)
        command(host, snap, "leave")
        until(host, lambda m: m["type"] == "snapshot" and m["you"]["seat"] is None)
    cid_token = join(client, table_id, "Cid")
    with client.websocket_connect(f"/ws/tables/{table_id}") as cid:
        snap = hello(cid, cid_token)
        assert not snap["you"]["host"]
        assert snap["you"]["seat"] is None  # Cid waits for the host, who holds the rights
    # The host comes back with the same token and sits down at once.
    answer = client.post(
        f"/api/tables/{table_id}/join",
        json={"name": "Host"},
        headers={"x-parlour-token": host_token},
    )
    assert answer.json()["token"] == host_token
    with client.websocket_connect(f"/ws/tables/{table_id}") as host:
        snap = hello(host, host_token)
        assert snap["you"]["host"]
        assert snap["you"]["seat"] is not None
        assert [r["name"] for r in snap["requests"]] == ["Cid"]


def test_spectators_cannot_act_or_command(client: TestClient) -> None:
    table_id, _ = create_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, None)
        for kind in ("act", "sit_out", "leave"):
            command(ws, snap, kind, action={"do": "fold"})
            assert until(ws, lambda m: m["type"] == "error")["code"] == "no_seat"
        command(ws, snap, "pause")
        assert until(ws, lambda m: m["type"] == "error")["code"] == "not_host"


def test_malformed_and_oversized_messages_get_errors_and_the_table_lives(
    client: TestClient,
) -> None:
    table_id, token = create_table(client)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        bad = [
            "{",
            "[]",
            "42",
            '{"type": 5}',
            '{"type": "act"}',
            '{"type": "zap", "seq": 0}',
            '{"type": "act", "seq": 0, "action": "fold"}',
            "x" * 100000,
            '{"type": "hello", "token": 12}',
            '{"type": "request_seat", "seq": 0, "name": 7}',
            '{"type": "bot_act", "seq": 0, "seat": 0, "action": {"do": "fold"}}',
            '{"type": "approve", "seq": -1}',
        ]
        for text in bad:
            ws.send_text(text)
            assert until(ws, lambda m: m["type"] == "error")["message"]
        ws.send_bytes(b"\x00\x01")
        assert until(ws, lambda m: m["type"] == "error")["code"] == "bad_message"
        command(ws, snap, "resume")
        assert until(ws, lambda m: m["type"] == "snapshot" and not m["table"]["paused"])


def test_illegal_and_out_of_turn_actions_are_refused(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and bool(m["legal"]))
        command(ws, snap, "act", action={"do": "raise", "to": 10**6})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "illegal"
        kind = passive_choice(snap["legal"])["do"]
        command(ws, snap, "act", action={"do": kind, "seat": 1})
        # The seat comes from the token, never from the message: seat 0 acted.
        until(
            ws,
            lambda m: (
                m["type"] == "snapshot"
                and any(e["kind"] == kind and e.get("seat") == 0 for e in m["log"])
            ),
        )


def test_a_flood_is_rate_limited_without_slowing_another_table(client: TestClient) -> None:
    flooded, token = create_table(client)
    quiet, quiet_token = create_table(client)
    with from_address(client, "192.0.2.7"):
        other = client.websocket_connect(f"/ws/tables/{quiet}")
    with client.websocket_connect(f"/ws/tables/{flooded}") as ws, other:
        hello(ws, token)
        snap = hello(other, quiet_token)
        for _ in range(300):
            ws.send_text('{"type": "zap", "seq": 0}')
        assert until(ws, lambda m: m.get("code") == "rate_limited")
        command(other, snap, "resume")  # another address is not limited by this one
        assert until(other, lambda m: m["type"] == "snapshot" and not m["table"]["paused"])


def test_a_bots_only_table_plays_on_and_keeps_every_chip(client: TestClient) -> None:
    """R-2 at the table: every snapshot has the 600 chips the three seats bought in with,
    between hands in the stacks, during a hand in the stacks behind and the pot."""
    rng = random.Random(5)
    table_id, token = create_table(client, game="palace", bots=["rules", "random"])
    during = between = 0
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        in_time = Deadline()
        while in_time() and len(snap["hands"]) < 4:
            snap = until(ws, lambda m: m["type"] == "snapshot")
            assert sum(s["stack"] for s in snap["seats"]) == 600  # as of the hand's start
            view = snap["view"]
            if snap["table"]["in_progress"] and view is not None:
                behind = sum(p["stack"] for p in view["players"])
                assert behind + view["pot"] == 600, view
                during += 1
            else:
                between += 1
            if snap["legal"]:
                command(ws, snap, "act", action=random_choice(snap["legal"], rng))
    assert during >= 4  # the checks above ran, in hands and between them
    assert between >= 1


def test_the_log_is_told_to_each_viewer_in_words(client: TestClient) -> None:
    """R-4 in the log's sentences: "You get hole card ..." for the owner, nothing for others."""
    table_id, token = create_table(client, bots=["rules"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: started(m) and bool(m["legal"]))
        texts = [e["text"] for e in snap["log"]]
        hole = snap["view"]["seats"][0]["hole"]
        assert f"You get hole card {hole}." in texts
        assert "The game is on." in texts
        assert any(t.startswith("Upcards: ") and "you " in t for t in texts)
        assert snap["notes"]["0"].startswith("so far: ")  # what the cards are worth
        assert snap["notes"]["1"].startswith("showing ")  # the bot's upcards only
    with client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        seen = hello(spectator, None)
        texts = [e["text"] for e in seen["log"]]
        assert not any("hole card" in t or "You " in t for t in texts)
        assert any(t.startswith("Upcards: Host ") or ", Host " in t for t in texts)
        assert all(note.startswith("showing ") for note in seen["notes"].values())


def test_seated_players_chat_spectators_read_and_the_host_can_mute(client: TestClient) -> None:
    table_id, host_token = create_table(client, bots=[])
    bea_token = join(client, table_id, "Bea")

    def said(m: Message, text: str) -> bool:
        return m["type"] == "snapshot" and any(
            e["kind"] == "chat" and e["said"] == text for e in m["log"]
        )

    def muted(m: Message, seat: int) -> object:
        return next(s["muted"] for s in m["seats"] if s["seat"] == seat)

    with (
        client.websocket_connect(f"/ws/tables/{table_id}") as host,
        client.websocket_connect(f"/ws/tables/{table_id}") as bea,
        client.websocket_connect(f"/ws/tables/{table_id}") as rail,
    ):
        snap = hello(host, host_token)
        bea_snap = hello(bea, bea_token)
        rail_snap = hello(rail, None)
        snap = until(host, lambda m: m["type"] == "snapshot" and bool(m["requests"]))
        command(host, snap, "approve", request=snap["requests"][0]["id"])
        bea_snap = until(bea, lambda m: m["type"] == "snapshot" and m["you"]["seat"] is not None)
        bea_seat = bea_snap["you"]["seat"]
        command(bea, bea_snap, "chat", text="  hello\n\tall  <b>x</b> ")
        line = next(
            e
            for e in until(rail, lambda m: said(m, "hello all <b>x</b>"))["log"]
            if e["kind"] == "chat"
        )
        assert line == {
            "kind": "chat",
            "seat": bea_seat,
            "name": "Bea",
            "said": "hello all <b>x</b>",
            "text": "Bea: hello all <b>x</b>",
            "code": "chat",
            "params": {"name": "Bea", "said": "hello all <b>x</b>"},
        }
        command(rail, rail_snap, "chat", text="from the rail")
        assert until(rail, lambda m: m["type"] == "error")["code"] == "no_seat"
        for bad in ("", " \n ", 42, "y" * 281):
            command(bea, bea_snap, "chat", text=bad)
            assert until(bea, lambda m: m["type"] == "error")["code"] == "bad_chat"
        snap = until(host, lambda m: said(m, "hello all <b>x</b>"))
        command(host, snap, "mute", seat=bea_seat, muted=True)
        bea_snap = until(bea, lambda m: m["type"] == "snapshot" and muted(m, bea_seat) is True)
        command(bea, bea_snap, "chat", text="am I heard?")
        assert until(bea, lambda m: m["type"] == "error")["code"] == "muted"
        command(bea, bea_snap, "mute", seat=bea_seat, muted=False)
        assert until(bea, lambda m: m["type"] == "error")["code"] == "not_host"
        command(host, snap, "mute", seat=bea_seat, muted="no")
        assert until(host, lambda m: m["type"] == "error")["code"] == "bad_mute"
        command(host, snap, "mute", seat=bea_seat, muted=False)
        bea_snap = until(bea, lambda m: m["type"] == "snapshot" and muted(m, bea_seat) is False)
        command(bea, bea_snap, "chat", text="thanks")
        until(host, lambda m: said(m, "thanks"))


def test_a_server_error_pauses_the_table_and_the_host_resumes_it(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bug in a timer step (here the deal) must not end the table's task: the table
    pauses, says so, keeps its chips, and plays on when the host resumes it."""
    table_id, token = create_table(client, bots=["rules"])
    runner = client.app.state.lobby.runners[table_id]  # type: ignore[attr-defined]
    real_deal = type(runner.table).deal
    failures: list[int] = []

    def broken_deal(table: Any) -> Any:
        if not failures:
            failures.append(1)
            raise RuntimeError("a bug in the deal")
        return real_deal(table)

    monkeypatch.setattr(type(runner.table), "deal", broken_deal)
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        paused = until(
            ws,
            lambda m: (
                m["type"] == "snapshot" and any("server error" in e["text"] for e in m["log"])
            ),
        )
        assert paused["table"]["paused"] is True
        assert sum(s["stack"] for s in paused["seats"]) == 400  # no chip lost
        command(ws, paused, "resume")
        until(ws, lambda m: started(m))
    assert failures == [1]


def test_chat_and_arrivals_do_not_make_a_waiting_move_stale(client: TestClient) -> None:
    """Only a change of the decision itself makes an act stale; others talking, watching or
    joining while a player thinks must not get the player's move refused (griefing)."""
    table_id, token = create_table(client, bots=["rules"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        chosen = until(ws, lambda m: started(m) and bool(m["legal"]))
        with client.websocket_connect(f"/ws/tables/{table_id}") as rail:
            hello(rail, None)  # a spectator arrives (no snapshot for the others: nothing moved)
            join(client, table_id, "Bea")  # someone asks for a seat
            command(ws, chosen, "chat", text="thinking...")
            later = until(ws, lambda m: m["type"] == "snapshot" and m["seq"] > chosen["seq"] + 1)
            assert later["legal"] == chosen["legal"]
            command(ws, chosen, "act", action=passive_choice(chosen["legal"]))  # the old seq
            # The next message answers the act (the seat to act may be the same one again,
            # on the next street, so wait for the error or the next snapshot, not a new seat).
            answer = until(ws, lambda m: m["type"] == "error" or m["seq"] > later["seq"])
            assert answer["type"] == "snapshot", answer
            assert any(e.get("seat") == 0 for e in answer["log"][len(later["log"]) - 1 :])
