"""The Americana state machine: antes, deals, betting rounds, showdown (RULES.md Part 2).

Players are kept by *position*: the players dealt in, in deal order from the dealer's left
(A-11), so "clockwise" is increasing position and "the dealer's left" is position 0. Seats
appear only at the edges (actions, events, views, outcome).

The state is mutable with ``__slots__`` and flat lists of ints so that :meth:`copy` is a
handful of list slices and the hot path (legal choices, apply) touches nothing else.
Legality for the player to act is computed once after each change (:meth:`_prepare`) as
three numbers; :meth:`legal_actions` turns them into :class:`Choice` objects and
:meth:`apply` checks an action against them.
"""

from __future__ import annotations

from typing import Any, Self

from parlour.cards import Card
from parlour.errors import IllegalActionError
from parlour.events import Event
from parlour.games.americana import rounds, showdown
from parlour.games.americana.actions import (
    TABLE_SEATS,
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Choice,
    Fold,
    Raise,
)
from parlour.games.americana.events import (
    antes_paid,
    bet_placed,
    brought_in,
    called,
    checked,
    folded,
    hole_dealt,
    raised,
    upcards_dealt,
)
from parlour.games.americana.memo import (
    CHOICES,
    MEMO_MAX,
    build_choices,
)
from parlour.games.americana.meta import SEATS
from parlour.games.americana.options import AmericanaOptions
from parlour.games.protocol import Action as AnyAction
from parlour.outcome import Outcome
from parlour.seats import SeatSpec

MAX_SEATS = SEATS.max
_OWNER = tuple(frozenset((s,)) for s in range(TABLE_SEATS))
_KINDS = frozenset((Fold, Check, Call, BringIn, Bet, Raise))


