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
class Occupant:
    """Who holds a seat: a person (a token hash) or a bot, with their time bank and mute.

    The seat's name, stack and sitting out belong to the table session's player.
    """

    person: str
    bot: str | None = None
    bank: float = 0.0
    muted: bool = False


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One taken seat as the table shows it: the session's player and its occupant together."""

    name: str
    person: str
    stack: int
    bot: str | None
    sitting_out: bool
    leaving: bool
    pending_stack: int | None
    bank: float
    muted: bool


@dataclass
class Request:
    """Someone who asked for a seat and waits for the host."""

    id: str
    name: str
    person: str
    #: The client address that asked (requests per address are capped at a table).
    address: str = ""

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
