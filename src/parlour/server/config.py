"""A table's settings as chosen in the lobby, checked before the table exists."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from parlour.games.protocol import Game
from parlour.server.errors import CommandError


@dataclass(frozen=True)
class TableConfig:
    """Name, game and options, seat count, starting stack, bots and turn clock."""

    name: str
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seats: int = 6
    starting_stack: int = 200
    bots: tuple[str, ...] = ()
    clock_seconds: int = 30
    time_bank_seconds: int = 60

    def to_dict(self) -> dict[str, Any]:
        """The stored and wire form (a fresh dict each time; worked out once)."""
        return dict(self._wire)

    @functools.cached_property
    def _wire(self) -> dict[str, Any]:
        out = asdict(self)
        out["bots"] = list(self.bots)
        return out


def _text(data: Mapping[str, Any], key: str, default: str, limit: int = 40) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise CommandError("bad_config", "text", key=key, limit=limit)
    if not value.isprintable():  # no control characters, no lone surrogates
        raise CommandError("bad_config", "printable", key=key)
    return value.strip()


def _number(data: Mapping[str, Any], key: str, default: int, low: int, high: int) -> int:
    value = data.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CommandError("bad_config", "number", key=key, low=low, high=high)
    return value


def player_name(value: object) -> str:
    """A player's name: 1 to 24 printable characters."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 24:
        raise CommandError("bad_name", "length")
    if not value.isprintable():
        raise CommandError("bad_name", "printable")
    return value.strip()


def config_from_dict(data: Mapping[str, Any], games: Mapping[str, Game]) -> TableConfig:
    """Check a lobby form against the game's metadata; raises :class:`CommandError` naming
    the first bad field."""
    game = data.get("game")
    if not isinstance(game, str) or game not in games:
        raise CommandError("bad_config", "game", games=str(sorted(games)))
    meta = games[game].META
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise CommandError("bad_config", "options")
    try:
        checked = games[game].options_from_dict(options).to_dict()
    except (ValueError, TypeError) as error:
        raise CommandError("bad_config", "option", detail=str(error)) from error
    seats = _number(data, "seats", meta.seats.max, meta.seats.min, meta.seats.max)
    bots = data.get("bots", [])
    kinds = meta.bot_kinds
    if not isinstance(bots, list) or len(bots) >= seats or any(b not in kinds for b in bots):
        raise CommandError("bad_config", "bots", kinds=str(kinds))
    stack = _number(data, "starting_stack", 200, 1, 10**9)
    least = meta.min_stack(checked)
    if stack < least:
        raise CommandError("bad_config", "stack", stack=stack, least=least)
    return TableConfig(
        name=_text(data, "name", "Parlour table"),
        game=game,
        options=checked,
        seats=seats,
        starting_stack=stack,
        bots=tuple(bots),
        clock_seconds=_number(data, "clock_seconds", 30, 0, 3600),
        time_bank_seconds=_number(data, "time_bank_seconds", 60, 0, 36000),
    )


def config_from_stored(data: Mapping[str, Any]) -> TableConfig:
    """Read a stored configuration (already checked when the table was made)."""
    values = dict(data)
    values["bots"] = tuple(values.get("bots", ()))
    return TableConfig(**values)
