"""Where a table's commands go: to its runner on this process, or to its owner elsewhere.

Routes and sockets talk to tables only through the gateway, so a browser connected to any
server process plays at any table. With one process every table is local; with several,
the bus (:mod:`parlour.server.bus`) carries commands to the owner and its answers back.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Mapping
from typing import Any, Protocol

from parlour.server.errors import CommandError
from parlour.server.lobby import Lobby

NO_TABLE = CommandError("no_table")


class Remote(Protocol):
    """The bus, as the gateway uses it."""

    async def request(
        self, table_id: str, person: str | None, message: Mapping[str, Any], *, internal: bool
    ) -> Any: ...

    def watching(self, table_id: str, people: frozenset[str], *, spectators: bool) -> None: ...


class Gateway:
    """Sends a command to a table wherever it runs; says whether a table exists."""

    def __init__(self, lobby: Lobby, remote: Remote | None = None) -> None:
        self.lobby = lobby
        self.remote = remote
        #: Stored statuses by table, with the time until which each may be believed.
        self._known: dict[str, tuple[str, float]] = {}

    def local(self, table_id: str) -> bool:
        """Whether this process owns the table."""
        return table_id in self.lobby.runners

    async def status(self, table_id: str) -> str | None:
        """``"open"``, ``"closed"`` or ``None`` (no such table).

        A closed table stays closed, so that is remembered for good. That another process's
        table is open is remembered for one lease only: the table may close (idle) or its
        owner die meanwhile, and a status kept for ever would answer for it for ever (seen
        as a table closed here that went on answering ``moved`` to its viewers: its runner
        had ended, and a request came before its closing was stored).
        """
        if self.local(table_id):
            return "open"
        now = time.monotonic()
        known = self._known.get(table_id)
        if known is not None and now < known[1]:
            return known[0]
        found = await asyncio.to_thread(self.lobby.store.table_status, table_id)
        status = None if found is None else found[0]
        if status is not None:
            if len(self._known) > 100_000:
                self._known.clear()
            until = now + self.lobby.settings.lease_seconds if status == "open" else math.inf
            self._known[table_id] = (status, until)
        return status

    async def submit(
        self,
        table_id: str,
        person: str | None,
        message: Mapping[str, Any],
        *,
        internal: bool = False,
    ) -> Any:
        """Queue a command at the table and wait for its answer (or its refusal)."""
        runner = self.lobby.runners.get(table_id)
        if runner is not None:
            return await runner.submit(person, message, internal=internal)
        status = await self.status(table_id)
        if status is None:
            raise NO_TABLE
        if status == "closed":
            raise CommandError("closed")
        if self.remote is None:
            raise CommandError("moved", "starting")
        return await self.remote.request(table_id, person, message, internal=internal)

    async def snapshot(self, table_id: str, person: str | None) -> str:
        """The table's snapshot for ``person`` (``None``: a spectator), as JSON text.

        It is asked of the table's task like any command, so it is built between changes:
        never from a change whose commit is still under way (which a crash could undo).
        """
        answer: str = await self.submit(table_id, person, {"type": "snapshot"}, internal=True)
        return answer

    async def presence(self, table_id: str) -> None:
        """Tell the table who watches it from here (someone arrived, identified or left)."""
        people, spectators = self.lobby.hub.watchers(table_id)
        if self.remote is not None and not self.local(table_id):
            self.remote.watching(table_id, people, spectators=spectators)
            return
        runner = self.lobby.runners.get(table_id)
        if runner is not None:
            await runner.submit(None, {"type": "presence"}, internal=True)
