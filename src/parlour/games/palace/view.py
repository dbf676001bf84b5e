"""What one seat, or a spectator, may see of a Palace hand (R-4, P-9, P-15, P-16, P-41).

A view holds every banner and soldier (always public), the viewer's own palace, any other
palace the rules showed the viewer (P-41) while its owner is still in the hand, the size
but not the order of the draw pile, the size of the discard pile and the faces of only
the cards the viewer discarded itself. Spectators see public facts only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from parlour.cards import Card
from parlour.games.palace.choices import Choice
from parlour.games.palace.options import PalaceOptions
from parlour.games.palace.phase import Phase
from parlour.outcome import Outcome

if TYPE_CHECKING:
    from parlour.games.palace.hand import PalaceHand


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat as the viewer sees it; ``palace`` is ``None`` when its faces are hidden."""

    seat: int
    name: str | None
    stack: int
    paid: int
    dealt_in: bool
    in_hand: bool
    banner: Card | None
    soldiers: tuple[Card, ...]
    palace_size: int
    palace: tuple[Card, ...] | None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (cards in notation)."""
        return {
            "seat": self.seat,
            "name": self.name,
            "stack": self.stack,
            "paid": self.paid,
            "dealt_in": self.dealt_in,
            "in_hand": self.in_hand,
            "banner": None if self.banner is None else str(self.banner),
            "soldiers": [str(c) for c in self.soldiers],
            "palace_size": self.palace_size,
            "palace": None if self.palace is None else [str(c) for c in self.palace],
        }


@dataclass(frozen=True, slots=True)
class BattleView:
    """The battle in progress: who fights, what each owes to call, the raises so far."""

    attacker: int
    defender: int
    attacker_owes: int
    defender_owes: int
    last_raise: int
    raises: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "attacker": self.attacker,
            "defender": self.defender,
            "attacker_owes": self.attacker_owes,
            "defender_owes": self.defender_owes,
            "last_raise": self.last_raise,
            "raises": self.raises,
        }


@dataclass(frozen=True, slots=True)
class PalaceView:
    """A seat's (``seat is None``: a spectator's) picture of the hand, with its legal choices."""

    seat: int | None
    button: int
    to_act: int | None
    phase: str
    players: tuple[PlayerView, ...]
    pot: int
    draw_count: int
    discard_count: int
    own_discards: tuple[Card, ...]
    battle: BattleView | None
    legal_actions: tuple[Choice, ...]
    outcome: Outcome | None
    #: The table's options (public, like the rules).
    options: PalaceOptions
    #: The game, for code that serves several (its metadata: ``parlour.games.metadata``).
    game: ClassVar[str] = "palace"

    def cards(self) -> frozenset[Card]:
        """Every card this view shows its viewer: banners and soldiers (public), the palaces
        it may see (its own, and those P-41 showed it) and the faces it discarded (R-4)."""
        shown = set(self.own_discards)
        for row in self.players:
            shown.update(row.soldiers, row.palace or ())
            if row.banner is not None:
                shown.add(row.banner)
        return frozenset(shown)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "button": self.button,
            "to_act": self.to_act,
            "phase": self.phase,
            "players": [p.to_dict() for p in self.players],
            "pot": self.pot,
            "draw_count": self.draw_count,
            "discard_count": self.discard_count,
            "own_discards": [str(c) for c in self.own_discards],
            "battle": None if self.battle is None else self.battle.to_dict(),
            "legal_actions": [c.to_dict() for c in self.legal_actions],
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def build_view(hand: PalaceHand, seat: int | None) -> PalaceView:
    """The view of ``hand`` for ``seat`` (``None``: a spectator)."""
    me = -1 if seat is None else hand.pos_of[seat]
    known = hand.shown | (hand.seen[me] if me >= 0 else 0)
    dealt = set(hand.order)
    players = tuple(
        PlayerView(
            seat=spec.seat,
            name=spec.name,
            stack=hand.stack[p],
            paid=hand.paid[p],
            dealt_in=p in dealt,
            in_hand=hand.live[p],
            banner=hand.banner[p],
            soldiers=tuple(hand.soldiers[p]),
            palace_size=len(hand.palace[p]),
            palace=hand.palace[p] if p == me or (hand.live[p] and known >> p & 1) else None,
        )
        for p, spec in enumerate(hand.seats)
    )
    battle = None
    if hand.phase == Phase.BATTLE:
        battle = BattleView(
            hand.seat_of[hand.attacker],
            hand.seat_of[hand.defender],
            hand.owed_a,
            hand.owed_d,
            hand.last_raise,
            hand.raises,
        )
    to_act = hand.to_act
    return PalaceView(
        seat=seat,
        button=hand.button,
        to_act=to_act,
        phase=hand.phase.label,
        players=players,
        pot=sum(hand.paid),
        draw_count=len(hand.draw),
        discard_count=len(hand.discards),
        own_discards=tuple(
            c for c, d in zip(hand.discards, hand.discarder, strict=True) if d == me
        ),
        battle=battle,
        legal_actions=hand.legal_actions() if to_act is not None and to_act == seat else (),
        outcome=hand.outcome,
        options=hand.options,
    )
