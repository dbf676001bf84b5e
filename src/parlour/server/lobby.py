"""The tables this process owns: creating them, taking them up, and letting them go.

Every table is owned by exactly one server process through a lease in the database
(:mod:`parlour.server.storage`). The lobby renews its leases, claims tables whose owner
died (restoring the hand in progress by replay), closes tables that stayed idle, and gives
its tables up on a clean stop so another process takes them at once. A single process on
SQLite is the same thing with one owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Callable, Mapping
from functools import partial
from typing import Any

from parlour.games.protocol import Game
from parlour.server.config import TableConfig
from parlour.server.errors import CommandError
from parlour.server.homes import Home
from parlour.server.hub import Hub
from parlour.server.room import Room
from parlour.server.runner import TableRunner
from parlour.server.seating import new_token, token_hash
from parlour.server.settings import Settings
from parlour.server.storage import Loaded, Store
from parlour.server.writer import Unavailable, Writer

log = logging.getLogger(__name__)

#: Tables claimed per round, so processes that start together share the tables out.
CLAIM_BATCH = 20


class Lobby:
    """Owns one :class:`TableRunner` per table this process holds."""

    def __init__(
        self,
        store: Store,
        hub: Hub,
        settings: Settings,
        games: Mapping[str, Game],
        *,
        owner: str,
    ) -> None:
        self.store = store
        self.hub = hub
        self.settings = settings
        self.games = games
        self.owner = owner
        self.writer = Writer(store, settings.lease_seconds)
        self.home = Home(settings.worker_index, settings.worker_count)
        self.runners: dict[str, TableRunner] = {}
        self._tasks: set[asyncio.Task[Any]] = set()
        #: Called with a table id when this process starts or stops owning it.
        self.on_owned: Callable[[str, bool], None] = lambda _table, _owned: None

    # Life cycle.

    async def start(self) -> None:
        """Take every table this process may own now, then keep the leases in the background."""
        await self._claim(everything=True)
        self._spawn(self._keep_leases())

    async def stop(self) -> None:
        """Stop every table's task and give the tables up for another process to take."""
        for task in list(self._tasks):
            task.cancel()
        held = list(self.runners)
        for runner in list(self.runners.values()):
            await runner.stop()
        with contextlib.suppress(Unavailable):
            await self.writer.call(lambda store: store.release(self.owner, held))
        self.runners.clear()
        self.writer.close()

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _keep_leases(self) -> None:
        """Renew, claim tables whose owner died, and close idle tables, for ever."""
        every = self.settings.lease_seconds / 3
        while True:
            await asyncio.sleep(every)
            try:
                held = await self.writer.call(
                    lambda store: store.renew(self.owner, self.settings.lease_seconds)
                )
                for table_id in set(self.runners) - held:
                    await self._lose(table_id)
                await self._claim(everything=False)
                await self._expire()
            except Unavailable as error:
                log.warning("leases not renewed this round: %s", error)
            except Exception:  # the lease keeper must outlive any one bad table
                log.exception("the lease round failed")

    async def _claim(self, *, everything: bool) -> None:
        """Take up tables that have no living owner (or are this owner's from before)."""
        while True:
            limit = 10**6 if everything and not self.store.shared else CLAIM_BATCH
            ids = await self.writer.call(
                partial(
                    Store.claim,
                    owner=self.owner,
                    lease=self.settings.lease_seconds,
                    limit=limit,
                    home=self.home.characters if self.home.shared else "",
                    grace=self.settings.lease_seconds,
                )
            )
            for table_id in ids:
                if table_id not in self.runners:
                    loaded = await asyncio.to_thread(self.store.load, table_id)
                    self._take(loaded)
            if len(ids) < limit or not everything:
                return

    def _take(self, loaded: Loaded) -> None:
        """Rebuild a stored table, resume its hand in progress, and start its task."""
        room = Room.from_dict(loaded.table_id, loaded.state, self.games)
        if loaded.unfinished is not None:
            try:
                room.restore(loaded.unfinished)
            except Exception:
                # Stacks in the stored table predate the hand, so cancelling it loses no chips.
                log.exception("hand %s of table %s could not be resumed", room.hand_number, room.id)
                room.note("notice.hand_cancelled", number=room.hand_number)
        room.requeue()
        runner = self._runner(room, loaded.recent)
        runner.mark_stored(loaded.state)
        runner.start()

    def _runner(self, room: Room, recent: list[int]) -> TableRunner:
        runner = TableRunner(
            room,
            self.writer,
            self.settings,
            owner=self.owner,
            present=lambda: self.hub.connected(room.id),
            send=self.hub.publish,
            recent=recent,
        )
        self.runners[room.id] = runner
        self.on_owned(room.id, True)  # noqa: FBT003
        runner.on_end = lambda: self._ended(room.id, runner)
        return runner

    def _ended(self, table_id: str, runner: TableRunner) -> None:
        if self.runners.get(table_id) is runner:
            del self.runners[table_id]
            self.on_owned(table_id, False)  # noqa: FBT003
            self.hub.close_table(table_id, 4001, "the table moved; reconnect")

    async def _lose(self, table_id: str) -> None:
        """Another process owns the table now: stop without writing."""
        runner = self.runners.get(table_id)
        if runner is not None:
            log.warning("table %s was taken over by another process", table_id)
            await runner.stop()

    async def _expire(self) -> None:
        """Close tables with no person present for ``idle_minutes`` (finished hands stay
        downloadable)."""
        limit = self.settings.idle_minutes * 60
        now = time.monotonic()
        for table_id, runner in list(self.runners.items()):
            if self.hub.connected(table_id):
                runner.active_at = now
            elif now - runner.active_at > limit:
                # A hand left unfinished (nobody came back to play it) is void: the stored
                # stacks are those from before it, so no chip is lost.
                await runner.stop()
                closed = await self.writer.call(
                    partial(Store.close_table, table_id=table_id, owner=self.owner)
                )
                if closed:
                    log.info("table %s closed after %s idle minutes", table_id, limit / 60)
                self.hub.close_table(table_id, 4410, "the table closed after standing idle")

    # Tables.

    async def create(self, config: TableConfig, host_name: str, address: str) -> tuple[str, str]:
        """Make a table with its host seated (paused until the host starts it).

        Refused when the address or the server already has as many open tables as allowed.
        Returns the table id and the host's secret token, once the table is stored.
        """
        await self._check_caps(address)
        room = Room(self.home.new_table_id(), config, self.games[config.game])
        token = new_token()
        person = token_hash(token)
        room.sit(host_name, person, config.starting_stack)
        room.host = person
        room.paused = True
        for kind in config.bots:
            room.add_bot(kind)
        state = room.to_dict()
        try:
            await self.writer.call(
                lambda store: store.create(
                    room.id,
                    config.game,
                    state,
                    owner=self.owner,
                    lease=self.settings.lease_seconds,
                    creator=address,
                )
            )
        except Unavailable as error:
            raise CommandError("unavailable") from error
        runner = self._runner(room, [])
        runner.mark_stored(state)
        runner.start()
        return room.id, token

    async def _check_caps(self, address: str) -> None:
        settings = self.settings
        counts = await asyncio.to_thread(
            lambda: (self.store.open_count(), self.store.open_count(address))
        )
        if counts[0] >= settings.max_tables:
            raise CommandError("too_many_tables", "server")
        if counts[1] >= settings.max_tables_per_address:
            raise CommandError("too_many_tables", "address", limit=settings.max_tables_per_address)

    def summaries(self) -> list[dict[str, Any]]:
        """This process's tables for the lobby list."""
        return [summary(runner.table) for runner in self.runners.values()]


def summary(room: Room) -> dict[str, Any]:
    """One table's line in the lobby list."""
    return {
        "id": room.id,
        "name": room.config.name,
        "game": room.config.game,
        "structure": room.options.to_dict().get("structure"),
        "seated": len(room.session.players),
        "seats": room.config.seats,
        "hand_number": room.hand_number,
        "paused": room.paused,
    }


def pages(total: int, per_page: int) -> int:
    """How many pages ``total`` items fill (at least one)."""
    return max(1, math.ceil(total / per_page))
