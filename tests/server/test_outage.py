"""A database that is briefly unwritable: tables wait and carry on by themselves.

A real server process plays tables of people (reconnecting socket clients) and bots. For
about three seconds its database refuses every write: on SQLite the file, its write-ahead
log and their folder are made immutable (``chattr +i``: even files the server already has
open refuse writes, for root too, as on a disk that went read-only); on PostgreSQL the
server's role is made read-only and its connections are dropped, so it reconnects to a
database that refuses writes (as after a failover to a standby). Meanwhile:
- every table stops where it was and its viewers are told (``stalled``), then it carries on
  by itself once the file is writable again, with no host pressing anything;
- creating a table answers 503 ``unavailable``, not a 500 and not a token never stored;
- a join answers only once its request is stored: the token it hands out still holds the
  request after the server is killed and started again;
- afterwards every finished hand is stored once, numbered without a gap, downloadable as
  steps and replays, every chip is there and every view a client was shown is in the record.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import unquote

import httpx2 as httpx
import pytest
from websockets.sync.client import connect

from parlour.server.process import free_port, start_server

from .conftest import POSTGRES_ADMIN, _postgres_schema
from .players import PATIENCE
from .seats import Seat, check_records, chips_are_whole, start_table, summary, wait_for

pytestmark = [pytest.mark.integration, pytest.mark.slow]

#: How long the database stays unwritable.
OUTAGE = 3.0


@contextlib.contextmanager
def unwritable(database: Path) -> Iterator[None]:
    """``database`` (an SQLite file), its write-ahead log and its folder refuse writes."""
    paths = [str(p) for p in (database.parent, database, Path(f"{database}-wal"))]
    made = subprocess.run(["chattr", "+i", *paths], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"chattr +i is not allowed here: {made.stderr.strip()}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", *paths], check=True)


def hand_number(base: str, table_id: str) -> int:
    number: int = summary(base, table_id)["table"]["hand_number"]
    return number


def downloads(base: str, seat: Seat) -> int:
    """Download every finished hand of the seat's table as its steps; how many there are."""
    headers = {"x-parlour-token": seat.token}
    listed = httpx.get(
        f"{base}/api/tables/{seat.table_id}/hands", params={"per_page": 100}, timeout=PATIENCE
    ).json()
    assert listed["pages"] == 1
    numbers = sorted(h["number"] for h in listed["hands"])
    assert numbers == list(range(1, len(numbers) + 1))
    for number in numbers:
        url = f"{base}/api/tables/{seat.table_id}/hands/{number}"
        steps = _patient_get(url, headers)
        assert steps.status_code == 200, steps.text
        assert steps.json()["frames"], number
    return len(numbers)


def _patient_get(url: str, headers: dict[str, str]) -> httpx.Response:
    """GET as a polite client does: on 429 (the per-address download limit, which a fast
    machine's many finished hands can reach) wait the Retry-After and ask again, with a
    deadline."""
    deadline = time.monotonic() + PATIENCE
    while True:
        answer = httpx.get(url, params={"steps": 1}, headers=headers, timeout=PATIENCE)
        if answer.status_code != 429 or time.monotonic() > deadline:
            return answer
        time.sleep(float(answer.headers.get("retry-after", "1")))


def request_of(base: str, table_id: str, token: str) -> Any:
    """The seat request the server holds for ``token`` (``None``: none)."""
    with connect(f"{base.replace('http', 'ws', 1)}/ws/tables/{table_id}") as ws:
        ws.recv(timeout=PATIENCE)
        ws.send(json.dumps({"type": "hello", "token": token}))
        return json.loads(ws.recv(timeout=PATIENCE))["you"]["request"]


@dataclass
class Database:
    """A database URL for the server, and a way to make it refuse writes for a while."""

    url: str
    unwritable: Callable[[], contextlib.AbstractContextManager[None]]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Database]:
    """SQLite: a file made immutable. PostgreSQL: the server's role made read-only (as
    after a failover to a standby) and its connections dropped, so it reconnects to a
    database that refuses every write, until the role is writable and dropped again."""
    if request.param == "sqlite":
        path = tmp_path / "db" / "parlour.db"
        path.parent.mkdir()
        yield Database(f"sqlite:///{path}", lambda: unwritable(path))
        return
    yield from _read_only_role()


