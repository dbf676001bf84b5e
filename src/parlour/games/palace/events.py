"""What happens in a Palace Poker hand, one class per kind of event (wire names in ``kind``).

Private events carry their ``audience``: a palace is dealt to its owner (P-15), the faces of
thrown soldiers go to the thrower (P-16), a battle palace to whom P-41 shows it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from parlour.events import Event, builder
from parlour.outcome import Outcome


@dataclass(frozen=True, slots=True, kw_only=True)
class AntePaid(Event):
    """A player paid the ante to be dealt in (P-8)."""

    kind: ClassVar[str] = "ante"


@dataclass(frozen=True, slots=True, kw_only=True)
class BannerDealt(Event):
    """A banner accepted, face up: its suit is the player's (P-9, P-11)."""

    kind: ClassVar[str] = "banner"


@dataclass(frozen=True, slots=True, kw_only=True)
class BannerRejected(Event):
    """A card dealt for a banner whose suit the group already has, put aside (P-11)."""

    kind: ClassVar[str] = "banner_reject"


@dataclass(frozen=True, slots=True, kw_only=True)
class RejectsReshuffled(Event):
    """The ``amount`` cards put aside are shuffled to deal the banners on (P-12)."""

    kind: ClassVar[str] = "reject_reshuffle"


@dataclass(frozen=True, slots=True, kw_only=True)
class PalaceDealt(Event):
    """A player's three palace cards, seen by the owner only (P-15)."""

    kind: ClassVar[str] = "palace"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardsReshuffled(Event):
    """The discard pile (``amount`` cards) is shuffled into a new draw pile (P-17)."""

    kind: ClassVar[str] = "discard_reshuffle"


@dataclass(frozen=True, slots=True, kw_only=True)
class Stayed(Event):
    """A player stayed (P-22)."""

    kind: ClassVar[str] = "stay"


@dataclass(frozen=True, slots=True, kw_only=True)
class Folded(Event):
    """A player left the hand, on a turn (P-23) or in a battle (P-35)."""

    kind: ClassVar[str] = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Skipped(Event):
    """A player with no chips is skipped (P-25)."""

    kind: ClassVar[str] = "skip"


@dataclass(frozen=True, slots=True, kw_only=True)
class Bought(Event):
    """A player paid ``amount`` (SB) for the soldier in ``cards`` (P-19)."""

    kind: ClassVar[str] = "buy"


@dataclass(frozen=True, slots=True, kw_only=True)
class Trimmed(Event):
    """A player let ``amount`` soldiers go, free (P-19, P-40); faces in :class:`TrimFaces`."""

    kind: ClassVar[str] = "trim"


@dataclass(frozen=True, slots=True, kw_only=True)
class Discarded(Event):
    """A player paid the fee and discarded ``amount`` soldiers (P-20)."""

    kind: ClassVar[str] = "discard"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrimFaces(Event):
    """The faces of trimmed soldiers, for their owner only (P-16)."""

    kind: ClassVar[str] = "trim_faces"


@dataclass(frozen=True, slots=True, kw_only=True)
class DiscardFaces(Event):
    """The faces of discarded soldiers, for their owner only (P-16)."""

    kind: ClassVar[str] = "discard_faces"


@dataclass(frozen=True, slots=True, kw_only=True)
class Attacked(Event):
    """A bet: ``seat`` attacks ``target``, paying ``amount`` (its base plus ``extra``)."""

    kind: ClassVar[str] = "bet"
    target: int
    extra: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """A battler called, paying ``amount`` (P-36)."""

    kind: ClassVar[str] = "call"


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised(Event):
    """A battler raised ``by``, paying ``amount`` with the call (P-33, P-34)."""

    kind: ClassVar[str] = "raise"
    by: int


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledReturned(Event):
    """The last raise nobody called goes back to its maker (P-35)."""

    kind: ClassVar[str] = "uncalled_returned"


@dataclass(frozen=True, slots=True, kw_only=True)
class PalaceShown(Event):
    """A palace shown to ``audience`` (P-41), or to everyone at a showdown."""

    kind: ClassVar[str] = "palace_shown"


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleWon(Event):
    """``seat`` won the battle against ``loser`` and captured ``cards`` (P-40)."""

    kind: ClassVar[str] = "battle_won"
    loser: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleTied(Event):
    """The battle of ``seats`` tied all the way (P-39)."""

    kind: ClassVar[str] = "battle_tie"
    seats: tuple[int, int]


