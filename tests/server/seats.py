"""Players for the fault tests: a person at a table over a real socket, who reconnects.

A :class:`Seat` plays passively in a thread, keeps coming back with its token when the
server dies, and keeps the last view it was shown of every hand, so a test can check
that no action a client was shown as accepted is missing from the stored record.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import httpx2 as httpx
from websockets.exceptions import WebSocketException
from websockets.sync.client import connect

from parlour.records import read_record, replay_dict, walk
from parlour.server.storage import Store

from .players import PATIENCE, Deadline, passive_choice


class Seat(threading.Thread):
    """One person at a table: acts passively, reconnects, remembers what it was shown."""

    def __init__(self, base: str, table_id: str, token: str) -> None:
        super().__init__(daemon=True)
        self.address = f"{base.replace('http', 'ws', 1)}/ws/tables/{table_id}"
        self.table_id = table_id
        self.token = token
        self.stop = threading.Event()
        #: hand number -> the last view of it this seat was shown while it was played.
        self.seen: dict[int, dict[str, Any]] = {}
        self.seat: int | None = None
        self.snapshots = 0
        self.reconnects = 0
        #: Error codes the server sent this seat (``stalled``: the database was away).
        self.notices: list[str] = []
        #: When the last snapshot came (the monotonic clock).
        self.last_snapshot = 0.0

    def run(self) -> None:
        while not self.stop.is_set():
            try:
                self._play()
            except (OSError, WebSocketException):  # a killed server, mid-handshake too
                self.reconnects += 1
                time.sleep(0.1)

    def _play(self) -> None:
        with connect(self.address, open_timeout=5) as ws:
            ws.recv(timeout=10)  # the spectator snapshot sent before our hello
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            while not self.stop.is_set():
                try:
                    message = json.loads(ws.recv(timeout=0.5))
                except TimeoutError:
                    continue
                if message["type"] == "error":
                    self.notices.append(message["code"])
                if message["type"] != "snapshot":
                    continue
                self.snapshots += 1
                self.last_snapshot = time.monotonic()
                self.seat = message["you"]["seat"]
                table = message["table"]
                if table["in_progress"] and message["view"] is not None:
                    self.seen[table["hand_number"]] = message["view"]
                if message["legal"]:
                    action = passive_choice(message["legal"])
                    ws.send(json.dumps({"type": "act", "seq": message["seq"], "action": action}))


def start_table(base: str, game: str, bots: list[str], **fields: Any) -> tuple[str, str]:
    """A running table (host seated, bots, no clock, deep stacks); its id and host token."""
    body = {
        "game": game,
        "host_name": "Host",
        "bots": bots,
        "clock_seconds": 0,
        "starting_stack": 1000,  # deep, so no table busts out during the test
        **fields,
    }
    answer = httpx.post(f"{base}/api/tables", json=body, timeout=20).json()
    with connect(f"{base.replace('http', 'ws')}/ws/tables/{answer['id']}") as ws:
        ws.recv(timeout=PATIENCE)
        ws.send(json.dumps({"type": "hello", "token": answer["token"]}))
        snap = json.loads(ws.recv(timeout=PATIENCE))
        ws.send(json.dumps({"type": "resume", "seq": snap["seq"]}))
        in_time = Deadline()
        while in_time() and json.loads(ws.recv(timeout=PATIENCE)).get("table", {}).get(
            "paused", True
        ):
            pass
    return answer["id"], answer["token"]


def views_of(record: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """``seat``'s view after each step of a stored record (finished or so far)."""
    return [hand.view(seat).to_dict() for hand, _ in walk(read_record(record))]


def summary(base: str, table_id: str) -> dict[str, Any]:
    """A table's public snapshot."""
    answer: dict[str, Any] = httpx.get(f"{base}/api/tables/{table_id}", timeout=20).json()
    return answer


def chips_are_whole(snap: dict[str, Any]) -> bool:
    """Stacks (as of the hand's start) plus chips taken away equal chips bought in."""
    seated = sum(s["stack"] for s in snap["seats"])
    ledger = snap["ledger"]
    out = sum(r["cashed_out"] for r in ledger)
    return bool(seated + out == sum(r["buy_in"] for r in ledger))


def wait_for(condition: Any, seconds: float = 120.0) -> None:
    """Poll until ``condition()`` holds (the machine may be busy: no fixed sleeps)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            if condition():
                return
        except (httpx.HTTPError, KeyError, ValueError):
            pass  # the server is (re)starting
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def check_records(database_url: str, seats: list[Seat]) -> int:
    """The stored hands of every table are whole; returns how many there are."""
    store = Store(database_url)
    count = 0
    try:
        for seat in seats:
            numbers = store.finished_hands(seat.table_id)
            assert numbers == list(range(1, len(numbers) + 1)), "a hand was lost"
            count += len(numbers)
            ended: dict[int, int] | None = None
            for number in numbers:
                stored = store.load_hand(seat.table_id, number)
                assert stored is not None
                record = stored[1]
                replay_dict(record)
                starts = {s["seat"]: s["stack"] for s in record["seats"]}
                if ended is not None:  # each hand starts where the one before ended
                    assert all(starts[s] == ended[s] for s in starts if s in ended), number
                outcome = record["outcome"]["stacks"]
                ended = {
                    s["seat"]: stack for s, stack in zip(record["seats"], outcome, strict=True)
                }
            assert seat.seat is not None
            for number, view in seat.seen.items():
                stored = store.load_hand(seat.table_id, number)
                assert stored is not None, f"hand {number} the client saw is not stored"
                assert view in views_of(stored[1], seat.seat), f"hand {number} lost an action"
    finally:
        store.close()
    return count
