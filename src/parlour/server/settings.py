"""Server settings: where to listen, which database, and the pacing of bots and hands."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

DATABASE_ENV = "PARLOUR_DATABASE_URL"
REDIS_ENV = "PARLOUR_REDIS_URL"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to know at start; tests shorten the delays."""

    database_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay: float = 0.8
    next_hand_delay: float = 3.0
    max_message_bytes: int = 8192
    #: Websocket messages per second (and burst) per client address, all its sockets together.
    messages_per_second: float = 20.0
    message_burst: int = 60
    #: This process's name in table leases; a process restarted under the same name takes
    #: its tables straight back (default: host name and port, plus the worker number).
    node: str = ""
    #: Under ``parlour serve --workers N``: this worker's number and N (see
    #: :mod:`parlour.server.homes`); a lone process is worker 0 of 1.
    worker_index: int = 0
    worker_count: int = 1
    #: Redis URL for several processes sharing one PostgreSQL database (None: one process).
    redis_url: str | None = None
    #: Seconds a table's lease lasts; its owner renews it three times as often.
    lease_seconds: float = 10.0
    #: A table with no person present for this long closes (its hands stay downloadable).
    idle_minutes: float = 120.0
    max_tables: int = 5000
    max_tables_per_address: int = 20
    #: Tables created and seats asked for per minute per client address.
    creates_per_minute: float = 10.0
    joins_per_minute: float = 30.0
    #: Hand downloads and replays per second per client address.
    downloads_per_second: float = 5.0
    #: New websockets per second (and burst) per client address.
    connects_per_second: float = 5.0
    connect_burst: int = 20
    #: Open websockets per client address and in total.
    sockets_per_address: int = 64
    max_sockets: int = 20000
    #: Origins allowed to open a websocket besides the server's own (``https://host``).
    allowed_origins: tuple[str, ...] = ()
    #: Freeze what start-up built and make the collector's passes rarer (see
    #: :mod:`parlour.server.memory`); a server process sets it, an app inside a test does not.
    tune_collector: bool = False


def uvicorn_options() -> dict[str, object]:
    """How every server process runs uvicorn.

    No per-message compression: a snapshot is a few kilobytes, and deflating it for every
    viewer cost about a fifth of the server's time per action.
    """
    return {"log_level": "warning", "ws_max_size": 1 << 20, "ws_per_message_deflate": False}


def default_database_url() -> str:
    """SQLite in the user's data folder, unless ``PARLOUR_DATABASE_URL`` names another database."""
    named = os.environ.get(DATABASE_ENV)
    if named:
        return named
    folder = Path(platformdirs.user_data_dir("parlour"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"
