"""parlour: Palace Poker and Americana, exactly by the rulebook."""

from parlour.cards import CARDS, DECK_32, DECK_52, Card, Rank, Suit, parse_card, parse_cards

__all__ = ["CARDS", "DECK_32", "DECK_52", "Card", "Rank", "Suit", "parse_card", "parse_cards"]
__version__ = "0.1.0"
