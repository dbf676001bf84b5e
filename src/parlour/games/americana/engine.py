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

from collections.abc import Sequence
from typing import Any, Self

from parlour.cards import DECK_32, Card
from parlour.errors import IllegalActionError
from parlour.evaluation import visible_value_unchecked as visible_value
from parlour.events import Event
from parlour.games.americana import showdown
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
    make_choice,
)
from parlour.games.americana.events import event
from parlour.games.americana.options import AmericanaOptions
from parlour.games.americana.showdown import CARD_ORDER
from parlour.games.protocol import Action as AnyAction
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

MAX_SEATS = 6
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
        events = [event("antes", None, (), self._opts.ante * n, {"seats": seat_of})]
        for q in range(n):
            seat = seat_of[q]
            audience = _OWNER[seat] if seat < TABLE_SEATS else frozenset((seat,))
            events.append(event("hole", seat, (deck[q],), 0, {}, audience))
        events.append(event("upcards", None, deck[n : 2 * n], 0, {"seats": seat_of}))
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
        choices = _CHOICES.get(key)
        if choices is None:
            choices = _build_choices(key)
            if len(_CHOICES) >= _CHOICES_MAX:
                _CHOICES.clear()
            _CHOICES[key] = choices
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
            events = [event("fold", move.seat)]
            if self._live.count(True) == 1:
                self._actor = -1
                showdown.finish(self, events, showdown_=False)
                return events
        elif kind is Check:
            self._acted[p] = True
            events = [event("check", move.seat)]
        elif kind is Call or kind is BringIn:
            paid = self._owed
            stacks[p] -= paid
            self._bets[p] += paid
            self._contrib[p] += paid
            self._pot += paid
            self._acted[p] = True
            self._forced = False
            events = [event(move.do, move.seat, (), paid)]
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
        return event(do, self._seat_of[p], (), paid, {"to": to})

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
        self._end_round(events)

    def _prepare(self, p: int) -> None:
        """Compute what ``p`` may do: chips to call, and the bet/raise range (0: none)."""
        stack = self._stacks[p]
        bet_to = self._bet_to
        mine = self._bets[p]
        owed = bet_to - mine
        self._owed = owed if owed < stack else stack
        self._hi = 0
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

    def _end_round(self, events: list[Event]) -> None:
        """Close a betting round: deal the next upcards and find who opens, or show down."""
        while True:
            if self._street == 4:
                self._actor = -1
                showdown.finish(self, events, showdown_=True)
                return
            self._street += 1
            self._deal_upcards(events)
            n = self._n
            self._bets = [0] * n
            self._acted = [False] * n
            self._raise_ok = [True] * n
            self._bet_to = 0
            self._raises = 0
            self._aggressor = -1
            bet = self._opts.bet
            self._min_raise = (
                bet if self._street == 2 or self._opts.structure != "limit" else (2 * bet)
            )
            live = self._live
            stacks = self._stacks
            if sum(1 for q in range(n) if live[q] and stacks[q]) < 2:
                continue
            self._actor = self._opener()
            self._prepare(self._actor)
            return

    def _opener(self) -> int:
        """A-13: the best visible hand acts first, or the first player with chips after it."""
        n = self._n
        live = self._live
        up = self._up
        best = -1
        first = -1
        for q in range(n):
            if live[q]:
                cards = up[q]
                value = _VISIBLE.get(cards)
                if value is None:
                    value = _visible(cards)
                if value > best:
                    best = value
                    first = q
        stacks = self._stacks
        q = first
        while not stacks[q] or not live[q]:
            q = q + 1 if q + 1 < n else 0
        return q

    def _deal_upcards(self, events: list[Event]) -> None:
        """One more upcard to every player in the hand, clockwise from the dealer's left."""
        deck = self._deck
        k = self._next
        up = self._up
        seats: list[int] = []
        cards: list[Card] = []
        seat_of = self._seat_of
        for q, alive in enumerate(self._live):
            if alive:
                card = deck[k]
                k += 1
                up[q] = (*up[q], card)
                seats.append(seat_of[q])
                cards.append(card)
        self._next = k
        events.append(event("upcards", None, tuple(cards), 0, {"seats": tuple(seats)}))


#: Memo of A-14 visible-hand values by upcards (in deal order): the same few thousand
#: boards recur across hands. Cleared when it grows past ``_MEMO_MAX``.
_VISIBLE: dict[tuple[Card, ...], int] = {}
_MEMO_MAX = 1 << 16


def _visible(cards: tuple[Card, ...]) -> int:
    """Evaluate and remember the visible value of ``cards`` (A-14)."""
    if len(_VISIBLE) >= _MEMO_MAX:
        _VISIBLE.clear()
    value = _VISIBLE[cards] = visible_value(cards)
    return value


#: Memo of choice tuples by (seat, forced, owed, bet open, lo, hi): choices are immutable
#: values of these six numbers, and random play meets the same few again and again.
_CHOICES: dict[tuple[int, bool, int, bool, int, int], tuple[Choice, ...]] = {}
_CHOICES_MAX = _MEMO_MAX


