"""What happens in an Americana hand, one class per kind of event (wire names in ``kind``).

The engine makes them through fast builders (``folded(seat)``): the frozen dataclass
``__init__`` costs about twice as much, and a random-play hand makes some ten events (the
speed goal of issue 3). A builder gives the very same object ``Folded(seat=...)`` would.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.cards import Card
from parlour.events import Event, builder


@dataclass(frozen=True, slots=True, kw_only=True)
class AntesPaid(Event):
    """Every player dealt in paid the ante; ``amount`` is the pot they make (A-10)."""

    kind: ClassVar[str] = "antes"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class HoleDealt(Event):
    """A hole card, seen by its owner only (A-11)."""

    kind: ClassVar[str] = "hole"


@dataclass(frozen=True, slots=True, kw_only=True)
class UpcardsDealt(Event):
    """One upcard to each of ``seats``, in that order (A-11, A-13)."""

    kind: ClassVar[str] = "upcards"
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class BroughtIn(Event):
    """The forced bring-in of round 1; ``amount`` may be short, even 0 (A-12, A-23)."""

    kind: ClassVar[str] = "bring_in"


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A player gave up the hand."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Checked(Event):
    """A player passed with nothing owed."""

    kind: ClassVar[str] = "check"


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A player matched the bet, adding ``amount`` (all-in when short)."""

    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True, kw_only=True)
class BetPlaced(Event):
    """A player opened the betting, to a total of ``to`` in the round (``amount`` added)."""

    kind: ClassVar[str] = "bet"
    to: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised(Event):
    """A player raised to a total of ``to`` in the round (``amount`` added)."""

    kind: ClassVar[str] = "raise"
    to: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Returned(Event):
    """Chips nobody called go back to ``seat`` (A-15, A-50)."""

    kind: ClassVar[str] = "return"


@dataclass(frozen=True, slots=True, kw_only=True)
class Shown(Event):
    """A hand shown at the showdown, hole card first (A-30)."""

    kind: ClassVar[str] = "show"


@dataclass(frozen=True, slots=True, kw_only=True)
class Mucked(Event):
    """A hand let go unshown, as A-31 allows."""

    kind: ClassVar[str] = "muck"


@dataclass(frozen=True, slots=True, kw_only=True)
class Awarded(Event):
    """A pot of ``amount`` to its ``winners`` (several: a split) among ``eligible`` (A-50).

    ``hands`` are the winners' hands as shown at the showdown, ``(seat, cards)``: public,
    since A-31 never mucks a winner, so the award is told with the hand that won it. Empty
    when the pot was won without a showdown (A-15).
    """

    kind: ClassVar[str] = "award"
    eligible: tuple[int, ...]
    winners: tuple[int, ...]
    hands: tuple[tuple[int, tuple[Card, ...]], ...] = ()

    def details(self) -> dict[str, Any]:
        """``eligible`` and ``winners``; ``hands`` (seat and cards) when they were shown."""
        out: dict[str, Any] = {"eligible": list(self.eligible), "winners": list(self.winners)}
        if self.hands:
            out["hands"] = [
                {"seat": seat, "cards": [str(c) for c in cards]} for seat, cards in self.hands
            ]
        return out


AmericanaEvent = (
    AntesPaid
    | HoleDealt
    | UpcardsDealt
    | BroughtIn
    | Folded
    | Checked
    | Called
    | BetPlaced
    | Raised
    | Returned
    | Shown
    | Mucked
    | Awarded
)

antes_paid = builder(AntesPaid)
hole_dealt = builder(HoleDealt)
upcards_dealt = builder(UpcardsDealt)
brought_in = builder(BroughtIn)
folded = builder(Folded)
checked = builder(Checked)
called = builder(Called)
bet_placed = builder(BetPlaced)
raised = builder(Raised)
returned = builder(Returned)
shown = builder(Shown)
mucked = builder(Mucked)
awarded = builder(Awarded)
