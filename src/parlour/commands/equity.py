"""``parlour equity``: the odds of Americana hands, or of Palace battles, from known cards.

Americana: each argument is one hand, ``"HOLE | UPCARDS"`` (``?`` for an unseen hole
card), and the answer is each hand's chance to win and to tie once every card is out.
Palace: the hero is ``"PALACE | SOLDIERS"`` with ``--banner`` (a card, or only its
suit), each ``--vs`` an opponent ``"BANNER | SOLDIERS | PALACE"`` (banner a card or a
suit; soldiers and palace optional, the palace usually unseen), and the answer is the
hero's chance to win a battle against each; with ``--showdown``, each player's chance
to win the showdown a passive round ends in (P-63: no exclusion; under P-46 the winner
takes the pot). Exact when every deal can be counted, otherwise Monte Carlo with the
standard error (±) shown.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Any, Final

from parlour.cards import DECK_32, Card, Suit, format_cards, parse_card, parse_cards, parse_suit
from parlour.equity import americana, palace
from parlour.equity.odds import Equity
from parlour.errors import ParlourError
from parlour.games import game_names, metadata

UNSEEN_HOLE = ("?", "??", "x", "xx")


def add_parser(sub: argparse.ArgumentParser) -> None:
    """Arguments of ``parlour equity``."""
    sub.add_argument(
        "game", choices=[g for g in game_names() if g in _ODDS], help="which game's odds"
    )
    sub.add_argument(
        "hands",
        nargs="+",
        metavar="HAND",
        help='americana: "HOLE | UPCARDS" per player (? for an unseen hole); '
        'palace: the hero\'s "PALACE | SOLDIERS"',
    )
    sub.add_argument("--dead", default="", help="cards seen elsewhere (folded, discarded)")
    tie_break = metadata("americana").option("tie_break")
    sub.add_argument(
        "--tie-break",
        default=tie_break.default,
        choices=tie_break.choices,
        help="americana tie-break rule (A-42 to A-44)",
    )
    sub.add_argument("--banner", help="palace: the hero's banner card, or only its suit")
    sub.add_argument(
        "--vs",
        action="append",
        default=[],
        metavar="OPPONENT",
        help='palace: an opponent "BANNER | SOLDIERS | PALACE" (banner a card or a suit)',
    )
    sub.add_argument(
        "--showdown",
        action="store_true",
        help="palace: odds of the showdown among all (P-63) instead of a battle with each",
    )
    sub.add_argument("--samples", type=int, default=200_000, help="Monte Carlo deals")
    sub.add_argument("--seed", type=int, default=0, help="Monte Carlo seed")


def run(args: argparse.Namespace) -> int:
    """Print the odds; exit code 2 with a message for bad input."""
    try:
        if args.samples < 1:
            raise ParlourError("--samples must be at least 1")
        _ODDS[args.game](args)
    except ValueError as error:
        print(f"parlour equity: {error}", file=sys.stderr)
        return 2
    return 0


def parse_stud_hand(text: str) -> americana.StudCards:
    """``"Kh | 9h 9d"`` (or ``"? | 9h 9d"``) as a hand of Americana."""
    hole_text, bar, up_text = text.partition("|")
    if not bar:
        raise ParlourError(f"hand {text!r}: write it as 'HOLE | UPCARDS', e.g. 'Kh | 9h 9d'")
    hole_text = hole_text.strip()
    hole = None if hole_text.lower() in UNSEEN_HOLE else _one(hole_text, text, DECK_32)
    upcards = parse_cards(up_text, deck=DECK_32)
    if len(upcards) > 4:
        raise ParlourError(f"hand {text!r} has {len(upcards)} upcards; at most 4")
    return americana.StudCards(hole, upcards)


def parse_side(text: str, banner: str | None = None) -> palace.Side:
    """A Palace side: ``"BANNER | SOLDIERS | PALACE"``, or the hero's ``"PALACE | SOLDIERS"``."""
    parts = [p.strip() for p in text.split("|")]
    if banner is None:
        if len(parts) > 3:
            raise ParlourError(f"opponent {text!r}: write 'BANNER | SOLDIERS | PALACE'")
        banner_text, soldiers, palace_cards = (*parts, "", "")[:3]
    else:
        if len(parts) > 2:
            raise ParlourError(f"hand {text!r}: write 'PALACE | SOLDIERS'")
        palace_cards, soldiers = (*parts, "")[:2]
        banner_text = banner
    known = parse_cards(palace_cards)
    if len(known) > palace.PALACE_SIZE:
        raise ParlourError(f"{text!r}: a palace has {palace.PALACE_SIZE} cards, got {len(known)}")
    return palace.Side(_banner(banner_text), known, parse_cards(soldiers))