@dataclass(frozen=True, slots=True, kw_only=True)
class BattleHand(Event):
    """A battler's hand as it was compared: the ``cards`` of ``seat`` that count against
    ``against``, none of the ``excluded`` suit (letter, P-37; fewer than five: P-38).

    Its ``audience`` is who knows the palace in it: the owner and whoever P-41 showed it
    to, or everyone once a final comparison showed it (P-62).
    """

    kind: ClassVar[str] = "battle_hand"
    against: int
    excluded: str


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownHand(Event):
    """A player's own ``cards`` at a passive round's showdown, shown to all (P-63)."""

    kind: ClassVar[str] = "showdown_hand"


def hand_form(shown: BattleHand | ShowdownHand) -> dict[str, Any]:
    """A shown hand as the wire writes it inside ``hand_over``: seat, cards and, in a
    comparison, the seat it was against and the suit left out."""
    return {"seat": shown.seat, "cards": [str(c) for c in shown.cards], **shown.details()}


@dataclass(frozen=True, slots=True, kw_only=True)
class HandOver(Event):
    """The hand ended ``how`` (``last_standing``, ``one_suit``, ``battle_tie``,
    ``comparison``, ``showdown``), with its outcome (P-60 to P-64).

    ``uncalled`` lists the (seat, chips) of the outcome's ``returned`` that P-35 gave back
    during the hand (already told then); the rest came back at the end (P-46). ``hands``
    are the hands a final comparison showed to all (P-62, P-63), so that the end of the
    hand can name the winning one.
    """

    kind: ClassVar[str] = "hand_over"
    how: str
    outcome: Outcome
    uncalled: tuple[tuple[int, int], ...] = ()
    hands: tuple[BattleHand | ShowdownHand, ...] = ()

    def details(self) -> dict[str, Any]:
        """``how``, the outcome's fields (stacks, pots, returned), ``uncalled`` and, after a
        final comparison, ``hands``, as the wire has them."""
        uncalled = [{"seat": seat, "amount": amount} for seat, amount in self.uncalled]
        out = {"how": self.how, **self.outcome.to_dict(), "uncalled": uncalled}
        if self.hands:
            out["hands"] = [hand_form(h) for h in self.hands]
        return out


#: Trim and discard events, with the private events of their faces (P-16).
THROWN: dict[str, tuple[type[Trimmed | Discarded], type[TrimFaces | DiscardFaces]]] = {
    "trim": (Trimmed, TrimFaces),
    "discard": (Discarded, DiscardFaces),
}

PalaceEvent = (
    AntePaid
    | BannerDealt
    | BannerRejected
    | RejectsReshuffled
    | PalaceDealt
    | DiscardsReshuffled
    | Stayed
    | Folded
    | Skipped
    | Bought
    | Trimmed
    | Discarded
    | TrimFaces
    | DiscardFaces
    | Attacked
    | Called
    | Raised
    | UncalledReturned
    | PalaceShown
    | BattleWon
    | BattleTied
    | BattleHand
    | ShowdownHand
    | HandOver
)

#: The hot path's builders (:func:`parlour.events.builder`): ``build(seat, cards, amount,
#: audience, *own_fields)`` makes the same event as the class, without its frozen __init__.
ante_paid = builder(AntePaid)
banner_dealt = builder(BannerDealt)
banner_rejected = builder(BannerRejected)
palace_dealt = builder(PalaceDealt)
stayed = builder(Stayed)
folded = builder(Folded)
skipped = builder(Skipped)
bought = builder(Bought)
attacked = builder(Attacked)
called = builder(Called)
raised = builder(Raised)
uncalled_returned = builder(UncalledReturned)
palace_shown = builder(PalaceShown)
battle_won = builder(BattleWon)
battle_tied = builder(BattleTied)
battle_hand = builder(BattleHand)
showdown_hand = builder(ShowdownHand)
hand_over = builder(HandOver)
#: Trim and discard builders, with those of their faces' private events (P-16).
THROWN_BUILDERS = {
    "trim": (builder(Trimmed), builder(TrimFaces)),
    "discard": (builder(Discarded), builder(DiscardFaces)),
}
