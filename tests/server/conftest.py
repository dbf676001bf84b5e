"""Fixtures for the server tests: a database per run (SQLite, and PostgreSQL when reachable)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from parlour.server.app import create_app
from parlour.server.settings import Settings

POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/test"
POSTGRES_URL = "postgresql+psycopg://postgres@127.0.0.1:5432/test"


def _postgres_schema() -> Iterator[str]:
    """A uniquely named schema for this run, dropped afterwards; the URL that uses it."""
    try:
        import psycopg
    except ImportError:
        pytest.skip("PostgreSQL tests need psycopg (the server extra)")
    try:
        admin = psycopg.connect(POSTGRES_ADMIN, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        pytest.skip(f"PostgreSQL is unreachable at 127.0.0.1:5432 ({error})")
    schema = f"parlour_test_{secrets.token_hex(6)}"
    admin.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"{POSTGRES_URL}?options=-csearch_path%3D{schema}"
    finally:
        admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        admin.close()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """Each test using it runs once on SQLite and once on PostgreSQL."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'parlour.db'}"
    else:
        yield from _postgres_schema()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'parlour.db'}"


def fast_settings(
    url: str, *, messages_per_second: float = 10.0, message_burst: int = 30
) -> Settings:
    """Settings with no pauses between bot moves or hands (and, since every test client
    comes from one address, downloads not limited)."""
    return Settings(
        database_url=url,
        bot_delay=0.0,
        next_hand_delay=0.0,
        messages_per_second=messages_per_second,
        message_burst=message_burst,
        downloads_per_second=1e6,
        connects_per_second=1e6,
        connect_burst=10**6,
    )


@pytest.fixture
def client(sqlite_url: str) -> Iterator[TestClient]:
    """A test client on a fresh SQLite database."""
    with TestClient(create_app(fast_settings(sqlite_url))) as test_client:
        yield test_client


@pytest.fixture
def redis_url() -> Iterator[str]:
    """A Redis URL with a key prefix of its own for this test."""
    redis = pytest.importorskip("redis")
    client = redis.Redis(host="127.0.0.1", port=6379)
    try:
        client.ping()
    except redis.RedisError as error:
        pytest.skip(f"Redis is unreachable at 127.0.0.1:6379 ({error})")
    prefix = f"parlour-test-{secrets.token_hex(6)}:"
    yield f"redis://127.0.0.1:6379/0?prefix={prefix}"
    for key in client.scan_iter(f"{prefix}*"):
        client.delete(key)
    client.close()


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A PostgreSQL schema of its own for this test."""
    yield from _postgres_schema()
