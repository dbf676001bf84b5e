"""``parlour serve`` says which extra to install when a PostgreSQL URL has no driver."""

from __future__ import annotations

import argparse
import importlib.util

import pytest

from parlour.commands import serve


def test_sqlite_needs_no_driver() -> None:
    assert serve.missing_driver("sqlite:///tmp/parlour.db") is None


def test_a_postgresql_url_without_psycopg_names_the_postgres_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "psycopg" else real(name)
    )
    said = serve.missing_driver("postgresql+psycopg://me@127.0.0.1/db")
    assert said is not None
    assert "pip install 'parlour[postgres]'" in said
    assert serve.missing_driver("postgresql://me@127.0.0.1/db") == said


def test_with_psycopg_installed_a_postgresql_url_is_let_through() -> None:
    if importlib.util.find_spec("psycopg") is None:
        pytest.skip("psycopg is not installed (the postgres extra)")
    assert serve.missing_driver("postgresql://me@127.0.0.1/db") is None


def test_serve_refuses_to_start_and_says_why(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name: None if name == "psycopg" else real(name)
    )
    args = argparse.Namespace(database="postgresql://me@127.0.0.1/db", host="127.0.0.1", port=1)
    assert serve.run(args) == 2
    assert "pip install 'parlour[postgres]'" in capsys.readouterr().err