def _build_choices(key: tuple[int, bool, int, bool, int, int]) -> tuple[Choice, ...]:
    """The legal choices for (seat, forced, owed, bet open, lo, hi), see ``_prepare``."""
    seat, forced, owed, bet_open, lo, hi = key
    if forced:
        first = make_choice(seat, "bring_in", owed)
        return (first, make_choice(seat, "raise", 0, lo, hi)) if hi else (first,)
    fold = make_choice(seat, "fold")
    if owed:
        middle = make_choice(seat, "call", owed)
        kind = "raise"
    else:
        middle = make_choice(seat, "check")
        kind = "raise" if bet_open else "bet"
    if hi:
        return (fold, middle, make_choice(seat, kind, 0, lo, hi))
    return (fold, middle)


def start_hand(
    options: AmericanaOptions,
    seats: Sequence[SeatSpec],
    button: int,
    shuffler: Shuffler,
) -> AmericanaHand:
    """Seat the players, take antes, shuffle once, deal and open round 1 (A-10 to A-12).

    ``seats`` are the seated players in increasing seat number; those who cannot pay the
    full ante sit out (A-10). Raises ``ValueError`` for a bad table (more than six seats,
    a button that is not a seat, fewer than two players dealt in) and
    :class:`parlour.errors.ShuffleError` when the shuffler fails. The events of the
    automatic start are in ``hand.start_events`` (built when asked for).
    """
    specs, seat_of, stacks = _table(options, seats, button)
    n = len(seat_of)
    ante = options.ante
    deck = tuple(shuffler(DECK_32))
    hand = object.__new__(AmericanaHand)
    hand._opts = options
    hand._seats = specs
    hand._button = button
    hand._seat_of = seat_of
    hand._n = n
    hand._deck = deck
    hand._stacks = stacks
    hand._contrib = [ante] * n
    hand._pot = ante * n
    hand._bets = [0] * n
    hand._live = [True] * n
    hand._acted = [False] * n
    hand._raise_ok = [True] * n
    hand._hole = deck[:n]
    hand._up = [(c,) for c in deck[n : 2 * n]]
    hand._next = 2 * n
    hand._street = 1
    hand._actions = []
    hand._outcome = None
    hand._shown = {}
    hand._aggressor = -1
    hand._raises = 0
    hand._owed = hand._lo = hand._hi = 0
    hand._start_extra = ()
    _open_round_one(hand)
    return hand


def _open_round_one(hand: AmericanaHand) -> None:
    """A-12, A-23: the highest upcard brings in; with no chips it is posted as nothing."""
    bet = hand._opts.bet
    hand._bet_to = bet
    hand._min_raise = bet
    up = hand._up
    first = 0
    best = -1
    for q in range(hand._n):
        order = CARD_ORDER[up[q][0]]  # the highest single upcard, rank then suit
        if order > best:
            best = order
            first = q
    if hand._stacks[first]:
        hand._forced = True
        hand._actor = first
        hand._prepare(first)
        return
    hand._forced = False
    hand._acted[first] = True
    events = [event("bring_in", hand._seat_of[first], (), 0)]
    hand._advance(first, events)
    hand._start_extra = tuple(events)


def _table(
    options: AmericanaOptions, seats: Sequence[SeatSpec], button: int
) -> tuple[tuple[SeatSpec, ...], tuple[int, ...], list[int]]:
    """Check the table; the seats, the seats dealt in (deal order) and their stacks after the ante.

    Deal order starts at the first listed seat after the button, clockwise (A-11); a
    player who cannot pay the full ante sits out (A-10).
    """
    if type(options) is not AmericanaOptions:
        raise TypeError(f"options must be AmericanaOptions, got {type(options).__name__}")
    specs = seats if type(seats) is tuple else tuple(seats)
    count = len(specs)
    if count > MAX_SEATS:
        raise ValueError(f"Americana seats at most {MAX_SEATS} players (A-1), got {count}")
    at = -1
    previous = -1
    for i in range(count):
        number = specs[i].seat
        if number <= previous:
            numbers = [s.seat for s in specs]
            raise ValueError(f"seats must be in increasing seat number, got {numbers}")
        previous = number
        if number == button:
            at = i
    if at < 0:
        raise ValueError(f"button {button!r} is not one of the seats {[s.seat for s in specs]}")
    ante = options.ante
    dealt: list[int] = []
    stacks: list[int] = []
    for k in range(at + 1, at + 1 + count):
        spec = specs[k % count]
        if spec.stack >= ante:
            dealt.append(spec.seat)
            stacks.append(spec.stack - ante)
    if len(dealt) < 2:
        raise ValueError(
            f"only {len(dealt)} player(s) can pay the ante of {ante}; a hand needs two (A-10)"
        )
    return specs, tuple(dealt), stacks
