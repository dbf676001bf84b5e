"""What one seat sees, as plain data both terminal modes draw.

Each game's module turns its engine view into a :class:`Scene`: a title, the table's
columns of cards (Americana: the cards; Palace: banner, palace, soldiers), one row per
seat, and lines about the whole table. The full-screen table and the plain mode only draw
scenes, so neither knows a game's view fields. A face-down card is ``None``: the scene
never holds a card the seat may not see (R-4). Names are data, never markup: drawing code
puts them on screen as text.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card
from parlour.outcome import Outcome

#: The dealer's mark after a name.
DEALER = "[D]"


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Some of a seat's cards under one column (``cards``; ``banner``, ``palace``...)."""

    label: str
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat: its player, chips, cards and state in the hand.

    ``key`` is the key that attacks this seat (Palace) when the human may, with
    ``offer`` saying what it costs; ``note`` is what the visible cards are worth.
    """

    seat: int
    name: str
    stack: int
    bet: int = 0
    groups: tuple[CardGroup, ...] = ()
    status: str = ""
    button: bool = False
    acting: bool = False
    you: bool = False
    key: str = ""
    offer: str = ""
    note: str = ""

    @property
    def title(self) -> str:
        """The seat's heading: name, then marks for the human and the dealer button."""
        you = " (you)" if self.you and self.name != "You" else ""
        return f"{self.name}{you}{' ' + DEALER if self.button else ''}"


@dataclass(frozen=True, slots=True)
class InfoLine:
    """A line about the whole table (pots, piles, the battle), optionally with cards."""

    text: str
    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Scene:
    """The whole table as one seat sees it.

    ``columns`` name the card groups every seat row has, in order; ``bet_label`` heads
    the chips each seat has put in (``Bet`` this round, or ``Paid`` this hand).
    """

    title: str
    seats: tuple[SeatScene, ...]
    lines: tuple[InfoLine, ...] = ()
    columns: tuple[str, ...] = ()
    bet_label: str = "Bet"


def winnings(outcome: Outcome | None, seat: int) -> str:
    """``won 24`` for a seat that won pots of a finished hand alone, ``split`` when shared."""
    if outcome is None:
        return ""
    alone = sum(p.amount for p in outcome.pots if p.winners == (seat,))
    shared = any(seat in p.winners and len(p.winners) > 1 for p in outcome.pots)
    if shared:
        return "split" + (f", won {alone}" if alone else "")
    return f"won {alone}" if alone else ""
