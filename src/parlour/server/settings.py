"""Server settings: where to listen, which database, and the pacing of bots and hands."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

DATABASE_ENV = "PARLOUR_DATABASE_URL"


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything the server needs to know at start; tests shorten the delays."""

    database_url: str
    host: str = "127.0.0.1"
    port: int = 8000
    bot_delay: float = 0.8
    next_hand_delay: float = 3.0
    max_message_bytes: int = 8192
    messages_per_second: float = 10.0
    message_burst: int = 30


def default_database_url() -> str:
    """SQLite in the user's data folder, unless ``PARLOUR_DATABASE_URL`` names another database."""
    named = os.environ.get(DATABASE_ENV)
    if named:
        return named
    folder = Path(platformdirs.user_data_dir("parlour"))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'parlour.db'}"
