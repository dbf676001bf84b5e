"""Storage: migrations at start, tables and hands round-trip, on SQLite and PostgreSQL."""

from __future__ import annotations

import re

import pytest
import sqlalchemy as sa
from starlette.testclient import TestClient

from parlour.cli import main
from parlour.server.app import create_app
from parlour.server.storage import DatabaseError, Store, engine_for

from .conftest import fast_settings
from .players import create_table

pytestmark = pytest.mark.integration


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


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("notaurl", "cannot read database URL 'notaurl'"),
        ("foo://bar", "cannot use database foo://bar"),
        ("postgresql://who:secret@127.0.0.1:1/x", "cannot open database postgresql+psycopg"),
        ("sqlite:////no/such/folder/parlour.db", "unable to open database file"),
    ],
)
def test_an_unusable_database_is_refused_with_the_reason(url: str, said: str) -> None:
    with pytest.raises(DatabaseError, match=re.escape(said)) as caught:
        Store(url)
    assert "secret" not in str(caught.value)


def test_a_bare_postgresql_url_uses_psycopg_3() -> None:
    assert engine_for("postgresql://postgres@127.0.0.1:5432/test").url.drivername == (
        "postgresql+psycopg"
    )


def test_serve_refuses_a_bad_database_or_port_before_starting(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["serve", "--database", "foo://bar"]) == 2
    assert "parlour serve: cannot use database foo://bar" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["serve", "--port", "70000"])
    assert "70000 is not a port (1 to 65535)" in capsys.readouterr().err