class AmericanaHand:
    """One hand of Americana; start it with :func:`start_hand`."""

    game = "americana"

    __slots__ = (
        "_acted",
        "_actions",
        "_actor",
        "_aggressor",
        "_bet_to",
        "_bets",
        "_button",
        "_contrib",
        "_deck",
        "_forced",
        "_hi",
        "_hole",
        "_live",
        "_lo",
        "_min_raise",
        "_n",
        "_next",
        "_opts",
        "_outcome",
        "_owed",
        "_pot",
        "_raise_ok",
        "_raises",
        "_seat_of",
        "_seats",
        "_shown",
        "_stacks",
        "_start_extra",
        "_street",
        "_up",
    )

    _acted: list[bool]
    _actions: list[Action]
    _actor: int
    _aggressor: int
    _bet_to: int
    _bets: list[int]
    _button: int
    _contrib: list[int]
    _deck: tuple[Card, ...]
    _forced: bool
    _hi: int
    _hole: tuple[Card, ...]
    _live: list[bool]
    _lo: int
    _min_raise: int
    _n: int
    _next: int
    _opts: AmericanaOptions
    _outcome: Outcome | None
    _owed: int
    _pot: int
    _raise_ok: list[bool]
    _raises: int
    _seat_of: tuple[int, ...]
    _seats: tuple[SeatSpec, ...]
    _shown: dict[int, tuple[Card, ...] | None]
    _stacks: list[int]
    _street: int
    _up: list[tuple[Card, ...]]
    _start_extra: tuple[Event, ...]

    # ------------------------------------------------------------------ public API

    @property
    def start_events(self) -> list[Event]:
        """The events of the automatic start: antes, the deal, and whatever followed before
        the first decision (a bring-in posted with no chips, A-23, and any deals after it).

        Built on demand from the deck, so that hands nobody watches do not pay for them.
        """
        n = self._n
        deck = self._deck
        seat_of = self._seat_of
        events: list[Event] = [antes_paid(None, (), self._opts.ante * n, None, seat_of)]
        for q in range(n):
            seat = seat_of[q]
            audience = _OWNER[seat] if seat < TABLE_SEATS else frozenset((seat,))
            events.append(hole_dealt(seat, (deck[q],), 0, audience))
        events.append(upcards_dealt(None, deck[n : 2 * n], 0, None, seat_of))
        events.extend(self._start_extra)
        return events

    @property
    def options(self) -> AmericanaOptions:
        """The table options."""
        return self._opts

    @property
    def seats(self) -> tuple[SeatSpec, ...]:
        """The players seated at the start, in increasing seat number (as the record lists them)."""
        return self._seats

    @property
    def button(self) -> int:
        """The dealer's seat."""
        return self._button

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """The seats dealt in, in deal order from the dealer's left (A-10, A-11)."""
        return self._seat_of

    @property
    def street(self) -> int:
        """The betting round, 1 to 4 (still 4 once the hand is over after round 4)."""
        return self._street

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        return self._seat_of[self._actor] if self._actor >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (its outcome is known)."""
        return self._outcome is not None

    @property
    def outcome(self) -> Outcome | None:
        """Final stacks, pots and returned chips once the hand is over."""
        return self._outcome

    @property
    def shuffles(self) -> tuple[tuple[Card, ...]]:
        """The one shuffle of the 32 cards (R-3)."""
        return (self._deck,)

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every decision applied so far."""
        return tuple(self._actions)

    def legal_actions(self) -> tuple[Choice, ...]:
        """The choices of the seat to act (empty when the hand is over)."""
        p = self._actor
        if p < 0:
            return ()
        key = (self._seat_of[p], self._forced, self._owed, self._bet_to > 0, self._lo, self._hi)
        choices = CHOICES.get(key)
        if choices is None:
            choices = build_choices(key)
            if len(CHOICES) >= MEMO_MAX:
                CHOICES.clear()
            CHOICES[key] = choices
        return choices

    def apply(self, action: AnyAction) -> list[Event]:
        """Apply the decision of the seat to act and every automatic step after it.

        Raises :class:`IllegalActionError` (state unchanged) when ``action`` is not legal.
        """
        move: Action = action  # type: ignore[assignment]
        p = self._actor
        reason = self._illegal(move, p)
        if reason:
            raise IllegalActionError(
                move.to_dict() if hasattr(move, "to_dict") else move,
                reason,
                [c.to_dict() for c in self.legal_actions()],
            )
        self._actions.append(move)
        kind = type(move)
        stacks = self._stacks
        if kind is Fold:
            self._live[p] = False
            events: list[Event] = [folded(move.seat)]
            if self._live.count(True) == 1:
                self._actor = -1
                showdown.finish(self, events, showdown_=False)
                return events
        elif kind is Check:
            self._acted[p] = True
            events = [checked(move.seat)]
        elif kind is Call or kind is BringIn:
            paid = self._owed
            stacks[p] -= paid
            self._bets[p] += paid
            self._contrib[p] += paid
            self._pot += paid
            self._acted[p] = True
            self._forced = False
            events = [(called if kind is Call else brought_in)(move.seat, (), paid)]
        else:
            to: int = move.to  # type: ignore[union-attr]
            events = [self._bet_or_raise(p, to, move.do)]
        self._advance(p, events)
        return events

    def view(self, seat: int | None) -> Any:
        """What ``seat`` (``None``: a spectator) may see now (R-4); see :mod:`.view`."""
        from parlour.games.americana.view import build_view

        return build_view(self, seat)

    def copy(self) -> Self:
        """An independent copy (lists sliced, immutable parts shared): cheap for search."""
        new = object.__new__(type(self))
        new._acted = self._acted[:]
        new._actions = self._actions[:]
        new._actor = self._actor
        new._aggressor = self._aggressor
        new._bet_to = self._bet_to
        new._bets = self._bets[:]
        new._button = self._button
        new._contrib = self._contrib[:]
        new._deck = self._deck
        new._forced = self._forced
        new._hi = self._hi
        new._hole = self._hole
        new._live = self._live[:]
        new._lo = self._lo
        new._min_raise = self._min_raise
        new._n = self._n
        new._next = self._next
        new._opts = self._opts
        new._outcome = self._outcome
        new._owed = self._owed
        new._pot = self._pot
        new._raise_ok = self._raise_ok[:]
        new._raises = self._raises
        new._seat_of = self._seat_of
        new._seats = self._seats
        new._shown = dict(self._shown)
        new._stacks = self._stacks[:]
        new._street = self._street
        new._up = self._up[:]
        new._start_extra = self._start_extra
        return new

    def snapshot(self) -> tuple[object, ...]:
        """Every field's value, for comparing two states (tests, debugging)."""
        out: list[object] = []
        for name in self.__slots__:
            value = getattr(self, name)
            out.append(tuple(value) if isinstance(value, list) else value)
        return tuple(out)

    # ------------------------------------------------------------------ betting

    def _illegal(self, action: Action, p: int) -> str:
        """Why ``action`` is illegal now, or ``""`` when it is legal."""
        if p < 0:
            return "the hand is over"
        kind = type(action)
        if kind not in _KINDS:
            return "not an Americana action"
        if action.seat != self._seat_of[p]:
            return f"it is seat {self._seat_of[p]}'s turn"
        if kind is BringIn:
            return "" if self._forced else "only the forced player brings in, in round 1"
        if self._forced:
            if kind is Raise:
                return self._outside(action.to)  # type: ignore[union-attr]
            return "the bring-in is forced: bring in or open for more (A-12)"
        if kind is Fold:
            return ""
        if kind is Check:
            return "" if not self._owed else "there is a bet to call"
        if kind is Call:
            return "" if self._owed else "there is no bet to call: check"
        if kind is Bet:
            if self._bet_to:
                return "there is already a bet: raise"
            return self._outside(action.to)  # type: ignore[union-attr]
        if kind is Raise:
            if not self._bet_to:
                return "there is no bet to raise: bet"
            return self._outside(action.to)  # type: ignore[union-attr]
        return "not an Americana action"

    def _outside(self, to: int) -> str:
        if not self._hi:
            return "no bet or raise is allowed now"
        if self._lo <= to <= self._hi:
            return ""
        return f"the total must be from {self._lo} to {self._hi}"

    def _bet_or_raise(self, p: int, to: int, do: str) -> Event:
        """Put ``p``'s round total to ``to``; full or short (A-22) as its size says."""
        paid = to - self._bets[p]
        self._stacks[p] -= paid
        self._bets[p] = to
        self._contrib[p] += paid
        self._pot += paid
        bet_to = self._bet_to
        if to >= bet_to + self._min_raise:
            if bet_to:
                self._raises += 1
            self._min_raise = to - bet_to
            self._raise_ok = [True] * self._n
            self._acted = [False] * self._n  # everyone must answer a full bet or raise
        else:
            acted = self._acted
            ok = self._raise_ok
            for q in range(self._n):
                if acted[q]:
                    ok[q] = False
        self._bet_to = to
        self._acted[p] = True
        self._forced = False
        self._aggressor = p
        return (raised if do == "raise" else bet_placed)(self._seat_of[p], (), paid, None, to)

    def _advance(self, p: int, events: list[Event]) -> None:
        """Find the next player to act after ``p``, or end the round."""
        n = self._n
        live = self._live
        stacks = self._stacks
        acted = self._acted
        bets = self._bets
        bet_to = self._bet_to
        q = p
        for _ in range(n - 1):
            q = q + 1 if q + 1 < n else 0
            if live[q] and stacks[q] and (not acted[q] or bets[q] < bet_to):
                self._actor = q
                self._prepare(q)
                return
        rounds.end_round(self, events)

    def _prepare(self, p: int) -> None:
        """Compute what ``p`` may do: chips to call, and the bet/raise range (0: none)."""
        stack = self._stacks[p]
        bet_to = self._bet_to
        mine = self._bets[p]
        owed = bet_to - mine
        self._owed = owed if owed < stack else stack
        self._lo = self._hi = 0
        if stack <= owed or not self._raise_ok[p]:
            return
        opts = self._opts
        structure = opts.structure
        if bet_to and structure == "limit" and self._raises >= opts.raise_cap:
            return
        live = self._live
        stacks = self._stacks
        for q in range(self._n):
            if q != p and live[q] and stacks[q]:
                break
        else:
            return  # nobody else could answer a bet or raise
        lo = bet_to + self._min_raise
        if structure == "no_limit":
            hi = mine + stack
        elif structure == "limit":
            hi = lo
        else:
            hi = bet_to + self._pot + owed if bet_to else self._pot
            if hi < lo:
                hi = lo
        allin = mine + stack
        if allin < lo:
            lo = hi = allin
        elif allin < hi:
            hi = allin
        self._lo = lo
        self._hi = hi
