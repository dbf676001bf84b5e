"""Events: what happened during a hand, each marked with who may see it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from parlour.cards import Card


@dataclass(frozen=True, slots=True)
class Event:
    """One fact of a hand (a deal, a bet, a battle, an award).

    ``audience`` is ``None`` for a public event, otherwise the seats allowed to see it
    (a hole card is shown only to its owner, a battle palace as P-41 says). Views and the
    server pass an event on only to those seats; spectators see public events only.
    """

    kind: str
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    data: dict[str, Any] = field(default_factory=dict)
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (cards in notation)."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = [str(c) for c in self.cards]
        if self.amount:
            out["amount"] = self.amount
        out.update(self.data)
        return out
