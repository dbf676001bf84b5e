"""The ``parlour`` command line: a thin dispatcher over :mod:`parlour.commands`.

Subcommand modules are imported only when named, so ``parlour rank`` does not pay for
the engines, and a missing optional extra fails only the command that needs it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from parlour.i18n import LANGUAGES, from_environment, use
from parlour.i18n.languages import checked

#: Subcommand name -> (module under parlour.commands, one-line help).
COMMANDS: dict[str, tuple[str, str]] = {
    "rank": ("rank", "rank one poker hand (or one per line of a file)"),
    "equity": ("equity", "odds of Americana hands or Palace battles from known cards"),
    "play": ("play", "play Americana or Palace Poker against bots in the terminal"),
    "serve": ("serve", "serve the lobby and tables for playing in the browser with friends"),
    "replay": ("replay", "replay hand records (.json or .jsonl) and check them"),
    "simulate": ("simulate", "play random legal hands and write their records"),
    "export": ("export", "write hand records as readable text or PHH hand histories"),
}


def build_parser() -> argparse.ArgumentParser:
    """The full parser; each subcommand module adds its own arguments."""
    parser = argparse.ArgumentParser(
        prog="parlour", description="Palace Poker and Americana, exactly by the rulebook."
    )
    parser.add_argument(
        "--lang",
        metavar="LANG",
        help="the language of the table and its narration: "
        f"{', '.join(LANGUAGES)} (default: from the locale, LANG/LC_ALL/LC_MESSAGES)",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name, (module_name, help_text) in COMMANDS.items():
        module = importlib.import_module(f"parlour.commands.{module_name}")
        sub = subparsers.add_parser(name, help=help_text, description=help_text)
        module.add_parser(sub)
        sub.set_defaults(_module=module)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        use(checked(args.lang) if args.lang else from_environment())
    except ValueError as error:
        parser.error(str(error))
    try:
        code: int = args._module.run(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        sys.stderr.close()
        return 0
    return code
