"""Servers killed at random moments come back with every table, chip, hand and seat.

Real server processes (uvicorn on free loopback ports) on SQLite and PostgreSQL are killed
with SIGKILL while people (reconnecting socket clients) and bots play; after each restart
(or, with several processes, each takeover) every table must resume its hand in progress
from the stored record so far, and in the end:
- every chip is there (stacks plus chips taken away equal chips bought in);
- every finished hand is stored once, numbered 1, 2, 3... with none missing, each record
  replays, and each hand starts from the stacks the one before it ended with;
- every view a client was shown of a hand is one the stored record passes through, so no
  action a client saw accepted was lost;
- the clients are back at their seats, and ``parlour.client.play`` bots play on.
"""

from __future__ import annotations

import json
import os
import random
import secrets
import signal
import subprocess
import threading
import time
from typing import Any

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from parlour.client import Played, play, random_legal
from parlour.server.process import free_port, start_server
from parlour.server.storage import Store

from .players import PATIENCE, Deadline
from .seats import (
    Seat,
    check_records,
    chips_are_whole,
    start_table,
    summary,
    views_of,
    wait_for,
)

KILLS = 10  # per database: 20 in all over SQLite and PostgreSQL

pytestmark = pytest.mark.integration


def stop(server: subprocess.Popen[bytes]) -> None:
    """End a server process and every worker it started."""
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGKILL)
    server.wait()


@pytest.mark.slow
def test_sigkills_at_random_moments_lose_nothing(database_url: str) -> None:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(16)
    server = start_server(database_url, port, node="restart-test")
    seats: list[Seat] = []
    try:
        for game, bots in (
            ("palace", ["random", "rules"]),
            ("americana", ["random", "random", "rules"]),
            ("palace", ["random", "random", "random"]),
        ):
            seats.append(Seat(base, *start_table(base, game, bots)))
        for seat in seats:
            seat.start()
        back: list[float] = []  # seconds from a kill to every table's seat shown a change
        for _ in range(KILLS):
            counts = [s.snapshots for s in seats]
            wait_for(
                lambda c=counts: all(s.snapshots > n + 2 for s, n in zip(seats, c, strict=True))
            )
            threading.Event().wait(rng.uniform(0.0, 0.6))  # a random moment of play
            server.kill()
            server.wait()
            killed, counts = time.monotonic(), [s.snapshots for s in seats]
            server = start_server(database_url, port, node="restart-test")
            wait_for(lambda c=counts: all(s.snapshots > n for s, n in zip(seats, c, strict=True)))
            back.append(time.monotonic() - killed)
        numbers = {s.table_id: summary(base, s.table_id)["table"]["hand_number"] for s in seats}
        wait_for(
            lambda: all(
                summary(base, t)["table"]["hand_number"] > n + 1 for t, n in numbers.items()
            )
        )
        for seat in seats:  # back at their seats, and every chip is there
            assert seat.seat == 0
            assert chips_are_whole(summary(base, seat.table_id))
    finally:
        for seat in seats:
            seat.stop.set()
        stop(server)
    hands = check_records(database_url, seats)
    assert hands > KILLS
    print(
        f"{database_url.split(':')[0]}: {KILLS} kills, {len(seats)} tables back each time in"
        f" {min(back):.1f}-{max(back):.1f} s (median {sorted(back)[KILLS // 2]:.1f} s),"
        f" {hands} finished hands checked"
    )