def _read_only_role() -> Iterator[Database]:
    psycopg = pytest.importorskip("psycopg")
    schemas = _postgres_schema()
    url = next(schemas)
    schema = unquote(url.split("search_path%3D", 1)[1])
    role = f"parlour_outage_{secrets.token_hex(4)}"
    admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True)
    admin.execute(f'CREATE ROLE "{role}" LOGIN')
    admin.execute(f'GRANT ALL ON SCHEMA "{schema}" TO "{role}"')

    def drop_connections() -> None:
        admin.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = %s", (role,)
        )

    @contextlib.contextmanager
    def read_only() -> Iterator[None]:
        admin.execute(f'ALTER ROLE "{role}" SET default_transaction_read_only = on')
        drop_connections()
        try:
            yield
        finally:
            admin.execute(f'ALTER ROLE "{role}" RESET default_transaction_read_only')
            drop_connections()

    try:
        yield Database(url.replace("postgres@", f"{role}@", 1), read_only)
    finally:
        drop_connections()
        admin.execute(f'REASSIGN OWNED BY "{role}" TO postgres')
        admin.execute(f'DROP OWNED BY "{role}"')
        admin.execute(f'DROP ROLE "{role}"')
        admin.close()
        next(schemas, None)  # the schema is dropped


def test_a_briefly_unwritable_database_stalls_tables_that_carry_on_by_themselves(
    database: Database,
) -> None:
    url = database.url
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(url, port, node="outage-test")
    seats: list[Seat] = []
    joined: list[httpx.Response] = []
    try:
        for game, bots in (("americana", ["random", "rules"]), ("palace", ["random", "random"])):
            seats.append(Seat(base, *start_table(base, game, bots)))
        for seat in seats:
            seat.start()
        wait_for(lambda: all(hand_number(base, s.table_id) >= 3 for s in seats))
        with database.unwritable():
            began = time.monotonic()
            wait_for(lambda: all("stalled" in s.notices for s in seats), seconds=PATIENCE)
            stalled_in = time.monotonic() - began
            body = {"game": "americana", "host_name": "Late", "bots": ["random"]}
            created = httpx.post(f"{base}/api/tables", json=body, timeout=PATIENCE)
            assert created.status_code == 503, created.text
            assert created.json()["code"] == "unavailable"
            assert "token" not in created.json()

            def join() -> None:
                answer = httpx.post(
                    f"{base}/api/tables/{seats[0].table_id}/join",
                    json={"name": "Bea"},
                    timeout=60,
                )
                joined.append(answer)

            joining = threading.Thread(target=join, daemon=True)
            joining.start()
            # A look at a stalled table is a clear "not now", not a wait with no answer.
            looked = httpx.get(f"{base}/api/tables/{seats[0].table_id}", timeout=PATIENCE)
            assert looked.status_code == 503, looked.text
            assert looked.json()["code"] == "stalled"
            frozen = [s.snapshots for s in seats]
            time.sleep(max(0.0, OUTAGE - (time.monotonic() - began)))  # the outage itself
            # Nothing was shown while the file was unwritable: no change can be stored.
            assert [s.snapshots for s in seats] == frozen
        back = time.monotonic()
        counts = [s.snapshots for s in seats]
        wait_for(lambda: all(s.snapshots > n for s, n in zip(seats, counts, strict=True)))
        resumed_in = max(s.last_snapshot for s in seats) - back
        numbers = [hand_number(base, s.table_id) for s in seats]
        wait_for(
            lambda: all(
                hand_number(base, s.table_id) > n + 1 for s, n in zip(seats, numbers, strict=True)
            )
        )
        joining.join(timeout=PATIENCE)
        (answer,) = joined
        assert answer.status_code == 200, answer.text
        token = answer.json()["token"]
        for seat in seats:
            assert seat.seat == 0
            assert chips_are_whole(summary(base, seat.table_id))
        hands = sum(downloads(base, seat) for seat in seats)
        # The token handed out during the outage was stored: it holds its request after a
        # SIGKILL and a restart.
        server.kill()
        server.wait()
        server = start_server(url, port, node="outage-test")
        assert request_of(base, seats[0].table_id, token) is not None
    finally:
        for seat in seats:
            seat.stop.set()
        if server.poll() is None:
            server.kill()
        server.wait()
    assert check_records(url, seats) >= hands
    print(
        f"{url.split(':')[0]}: stalled within {stalled_in:.2f} s, resumed {resumed_in:.2f} s"
        f" after, {hands} hands downloaded"
    )
