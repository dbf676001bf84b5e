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
from typing import Final

from parlour.cards import Card
from parlour.i18n import N_, _, _p
from parlour.i18n.message import Np_
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
        you = _(" (you)") if self.you and self.name != _("You") else ""
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


#: A seat's state in the hand, as the table shows it (the key is what the games' scenes set).
STATUSES: Final = {
    "folded": Np_("seat status", "folded"),
    "out": Np_("seat status", "out"),
    "out of chips": Np_("seat status", "out of chips"),
    "sitting out": Np_("seat status", "sitting out"),
    "mucked": Np_("seat status", "mucked"),
    "shown": Np_("seat status", "shown"),
    "all-in": Np_("seat status", "all-in"),
    "attacking": Np_("seat status", "attacking"),
    "defending": Np_("seat status", "defending"),
    "no chips": Np_("seat status", "no chips"),
    "split": Np_("seat status", "split"),
}

#: The betting structures by their option value.
STRUCTURES: Final = {
    "limit": N_("limit"),
    "pot_limit": N_("pot-limit"),
    "no_limit": N_("no-limit"),
}


#: The table's column heads (the games' scenes name card columns by these words).
COLUMNS: Final = {
    "Player": Np_("column", "Player"),
    "Stack": Np_("column", "Stack"),
    "Bet": Np_("column", "Bet"),
    "Paid": Np_("column", "Paid"),
    "Cards": Np_("column", "Cards"),
    "Banner": Np_("column", "Banner"),
    "Palace": Np_("column", "Palace"),
    "Soldiers": Np_("column", "Soldiers"),
}

#: Headings of options shown together.
GROUPS: Final = {"attack": Np_("choices", "attack")}


def column_words(head: str) -> str:
    """A column head in the current language (``#`` and unnamed columns as they are)."""
    found = COLUMNS.get(head)
    return head if found is None else _p(found.context, found.msgid)


def group_words(group: str) -> str:
    """The heading of a group of options in the current language."""
    found = GROUPS.get(group)
    return group if found is None else _p(found.context, found.msgid)


def structure_name(value: str) -> str:
    """A betting structure in the current language (``no_limit``: "no-limit")."""
    return _(STRUCTURES[value]) if value in STRUCTURES else value


def status_words(status: str) -> str:
    """A seat's status in the current language (``won 24``, ``split, won 5`` included)."""
    if status in STATUSES:
        found = STATUSES[status]
        return _p(found.context, found.msgid)
    if status.startswith("split, won "):
        return _("split, won {amount}", amount=status.removeprefix("split, won "))
    if status.startswith("won "):
        return _("won {amount}", amount=status.removeprefix("won "))
    return status


def winnings(outcome: Outcome | None, seat: int) -> str:
    """``won 24`` for a seat that won pots of a finished hand alone, ``split`` when shared."""
    if outcome is None:
        return ""
    alone = sum(p.amount for p in outcome.pots if p.winners == (seat,))
    shared = any(seat in p.winners and len(p.winners) > 1 for p in outcome.pots)
    if shared:
        return "split" + (f", won {alone}" if alone else "")
    return f"won {alone}" if alone else ""
