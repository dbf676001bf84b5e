"""Command-line flags for table options, made from the games' metadata.

Every option of every game gets one flag (``--bring-in``, ``--small-bet``, ``--show-all``),
with the games that have it and their defaults in its help; a flag of an option the chosen
game does not have is refused by name. A new option in a game's metadata is a new flag.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from typing import Any

from parlour.games.meta import GameMeta, OptionSpec


def add_option_flags(parser: argparse.ArgumentParser, games: Sequence[GameMeta]) -> None:
    """Add one flag per option name found in ``games``."""
    group = parser.add_argument_group("table options (RULES.md options table)")
    for name, specs in _by_name(games).items():
        first = specs[0][1]
        dest = _dest(name)
        help_text = _help(specs)
        if first.kind == "bool":
            group.add_argument(
                first.flag, dest=dest, action=argparse.BooleanOptionalAction, help=help_text
            )
        elif first.kind == "int":
            group.add_argument(first.flag, dest=dest, type=int, metavar="N", help=help_text)
        else:
            choices = sorted({c for _, spec in specs for c in spec.choices})
            group.add_argument(first.flag, dest=dest, choices=choices, help=help_text)


def options_from_flags(args: argparse.Namespace, meta: GameMeta) -> dict[str, Any]:
    """The options the flags set for ``meta``'s game; ``ValueError`` for another game's flag."""
    options: dict[str, Any] = {}
    for dest, value in vars(args).items():
        if not dest.startswith("option_") or value is None:
            continue
        name = dest.removeprefix("option_")
        if name not in meta.option_names:
            flag = "--" + name.replace("_", "-")
            raise ValueError(f"{flag} is not an option of {meta.name}")
        options[name] = value
    return options


def _by_name(games: Sequence[GameMeta]) -> dict[str, list[tuple[GameMeta, OptionSpec]]]:
    found: dict[str, list[tuple[GameMeta, OptionSpec]]] = {}
    for meta in games:
        for spec in meta.options:
            found.setdefault(spec.name, []).append((meta, spec))
    return found


def _dest(name: str) -> str:
    return f"option_{name}"


def _help(specs: list[tuple[GameMeta, OptionSpec]]) -> str:
    """``Bring-in (Americana: default 2 x ante)``; one part per game that has the option."""
    parts = []
    for meta, spec in specs:
        allowed = f"{', '.join(spec.choices)}, " if spec.kind == "choice" else ""
        parts.append(f"{meta.title}: {allowed}default {spec.describe_default()}")
    return f"{specs[0][1].label}. {'. '.join(parts)}.".replace("%", "%%")
