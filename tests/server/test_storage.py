"""Storage: migrations at start, tables and hands round-trip, on SQLite and PostgreSQL."""

from __future__ import annotations

import sqlalchemy as sa
from starlette.testclient import TestClient

from parlour.server.app import create_app
from parlour.server.storage import Store

from .conftest import fast_settings
from .players import create_table


def test_migrations_create_the_schema_and_are_idempotent(database_url: str) -> None:
    Store(database_url).close()
    store = Store(database_url)
    names = set(sa.inspect(store.engine).get_table_names())
    store.close()
    assert {"parlour_tables", "parlour_hands", "alembic_version"} <= names


def test_table_and_hand_rows_round_trip(database_url: str) -> None:
    store = Store(database_url)
    store.save("t1", "palace", {"a": 1})
    store.save("t1", "palace", {"a": 2}, hand=(1, {"r": [1]}, False, {"0": "p"}))
    store.save("t1", "palace", {"a": 3}, hand=(1, {"r": [2]}, True, {"0": "p"}))
    assert store.load_tables() == [("t1", {"a": 3})]
    assert store.load_hand("t1", 1) == (1, {"r": [2]}, True, {"0": "p"})
    assert store.load_hand("t1", 2) is None
    assert store.finished_hands("t1") == [1]
    store.close()


def test_tables_survive_an_app_restart(database_url: str) -> None:
    settings = fast_settings(database_url)
    with TestClient(create_app(settings)) as client:
        table_id, _ = create_table(client, game="palace", name="Kept")
    with TestClient(create_app(settings)) as client:
        listed = client.get("/api/tables").json()["tables"]
    assert [(t["id"], t["name"]) for t in listed] == [(table_id, "Kept")]
