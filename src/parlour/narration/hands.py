"""A hand named for a sentence ("a flush, K-J-T-9-7"), from the cards an event carries.

Only events name hands, and an event reaches only the readers allowed to see its cards
(R-4, P-41), so a hand named here was seen by whoever reads it. Americana hands are named
by their ranks alone (the suit that breaks a tie, A-42, is not part of a hand's name);
Palace hands by the best five of the cards that count, short hands included (P-38).

A name is a :class:`~parlour.i18n.message.Message` built from the hand's category and
compared ranks, so it reads in each language as that language's players say it
("para króli", "пар краљева"); in English it is exactly the evaluator's description.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from parlour.cards import RANK_SYMBOLS, Card, parse_card
from parlour.evaluation import Category, category_of, rank_cards, standard_ranks
from parlour.games.palace import battle_value
from parlour.i18n.message import Message
from parlour.narration.sentences import say, say_count


def _rank(index: int, form: str) -> Message:
    return say(f"rank.{RANK_SYMBOLS[index]}.{form}")


def description(category: Category, ranks: Sequence[int]) -> Message:
    """A category and its compared ranks in words (``-1`` = a missing card), the
    translatable twin of :func:`parlour.evaluation.describe`."""
    present = [r for r in ranks if r >= 0]
    if not present:
        return say("desc.none")
    first = present[0]
    symbols = "-".join(RANK_SYMBOLS[r] for r in present)
    rest: list[int] = []
    match category:
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT:
            return say(f"desc.{category.name.lower()}", high=_rank(first, "high"))
        case Category.HIGH_CARD if len(present) == 1:
            return say("desc.high_card.one", rank=_rank(first, "one"))
        case Category.FLUSH | Category.HIGH_CARD:
            return say(f"desc.{category.name.lower()}", cards=symbols)
        case Category.FULL_HOUSE:
            three, two = _rank(first, "list"), _rank(present[1], "list")
            return say("desc.full_house", three=three, two=two)
        case Category.FOUR_OF_A_KIND | Category.THREE_OF_A_KIND:
            text = say(f"desc.{category.name.lower()}", rank=_rank(first, "of"))
            rest = present[1:]
        case Category.TWO_PAIR:
            high, low = _rank(first, "list"), _rank(present[1], "list")
            text = say("desc.two_pair", high=high, low=low)
            rest = present[2:]
        case _:
            text = say("desc.pair", rank=_rank(first, "of"))
            rest = present[1:]
    if not rest:
        return text
    kickers = "-".join(RANK_SYMBOLS[r] for r in rest)
    return say_count("desc.kickers", len(rest), hand=text, cards=kickers)


def phrase(category: Category, words: Message) -> Message:
    """The hand's name as a sentence uses it, with the article English gives its
    category ("a pair of kings")."""
    return say(f"hand.{category.name.lower()}", description=words)


def suit_name(letter: str, *, without: bool = False) -> Message:
    """A suit's name from its letter (``d``: diamonds); ``without``: as "no {suit}" reads it."""
    return say(f"suit.{letter}" + (".without" if without else ""))


def americana_hand(cards: Sequence[Card]) -> Message:
    """An Americana five-card hand by its category and ranks (A-40, A-41)."""
    ranked = rank_cards(list(cards), game="americana", tie_break="split")
    return phrase(ranked.category, description(ranked.category, ranked.ranks))


def americana_hand_or_none(cards: Sequence[Card]) -> Message | None:
    """:func:`americana_hand` for a whole hand of five; ``None`` for anything else."""
    return americana_hand(cards) if len(cards) == 5 else None


def palace_hand(cards: Sequence[Card], excluded: str | None = None) -> Message:
    """The best five (or fewer, P-38) of ``cards``; with the suit left out named (P-37)."""
    kept = [c for c in cards if excluded is None or str(c)[1] != excluded]
    value = battle_value(kept, None)
    category = category_of(value)
    hand = phrase(category, description(category, standard_ranks(value)))
    if excluded is None:
        return hand
    return say("hand.without", hand=hand, suit=suit_name(excluded, without=True))


def cards_of(raw: Iterable[Any]) -> tuple[Card, ...]:
    """Cards from an event's data, written in notation."""
    return tuple(parse_card(str(c)) for c in raw)


def named_hands(game: str, hands: Iterable[Mapping[str, Any]]) -> dict[int, Message]:
    """``{seat: hand name}`` from an event's ``hands`` list (seat, cards, and ``excluded``)."""
    named: dict[int, Message] = {}
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
