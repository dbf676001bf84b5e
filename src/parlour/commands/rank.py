"""``parlour rank``: print a hand's value (larger is better, equal ties) and description.

``parlour rank [--game G] [--exclude SUIT] [--tie-break MODE] CARDS...`` ranks one hand;
``--file FILE`` ranks one hand per line, reporting bad lines on stderr (exit code 1)
while still printing the good ones.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from pathlib import Path

from parlour.cards import DECK_52, parse_cards, parse_suit
from parlour.evaluation.ranked import rank_cards
from parlour.games import game_names, metadata

#: The ranking of ordinary high poker (P-3), beside each game's own.
STANDARD = "standard"


def add_parser(sub: argparse.ArgumentParser) -> None:
    """Add the ``rank`` options to its subparser."""
    sub.add_argument("cards", nargs="*", metavar="CARD", help="cards such as Ah Td 7s")
    sub.add_argument(
        "--game",
        choices=(STANDARD, *game_names()),
        default=STANDARD,
        help="rank as this game does (default: standard high poker)",
    )
    sub.add_argument(
        "--exclude", metavar="SUIT", help="palace: the opponent's banner suit (c, d, h, s)"
    )
    tie_break = metadata("americana").option("tie_break")
    sub.add_argument(
        "--tie-break",
        choices=tie_break.choices,
        default=tie_break.default,
        help="americana tie-break mode (A-42 to A-44)",
    )
    sub.add_argument("--file", type=Path, help="rank one hand per line of FILE ('-': stdin)")


def run(args: argparse.Namespace) -> int:
    """Rank the hand(s); returns the exit code (1 if any hand was bad)."""
    try:
        exclude = None if args.exclude is None else parse_suit(args.exclude)
        if exclude is not None and _ranking(args.game) != "palace":
            raise ValueError("--exclude applies to --game palace only")
    except ValueError as error:
        print(f"parlour rank: {error}", file=sys.stderr)
        return 2
    if args.file is None:
        if not args.cards:
            print("parlour rank: give the cards, or --file FILE", file=sys.stderr)
            return 2
        return _rank_lines([" ".join(args.cards)], args, exclude, numbered=False)
    if args.cards:
        print("parlour rank: give cards or --file, not both", file=sys.stderr)
        return 2
    try:
        text = sys.stdin.read() if str(args.file) == "-" else args.file.read_text()
    except OSError as error:
        print(f"parlour rank: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    return _rank_lines(text.splitlines(), args, exclude, numbered=True)


def _rank_lines(
    lines: Iterable[str], args: argparse.Namespace, exclude: int | None, *, numbered: bool
) -> int:
    code = 0
    ranking = _ranking(args.game)
    deck = DECK_52 if args.game == STANDARD else metadata(args.game).deck
    for number, line in enumerate(lines, start=1):
        if numbered and not line.strip():
            continue  # blank lines are not hands
        try:
            cards = parse_cards(line, deck=deck)
            hand = rank_cards(cards, game=ranking, exclude=exclude, tie_break=args.tie_break)
        except ValueError as error:
            where = f"line {number}: " if numbered else ""
            print(f"parlour rank: {where}{error}", file=sys.stderr)
            code = 1
            continue
        print(f"{hand.value} {hand.description}")
    return code


def _ranking(game: str) -> str:
    """The evaluator's ranking for ``game`` (its metadata names it)."""
    return STANDARD if game == STANDARD else metadata(game).ranking
