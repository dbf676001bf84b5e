"""Cards, ranks, suits and the two decks, in the rulebook's notation (``Th``, ``7s``).

A :class:`Card` is an ``int`` (``4 * rank + suit``) so that it indexes evaluation tables
directly and costs nothing to copy or compare; it prints as ``Th``. Every card is a
shared singleton from :data:`CARDS`, so ``Card(n)`` is never needed by callers: use
:func:`parse_card`, :func:`parse_cards` or :func:`card`.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from typing import Final


class Rank(enum.IntEnum):
    """Card ranks, two lowest; the value is the rank's index (0 to 12)."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def symbol(self) -> str:
        """The rank's letter in card notation (``T`` for ten)."""
        return RANK_SYMBOLS[self]


class Suit(enum.IntEnum):
    """Card suits; the values follow phevaluator's order (clubs 0 to spades 3).

    Suits have no rank in Palace Poker (P-2). Americana ranks them hearts > diamonds >
    clubs > spades (A-3); see :data:`AMERICANA_SUIT_PRIORITY`.
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def symbol(self) -> str:
        """The suit's letter in card notation."""
        return SUIT_SYMBOLS[self]


RANK_SYMBOLS: Final = "23456789TJQKA"
SUIT_SYMBOLS: Final = "cdhs"

#: A-3: hearts > diamonds > clubs > spades, as a number per suit (bigger is better).
AMERICANA_SUIT_PRIORITY: Final[tuple[int, int, int, int]] = (1, 2, 3, 0)


class Card(int):
    """One playing card: an ``int`` equal to ``4 * rank + suit``, printed as ``Th``."""

    __slots__ = ()

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self >> 2)

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self & 3)

    def __str__(self) -> str:
        return RANK_SYMBOLS[self >> 2] + SUIT_SYMBOLS[self & 3]

    def __repr__(self) -> str:
        return f"Card('{self}')"


#: Every card, indexed by its number: ``CARDS[4 * rank + suit]``.
CARDS: Final[tuple[Card, ...]] = tuple(Card(n) for n in range(52))

#: The 52-card deck in a fixed order (by rank, then suit).
DECK_52: Final[tuple[Card, ...]] = CARDS

#: The 32-card Americana deck: seven to ace (A-1).
DECK_32: Final[tuple[Card, ...]] = tuple(c for c in CARDS if c >> 2 >= Rank.SEVEN)

_RANK_TOKENS: Final[dict[str, Rank]] = {s: Rank(i) for i, s in enumerate(RANK_SYMBOLS)}
_RANK_TOKENS.update({s.lower(): Rank(i) for i, s in enumerate(RANK_SYMBOLS)})
_RANK_TOKENS["10"] = Rank.TEN
_SUIT_TOKENS: Final[dict[str, Suit]] = {s: Suit(i) for i, s in enumerate(SUIT_SYMBOLS)}
_SUIT_TOKENS.update({s.upper(): Suit(i) for i, s in enumerate(SUIT_SYMBOLS)})


def card(rank: Rank, suit: Suit) -> Card:
    """Return the card of ``rank`` and ``suit``."""
    return CARDS[4 * rank + suit]


def parse_card(token: str) -> Card:
    """Parse one card such as ``Th``, ``7s`` or ``10h``.

    >>> parse_card("10h")
    Card('Th')

    Raises ``ValueError`` naming the token when the rank or suit is unknown.
    """
    text = token.strip()
    if len(text) < 2:
        raise ValueError(f"bad card {token!r}: too short; write a rank then a suit, as in 'Th'")
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1:])
    if rank is None or suit is None:
        part = "rank" if rank is None else "suit"
        raise ValueError(
            f"bad card {token!r}: unknown {part}; write a rank from {RANK_SYMBOLS} (or 10) "
            f"then a suit from {SUIT_SYMBOLS}, as in 'Th' or '7s'"
        )
    return CARDS[4 * rank + suit]


def parse_suit(token: str) -> Suit:
    """Parse a suit letter (``c d h s``, either case) or its English name."""
    text = token.strip()
    suit = _SUIT_TOKENS.get(text)
    if suit is None:
        names = {s.name.lower(): s for s in Suit}
        suit = names.get(text.lower()) or names.get(text.lower() + "s")
    if suit is None:
        raise ValueError(f"bad suit {token!r}: write one of c, d, h, s")
    return suit


def parse_cards(
    text: str | Iterable[str],
    *,
    count: int | Sequence[int] | None = None,
    deck: Sequence[Card] = DECK_52,
) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas (or an iterable of tokens).

    ``count`` is the allowed number of cards (a number or a collection of numbers);
    ``deck`` restricts the cards (pass :data:`DECK_32` for Americana). Raises
    ``ValueError`` naming the offending token, a card given twice, or the wrong count.

    >>> parse_cards("Th 7s")
    (Card('Th'), Card('7s'))
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards = tuple(parse_card(t) for t in tokens)
    allowed = set(deck)
    seen: set[Card] = set()
    for token, c in zip(tokens, cards, strict=True):
        if c in seen:
            raise ValueError(f"card {c} is given twice")
        if c not in allowed:
            raise ValueError(
                f"card {token!r} is not in the {len(deck)}-card deck"
                + (" (Americana has no 2 to 6)" if len(deck) == 32 else "")
            )
        seen.add(c)
    if count is not None:
        counts = (count,) if isinstance(count, int) else tuple(count)
        if len(cards) not in counts:
            wanted = " or ".join(str(n) for n in counts)
            raise ValueError(f"wrong number of cards: got {len(cards)}, need {wanted}")
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in notation, separated by spaces."""
    return " ".join(str(c) for c in cards)
