"""One hand of Palace Poker: the state's one definition, its constructor, the protocol.

Positions are indices into the hand's ``seats`` (record order); ``order`` lists the
positions dealt in, clockwise from the dealer's left. :class:`PalaceHand` declares every
field of the state in ``__slots__`` and sets each one in its constructor, which then runs
the opening (antes, deal, first turn). The state lives in flat lists so that
:meth:`PalaceHand.copy` is a handful of list copies and random play stays fast. Every
move is a transition function over the state (:mod:`~.flow`), legality is decided only
by :func:`~.choices.legal_choices`, and :meth:`apply` checks an action against those
choices before running it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple, Self

from parlour.cards import Card
from parlour.errors import IllegalActionError
from parlour.events import Event
from parlour.games.palace import flow
from parlour.games.palace.actions import Action, Bet, Buy, Call, Discard, Fold, Raise, Stay, Trim
from parlour.games.palace.choices import Choice, legal_choices
from parlour.games.palace.flow import ReshuffleError
from parlour.games.palace.options import PalaceOptions
from parlour.games.palace.phase import OVER, TURN, Phase
from parlour.games.palace.seating import MAX_SEATS, check_table, dealt_in
from parlour.games.palace.view import PalaceView, build_view
from parlour.games.protocol import Action as AnyAction
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

__all__ = ["PalaceHand", "ReshuffleError"]

_ACTIONS = (Buy, Trim, Discard, Stay, Fold, Bet, Call, Raise)


class PalaceHand:
    """A Palace hand in progress (or over); ``PalaceHand(options, seats, button, shuffler)``
    (or :func:`parlour.games.palace.start_hand`) starts one.

    The public attributes are the engine's state, read by :mod:`~.flow`,
    :mod:`~.choices` and :mod:`~.view`; read them, but move the hand only through
    :meth:`apply`.
    """

    game = "palace"

    __slots__ = (
        "_choices",
        "actions",
        "actor",
        "after",
        "attacker",
        "back",
        "banner",
        "bb",
        "button",
        "defender",
        "discarder",
        "discards",
        "draw",
        "forced",
        "last_raise",
        "live",
        "options",
        "order",
        "outcome",
        "owed_a",
        "owed_d",
        "paid",
        "palace",
        "passive",
        "phase",
        "pos_of",
        "raises",
        "sb",
        "seat_of",
        "seats",
        "seen",
        "shown",
        "shuffler",
        "shuffles",
        "slot",
        "soldiers",
        "stack",
        "start_events",
        "suit",
        "uncalled",
        "uncalled_by",
    )  # fmt: skip

    #: Table options, the seats as the record lists them, the dealer's seat.
    options: PalaceOptions
    seats: tuple[SeatSpec, ...]
    button: int
    #: Where shuffles come from (R-3), every shuffle used and every decision applied.
    shuffler: Shuffler
    shuffles: list[tuple[Card, ...]]
    actions: list[Action]
    #: Seat of each position, position of each seat, positions dealt in from the dealer's
    #: left, and each position's place in that order (P-64's odd chips; MAX_SEATS + p if out).
    seat_of: tuple[int, ...]
    pos_of: Mapping[int, int]
    order: tuple[int, ...]
    slot: tuple[int, ...]
    sb: int
    bb: int
    #: Per position: chips left, paid into the pot (net of P-35 returns), P-35 returns,
    #: still in the hand, banner (None once out or never dealt), banner suit (-1: none),
    #: palace, soldiers; which palaces each position has seen (bit mask, P-41).
    stack: list[int]
    paid: list[int]
    back: list[int]
    live: list[bool]
    banner: list[Card | None]
    suit: list[int]
    palace: list[tuple[Card, ...]]
    soldiers: list[list[Card]]
    seen: list[int]
    #: The draw pile (top card last), the face-down discard pile and who put each card there.
    draw: list[Card]
    discards: list[Card]
    discarder: list[int]
    #: Palaces shown to everyone at the end (bit mask).
    shown: int
    #: What the hand awaits, from whom, and the turn's anchor (the next turn passes left of it).
    phase: Phase
    actor: int
    after: int
    #: P-63: who has had a passive turn since the last Buy or Bet (bit mask);
    #: P-62: whether the last two must battle.
    passive: int
    forced: bool
    #: Final stacks, pots and returned chips once the hand is over.
    outcome: Outcome | None
    start_events: tuple[Event, ...]
    #: The battle in progress: who fights, what each owes, the last raise, how many raises,
    #: and the raise nobody has called yet with its maker (P-35).
    attacker: int
    defender: int
    owed_a: int
    owed_d: int
    last_raise: int
    raises: int
    uncalled: int
    uncalled_by: int
    _choices: tuple[Choice, ...] | None

    def __init__(
        self, options: PalaceOptions, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
    ) -> None:
        """Check the table, take antes (P-8), deal (P-9 to P-16), give the first turn (P-18).

        Raises ``ValueError`` for a bad table (more than ten seats, seats out of order, a
        button that is not a seat, fewer than two players dealt in) and
        :class:`parlour.errors.ShuffleError` when the shuffler fails.
        """
        specs = tuple(seats)
        table = _seating(specs, button, options.ante)
        order = table.order
        n = len(specs)
        self.options, self.seats, self.button, self.shuffler = options, specs, button, shuffler
        self.shuffles, self.actions = [], []
        self.seat_of, self.pos_of, self.order, self.slot = (
            table.seat_of,
            table.pos_of,
            order,
            table.slot,
        )
        self.sb, self.bb = options.small_bet, options.big_bet
        self.stack = list(table.stacks)
        self.paid = [0] * n
        self.back = [0] * n
        self.live = [False] * n
        self.banner = [None] * n
        self.suit = [-1] * n
        self.palace = [()] * n
        self.soldiers = [[] for _ in range(n)]
        self.seen = [0] * n
        self.draw, self.discards, self.discarder = [], [], []
        self.shown = 0
        self.phase, self.actor, self.after = TURN, order[0], order[-1]
        self.passive, self.forced = 0, False
        self.outcome = None
        self.attacker = self.defender = self.uncalled_by = -1
        self.owed_a = self.owed_d = self.last_raise = self.raises = self.uncalled = 0
        self._choices = None
        self.start_events = tuple(flow.open_hand(self))

    # -- the Hand protocol -------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        return None if self.phase == OVER else self.seat_of[self.actor]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended and been paid out."""
        return self.phase == OVER

    def legal_actions(self) -> tuple[Choice, ...]:
        """Every choice the player to act has, as data (empty when the hand is over)."""
        if self._choices is None:
            self._choices = legal_choices(self)
        return self._choices

    def apply(self, action: AnyAction) -> list[Event]:
        """Apply one decision and every automatic step after it; return what happened.

        Raises :class:`IllegalActionError` (and changes nothing) for an action that is not
        among :meth:`legal_actions`; :class:`ReshuffleError` if the discard-pile reshuffle
        a Buy needs cannot be made (also changing nothing).
        """
        choices = self.legal_actions()
        if not isinstance(action, _ACTIONS):
            raise IllegalActionError(action, "not a Palace Poker action", _dicts(choices))
        do = action.do
        for choice in choices:
            # every choice's allows() first compares the kind of action: skip the others
            if choice.do == do and choice.allows(action):
                break
        else:
            if self.phase == OVER:
                reason = "the hand is over"
            elif action.seat != self.seat_of[self.actor]:
                reason = f"it is seat {self.seat_of[self.actor]}'s decision"
            else:
                reason = f"not legal in the {self.phase.label} phase"
            raise IllegalActionError(action.to_dict(), reason, _dicts(choices))
        events: list[Event] = []
        if do == "buy":
            flow.reshuffle_if_needed(self, events)
        self._choices = None
        flow.play(self, action, events)
        self.actions.append(action)
        return events

    def view(self, seat: int | None) -> PalaceView:
        """What ``seat`` (``None``: a spectator) may see now (R-4, P-41), with its choices."""
        return build_view(self, seat)

    def copy(self) -> Self:
        """An independent copy (sharing only immutable parts and the shuffler, so a copy
        draws later shuffles from the same source).

        Written out slot by slot, lists copied (soldiers one level deeper): a loop over the
        slot names costs three times more. ``tests/palace/test_state.py`` checks it against
        ``__slots__``, so a new slot cannot be forgotten here.
        """
        new = object.__new__(type(self))
        new._choices = self._choices
        new.actor = self.actor
        new.after = self.after
        new.attacker = self.attacker
        new.bb = self.bb
        new.button = self.button
        new.defender = self.defender
        new.last_raise = self.last_raise
        new.options = self.options
        new.order = self.order
        new.owed_a = self.owed_a
        new.owed_d = self.owed_d
        new.passive = self.passive
        new.forced = self.forced
        new.phase = self.phase
        new.pos_of = self.pos_of
        new.raises = self.raises
        new.outcome = self.outcome
        new.sb = self.sb
        new.seat_of = self.seat_of
        new.seats = self.seats
        new.shown = self.shown
        new.shuffler = self.shuffler
        new.slot = self.slot
        new.start_events = self.start_events
        new.uncalled = self.uncalled
        new.uncalled_by = self.uncalled_by
        new.shuffles = self.shuffles[:]
        new.actions = self.actions[:]
        new.stack = self.stack[:]
        new.paid = self.paid[:]
        new.back = self.back[:]
        new.live = self.live[:]
        new.banner = self.banner[:]
        new.suit = self.suit[:]
        new.palace = self.palace[:]
        new.draw = self.draw[:]
        new.discards = self.discards[:]
        new.discarder = self.discarder[:]
        new.seen = self.seen[:]
        new.soldiers = [s[:] for s in self.soldiers]
        return new


