"""Storage: migrations at start, tables and hands round-trip, on SQLite and PostgreSQL."""

from __future__ import annotations

import re
import time

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from starlette.testclient import TestClient

from parlour.cli import main
from parlour.server.app import create_app
from parlour.server.homes import Home
from parlour.server.storage import (
    MIGRATIONS,
    Change,
    DatabaseError,
    Loaded,
    Store,
    engine_for,
)

from .conftest import fast_settings
from .players import create_table

pytestmark = pytest.mark.integration


def test_migrations_create_the_schema_and_are_idempotent(database_url: str) -> None:
    Store(database_url).close()
    store = Store(database_url)
    names = set(sa.inspect(store.engine).get_table_names())
    store.close()
    assert {"parlour_tables", "parlour_hands", "parlour_actions", "alembic_version"} <= names


def test_a_database_of_the_first_schema_is_upgraded_and_its_hand_resumes(
    database_url: str,
) -> None:
    """A table stored by the first schema (the whole record so far in its hand row) keeps
    its hand in progress: new action rows continue that record."""
    engine = engine_for(database_url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        connection.execute(
            sa.text(
                "INSERT INTO parlour_tables (id, game, created_at, updated_at, state) "
                "VALUES ('old', 'palace', 1, 1, '{\"hand_number\": 3}')"
            )
        )
        connection.execute(
            sa.text(
                "INSERT INTO parlour_hands (table_id, number, finished, record, people) "
                'VALUES (\'old\', 3, false, \'{"actions": [1], "shuffles": [["As"]]}\', '
                "'{}')"
            )
        )
    engine.dispose()
    store = Store(database_url)
    try:
        lost = store.write([Change("old", "nobody", actions=[(3, 1, {"a": 2}, [])])], 10)
        assert lost == ["old"]  # a write for a table one does not own stores nothing
        assert store.claim("me", 10, 5) == ["old"]  # nobody owned it: free to take
        store.write([Change("old", "me", actions=[(3, 1, {"a": 2}, [["Kd"]])])], 10)
        loaded = store.load("old")
        assert loaded.unfinished == {"actions": [1, {"a": 2}], "shuffles": [["As"], ["Kd"]]}
    finally:
        store.close()


def test_changes_are_stored_once_and_only_by_the_owner(database_url: str) -> None:
    store = Store(database_url)
    try:
        store.create("t1", "palace", {"hand_number": 0}, owner="me", lease=10, creator="1.2.3.4")
        assert store.write([Change("t1", "thief", state={"hand_number": 9})], 10) == ["t1"]
        header = {"actions": [], "shuffles": [["As", "Kd"]]}
        first = Change(
            "t1",
            "me",
            state={"hand_number": 1},
            started=[(1, header, {"0": "p"})],
            actions=[(1, 0, {"do": "x"}, [])],
        )
        assert store.write([first], 10) == []
        assert store.write([first], 10) == []  # repeated after a lost answer: no double row
        assert store.load("t1").unfinished == {**header, "actions": [{"do": "x"}]}
        ended = Change("t1", "me", state={"hand_number": 1}, ended=[(1, {"r": 2}, {"0": "p"})])
        store.write([ended], 10)
        assert store.load_hand("t1", 1) == (1, {"r": 2}, True, {"0": "p"})
        assert store.load("t1") == Loaded("t1", {"hand_number": 1}, None, [1])
        assert store.load_hand("t1", 2) is None
        assert store.finished_hands("t1") == [1]
        assert store.open_count() == store.open_count("1.2.3.4") == 1
        assert store.claim("other", 10, 5) == []  # the lease holds
        assert store.close_table("t1", "me")
        assert store.open_count() == 0
        assert store.load_tables() == []
        assert store.table_status("t1") == ("closed", {"hand_number": 1})
    finally:
        store.close()


def test_tables_survive_an_app_restart(database_url: str) -> None:
    settings = fast_settings(database_url)
    with TestClient(create_app(settings)) as client:
        table_id, _ = create_table(client, game="palace", name="Kept")
    store = Store(database_url)
    try:  # a clean stop gives the table up, for another process to take at once
        assert store.claim("another", 10, 5) == [table_id]
        store.release("another", [table_id])
    finally:
        store.close()
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


def test_a_worker_takes_its_own_tables_at_once_and_another_s_only_after_a_grace(
    database_url: str,
) -> None:
    zero, one = Home(0, 2), Home(1, 2)
    mine, theirs = zero.new_table_id(), one.new_table_id()
    store = Store(database_url)
    try:
        for table_id in (mine, theirs):
            store.create(table_id, "palace", {}, owner="old", lease=10, creator="1.2.3.4")
        store.release("old", [mine, theirs])  # a clean stop of the whole server
        assert store.claim("w0", 10, 5, home=zero.characters, grace=0.3) == [mine]
        time.sleep(0.4)  # the other's home worker never came back
        taken = store.claim("w0", 10, 5, home=zero.characters, grace=0.3)
        assert sorted(taken) == sorted([mine, theirs])  # its own again, as after a restart
        assert store.claim("w1", 10, 5, home=one.characters, grace=0.3) == []  # leases hold
    finally:
        store.close()
