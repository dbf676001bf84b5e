"""A hand named for a sentence ("a flush, K-J-T-9-7"), from the cards an event carries.

Only events name hands, and an event reaches only the readers allowed to see its cards
(R-4, P-41), so a hand named here was seen by whoever reads it. Americana hands are named
by their ranks alone (the suit that breaks a tie, A-42, is not part of a hand's name);
Palace hands by the best five of the cards that count, short hands included (P-38).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.cards import Card, parse_card
from parlour.evaluation import Category, category_of, rank_cards, standard_description
from parlour.games.palace import battle_value
from parlour.narration.sentences import say


def phrase(category: Category, description: str) -> str:
    """The hand's name with the article English gives its category ("a pair of kings")."""
    return say(f"hand.{category.name.lower()}", description=description)


def suit_name(letter: str) -> str:
    """A suit's name from its letter (``d``: diamonds)."""
    return say(f"suit.{letter}")


def americana_hand(cards: Sequence[Card]) -> str:
    """An Americana five-card hand by its category and ranks (A-40, A-41)."""
    ranked = rank_cards(list(cards), game="americana", tie_break="split")
    return phrase(ranked.category, ranked.description)


def americana_hand_or_none(cards: Sequence[Card]) -> str | None:
    """:func:`americana_hand` for a whole hand of five; ``None`` for anything else."""
    return americana_hand(cards) if len(cards) == 5 else None


def palace_hand(cards: Sequence[Card], excluded: str | None = None) -> str:
    """The best five (or fewer, P-38) of ``cards``; with the suit left out named (P-37)."""
    kept = [c for c in cards if excluded is None or str(c)[1] != excluded]
    value = battle_value(kept, None)
    hand = phrase(category_of(value), standard_description(value))
    return hand if excluded is None else say("hand.without", hand=hand, suit=suit_name(excluded))


def cards_of(raw: Iterable[Any]) -> tuple[Card, ...]:
    """Cards from an event's data, written in notation."""
    return tuple(parse_card(str(c)) for c in raw)


def named_hands(game: str, hands: Iterable[Mapping[str, Any]]) -> dict[int, str]:
    """``{seat: hand name}`` from an event's ``hands`` list (seat, cards, and ``excluded``)."""
    named: dict[int, str] = {}
    for item in hands:
        cards = cards_of(item.get("cards", ()))
        if not cards:
            continue
        seat = int(item["seat"])
        if game == "americana":
            if len(cards) == 5:
                named[seat] = americana_hand(cards)
        else:
            named[seat] = palace_hand(cards, item.get("excluded"))
    return named
