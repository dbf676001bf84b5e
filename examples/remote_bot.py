"""Your own bot at a parlour table, in under a hundred lines.

Start a server (`parlour serve`), create a table in the browser, copy its link, then:

    python examples/remote_bot.py http://127.0.0.1:8000/t/TABLE_ID --name "Pair bot"

The bot asks for a seat; once the host approves it, it plays until --hands hands are over.
It sees exactly what a player in a browser sees (its own cards, everyone's public cards,
its legal choices) and answers with an action; the server checks every action.

The idea it plays by is deliberately simple: value its own cards with parlour's evaluator,
push with two pair or better, go along with a pair, and give up weak hands facing a bet.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

from parlour.cards import parse_cards
from parlour.client import play, random_legal
from parlour.evaluation import Category, rank_cards


def my_cards(snapshot: dict[str, Any]) -> list[str]:
    """The cards the bot holds, as its view shows them."""
    view, me = snapshot["view"], snapshot["you"]["seat"]
    if snapshot["table"]["game"] == "americana":
        row = next(s for s in view["seats"] if s["seat"] == me)
        return [c for c in (row["hole"], *row["upcards"]) if c]
    row = next(p for p in view["players"] if p["seat"] == me)
    return [c for c in (row["banner"], *(row["palace"] or ()), *row["soldiers"]) if c]


def strength(snapshot: dict[str, Any]) -> Category:
    """The category of the bot's best five cards (standard order; nine cards at most)."""
    return rank_cards(parse_cards(my_cards(snapshot)[:9])).category


def decide(snapshot: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """One action, in its hand-record form without the seat."""
    legal = {c["do"]: c for c in snapshot["legal"]}
    category = strength(snapshot)
    if category >= Category.TWO_PAIR:
        for kind in ("raise", "bet"):
            if kind in legal:
                choice = legal[kind]
                if "min_to" in choice:
                    return {"do": kind, "to": choice["min_to"]}
                if "min_by" in choice:
                    return {"do": kind, "by": choice["min_by"]}
                return {"do": kind, "target": choice["target"]}
    for kind in ("check", "stay", "bring_in"):
        if kind in legal:
            return {"do": kind}
    if "call" in legal and category >= Category.PAIR:
        return {"do": "call"}
    if "trim" in legal:  # keep as many soldiers as allowed: more cards, better hands
        choice = legal["trim"]
        return {"do": "trim", "cards": choice["soldiers"][: choice["least"]]}
    if "fold" in legal:
        return {"do": "fold"}
    return random_legal(snapshot["legal"], rng)  # anything else: any legal choice


def main() -> None:
    """Parse the command line and play."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("link", help="the table's link, http://HOST:PORT/t/TABLE_ID")
    parser.add_argument("--name", default="Pair bot")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--token", help="take back a seat this bot held before")
    args = parser.parse_args()
    print("asking for a seat; the host approves it in the browser")
    played = play(args.link, args.name, decide, hands=args.hands, token=args.token)
    print(f"played {played.hands} hands with {played.decisions} decisions; stack {played.stack}")
    print(f"to come back to this seat: --token {played.token}")


if __name__ == "__main__":
    main()