def cautious(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Check or stay when free, otherwise pay only what is forced or fold: a bot that
    cannot lose its stack in a test's few hands (a bust bot is dealt no more hands)."""
    for kind in ("check", "stay", "bring_in", "fold"):
        if any(c["do"] == kind for c in legal):
            return {"do": kind}
    return random_legal(legal, random.Random(0))


def bot_at(
    base: str,
    table_id: str,
    host_token: str,
    hands: int,
    seen: dict[int, dict[str, Any]] | None = None,
) -> tuple[threading.Thread, list[Played | BaseException]]:
    """A ``parlour.client`` bot seated at the table (the host approves it), playing
    ``hands`` hands in a thread; the view of each hand it was last asked to act on goes
    into ``seen`` (its earlier actions there were shown to it as accepted)."""
    link = f"{base}/t/{table_id}"
    token = httpx.post(f"{base}/api/tables/{table_id}/join", json={"name": "Robo"}).json()["token"]
    with connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}") as ws:
        ws.recv(timeout=PATIENCE)
        ws.send(json.dumps({"type": "hello", "token": host_token}))
        snap = json.loads(ws.recv(timeout=PATIENCE))
        in_time = Deadline()
        while in_time() and not snap.get("requests"):  # the host's own, with the request
            snap = json.loads(ws.recv(timeout=PATIENCE))
        request = snap["requests"][0]["id"]
        ws.send(json.dumps({"type": "approve", "seq": snap["seq"], "request": request}))
        while in_time() and len(json.loads(ws.recv(timeout=PATIENCE)).get("seats", [])) < 3:
            pass
    results: list[Played | BaseException] = []

    def decide(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if seen is None:
            return random_legal(snapshot["legal"], rng)
        seen[snapshot["table"]["hand_number"]] = snapshot["view"]
        return cautious(snapshot["legal"])

    def run() -> None:
        try:
            results.append(play(link, "Robo", decide, token=token, hands=hands, idle_seconds=60))
        except BaseException as error:  # handed to the test
            results.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread, results


@pytest.mark.slow
def test_a_killed_owner_s_tables_are_taken_over_by_the_others(
    postgres_url: str, redis_url: str
) -> None:
    ports = [free_port() for _ in range(3)]
    bases = [f"http://127.0.0.1:{p}" for p in ports]
    servers = [
        start_server(postgres_url, p, redis_url=redis_url, node=f"n{i}", lease_seconds=2.0)
        for i, p in enumerate(ports)
    ]
    seats: list[Seat] = []
    try:
        # Two tables owned by process 0 (they are made there), one by process 1; their
        # people connect through process 2, and a parlour.client bot through process 1.
        made = [start_table(bases[0], "americana", ["random"]) for _ in range(2)]
        made.append(start_table(bases[1], "palace", ["random", "rules"]))
        seats = [Seat(bases[2], table_id, token) for table_id, token in made]
        for seat in seats:
            seat.start()
        bot, played = bot_at(bases[1], made[0][0], made[0][1], hands=8)
        wait_for(lambda: all(s.snapshots > 5 for s in seats))
        before = {t: summary(bases[2], t)["table"]["hand_number"] for t, _ in made}
        servers[0].kill()
        servers[0].wait()
        killed = time.monotonic()
        # Process 0's tables come back on process 1 or 2 and play on, through process 2.
        wait_for(
            lambda: all(
                summary(bases[2], t)["table"]["hand_number"] > n + 1 for t, n in before.items()
            ),
            seconds=90,
        )
        taken = time.monotonic() - killed
        for seat in seats:
            assert seat.seat == 0
            assert chips_are_whole(summary(bases[1], seat.table_id))
        bot.join(timeout=120)  # the bot played its hands through the takeover
        (result,) = played
        assert isinstance(result, Played), result
        assert result.hands == 8
    finally:
        for seat in seats:
            seat.stop.set()
        for server in servers:
            stop(server)
    hands = check_records(postgres_url, seats)
    assert hands > 3
    print(f"owner killed: 3 tables played on {taken:.1f} s later, {hands} hands checked")


@pytest.mark.slow
def test_a_parlour_client_bot_plays_on_through_sigkills(database_url: str) -> None:
    """A ``parlour.client`` bot connected to a server that is killed and started again,
    three times, comes back to its seat by itself and plays its hands; every action it
    was shown as accepted is in the stored records."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(3)
    server = start_server(database_url, port, node="client-kill-test")
    seats: list[Seat] = []
    seen: dict[int, dict[str, Any]] = {}
    try:
        table_id, host_token = start_table(base, "americana", ["random"])
        seats = [Seat(base, table_id, host_token)]
        seats[0].start()
        bot, played = bot_at(base, table_id, host_token, hands=10, seen=seen)
        for kill in range(3):
            wait_for(lambda k=kill: len(seen) > 2 * k + 1)  # the bot is playing
            threading.Event().wait(rng.uniform(0.0, 0.4))  # a random moment of play
            server.kill()
            server.wait()
            server = start_server(database_url, port, node="client-kill-test")
        bot.join(timeout=180)
        (result,) = played
        assert isinstance(result, Played), result
        assert result.hands == 10
        assert chips_are_whole(summary(base, table_id))
        robo = next(s["seat"] for s in summary(base, table_id)["seats"] if s["name"] == "Robo")
    finally:
        for seat in seats:
            seat.stop.set()
        stop(server)
    assert check_records(database_url, seats) >= 10
    store = Store(database_url)
    try:
        for number, view in seen.items():
            stored = store.load_hand(table_id, number)
            assert stored is not None, f"hand {number} the bot played is not stored"
            assert view in views_of(stored[1], robo), f"hand {number} lost the bot's action"
    finally:
        store.close()


@pytest.mark.slow
def test_dropped_database_connections_pause_tables_that_resume_by_themselves(
    postgres_url: str,
) -> None:
    """Every PostgreSQL connection of the server is killed, again and again, during play:
    the tables wait and carry on by themselves; no finished hand and no seen action is lost."""
    import psycopg

    name = f"parlour-{secrets.token_hex(4)}"
    url = f"{postgres_url}&application_name={name}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port, node="drop-test")
    seats: list[Seat] = []
    admin = psycopg.connect("postgresql://postgres@127.0.0.1:5432/test", autocommit=True)
    try:
        seats = [Seat(base, *start_table(base, "americana", ["random"])) for _ in range(2)]
        for seat in seats:
            seat.start()
        for _ in range(5):
            counts = [s.snapshots for s in seats]
            wait_for(
                lambda c=counts: all(s.snapshots > n + 3 for s, n in zip(seats, c, strict=True))
            )
            killed = admin.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = %s",
                (name,),
            ).fetchall()
            assert killed, "the server had connections to drop"
        counts = [s.snapshots for s in seats]
        wait_for(lambda: all(s.snapshots > n + 5 for s, n in zip(seats, counts, strict=True)))
        for seat in seats:
            assert chips_are_whole(summary(base, seat.table_id))
    finally:
        admin.close()
        for seat in seats:
            seat.stop.set()
        stop(server)
    assert check_records(postgres_url, seats) > 0