class _Seating(NamedTuple):
    """What a hand's seats, button and ante fix: the hand's first four index fields, and
    the stacks before the antes."""

    seat_of: tuple[int, ...]
    pos_of: Mapping[int, int]
    order: tuple[int, ...]
    slot: tuple[int, ...]
    stacks: tuple[int, ...]


#: Tables seated lately, by (button, ante): their seats and seating. An environment or a
#: match deals hand after hand to the same seats, which need checking and indexing only
#: once per button.
_seatings: dict[tuple[int, int], tuple[tuple[SeatSpec, ...], _Seating]] = {}


def _seating(specs: tuple[SeatSpec, ...], button: int, ante: int) -> _Seating:
    """Check the table (``ValueError`` for a bad one, see :class:`PalaceHand`) and index it.

    Seat specs are immutable and compared by value, so a table equal to one seated lately
    (same seats, button and ante) has the same (immutable) seating, which is reused.
    """
    known = _seatings.get((button, ante))
    if known is not None and known[0] == specs:
        return known[1]
    check_table(specs, button)
    order = dealt_in(specs, button, ante)
    seat_of = tuple([s.seat for s in specs])
    slot = [MAX_SEATS + p for p in range(len(specs))]
    for k, p in enumerate(order):
        slot[p] = k
    seating = _Seating(
        seat_of,
        MappingProxyType({seat: p for p, seat in enumerate(seat_of)}),
        order,
        tuple(slot),
        tuple([s.stack for s in specs]),
    )
    if len(_seatings) >= 64:
        _seatings.clear()
    _seatings[button, ante] = (specs, seating)
    return seating


def _dicts(choices: Sequence[Choice]) -> list[dict[str, Any]]:
    return [c.to_dict() for c in choices]
