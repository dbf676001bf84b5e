"""Seat a table from the command line's settings and run it, full-screen or plain.

The full-screen app (and Textual) is imported only when used, so the plain mode runs
wherever the engines do.
"""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Final, TextIO

from parlour.bots import make_bot
from parlour.games import metadata
from parlour.games.protocol import Game, Hand
from parlour.i18n import N_, _, _n
from parlour.shuffles import SecureShuffler, SeededShuffler, Shuffler
from parlour.terminal.prompt import Prompt
from parlour.terminal.table import BotMove, LocalTable, Rules, Seat


@dataclass(frozen=True, slots=True)
class Settings:
    """Everything ``parlour play`` was asked for."""

    game: str
    players: int = 4
    bots: tuple[str, ...] = ("random",)
    options: Mapping[str, Any] = field(default_factory=dict)
    stack: int = 100
    seed: int | None = None
    records: Path | None = None
    plain: bool = False
    hands: int | None = None
    name: str = "You"


def rules_for(game: str) -> Rules:
    """The terminal's wording and drawing for ``game`` (named by the game's metadata)."""
    screen = metadata(game).terminal
    if screen is None:
        raise ValueError(_("{game} cannot be played at the terminal yet", game=game))
    rules: Rules = screen.load()
    return rules


def build_table(settings: Settings) -> LocalTable:
    """Seat the human in seat 0 and the bots after; raises ``ValueError`` on bad settings."""
    meta = metadata(settings.game)
    if settings.players not in meta.seats:
        raise ValueError(
            _(
                "{game} seats {seats} players, not {players}",
                game=settings.game,
                seats=meta.seats.describe(),
                players=settings.players,
            )
        )
    if settings.stack <= 0:
        raise ValueError(
            _("--stack must be a positive number of chips, not {stack}", stack=settings.stack)
        )
    rules = rules_for(settings.game)
    game = rules.game
    options = game.options_from_dict(settings.options)
    option_dict = options.to_dict()
    least = meta.min_stack(option_dict)
    if settings.stack < least:
        raise ValueError(
            _(
                "--stack {stack} is less than the ante of {least}: nobody could be dealt in",
                stack=settings.stack,
                least=least,
            )
        )
    kinds = _bot_kinds(settings.bots, settings.players - 1)
    seats = [Seat(0, settings.name)]
    for seat, kind in enumerate(kinds, 1):
        seats.append(Seat(seat, bot_name(kind, seat), bot_move(kind, game, option_dict)))
    rng = random.Random(settings.seed) if settings.seed is not None else random.Random()
    shuffler: Shuffler = (
        SeededShuffler(settings.seed) if settings.seed is not None else SecureShuffler()
    )
    button = rng.randrange(settings.players)
    return LocalTable(game, options, seats, settings.stack, shuffler, rng, button=button)


#: Bot kinds named in the player's language (the others are names: ``Cfr 2``).
BOT_NAMES: Final = {"random": N_("Random {number}"), "rules": N_("Rules {number}")}


def bot_name(kind: str, seat: int) -> str:
    """A bot's name at the table: its kind and seat (``Rules 3``), in the current language."""
    if kind in BOT_NAMES:
        return _(BOT_NAMES[kind], number=seat)
    return f"{kind.capitalize()} {seat}"


def _bot_kinds(bots: Sequence[str], count: int) -> list[str]:
    """One kind per bot seat: a single kind fills every seat; a list must have one per seat."""
    if len(bots) == 1:
        return list(bots) * count
    if len(bots) != count:
        raise ValueError(
            _n(
                "--bots lists {kinds} kinds for {n} bot seat; give one kind, or one per bot seat",
                "--bots lists {kinds} kinds for {n} bot seats; give one kind, or one per bot seat",
                count,
                kinds=len(bots),
            )
        )
    return list(bots)


def bot_move(kind: str, game: Game, options: Mapping[str, Any]) -> BotMove:
    """A :mod:`parlour.bots` bot of ``kind`` for ``game``, deciding from the seat's view (R-4).

    Raises ``ValueError`` for an unknown kind. Should the bot fail mid-hand, the seat
    plays the game's safe default move instead (as a server table does), so the human's
    session (and its records) go on.
    """
    bot = make_bot(kind, game.name, options)

    def chosen(hand: Hand, seat: int, rng: random.Random) -> Any:
        try:
            return bot.choose(hand.view(seat), rng)
        except Exception:  # a broken bot must not end the human's session
            return game.META.default_action(hand.legal_actions(), seat)

    return chosen


def default_records_path(game: str) -> Path:
    """A new file under the user's data directory (``$XDG_DATA_HOME/parlour/records``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path(base) / "parlour" / "records" / f"{game}-{stamp}.jsonl"


def run(settings: Settings, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Play until the player quits; returns the exit code (0, or 2 for bad settings)."""
    out = stdout or sys.stdout
    try:
        table = build_table(settings)
    except ValueError as exc:
        sys.stderr.write(f"parlour play: {exc}\n")
        return 2
    rules = rules_for(settings.game)
    records = settings.records or default_records_path(settings.game)
    source = stdin or sys.stdin
    if settings.plain or not (source.isatty() and out.isatty()):
        from parlour.terminal.plain import play

        play(table, rules, Prompt(source, out), records, settings.hands)
        return 0
    try:
        from parlour.terminal.app import TableApp
    except ImportError as exc:
        sys.stderr.write(
            _(
                "parlour play: the full-screen table needs Textual ({error}); install it with "
                "pip install 'parlour[play]', or play line by line with --plain",
                error=exc,
            )
            + "\n"
        )
        return 2
    saved = TableApp(table, rules, records, settings.hands).run()
    count = saved or 0
    out.write(saved_words(count, records) + "\n")
    return 0


def saved_words(count: int, records: Path) -> str:
    """What was saved where, in the current language."""
    if not count:
        return _("No finished hand to save.")
    return _n(
        "Saved {n} hand record to {path}.", "Saved {n} hand records to {path}.", count, path=records
    )
