"""What one seat sees at the table, as plain data both terminal modes draw.

Each game's module turns its engine view into a :class:`Scene`; the Textual widgets
and the plain mode only draw scenes, so neither knows a game's view fields. A face-down
card is ``None``: the scene never holds a card the seat may not see (R-4).
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card


@dataclass(frozen=True, slots=True)
class CardGroup:
    """Some of a seat's cards under one name (``hole``, ``up``, ``banner``, ``palace``...)."""

    label: str
    cards: tuple[Card | None, ...]


@dataclass(frozen=True, slots=True)
class SeatScene:
    """One seat: its player, chips, cards and state in the hand."""

    seat: int
    name: str
    stack: int
    bet: int = 0
    groups: tuple[CardGroup, ...] = ()
    status: str = ""
    button: bool = False
    acting: bool = False
    you: bool = False

    @property
    def title(self) -> str:
        """The seat's heading: name, marks for the dealer button and for the human."""
        marks = (" (you)" if self.you and self.name != "You" else "") + (
            " [D]" if self.button else ""
        )
        return f"{self.name}{marks}"


@dataclass(frozen=True, slots=True)
class InfoLine:
    """A line about the whole table (pots, piles, the battle), optionally with cards."""

    text: str
    cards: tuple[Card | None, ...] = ()


@dataclass(frozen=True, slots=True)
class Scene:
    """The whole table as one seat sees it."""

    title: str
    seats: tuple[SeatScene, ...]
    lines: tuple[InfoLine, ...] = ()
