"""Checks shared by both games' table options: each error names the option and what it allows."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.errors import OptionError


def check_known(game: str, data: object, names: tuple[str, ...]) -> dict[str, Any]:
    """The options as a dict, after refusing a non-object and any unknown option name."""
    if not isinstance(data, Mapping):
        raise OptionError(f"options must be an object, got {data!r}")
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise OptionError(
            f"unknown {game} option(s) {', '.join(map(str, unknown))}; known: {', '.join(names)}"
        )
    # A default is asked for by leaving an option out; null is a value of the wrong type
    # (HAND-RECORD.md rejects it), not a second way to say "default".
    empty = sorted(str(name) for name, value in data.items() if value is None)
    if empty:
        raise OptionError(
            f"option(s) {', '.join(empty)} are null; give a value or leave them out for the default"
        )
    return dict(data)


def check_choice(name: str, value: object, allowed: tuple[str, ...]) -> None:
    """Refuse ``value`` unless it is one of the ``allowed`` strings."""
    if not isinstance(value, str) or value not in allowed:
        raise OptionError(f"option {name} must be one of {', '.join(allowed)}, got {value!r}")


def check_integer(name: str, value: object, *, minimum: int) -> None:
    """Refuse ``value`` unless it is an integer (not a bool) of at least ``minimum`` (0 or 1)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        allowed = "a positive integer" if minimum > 0 else "a non-negative integer"
        raise OptionError(f"option {name} must be {allowed}, got {value!r}")
