"""Connections grouped by table, each with its own outbox so a slow client never blocks a table.

An outbox keeps at most one unsent snapshot (a newer one replaces it: every snapshot is
complete) plus any error messages meant for that connection.

With several server processes, a table's viewers may be connected to other processes
than its owner. Those processes report who watches (presence, through
:mod:`parlour.server.bus`); the owner builds their snapshots too and the bus carries them.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from typing import Any

import orjson
from starlette.websockets import WebSocket

from parlour.server.errors import CommandError

#: A viewer as the fan-out names them: a token hash, or "" for every spectator.
SPECTATOR = ""
#: Seconds after which another process's presence report is forgotten (it died).
PRESENCE_TTL = 15.0


class Connection:
    """One websocket watching one table, as ``person`` (a token hash) or as a spectator."""

    def __init__(self, websocket: WebSocket, table_id: str, address: str = "") -> None:
        self.websocket = websocket
        self.table_id = table_id
        self.address = address
        self.person: str | None = None
        #: Whether the client said who it is (``hello``). Until then it is sent no changes:
        #: a change built for "nobody" and sent while its hello is on the way would tell a
        #: seated client coming back that it has no seat.
        self.greeted = False
        self._errors: list[str] = []
        self._snapshot: str | None = None
        self._ready = asyncio.Event()

    def push_snapshot(self, snapshot: str) -> None:
        """Queue a snapshot's JSON text, replacing one not yet sent."""
        self._snapshot = snapshot
        self._ready.set()

    def push_error(self, error: CommandError) -> None:
        """Queue an error message for this connection only."""
        self._errors.append(encode(error.to_dict()))
        del self._errors[:-8]  # a client that never reads cannot grow this without bound
        self._ready.set()

    async def pump(self) -> None:
        """Send queued messages in order (errors first, then the newest snapshot) until closed."""
        while True:
            await self._ready.wait()
            self._ready.clear()
            messages, self._errors = self._errors, []
            if self._snapshot is not None:
                messages.append(self._snapshot)
                self._snapshot = None
            for message in messages:
                await self.websocket.send_text(message)


Forward = Callable[[str, dict[str, str]], None]


class Hub:
    """Every open connection of this process, by table, and who watches from other processes."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}
        self._by_address: dict[str, int] = {}
        #: table -> process -> (people watching there, spectators there?, when reported).
        self._remote: dict[str, dict[str, tuple[frozenset[str], bool, float]]] = {}
        #: Hands snapshots for viewers on other processes to the bus (none: one process).
        self.forward: Forward | None = None
        self._closing: set[asyncio.Task[None]] = set()

    # This process's connections.

    def add(self, connection: Connection) -> None:
        """Start publishing a table to this connection."""
        self._tables.setdefault(connection.table_id, set()).add(connection)
        address = connection.address
        self._by_address[address] = self._by_address.get(address, 0) + 1

    def remove(self, connection: Connection) -> None:
        """Stop publishing to this connection."""
        watching = self._tables.get(connection.table_id)
        if watching is not None and connection in watching:
            watching.discard(connection)
            if not watching:
                del self._tables[connection.table_id]
            left = self._by_address.get(connection.address, 1) - 1
            if left:
                self._by_address[connection.address] = left
            else:
                self._by_address.pop(connection.address, None)

    def count(self, address: str | None = None) -> int:
        """Open connections (from ``address``, if given)."""
        if address is not None:
            return self._by_address.get(address, 0)
        return sum(self._by_address.values())

    def watchers(self, table_id: str) -> tuple[frozenset[str], bool]:
        """Who watches a table from this process: people, and whether any spectator does."""
        connections = self._tables.get(table_id, ())
        people = frozenset(c.person for c in connections if c.person is not None)
        return people, any(c.person is None for c in connections)

    def tables(self) -> list[str]:
        """Tables with a connection on this process."""
        return list(self._tables)

    def close_table(self, table_id: str, code: int, reason: str) -> None:
        """Close every connection to a table (it closed, or moved to another process)."""
        for connection in list(self._tables.get(table_id, ())):
            task = asyncio.create_task(_close(connection.websocket, code, reason))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    # Presence across processes.

    def report(
        self, table_id: str, process: str, people: frozenset[str], *, spectators: bool
    ) -> None:
        """Another process says who watches ``table_id`` there."""
        where = self._remote.setdefault(table_id, {})
        if people or spectators:
            where[process] = (people, spectators, time.monotonic())
        else:
            where.pop(process, None)

    def _remote_viewers(self, table_id: str) -> tuple[set[str], bool]:
        where = self._remote.get(table_id)
        if not where:
            return set(), False
        now = time.monotonic()
        for process in [p for p, (_, _, at) in where.items() if now - at > PRESENCE_TTL]:
            del where[process]
        people: set[str] = set()
        for seen, _, _ in where.values():
            people |= seen
        return people, any(spectators for _, spectators, _ in where.values())

    def connected(self, table_id: str) -> set[str]:
        """The people (token hashes) with an open connection to the table, on any process."""
        people = {c.person for c in self._tables.get(table_id, ()) if c.person is not None}
        return people | self._remote_viewers(table_id)[0]

    # Publishing.

    def publish(self, table_id: str, text_for: Callable[[str | None], str]) -> None:
        """Give every connection of the table its own snapshot text, here and, through the
        bus, on other processes (``text_for`` builds each viewer's text once, however many
        connections they or the spectators have)."""
        for connection in list(self._tables.get(table_id, ())):
            if connection.greeted:
                connection.push_snapshot(text_for(connection.person))
        if self.forward is None:
            return
        people, spectators = self._remote_viewers(table_id)
        wanted: list[str | None] = [*people, None] if spectators else list(people)
        if not wanted:
            return
        self.forward(table_id, {SPECTATOR if p is None else p: text_for(p) for p in wanted})

    def deliver(self, table_id: str, texts: dict[str, str]) -> None:
        """Hand snapshots built by the table's owner on another process to their viewers."""
        for connection in list(self._tables.get(table_id, ())):
            if not connection.greeted:
                continue
            text = texts.get(SPECTATOR if connection.person is None else connection.person)
            if text is not None:
                connection.push_snapshot(text)


async def _close(websocket: WebSocket, code: int, reason: str) -> None:
    with contextlib.suppress(Exception):
        await websocket.close(code=code, reason=reason)


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text sent on the wire."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
