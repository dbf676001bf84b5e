"""Hand categories and their order of strength in each game.

:class:`Category` names the nine categories; its integer values follow the standard
order (P-3). Americana ranks a flush above a full house (A-40), so code that compares
categories across games uses :func:`strength` rather than the enum value.
"""

from __future__ import annotations

import enum
from typing import Final


class Category(enum.IntEnum):
    """The nine hand categories, numbered in the standard high-poker order (P-3)."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        """The category in words, as used in descriptions ("two pair")."""
        return self.name.lower().replace("_", " ")


#: P-3: weakest to strongest.
STANDARD_ORDER: Final[tuple[Category, ...]] = tuple(Category)

#: A-40: weakest to strongest; a flush beats a full house.
AMERICANA_ORDER: Final[tuple[Category, ...]] = (
    Category.HIGH_CARD,
    Category.PAIR,
    Category.TWO_PAIR,
    Category.THREE_OF_A_KIND,
    Category.STRAIGHT,
    Category.FULL_HOUSE,
    Category.FLUSH,
    Category.FOUR_OF_A_KIND,
    Category.STRAIGHT_FLUSH,
)

#: The rankings the evaluator knows (a game's metadata names its own: ``GameMeta.ranking``).
RANKINGS: Final[tuple[str, ...]] = ("standard", "palace", "americana")


def strength(category: Category, game: str = "standard") -> int:
    """The category's place in ``game``'s order, 0 for the weakest (high card)."""
    order = AMERICANA_ORDER if game == "americana" else STANDARD_ORDER
    return order.index(category)
