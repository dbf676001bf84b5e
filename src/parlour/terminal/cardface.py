"""Cards drawn as small boxes (rank and suit symbol), suits in colour, for both terminal modes.

A row of cards is three lines of text (top edge, face, bottom edge) so that both the
Textual widgets and the plain mode can print it; a face-down card shows a patterned back.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from rich.text import Text

from parlour.cards import Card, Suit, parse_card

#: Unicode suit symbols, by suit.
SUIT_GLYPHS: Final[dict[Suit, str]] = {
    Suit.CLUBS: "♣",
    Suit.DIAMONDS: "♦",
    Suit.HEARTS: "♥",
    Suit.SPADES: "♠",
}

#: Rich styles per suit: four colours, so suits are told apart at a glance.
SUIT_STYLES: Final[dict[Suit, str]] = {
    Suit.CLUBS: "bold green",
    Suit.DIAMONDS: "bold blue",
    Suit.HEARTS: "bold red",
    Suit.SPADES: "bold white",
}

BACK_STYLE: Final = "dim cyan"
EDGE_STYLE: Final = "grey70"


def card_label(card: Card) -> str:
    """The card as rank and suit symbol, ``T♥`` (the ten keeps its one-letter rank)."""
    return card.rank.symbol + SUIT_GLYPHS[card.suit]


def card_text(card: Card | None) -> Text:
    """One card inline, coloured by suit; ``None`` is a face-down card."""
    if card is None:
        return Text("░░", style=BACK_STYLE)
    return Text(card_label(card), style=SUIT_STYLES[card.suit])


def cards_inline(cards: Sequence[Card | None]) -> Text:
    """Cards on one line, separated by spaces, each coloured by suit."""
    return Text(" ").join(card_text(c) for c in cards)


_NOTATION: Final = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def styled_line(line: str) -> Text:
    """A line of words with every card in notation (``Th``) drawn as a coloured ``T♥``."""
    text = Text()
    last = 0
    for match in _NOTATION.finditer(line):
        text.append(line[last : match.start()])
        text.append_text(card_text(parse_card(match.group())))
        last = match.end()
    text.append(line[last:])
    return text


def card_row(cards: Sequence[Card | None], marks: Sequence[str] = ()) -> Text:
    """Cards drawn as boxes side by side: three lines, or four when ``marks`` label them.

    ``marks`` (one short string per card, such as the key that toggles it) is printed
    centred under each box.
    """
    if not cards:
        return Text("")
    top = Text(" ").join(Text("╭──╮", style=EDGE_STYLE) for _ in cards)
    middle = Text(" ").join(_face(c) for c in cards)
    bottom = Text(" ").join(Text("╰──╯", style=EDGE_STYLE) for _ in cards)
    lines = [top, middle, bottom]
    if marks:
        lines.append(Text(" ".join(m[:4].center(4) for m in marks)))
    return Text("\n").join(lines)


def _face(card: Card | None) -> Text:
    return Text.assemble(("│", EDGE_STYLE), card_text(card), ("│", EDGE_STYLE))
