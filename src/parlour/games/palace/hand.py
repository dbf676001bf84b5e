"""One hand of Palace Poker as a mutable state machine (RULES.md Part 1).

Positions are indices into the hand's ``seats`` (record order); ``order`` lists the
positions dealt in, clockwise from the dealer's left. State lives in flat ``__slots__``
lists so that :meth:`PalaceHand.copy` is a handful of list copies and random play stays
fast. Legality is decided only by :meth:`PalaceHand.legal_actions`; :meth:`apply` checks
an action against those choices, then runs every automatic step that follows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from parlour.cards import Card
from parlour.errors import IllegalActionError, ShuffleError
from parlour.events import Event
from parlour.games.palace import flow
from parlour.games.palace.actions import Action, Bet, Buy, Call, Discard, Fold, Raise, Stay, Trim
from parlour.games.palace.battle import base, extra_range, limit_raise, raise_range
from parlour.games.palace.choices import BetChoice, CardChoice, Choice, Plain, RaiseChoice
from parlour.games.palace.options import PalaceOptions
from parlour.games.palace.view import PalaceView, build_view
from parlour.games.protocol import Action as AnyAction
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

TURN, TRIM, BATTLE, OVER = 0, 1, 2, 3
PHASES = ("turn", "trim", "battle", "over")
_ACTIONS = (Buy, Trim, Discard, Stay, Fold, Bet, Call, Raise)


class ReshuffleError(ShuffleError):
    """A discard-pile reshuffle (P-17) failed; ``index`` is the index of the Buy that needed it."""

    def __init__(self, message: str, index: int) -> None:
        self.index = index
        super().__init__(message)


class PalaceHand:
    """A Palace hand in progress (or over). Build it with :func:`parlour.games.palace.start_hand`.

    The public attributes are the engine's state, shared with :mod:`~.flow` and
    :mod:`~.view`; read them, but move the hand only through :meth:`apply`.
    """

    game = "palace"

    __slots__ = (
        "_choices",
        "action_log",
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
        "owed_a",
        "owed_d",
        "paid",
        "palace",
        "passive",
        "phase",
        "pos_of",
        "raises",
        "result",
        "sb",
        "seat_of",
        "seats",
        "seen",
        "shown",
        "shuffle_log",
        "shuffler",
        "slot",
        "soldiers",
        "stack",
        "start_events",
        "suit",
        "uncalled",
        "uncalled_by",
    )  # fmt: skip

    options: PalaceOptions
    seats: tuple[SeatSpec, ...]
    button: int
    shuffler: Shuffler
    shuffle_log: list[tuple[Card, ...]]
    action_log: list[Action]
    seat_of: tuple[int, ...]
    pos_of: dict[int, int]
    order: tuple[int, ...]
    slot: tuple[int, ...]
    sb: int
    bb: int
    stack: list[int]
    paid: list[int]
    back: list[int]
    live: list[bool]
    banner: list[Card | None]
    suit: list[int]
    palace: list[tuple[Card, ...]]
    soldiers: list[list[Card]]
    draw: list[Card]
    discards: list[Card]
    discarder: list[int]
    seen: list[int]
    shown: int
    phase: int
    actor: int
    passive: int
    forced: bool
    after: int
    result: Outcome | None
    start_events: tuple[Event, ...]
    attacker: int
    defender: int
    owed_a: int
    owed_d: int
    last_raise: int
    raises: int
    uncalled: int
    uncalled_by: int
    _choices: tuple[Choice, ...] | None

    # -- the Hand protocol -------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        return None if self.phase == OVER else self.seat_of[self.actor]

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended and been paid out."""
        return self.phase == OVER

    @property
    def outcome(self) -> Outcome | None:
        """Final stacks, pots and returned chips once the hand is over."""
        return self.result

    @property
    def shuffles(self) -> Sequence[Sequence[Card]]:
        """Every shuffle used so far, in order (R-3)."""
        return self.shuffle_log

    @property
    def actions(self) -> Sequence[Action]:
        """Every decision applied so far, in order."""
        return self.action_log

    def legal_actions(self) -> tuple[Choice, ...]:
        """Every choice the player to act has, as data (empty when the hand is over)."""
        if self._choices is None:
            self._choices = self._compute_choices()
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
        for choice in choices:
            if choice.allows(action):
                break
        else:
            if self.phase == OVER:
                reason = "the hand is over"
            elif action.seat != self.seat_of[self.actor]:
                reason = f"it is seat {self.seat_of[self.actor]}'s decision"
            else:
                reason = f"not legal in the {PHASES[self.phase]} phase"
            raise IllegalActionError(action.to_dict(), reason, _dicts(choices))
        events: list[Event] = []
        if action.do == "buy":
            self._reshuffle_if_needed(events)
        self._choices = None
        flow.play(self, action, events)
        self.action_log.append(action)
        return events

    def view(self, seat: int | None) -> PalaceView:
        """What ``seat`` (``None``: a spectator) may see now (R-4, P-41), with its choices."""
        return build_view(self, seat)

    def copy(self) -> Self:
        """An independent copy (sharing only immutable parts and the shuffler).

        Written out attribute by attribute: a loop over the slot names costs three times more.
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
        new.result = self.result
        new.sb = self.sb
        new.seat_of = self.seat_of
        new.seats = self.seats
        new.shown = self.shown
        new.shuffler = self.shuffler
        new.slot = self.slot
        new.start_events = self.start_events
        new.uncalled = self.uncalled
        new.uncalled_by = self.uncalled_by
        new.shuffle_log = self.shuffle_log[:]
        new.action_log = self.action_log[:]
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

    # -- choices -------------------------------------------------------------------------

    def _compute_choices(self) -> tuple[Choice, ...]:
        phase = self.phase
        if phase == OVER:
            return ()
        p = self.actor
        seat = self.seat_of[p]
        if phase == TRIM:
            held = tuple(self.soldiers[p])
            least = max(0, len(held) - self.options.max_soldiers)
            return (CardChoice("trim", seat, held, least, len(held)),)
        if phase == BATTLE:
            return self._battle_choices(p, seat)
        choices: list[Choice] = []
        stack = self.stack[p]
        if not self.forced:
            if stack >= self.sb and (self.draw or self.discards):
                choices.append(Plain("buy", seat, self.sb))
            mine = self.soldiers[p]
            fee = self.options.fee
            if mine and stack >= fee:
                choices.append(CardChoice("discard", seat, tuple(mine), 1, len(mine), fee))
            choices.append(Plain("stay", seat))
        choices.append(Plain("fold", seat))
        sb, stacks, soldiers = self.sb, self.stack, self.soldiers
        bet = min(base(len(soldiers[p]), sb), stack)
        own, live, suit = self.suit[p], self.live, self.suit
        no_limit = self.options.no_limit
        for t in self.order:
            if live[t] and suit[t] != own:
                lo, hi = (
                    extra_range(stack, bet, stacks[t], self.bb, no_limit=True)
                    if no_limit
                    else (0, 0)
                )
                call = (len(soldiers[t]) + 1) * sb  # the defender's base, P-31
                choices.append(BetChoice("bet", seat, self.seat_of[t], bet, call, lo, hi))
        return tuple(choices)

    def _battle_choices(self, p: int, seat: int) -> tuple[Choice, ...]:
        attacking = p == self.attacker
        owed = self.owed_a if attacking else self.owed_d
        other = self.defender if attacking else self.attacker
        stack = self.stack[p]
        choices: list[Choice] = [Plain("fold", seat), Plain("call", seat, min(owed, stack))]
        sizes = raise_range(
            stack,
            owed,
            self.stack[other],
            self.last_raise,
            self.raises,
            self.bb,
            self.options.raise_cap,
            no_limit=self.options.no_limit,
            limit_size=limit_raise(len(self.soldiers[p]), self.sb, self.bb),
        )
        if sizes is not None:
            choices.append(RaiseChoice("raise", seat, owed, sizes[0], sizes[1]))
        return tuple(choices)

    def _reshuffle_if_needed(self, events: list[Event]) -> None:
        """P-17: a Buy with an empty draw pile first shuffles the discard pile into it."""
        if self.draw:
            return
        try:
            order = self.shuffler(self.discards)
        except ShuffleError as exc:
            raise ReshuffleError(str(exc), len(self.action_log)) from exc
        self.shuffle_log.append(tuple(order))
        order.reverse()
        self.draw = order
        self.discards = []
        self.discarder = []
        events.append(Event("discard_reshuffle", amount=len(order)))


def _dicts(choices: Sequence[Choice]) -> list[dict[str, Any]]:
    return [c.to_dict() for c in choices]
