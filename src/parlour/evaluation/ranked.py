"""Ranked cards: a value, its category and a description ("two pair, kings and nines")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from parlour.cards import RANK_SYMBOLS, Card, Suit
from parlour.evaluation import tables as _t
from parlour.evaluation import value as _value
from parlour.evaluation.category import AMERICANA_ORDER, RANKINGS, STANDARD_ORDER, Category

_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
          "jack", "queen", "king", "ace")  # fmt: skip
_PLURALS = tuple("sixes" if n == "six" else n + "s" for n in _NAMES)


@dataclass(frozen=True)
class RankedCards:
    """A ranked hand: ``value`` compares (bigger wins, equal ties) within one game/mode."""

    value: int
    category: Category
    description: str
    #: The rank indices the category is compared by, as :func:`describe` reads them
    #: (``-1`` for a missing card): what a translated description is written from.
    ranks: tuple[int, ...] = ()
    #: Americana's deciding card when the tie-break mode names one (A-43, A-44).
    deciding: Card | None = None


def rank_cards(
    cards: Sequence[int],
    *,
    game: str = "standard",
    exclude: Suit | int | None = None,
    tie_break: str = "seed",
) -> RankedCards:
    """Rank ``cards`` in ``game`` ("standard", "palace" or "americana").

    ``exclude`` is the opponent's banner suit (palace only, P-37); ``tie_break`` is the
    Americana mode (A-42 to A-44). Raises ``ValueError`` for bad cards or options.
    """
    if game not in RANKINGS:
        raise ValueError(f"bad game {game!r}: use one of {', '.join(RANKINGS)}")
    if exclude is not None and game != "palace":
        raise ValueError("exclude applies to game='palace' only")
    if game == "americana":
        value = _value.americana_value(cards, tie_break)
        cls = _value.americana_class_unchecked(tuple(cards))
        key = _t.AMERICANA_CLASS_LIST[cls]
        category = AMERICANA_ORDER[key[0]]
        text = describe(category, key[1:])
        deciding = _t.DECIDING_LIST[cls]
        decider = None
        if tie_break != "split" and deciding >= 0:
            decider = Card(next(c for c in cards if c >> 2 == deciding))
            text += f" (deciding card {decider})"
        return RankedCards(value, category, text, tuple(int(r) for r in key[1:]), decider)
    if game == "palace":
        value = _value.palace_value(cards, exclude)
    else:
        value = _value.standard_value(cards)
    ranks = standard_ranks(value)
    return RankedCards(value, category_of(value), standard_description(value), ranks)


def standard_description(value: int) -> str:
    """Words for a value of :func:`standard_value` or :func:`palace_value`."""
    return describe(category_of(value), _t.STANDARD_CLASS_LIST[value][1:])


def standard_ranks(value: int) -> tuple[int, ...]:
    """The compared ranks of a value of :func:`standard_value` or :func:`palace_value`."""
    return tuple(int(r) for r in _t.STANDARD_CLASS_LIST[value][1:])


def category_of(value: int, *, game: str = "standard", tie_break: str = "seed") -> Category:
    """The category of a value from :func:`standard_value`, :func:`palace_value`
    (``game`` "standard"/"palace") or :func:`americana_value` (with its ``tie_break``)."""
    if game != "americana":
        return STANDARD_ORDER[_t.STANDARD_CLASS_LIST[value][0]]
    if tie_break == "split":
        cls = value
    elif tie_break == "ranks_then_suit":
        cls = value // 4
    else:
        cls = _t.SEED_GROUP_LIST.index(value // _value.SEED_GROUP)
    return AMERICANA_ORDER[_t.AMERICANA_CLASS_LIST[cls][0]]


def describe(category: Category, ranks: Sequence[int]) -> str:
    """Words for a category and its compared ranks (rank indices, -1 = missing)."""
    present = [r for r in ranks if r >= 0]
    if not present:
        return "no cards"
    first = present[0]
    match category:
        case Category.STRAIGHT_FLUSH | Category.STRAIGHT:
            return f"{category.label}, {_NAMES[first]} high"
        case Category.HIGH_CARD if len(present) == 1:
            return f"high card, {_NAMES[first]}"  # one card: "high card, ten", not ", T"
        case Category.FLUSH | Category.HIGH_CARD:
            return f"{category.label}, " + "-".join(RANK_SYMBOLS[r] for r in present)
        case Category.FULL_HOUSE:
            return f"full house, {_PLURALS[first]} full of {_PLURALS[present[1]]}"
        case Category.FOUR_OF_A_KIND | Category.THREE_OF_A_KIND:
            text, rest = f"{category.label}, {_PLURALS[first]}", present[1:]
        case Category.TWO_PAIR:
            text = f"two pair, {_PLURALS[first]} and {_PLURALS[present[1]]}"
            rest = present[2:]
        case _:
            text, rest = f"pair of {_PLURALS[first]}", present[1:]
    if not rest:
        return text
    kickers = "-".join(RANK_SYMBOLS[r] for r in rest)
    return f"{text}, kicker{'s' if len(rest) > 1 else ''} {kickers}"