def _americana(args: argparse.Namespace) -> None:
    hands = [parse_stud_hand(h) for h in args.hands]
    dead = parse_cards(args.dead, deck=DECK_32)
    result = americana.equity(hands, dead, args.tie_break, samples=args.samples, seed=args.seed)
    labels = [_stud_label(h) for h in hands]
    width = max(len(s) for s in labels)
    print(f"{'hand':<{width}}  {'win':>16}  {'tie':>16}")
    for i, label in enumerate(labels):
        print(f"{label:<{width}}  {_pct(result, result.win[i])}  {_pct(result, result.tie[i])}")
    print(_method(result))


def _palace(args: argparse.Namespace) -> None:
    if args.banner is None:
        raise ParlourError("palace needs --banner (the hero's banner card, or its suit)")
    if len(args.hands) != 1:
        raise ParlourError("palace takes one hero hand 'PALACE | SOLDIERS'; opponents go in --vs")
    if not args.vs:
        raise ParlourError("palace needs at least one opponent: --vs BANNER")
    hero = parse_side(args.hands[0], args.banner)
    opponents = [parse_side(v) for v in args.vs]
    dead = parse_cards(args.dead)
    if args.showdown:
        _palace_showdown(hero, opponents, dead, args)
        return
    results = palace.battle_odds(hero, opponents, dead, samples=args.samples, seed=args.seed)
    labels = [_side_label(o) for o in opponents]
    width = max(len(s) for s in labels)
    print(f"hero {_side_label(hero)}: chance to win a battle against each opponent")
    print(f"{'opponent':<{width}}  {'win':>16}  {'tie':>16}  {'lose':>16}")
    for label, result in zip(labels, results, strict=True):
        print(
            f"{label:<{width}}  {_pct(result, result.win[0])}  {_pct(result, result.tie[0])}  "
            f"{_pct(result, result.win[1])}   ({_method(result)})"
        )


def _palace_showdown(
    hero: palace.Side, opponents: Sequence[palace.Side], dead: Sequence[Card], args: Any
) -> None:
    result = palace.showdown_odds(hero, opponents, dead, samples=args.samples, seed=args.seed)
    labels = [f"hero {_side_label(hero)}", *(_side_label(o) for o in opponents)]
    width = max(len(s) for s in labels)
    print("showdown of a passive round (P-63): best five of all own cards, no exclusion")
    print(f"{'player':<{width}}  {'win':>16}  {'tie':>16}")
    for i, label in enumerate(labels):
        print(f"{label:<{width}}  {_pct(result, result.win[i])}  {_pct(result, result.tie[i])}")
    print(_method(result))


def _one(token: str, text: str, deck: Sequence[Card]) -> Card:
    cards = parse_cards(token, deck=deck)
    if len(cards) != 1:
        raise ParlourError(f"hand {text!r}: one hole card before '|', got {len(cards)}")
    return cards[0]


def _banner(text: str) -> Card | Suit:
    if not text:
        raise ParlourError("a banner (card or suit) is needed")
    return parse_suit(text) if len(text) == 1 else parse_card(text)


def _pct(result: Equity, chance: float) -> str:
    if result.exact:
        return f"{100 * chance:>15.2f}%"
    return f"{100 * chance:6.2f}% ± {100 * result.stderr(chance):5.2f}%"


def _method(result: Equity) -> str:
    if result.exact:
        return f"exact over {result.deals:,} deals"
    return f"Monte Carlo, {result.deals:,} deals; ± is one standard error"


def _stud_label(hand: americana.StudCards) -> str:
    hole = "?" if hand.hole is None else str(hand.hole)
    return f"{hole} | {format_cards(hand.upcards)}"


def _side_label(side: palace.Side) -> str:
    banner = str(side.banner) if isinstance(side.banner, Card) else side.banner.symbol
    parts = [banner, format_cards(side.soldiers) or "-"]
    if side.palace:
        parts.append(format_cards(side.palace))
    return " | ".join(parts)


#: The games whose odds this command works out, each with its own way to read the hands.
_ODDS: Final[dict[str, Callable[[argparse.Namespace], None]]] = {
    "americana": _americana,
    "palace": _palace,
}
