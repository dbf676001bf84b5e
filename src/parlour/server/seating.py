"""Who sits where: players, seat requests and the ledger of buy-ins and cash-outs."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import asdict, dataclass
from typing import Any, Final

#: The start of a bot's stand-in for a person's token hash (bots hold no token).
BOT_PREFIX: Final = "bot:"


def new_token() -> str:
    """A fresh secret that holds a seat (kept by the browser, never stored in clear)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server stores and compares instead of the token itself."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_id() -> str:
    """A short unguessable id for a table or a seat request."""
    return secrets.token_urlsafe(9)


@dataclass
class Player:
    """One seated player (a person holding a token, or a bot)."""

    name: str
    person: str
    stack: int
    bot: str | None = None
    sitting_out: bool = False
    leaving: bool = False
    pending_stack: int | None = None
    bank: float = 0.0
    muted: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Player:
        """Read the stored form."""
        return cls(**data)


@dataclass
class Request:
    """Someone who asked for a seat and waits for the host."""

    id: str
    name: str
    person: str

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return asdict(self)


@dataclass
class Account:
    """One person's line in the ledger: chips bought in and chips taken away."""

    name: str
    buy_in: int = 0
    cashed_out: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The stored form."""
        return asdict(self)
