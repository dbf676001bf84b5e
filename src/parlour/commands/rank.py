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

from parlour.cards import DECK_32, DECK_52, parse_cards, parse_suit
from parlour.evaluation.category import GAMES
from parlour.evaluation.hand import TIE_BREAKS
from parlour.evaluation.handrank import rank_hand


def add_parser(sub: argparse.ArgumentParser) -> None:
    """Add the ``rank`` options to its subparser."""
    sub.add_argument("cards", nargs="*", metavar="CARD", help="cards such as Ah Td 7s")
    sub.add_argument("--game", choices=GAMES, default="standard", help="ranking to use")
    sub.add_argument(
        "--exclude", metavar="SUIT", help="palace: the opponent's banner suit (c, d, h, s)"
    )
    sub.add_argument(
        "--tie-break", choices=TIE_BREAKS, default="seed", help="americana tie-break mode"
    )
    sub.add_argument("--file", type=Path, help="rank one hand per line of FILE ('-': stdin)")


def run(args: argparse.Namespace) -> int:
    """Rank the hand(s); returns the exit code (1 if any hand was bad)."""
    try:
        exclude = None if args.exclude is None else parse_suit(args.exclude)
        if exclude is not None and args.game != "palace":
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
    deck = DECK_32 if args.game == "americana" else DECK_52
    for number, line in enumerate(lines, start=1):
        if numbered and not line.strip():
            continue  # blank lines are not hands
        try:
            cards = parse_cards(line, deck=deck)
            hand = rank_hand(cards, game=args.game, exclude=exclude, tie_break=args.tie_break)
        except ValueError as error:
            where = f"line {number}: " if numbered else ""
            print(f"parlour rank: {where}{error}", file=sys.stderr)
            code = 1
            continue
        print(f"{hand.value} {hand.description}")
    return code
