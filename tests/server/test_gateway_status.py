"""What the gateway believes of a table it does not own: closed for good, open for a lease.

A table closed while a request for it was on its way (its runner ended, its closing not yet
stored) was cached as open, and the process answered ``moved`` for it for ever (seen as an
idle table that never read as closed).
"""

from __future__ import annotations

import asyncio
import time
from types import SimpleNamespace

from parlour.server.gateway import Gateway


class Store:
    """A store whose one table's status the test sets, counting the reads."""

    def __init__(self) -> None:
        self.status = "open"
        self.reads = 0

    def table_status(self, _table_id: str) -> tuple[str] | None:
        self.reads += 1
        return (self.status,)


def gateway(store: Store, lease: float) -> Gateway:
    lobby = SimpleNamespace(runners={}, store=store, settings=SimpleNamespace(lease_seconds=lease))
    return Gateway(lobby)  # type: ignore[arg-type]


def test_an_open_table_elsewhere_is_believed_open_for_one_lease_only() -> None:
    store = Store()
    ask = gateway(store, lease=0.2).status
    assert asyncio.run(ask("t")) == "open"
    store.status = "closed"
    assert asyncio.run(ask("t")) == "open"  # within the lease: not read again
    assert store.reads == 1
    time.sleep(0.25)
    assert asyncio.run(ask("t")) == "closed"
    assert store.reads == 2


def test_a_closed_table_is_remembered_for_good() -> None:
    store = Store()
    store.status = "closed"
    ask = gateway(store, lease=0.0).status
    assert asyncio.run(ask("t")) == "closed"
    assert asyncio.run(ask("t")) == "closed"
    assert store.reads == 1
