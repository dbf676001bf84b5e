"""``parlour play GAME``: play Americana or Palace Poker against bots in the terminal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from parlour.terminal import launch

#: Command-line flag -> table option, per game (RULES.md options table).
_STAKES = {
    "americana": ("ante", "bring_in"),
    "palace": ("ante", "small_bet", "big_bet"),
}


def add_parser(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``parlour play``."""
    parser.add_argument("game", choices=sorted(_STAKES), help="the game to play")
    parser.add_argument(
        "--players", type=int, default=4, help="players at the table, you included (default 4)"
    )
    parser.add_argument(
        "--bots",
        default="rules",
        metavar="KIND",
        help="bot kind for every other seat, or a comma list, one per seat "
        "(random, rules, montecarlo; default rules)",
    )
    parser.add_argument(
        "--structure",
        help="limit, pot_limit or no_limit (Palace: limit or no_limit); default limit",
    )
    parser.add_argument("--ante", type=int, help="the ante")
    parser.add_argument("--bring-in", type=int, help="Americana: the bring-in (default 2 x ante)")
    parser.add_argument("--small-bet", type=int, help="Palace: the small bet SB (default 2)")
    parser.add_argument("--big-bet", type=int, help="Palace: the big bet BB (default 2 x SB)")
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
    parser.add_argument("--name", default="You", help="your name at the table")


def run(args: argparse.Namespace) -> int:
    """Build the settings from ``args`` and play; returns the exit code."""
    try:
        settings = settings_from(args)
    except ValueError as exc:
        sys.stderr.write(f"parlour play: {exc}\n")
        return 2
    return launch.run(settings)


def settings_from(args: argparse.Namespace) -> launch.Settings:
    """The play settings ``args`` ask for; stakes flags of the other game are refused."""
    options: dict[str, Any] = {}
    if args.structure is not None:
        options["structure"] = args.structure
    for flag in ("ante", "bring_in", "small_bet", "big_bet"):
        value = getattr(args, flag)
        if value is None:
            continue
        if flag not in _STAKES[args.game]:
            raise ValueError(f"--{flag.replace('_', '-')} is not an option of {args.game}")
        options[flag] = value
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
        name=args.name,
    )
