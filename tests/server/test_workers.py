"""``parlour serve --workers 2``: one port, each connection served by its table's owner.

Real processes on PostgreSQL and Redis. The front process hands every connection naming a
table to the worker whose table it is, so no viewer's commands or snapshots cross Redis
(no process but the owner listens to a table's channels); a worker killed with SIGKILL
is started again, takes its tables back and they play on, every chip and hand whole.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

import pytest
import sqlalchemy as sa
from websockets.sync.client import ClientConnection, connect

from parlour.server.homes import home_of
from parlour.server.process import free_port, start_server, worker_pids
from parlour.server.storage import Store

from .players import PATIENCE
from .seats import Seat, check_records, chips_are_whole, start_table, summary, wait_for

pytestmark = pytest.mark.integration

NODE = "box"


@pytest.fixture
def server(postgres_url: str, redis_url: str) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``--workers 2`` on a fresh schema and Redis prefix; the base URL and the process."""
    port = free_port()
    process = start_server(
        postgres_url, port, workers=2, redis_url=redis_url, node=NODE, lease_seconds=2.0
    )
    try:
        yield f"http://127.0.0.1:{port}", process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()


def owners(database_url: str) -> dict[str, str | None]:
    """Each open table's owner, as stored."""
    store = Store(database_url)
    try:
        with store.engine.connect() as db:
            rows = db.execute(sa.text("SELECT id, owner FROM parlour_tables")).all()
    finally:
        store.close()
    return {row.id: row.owner for row in rows}


def subscribers(redis_url: str, channel: str) -> int:
    """How many processes listen to one of the bus's channels (``out:ID``, ``cmd:ID``)."""
    import redis

    prefix = parse_qs(urlsplit(redis_url).query)["prefix"][0]
    client = redis.Redis(host="127.0.0.1", port=6379)
    try:
        ((_, count),) = client.pubsub_numsub(prefix + channel)
    finally:
        client.close()
    return int(count)


def spectator(stack: contextlib.ExitStack, base: str, table_id: str) -> ClientConnection:
    """A socket watching the table (closed with ``stack``), greeted, its first snapshot read."""
    ws = stack.enter_context(connect(f"{base.replace('http', 'ws')}/ws/tables/{table_id}"))
    ws.recv(timeout=PATIENCE)
    ws.send(json.dumps({"type": "hello"}))
    ws.recv(timeout=PATIENCE)
    return ws


def hand(base: str, table_id: str) -> int:
    """The number of the hand the table is at."""
    number: int = summary(base, table_id)["table"]["hand_number"]
    return number


def test_each_table_s_viewers_are_served_by_the_worker_that_owns_it(
    server: tuple[str, subprocess.Popen[bytes]], postgres_url: str, redis_url: str
) -> None:
    base, _ = server
    made = [start_table(base, "americana", ["random"]) for _ in range(4)]
    homes = {home_of(table_id, 2) for table_id, _ in made}
    assert homes == {0, 1}  # tables are made on both workers, in turn
    stored = owners(postgres_url)
    for table_id, _ in made:
        assert stored[table_id] == f"{NODE}:w{home_of(table_id, 2)}"
    seats = [Seat(base, table_id, token) for table_id, token in made]
    with contextlib.ExitStack() as stack:
        for table_id, _ in made:
            for _ in range(3):
                spectator(stack, base, table_id)
        watched(base, seats, made, redis_url)


def watched(base: str, seats: list[Seat], made: list[tuple[str, str]], redis_url: str) -> None:
    """With spectators on, the seated people play; every viewer is on its table's owner."""
    try:
        for seat in seats:
            seat.start()
        wait_for(lambda: all(s.snapshots > 3 and s.seat == 0 for s in seats), seconds=60)
        for table_id, _ in made:
            # Every viewer is on the owner: nobody else listens for the table's snapshots,
            # and its commands have one listener, the owner.
            assert subscribers(redis_url, f"out:{table_id}") == 0
            assert subscribers(redis_url, f"cmd:{table_id}") == 1
            assert chips_are_whole(summary(base, table_id))
    finally:
        for seat in seats:
            seat.stop.set()


@pytest.mark.slow
def test_a_killed_worker_is_restarted_and_its_tables_play_on(
    server: tuple[str, subprocess.Popen[bytes]], postgres_url: str
) -> None:
    # Its tables come back on the restarted worker, or on the other if the restart took
    # longer than a lease and its grace: either way they play on.
    base, process = server
    made = [start_table(base, "palace", ["random", "rules"]) for _ in range(4)]
    seats = [Seat(base, table_id, token) for table_id, token in made]
    try:
        for seat in seats:
            seat.start()
        wait_for(lambda: all(s.snapshots > 3 for s in seats), seconds=60)
        before = {t: hand(base, t) for t, _ in made}
        first = worker_pids(process.pid)
        assert len(first) == 2
        os.kill(first[0], signal.SIGKILL)
        killed = time.monotonic()
        wait_for(lambda: len(set(worker_pids(process.pid)) - set(first)) == 1, seconds=60)
        wait_for(lambda: all(hand(base, t) > n + 1 for t, n in before.items()), seconds=90)
        back = time.monotonic() - killed
        for seat in seats:
            assert seat.seat == 0
            assert chips_are_whole(summary(base, seat.table_id))
    finally:
        for seat in seats:
            seat.stop.set()
    for seat in seats:
        seat.join(timeout=30)
    hands = check_records(postgres_url, seats)
    assert hands > 4
    print(f"worker killed: 4 tables played on {back:.1f} s later, {hands} hands checked")
