"""The database writer: one thread that stores every table's changes, off the event loop.

Tables hand their changes to the writer and await the answer; the event loop never waits
for the database, so one table's commit never delays another table's snapshot. Changes
that arrive while a transaction is being written are stored together in the next one (a
group commit): under load one commit carries the actions of many tables.

A failed transaction fails every change in it with :class:`Unavailable`; the tables wait
and try again (see :mod:`parlour.server.runner`), so a database that is briefly unwritable
or drops its connection pauses play and never loses an accepted action.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

import sqlalchemy as sa

from parlour.errors import ParlourError
from parlour.server.storage import Change, LeaseLost, Store

log = logging.getLogger(__name__)

T = TypeVar("T")

#: The most changes stored in one transaction.
BATCH = 256


class Unavailable(ParlourError):
    """The database did not take the write (unreachable, read-only, connection dropped)."""


class Writer:
    """A thread that writes ``Change`` batches and runs other store calls, one at a time."""

    def __init__(self, store: Store, lease: float) -> None:
        self.store = store
        self.lease = lease
        self._jobs: queue.SimpleQueue[tuple[Any, Future[Any]] | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="parlour-writer", daemon=True)
        self._thread.start()

    async def write(self, change: Change) -> None:
        """Store one table's change; raises :class:`LeaseLost` or :class:`Unavailable`."""
        done: Future[None] = Future()
        self._jobs.put((change, done))
        await asyncio.wrap_future(done)

    async def call(self, work: Callable[[Store], T]) -> T:
        """Run ``work(store)`` on the writer thread (creation, leases: in write order)."""
        done: Future[T] = Future()
        self._jobs.put((work, done))
        return await asyncio.wrap_future(done)

    def close(self) -> None:
        """Finish what is queued and stop the thread."""
        self._jobs.put(None)
        self._thread.join(timeout=30)

    def _run(self) -> None:
        waiting: deque[tuple[Any, Future[Any]] | None] = deque()
        while True:
            if not waiting:
                waiting.append(self._jobs.get())
            while len(waiting) < BATCH:  # whatever else is queued joins this round
                try:
                    waiting.append(self._jobs.get_nowait())
                except queue.Empty:
                    break
            job = waiting.popleft()
            if job is None:
                return
            if not isinstance(job[0], Change):
                _settle(job[1], job[0], self.store)
                continue
            batch = [job]
            while len(batch) < BATCH and waiting and _is_change(waiting[0]):
                batch.append(waiting.popleft())  # type: ignore[arg-type]
            self._write(batch)

    def _write(self, batch: list[tuple[Any, Future[Any]]]) -> None:
        changes: list[Change] = [change for change, _ in batch]
        try:
            lost = set(self.store.write(changes, self.lease))
        except sa.exc.SQLAlchemyError as error:
            reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
            log.warning("a write of %s change(s) failed: %s", len(batch), reason)
            for _, done in batch:
                _fail(done, Unavailable(reason))
            return
        for change, done in batch:
            if change.table_id in lost:
                _fail(done, LeaseLost(f"table {change.table_id} is owned by another process"))
            elif done.set_running_or_notify_cancel():
                done.set_result(None)


def _is_change(job: tuple[Any, Future[Any]] | None) -> bool:
    return job is not None and isinstance(job[0], Change)


def _settle(done: Future[T], work: Callable[[Store], T], store: Store) -> None:
    if not done.set_running_or_notify_cancel():
        return
    try:
        done.set_result(work(store))
    except sa.exc.SQLAlchemyError as error:
        reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
        done.set_exception(Unavailable(reason))
    except BaseException as error:  # handed to the awaiting task, never lost
        done.set_exception(error)


def _fail(done: Future[Any], error: Exception) -> None:
    if done.set_running_or_notify_cancel():
        done.set_exception(error)
