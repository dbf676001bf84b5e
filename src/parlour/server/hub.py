"""Connections grouped by table, each with its own outbox so a slow client never blocks a table.

An outbox keeps at most one unsent snapshot (a newer one replaces it: every snapshot is
complete) plus any error messages meant for that connection.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from starlette.websockets import WebSocket


class Connection:
    """One websocket watching one table, as ``person`` (a token hash) or as a spectator."""

    def __init__(self, websocket: WebSocket, table_id: str) -> None:
        self.websocket = websocket
        self.table_id = table_id
        self.person: str | None = None
        self._errors: list[str] = []
        self._snapshot: str | None = None
        self._ready = asyncio.Event()

    def push_snapshot(self, snapshot: dict[str, Any] | str) -> None:
        """Queue a snapshot (or its JSON text), replacing one not yet sent."""
        self._snapshot = snapshot if isinstance(snapshot, str) else encode(snapshot)
        self._ready.set()

    def push_error(self, code: str, message: str) -> None:
        """Queue an error message for this connection only."""
        self._errors.append(encode({"type": "error", "code": code, "message": message}))
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


class Hub:
    """Every open connection, by table."""

    def __init__(self) -> None:
        self._tables: dict[str, set[Connection]] = {}

    def add(self, connection: Connection) -> None:
        """Start publishing a table to this connection."""
        self._tables.setdefault(connection.table_id, set()).add(connection)

    def remove(self, connection: Connection) -> None:
        """Stop publishing to this connection."""
        self._tables.get(connection.table_id, set()).discard(connection)

    def connected(self, table_id: str) -> set[str]:
        """The people (token hashes) with an open connection to the table."""
        return {c.person for c in self._tables.get(table_id, ()) if c.person is not None}

    def publish(self, table_id: str, build: Callable[[str | None], dict[str, Any]]) -> None:
        """Give every connection of the table its own snapshot (one build and one JSON
        encoding per person, however many connections they or the spectators have)."""
        built: dict[str | None, str] = {}
        for connection in list(self._tables.get(table_id, ())):
            if connection.person not in built:
                built[connection.person] = encode(build(connection.person))
            connection.push_snapshot(built[connection.person])


def encode(message: dict[str, Any]) -> str:
    """A message as the compact JSON text sent on the wire."""
    return json.dumps(message, separators=(",", ":"))
