"""``parlour play GAME``: play a game against bots in the terminal.

The games, their option flags and their limits come from the games' metadata.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from parlour.commands.tableflags import add_option_flags, options_from_flags
from parlour.games import all_metadata, metadata
from parlour.i18n import _
from parlour.terminal import launch


def add_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``parlour play``."""
    games = [meta for meta in all_metadata() if meta.terminal is not None]
    parser.add_argument("game", choices=[meta.name for meta in games], help="the game to play")
    parser.add_argument(
        "--players", type=int, default=4, help="players at the table, you included (default 4)"
    )
    kinds = list(dict.fromkeys(kind for meta in games for kind in meta.bot_kinds))
    parser.add_argument(
        "--bots",
        default="rules",
        metavar="KIND",
        help="bot kind for every other seat, or a comma list, one per seat "
        f"({', '.join(kinds)}; default rules)",
    )
    parser.add_argument(
        "--stack", type=int, default=100, help="everyone's starting chips (default 100)"
    )
    parser.add_argument(
        "--seed", type=int, help="seed the shuffles and bots (default: secure shuffles)"
    )
    parser.add_argument(
        "--records",
        type=Path,
        metavar="FILE",
        help="append the hand records here when you quit (JSON lines; "
        "default: a new file under your data directory)",
    )
    parser.add_argument(
        "--plain", action="store_true", help="line-by-line play on standard input and output"
    )
    parser.add_argument("--hands", type=int, metavar="N", help="stop after N hands")
    parser.add_argument("--name", help="your name at the table (default: You, in your language)")
    add_option_flags(parser, games)


def run(args: argparse.Namespace) -> int:
    """Build the settings from ``args`` and play; returns the exit code."""
    try:
        settings = settings_from(args)
    except ValueError as exc:
        sys.stderr.write(_("parlour play: {error}", error=exc) + "\n")
        return 2
    return launch.run(settings)


def settings_from(args: argparse.Namespace) -> launch.Settings:
    """The play settings ``args`` ask for; option flags of another game are refused."""
    options = options_from_flags(args, metadata(args.game))
    bots = tuple(k.strip() for k in args.bots.split(",") if k.strip())
    return launch.Settings(
        game=args.game,
        players=args.players,
        bots=bots or ("rules",),
        options=options,
        stack=args.stack,
        seed=args.seed,
        records=args.records,
        plain=args.plain,
        hands=args.hands,
        name=args.name or _("You"),
    )
