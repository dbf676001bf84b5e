"""``parlour serve`` says which extra to install when a PostgreSQL URL has no driver."""

from __future__ import annotations

import argparse
import importlib.util
import socket
from pathlib import Path

import pytest

from parlour.commands import serve
from parlour.server import workers
from parlour.server.settings import Settings


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
    parser = argparse.ArgumentParser()
    serve.add_parser(parser)
    args = parser.parse_args(["--database", "postgresql://me@127.0.0.1/db", "--port", "1"])
    assert serve.run(args) == 2
    assert "pip install 'parlour[postgres]'" in capsys.readouterr().err


def test_several_processes_need_postgresql_and_redis(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    serve.add_parser(parser)
    args = parser.parse_args(["--workers", "2", "--database", f"sqlite:///{tmp_path / 'p.db'}"])
    assert serve.run(args) == 2
    assert "several processes need a PostgreSQL database and Redis" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        parser.parse_args(["--workers", "0"])
    assert "0 workers: choose 1 to 64" in capsys.readouterr().err


def test_workers_on_a_port_already_taken_say_so(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = Settings(database_url="postgresql://nowhere/db", port=port)
        assert workers.serve(settings, 2, {}) == 2
    assert f"cannot listen on 127.0.0.1:{port}: Address already in use" in capsys.readouterr().err
