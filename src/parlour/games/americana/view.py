"""What one seat, or a spectator, may see of an Americana hand (R-4).

A view holds the seat's own hole card, everyone's upcards, bets, stacks, the pot, the
hands shown at showdown, whose turn it is and, for the seat to act only, its legal
choices. It never holds another seat's hole card or a mucked card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.cards import Card
from parlour.games.americana.actions import Choice
from parlour.games.americana.options import AmericanaOptions
from parlour.outcome import Outcome
from parlour.pots import layer

if TYPE_CHECKING:
    from parlour.games.americana.state import AmericanaHand


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seated player as everybody sees them (``hole`` only for its owner or once shown)."""

    seat: int
    name: str | None
    stack: int
    dealt_in: bool
    in_hand: bool
    bet: int
    contributed: int
    upcards: tuple[Card, ...]
    hole: Card | None
    shown: bool
    mucked: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, cards in notation."""
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "dealt_in": self.dealt_in,
            "in_hand": self.in_hand,
            "bet": self.bet,
            "contributed": self.contributed,
            "upcards": [str(c) for c in self.upcards],
            "hole": None if self.hole is None else str(self.hole),
            "shown": self.shown,
            "mucked": self.mucked,
        }


@dataclass(frozen=True, slots=True)
class AmericanaView:
    """The table as ``seat`` (``None``: a spectator) sees it now.

    ``pot`` is every chip paid so far; ``pots`` the main and side pots among the players in
    the hand as the contributions stand (``(amount, eligible seats)``, A-50; chips nobody
    has matched yet are in no pot).
    """

    seat: int | None
    street: int
    to_act: int | None
    pot: int
    pots: tuple[tuple[int, tuple[int, ...]], ...]
    current_bet: int
    seats: tuple[SeatView, ...]
    legal_actions: tuple[Choice, ...]
    outcome: Outcome | None
    #: The table's options (public, like the rules).
    options: AmericanaOptions
    #: The game, for code that serves several (its metadata: ``parlour.games.metadata``).
    game: ClassVar[str] = "americana"

    def cards(self) -> frozenset[Card]:
        """Every card this view shows its viewer: all upcards, the viewer's hole card and the
        hole cards shown at the showdown (R-4)."""
        shown = {c for row in self.seats for c in row.upcards}
        return frozenset(shown | {row.hole for row in self.seats if row.hole is not None})

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "street": self.street,
            "to_act": self.to_act,
            "pot": self.pot,
            "pots": [{"amount": a, "eligible": list(e)} for a, e in self.pots],
            "current_bet": self.current_bet,
            "seats": [s.to_dict() for s in self.seats],
            "legal_actions": [c.to_dict() for c in self.legal_actions],
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def build_view(hand: AmericanaHand, seat: int | None) -> AmericanaView:
    """Build ``seat``'s view of ``hand``."""
    position = {s: q for q, s in enumerate(hand.seat_of)}
    rows: list[SeatView] = []
    for spec in hand.seats:
        q = position.get(spec.seat)
        if q is None:
            rows.append(_absent(spec.seat, spec.name, spec.stack))
            continue
        shown_cards = hand.shown.get(spec.seat)
        shown = shown_cards is not None
        mucked = spec.seat in hand.shown and not shown
        hole = hand.hole[q] if (spec.seat == seat or shown) else None
        stack = hand.stacks[q]
        rows.append(
            SeatView(
                spec.seat,
                spec.name,
                stack,
                True,  # noqa: FBT003
                hand.live[q],
                hand.bets[q] if not hand.is_over else 0,
                hand.contrib[q],
                hand.up[q],
                hole,
                shown,
                mucked,
            )
        )
    seat_of = hand.seat_of
    layering = layer(hand.contrib, hand.live)
    pots = tuple((p.amount, tuple(sorted(seat_of[q] for q in p.eligible))) for p in layering.pots)
    to_act = hand.to_act
    choices = hand.legal_actions() if seat is not None and seat == to_act else ()
    return AmericanaView(
        seat,
        hand.street,
        to_act,
        hand.pot,
        pots,
        hand.bet_to if not hand.is_over else 0,
        tuple(rows),
        choices,
        hand.outcome,
        hand.options,
    )


def _absent(seat: int, name: str | None, stack: int) -> SeatView:
    """A seated player who was not dealt in (A-10)."""
    return SeatView(
        seat,
        name,
        stack,
        dealt_in=False,
        in_hand=False,
        bet=0,
        contributed=0,
        upcards=(),
        hole=None,
        shown=False,
        mucked=False,
    )
