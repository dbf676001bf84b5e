"""An Americana decision as a bot sees it: its cards, the live opponents' upcards, the
price of a call, and helpers to turn an intention (check, call, bet...) into a legal action.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import Card
from parlour.games.americana import META, Action, AmericanaView, Choice


@dataclass(frozen=True, slots=True)
class StudSpot:
    """What an Americana view says about the seat to act."""

    seat: int
    street: int
    pot: int
    current_bet: int
    hole: Card | None
    upcards: tuple[Card, ...]
    opponents: tuple[tuple[Card, ...], ...]
    dead: tuple[Card, ...]
    choices: tuple[Choice, ...]

    @classmethod
    def from_view(cls, view: AmericanaView) -> StudSpot:
        """Read the spot from the view of the seat to act."""
        if view.seat is None:
            raise ValueError("a spectator's view has no choices to make")
        me = next(s for s in view.seats if s.seat == view.seat)
        live = [s for s in view.seats if s.in_hand and s.seat != view.seat]
        dead = [c for s in view.seats if s.dealt_in and not s.in_hand for c in s.upcards]
        return cls(
            seat=view.seat,
            street=view.street,
            pot=view.pot,
            current_bet=view.current_bet,
            hole=me.hole,
            upcards=tuple(me.upcards),
            opponents=tuple(tuple(s.upcards) for s in live),
            dead=tuple(dead),
            choices=tuple(view.legal_actions),
        )

    @property
    def known(self) -> tuple[Card, ...]:
        """The seat's own cards (hole and upcards)."""
        return self.upcards if self.hole is None else (self.hole, *self.upcards)

    def choice(self, do: str) -> Choice | None:
        """The legal choice of kind ``do`` (``"call"``, ``"raise"``...), if any."""
        return next((c for c in self.choices if c.do == do), None)

    @property
    def to_call(self) -> int:
        """Chips owed to stay in (the bring-in or a call); 0 when checking is free."""
        owed = self.choice("call") or self.choice("bring_in")
        return owed.amount if owed is not None else 0

    @property
    def pot_odds(self) -> float:
        """The share of the final pot a call pays: the equity a call needs to break even."""
        owed = self.to_call
        return owed / (self.pot + owed) if owed else 0.0

    def passive(self) -> Action:
        """The cheapest way to stay in: check, else call or bring in."""
        for do in ("check", "bring_in", "call"):
            choice = self.choice(do)
            if choice is not None:
                return choice.action()
        raise ValueError("no passive choice is legal here")

    def give_up(self) -> Action:
        """The game's safe default move: fold when something is owed, else check (folding a
        free check gains nothing), and bring in when that is forced."""
        safe = META.default_action(self.choices, self.seat)
        assert isinstance(safe, Action), safe  # the game's own default is one of its actions
        return safe

    def aggressive(self, pot_share: float = 0.75) -> Action:
        """Bet or raise (a ``pot_share`` of the pot where the size is free), else stay in."""
        choice = self.choice("raise") or self.choice("bet")
        if choice is None:
            return self.passive()
        wanted = self.current_bet + round(pot_share * self.pot)
        return choice.action(max(choice.min_to, min(choice.max_to, wanted)))
