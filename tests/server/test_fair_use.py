"""A table's life and fair use (issue 16): limits per address, headers, Origin, expiry,
tokens only in headers, paged hands, and a database that stops answering for a while."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.server.app import create_app
from parlour.server.guard import CONTENT_SECURITY_POLICY
from parlour.server.storage import Store

from .conftest import fast_settings
from .players import (
    Deadline,
    command,
    create_table,
    from_address,
    hello,
    join,
    passive_choice,
    receive,
    until,
)


@pytest.fixture
def strict(sqlite_url: str) -> Iterator[TestClient]:
    """A server with small limits, short leases and a table life of a moment."""
    settings = dataclasses.replace(
        fast_settings(sqlite_url),
        creates_per_minute=3,
        max_tables_per_address=2,
        sockets_per_address=3,
        idle_minutes=0.01,
        lease_seconds=0.3,
    )
    with TestClient(create_app(settings)) as client:
        yield client


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    for path in ("/", "/t/x", "/api/tables", "/static/app.js"):
        headers = client.get(path).headers
        assert headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["x-frame-options"] == "DENY"
        assert headers["referrer-policy"] == "no-referrer"


def test_a_socket_from_another_site_is_refused(client: TestClient) -> None:
    table_id, token = create_table(client)
    with (
        pytest.raises(WebSocketDisconnect) as refused,
        client.websocket_connect(
            f"/ws/tables/{table_id}", headers={"origin": "https://evil.example"}
        ) as ws,
    ):
        receive(ws)
    assert refused.value.code == 4403
    own = {"origin": "http://testserver"}  # the page's own origin, and no origin at all
    with client.websocket_connect(f"/ws/tables/{table_id}", headers=own) as ws:
        assert hello(ws, token)["you"]["seat"] == 0


def test_creating_and_sockets_are_limited_per_address(strict: TestClient) -> None:
    answers = [
        strict.post("/api/tables", json={"game": "palace", "host_name": "A"}) for _ in range(4)
    ]
    codes = [a.json().get("code") for a in answers]
    assert codes == [None, None, "too_many_tables", "rate_limited"]  # 2 open, 3 a minute
    assert [a.status_code for a in answers] == [201, 201, 429, 429]
    assert answers[3].headers["retry-after"] == "1"
    with from_address(strict, "198.51.100.1"):
        assert create_table(strict)  # another address is not held back
    table_id = answers[0].json()["id"]
    with contextlib.ExitStack() as open_sockets:
        for _ in range(3):
            open_sockets.enter_context(strict.websocket_connect(f"/ws/tables/{table_id}"))
        with (
            pytest.raises(WebSocketDisconnect) as closed,
            strict.websocket_connect(f"/ws/tables/{table_id}") as extra,
        ):
            receive(extra)
    assert closed.value.code == 4429


def test_the_token_is_read_from_the_header_never_the_url(client: TestClient) -> None:
    table_id, token = play_one_hand(client, fold=True)  # the host's hole card stays hidden
    mine = client.get(f"/api/tables/{table_id}/hands/1", headers={"x-parlour-token": token})
    in_url = client.get(f"/api/tables/{table_id}/hands/1", params={"token": token})
    spectator = client.get(f"/api/tables/{table_id}/hands/1")
    assert in_url.json() == spectator.json() != mine.json()
    assert "??" in str(spectator.json()["shuffles"])


def play_one_hand(client: TestClient, *, fold: bool = False) -> tuple[str, str]:
    """A table whose host has played one hand against a bot (folding at once, with
    ``fold``); its id and the host token."""
    table_id, token = create_table(client, bots=["rules"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        in_time = Deadline()
        while in_time() and not snap["hands"]:
            snap = until(ws, lambda m: m["type"] == "snapshot")
            if snap["legal"]:
                folds = fold and any(c["do"] == "fold" for c in snap["legal"])
                action = {"do": "fold"} if folds else passive_choice(snap["legal"])
                command(ws, snap, "act", action=action)
        command(ws, snap, "pause")
        until(ws, lambda m: m["type"] == "snapshot" and m["table"]["paused"])
    return table_id, token


def test_every_finished_hand_is_listed_newest_first_and_paged(client: TestClient) -> None:
    table_id, token = create_table(client, bots=["random"])
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        in_time = Deadline()
        while in_time() and len(snap["hands"]) < 3:
            snap = until(ws, lambda m: m["type"] == "snapshot")
            if snap["legal"]:
                command(ws, snap, "act", action=passive_choice(snap["legal"]))
    first = client.get(f"/api/tables/{table_id}/hands", params={"per_page": 2}).json()
    assert first["total"] >= 3
    assert first["pages"] == -(-first["total"] // 2)
    numbers = [h["number"] for h in first["hands"]]
    assert numbers == [first["total"], first["total"] - 1]
    line = first["hands"][0]
    assert line["pot"] > 0
    assert line["ended_at"] > 0
    assert set(line["winners"]) <= {"Host", "Random bot 1"}
    assert line["winners"]
    last = client.get(f"/api/tables/{table_id}/hands", params={"per_page": 2, "page": 99})
    assert last.json()["hands"] == []
    assert client.get("/api/tables/nope/hands").status_code == 404


def test_an_idle_table_closes_and_its_hands_stay_downloadable(strict: TestClient) -> None:
    table_id, token = play_one_hand(strict)
    until_closed = 0
    in_time = Deadline(60)
    while in_time() and strict.get(f"/api/tables/{table_id}").status_code != 410:
        until_closed += 1  # the lease keeper closes it within a few of its rounds
        with strict.websocket_connect("/ws/tables/none") as ws:
            receive(ws)  # a round trip through the server, not a sleep
    assert strict.get(f"/api/tables/{table_id}").json()["code"] == "closed"
    hand = strict.get(f"/api/tables/{table_id}/hands/1", headers={"x-parlour-token": token})
    assert hand.status_code == 200
    assert strict.get(f"/api/tables/{table_id}/hands").json()["total"] == 1
    assert all(t["id"] != table_id for t in strict.get("/api/tables").json()["tables"])
    with strict.websocket_connect(f"/ws/tables/{table_id}") as ws:
        assert receive(ws)["code"] == "closed"
        with pytest.raises(WebSocketDisconnect) as closed:
            receive(ws)
    assert closed.value.code == 4410


def test_hellos_cost_no_database_work_and_no_snapshot_for_others(client: TestClient) -> None:
    table_id, token = create_table(client)
    lobby = client.app.state.lobby  # type: ignore[attr-defined]
    writes: list[Any] = []
    real = lobby.writer.write

    async def counted(change: Any) -> None:
        writes.append(change)
        await real(change)

    lobby.writer.write = counted
    with client.websocket_connect(f"/ws/tables/{table_id}") as host:
        snap = hello(host, token)
        with client.websocket_connect(f"/ws/tables/{table_id}") as rail:
            for n in range(20):  # a spectator says hello with ever new tokens
                rail.send_json({"type": "hello", "token": f"made-up-{n}"})
                until(rail, lambda m: m["type"] == "snapshot")
        command(host, snap, "chat", text="anyone?")
        said = until(host, lambda m: m["type"] == "snapshot" and m["seq"] > snap["seq"])
        assert said["log"][-1]["kind"] == "chat"
        assert said["seq"] == snap["seq"] + 1  # nobody else got a snapshot from those hellos
    assert writes == []  # neither the hellos nor the chat touched the database


def test_a_database_that_stops_answering_pauses_the_table_and_it_goes_on_by_itself(
    client: TestClient,
) -> None:
    """Writes fail for a while: the table says it waits, then carries on by itself; every
    accepted action is stored once; a join answers only once its request is stored."""
    table_id, token = create_table(client, bots=["rules"])
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    real = Store.write
    failing = {"left": 0}

    def flaky(self: Store, changes: Any, lease: float) -> list[str]:
        if failing["left"]:
            failing["left"] -= 1
            raise sa.exc.OperationalError("UPDATE", {}, Exception("database is locked"))
        return real(self, changes, lease)

    store.write = flaky.__get__(store)  # type: ignore[method-assign]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        snap = hello(ws, token)
        command(ws, snap, "resume")
        snap = until(ws, lambda m: m["type"] == "snapshot" and bool(m["legal"]))
        failing["left"] = 6
        command(ws, snap, "act", action=passive_choice(snap["legal"]))
        stalled = until(ws, lambda m: m["type"] in ("error", "snapshot"))
        assert stalled.get("code") == "stalled"
        back = until(ws, lambda m: m["type"] == "snapshot")
        assert any("play goes on" in e["text"] for e in back["log"])
        assert failing["left"] == 0
        failing["left"] = 4
        token_of_bea = join(client, table_id, "Bea")  # waits for its request to be stored
        assert failing["left"] == 0
    state = store.load(table_id).state
    assert [r["name"] for r in state["requests"]] == ["Bea"]
    assert token_of_bea


def test_joins_and_downloads_are_limited_per_address(sqlite_url: str) -> None:
    settings = dataclasses.replace(
        fast_settings(sqlite_url), joins_per_minute=2, downloads_per_second=0.01
    )
    with TestClient(create_app(settings)) as client:
        table_id, _ = create_table(client)
        answers = [
            client.post(f"/api/tables/{table_id}/join", json={"name": f"P{n}"}) for n in range(3)
        ]
        assert [a.status_code for a in answers] == [200, 200, 429]
        assert answers[2].json()["code"] == "rate_limited"
        assert "token" not in answers[2].json()  # refused before any seat was asked for
        with from_address(client, "198.51.100.7"):
            assert join(client, table_id, "Other")  # another address is not held back
        hands = f"/api/tables/{table_id}/hands"
        assert [client.get(hands).status_code for _ in range(2)] == [200, 429]
        with from_address(client, "198.51.100.7"):
            assert client.get(hands).status_code == 200


def test_a_table_nobody_is_connected_to_deals_no_more_until_someone_comes_back(
    sqlite_url: str,
) -> None:
    """The host plays a hand and closes the page between hands: no other hand is dealt
    until the host is back, then dealing goes on by itself."""
    settings = dataclasses.replace(fast_settings(sqlite_url), next_hand_delay=3.0)
    with TestClient(create_app(settings)) as client:
        table_id, token = create_table(client, bots=["random", "random"])
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            snap = hello(ws, token)
            command(ws, snap, "resume")
            in_time = Deadline()
            while in_time() and not (snap["hands"] and not snap["table"]["in_progress"]):
                snap = until(ws, lambda m: m["type"] == "snapshot")
                if snap["legal"]:
                    command(ws, snap, "act", action=passive_choice(snap["legal"]))
        # The page is closed between hands, before the next deal falls due.
        in_time = Deadline(60)
        while in_time():  # the socket is closed: the lobby's summary is what is left to see
            table = client.get(f"/api/tables/{table_id}").json()["table"]
            if table["waiting"]:
                break
        assert not table["in_progress"]
        number = table["hand_number"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            snap = hello(ws, token)
            snap = until(ws, lambda m: m["type"] == "snapshot" and m["table"]["in_progress"])
            assert snap["table"]["hand_number"] == number + 1  # none was dealt while away
            assert not snap["table"]["waiting"]


def test_reads_the_database_does_not_answer_are_503_not_500(client: TestClient) -> None:
    """The database drops every read for a moment: the lobby's answers say "try again"
    (503 unavailable, Retry-After), then work again, with no process restarted."""
    table_id, _ = create_table(client)
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    away = {"on": True}
    real = (Store.open_count, Store.hand_page)

    def gone(*_args: Any, **_kwargs: Any) -> Any:
        raise sa.exc.OperationalError("SELECT", {}, Exception("server closed the connection"))

    def read(which: int) -> Any:
        def call(*args: Any, **kwargs: Any) -> Any:
            return gone() if away["on"] else real[which](store, *args, **kwargs)

        return call

    store.open_count = read(0)  # type: ignore[method-assign]
    store.hand_page = read(1)  # type: ignore[method-assign]
    body = {"game": "americana", "host_name": "Late", "bots": ["random"]}
    answers = [client.post("/api/tables", json=body), client.get(f"/api/tables/{table_id}/hands")]
    assert [a.status_code for a in answers] == [503, 503]
    assert all(a.json()["code"] == "unavailable" for a in answers)
    assert all(a.headers["retry-after"] == "1" for a in answers)
    away["on"] = False
    assert client.post("/api/tables", json=body).status_code == 201
    assert client.get(f"/api/tables/{table_id}/hands").status_code == 200
