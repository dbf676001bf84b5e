"""Card pictures as inline SVG: no image files, no fonts for the suits, nothing to load.

Each suit is drawn as a path (the pages must not rely on a font having ♥ ♦ ♣ ♠, and no
emoji). Colours come from the classes (``suit-h`` ...) in ``web/rules.css``, so the SVG
carries no inline style and passes the server's content security policy.
"""

from __future__ import annotations

from html import escape
from typing import Final

from parlour.cards import Card, Suit

#: One path per suit, drawn in a 100 x 100 box.
SUIT_PATHS: Final[dict[Suit, str]] = {
    Suit.HEARTS: (
        "M50 90C22 66 6 50 6 31C6 16 17 6 30 6C40 6 47 12 50 20C53 12 60 6 70 6"
        "C83 6 94 16 94 31C94 50 78 66 50 90Z"
    ),
    Suit.DIAMONDS: "M50 4L86 50L50 96L14 50Z",
    Suit.SPADES: (
        "M50 4C64 24 94 40 94 61C94 76 83 84 71 84C62 84 56 79 53 74C54 84 58 91 67 96"
        "H33C42 91 46 84 47 74C44 79 38 84 29 84C17 84 6 76 6 61C6 40 36 24 50 4Z"
    ),
    Suit.CLUBS: (
        "M50 6A20 20 0 0 1 66 38A20 20 0 1 1 56 72C57 83 60 90 68 96H32C40 90 43 83 44 72"
        "A20 20 0 1 1 34 38A20 20 0 0 1 50 6Z"
    ),
}
SUIT_LETTERS: Final = {Suit.CLUBS: "c", Suit.DIAMONDS: "d", Suit.HEARTS: "h", Suit.SPADES: "s"}
RANK_LABELS: Final = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def suit_svg(suit: Suit, label: str) -> str:
    """A suit symbol alone, sized like the text around it, with ``label`` for readers."""
    return (
        f'<svg class="suit suit-{SUIT_LETTERS[suit]}" viewBox="0 0 100 100" role="img" '
        f'aria-label="{escape(label)}"><path d="{SUIT_PATHS[suit]}"/></svg>'
    )


def card_svg(card: Card, label: str, *, hidden: bool = False) -> str:
    """One card face, with ``label`` (the card's name in the page's language) for screen
    readers and as a tooltip; ``hidden`` marks a card only its owner sees."""
    rank = RANK_LABELS[card.rank]
    path = SUIT_PATHS[card.suit]
    kind = f"card suit-{SUIT_LETTERS[card.suit]}" + (" hidden" if hidden else "")
    return (
        f'<svg class="{kind}" viewBox="0 0 50 70" role="img" aria-label="{escape(label)}">'
        f"<title>{escape(label)}</title>"
        '<rect class="face" x="1" y="1" width="48" height="68" rx="5"/>'
        f'<text class="rank" x="5" y="17">{rank}</text>'
        f'<path class="pip" transform="translate(6 21) scale(0.1)" d="{path}"/>'
        f'<path class="pip" transform="translate(17 34) scale(0.28)" d="{path}"/>'
        "</svg>"
    )
