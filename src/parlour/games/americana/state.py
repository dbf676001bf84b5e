"""The Americana state: one definition, every field set by its constructor (RULES.md Part 2).

Players are kept by *position*: the players dealt in, in deal order from the dealer's left
(A-11), so "clockwise" is increasing position and "the dealer's left" is position 0. Seats
appear only at the edges (actions, events, views, outcome).

The state is mutable with ``__slots__`` and flat lists of ints so that :meth:`copy` is a
handful of list slices and the hot path touches nothing else. It changes only through the
transitions, functions over it: :mod:`.betting` (a decision), :mod:`.rounds` (the next
upcards, who opens), :mod:`.showdown` (mucks, pots, awards) and :func:`.deal.open_round`
(the bring-in). Legality for the player to act is worked out once after each change
(:func:`.betting.prepare`) as three numbers, ``owed``, ``min_to`` and ``max_to``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Self

from parlour.cards import DECK_32, Card
from parlour.events import Event
from parlour.games.americana import betting
from parlour.games.americana.actions import TABLE_SEATS, Action, Choice
from parlour.games.americana.events import antes_paid, hole_dealt, upcards_dealt
from parlour.games.americana.memo import CHOICES, MEMO_MAX, build_choices
from parlour.games.americana.meta import SEATS
from parlour.games.americana.options import AmericanaOptions
from parlour.games.americana.view import AmericanaView, build_view
from parlour.games.protocol import Action as AnyAction
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

_OWNER: Final = tuple(frozenset((s,)) for s in range(TABLE_SEATS))


class AmericanaHand:
    """One hand of Americana (the :class:`parlour.games.protocol.Hand` of the game).

    ``AmericanaHand(options, seats, button, shuffler)`` checks the table, takes the antes,
    shuffles once, deals and opens round 1 (A-10 to A-12); raises ``ValueError`` for a bad
    table and :class:`parlour.errors.ShuffleError` when the shuffler fails.
    """

    game = "americana"

    __slots__ = (
        "acted",
        "actions",
        "actor",
        "aggressor",
        "bet_to",
        "bets",
        "button",
        "contrib",
        "deck",
        "forced",
        "hole",
        "live",
        "max_to",
        "min_raise",
        "min_to",
        "n",
        "next_card",
        "options",
        "outcome",
        "owed",
        "pot",
        "raise_ok",
        "raises",
        "seat_of",
        "seats",
        "shown",
        "stacks",
        "start_extra",
        "street",
        "up",
    )

    #: The table: its options, its seats (as the record lists them), the dealer's seat.
    options: AmericanaOptions
    seats: tuple[SeatSpec, ...]
    button: int
    #: The seats dealt in by position (deal order from the dealer's left), and how many.
    seat_of: tuple[int, ...]
    n: int
    #: The one shuffle (R-3), each position's hole card and upcards, the next card to deal.
    deck: tuple[Card, ...]
    hole: tuple[Card, ...]
    up: list[tuple[Card, ...]]
    next_card: int
    #: Chips by position: behind, in front this round, paid this hand; the pot (all paid).
    stacks: list[int]
    bets: list[int]
    contrib: list[int]
    pot: int
    #: Still in the hand; has acted since the last full bet; may still raise (A-22).
    live: list[bool]
    acted: list[bool]
    raise_ok: list[bool]
    #: The round (1 to 4), its bet, the smallest full raise, full raises made (A-20, A-21).
    street: int
    bet_to: int
    min_raise: int
    raises: int
    #: The last to bet or raise in this round (A-30), -1: nobody.
    aggressor: int
    #: The position to act (-1: over); whether it owes the forced bring-in (A-12); what
    #: it owes to call and the totals it may bet or raise to (0: none).
    actor: int
    forced: bool
    owed: int
    min_to: int
    max_to: int
    #: Every decision applied; hands shown (seat -> cards) or mucked (seat -> None).
    actions: list[Action]
    shown: dict[int, tuple[Card, ...] | None]
    #: The outcome once the hand is over.
    outcome: Outcome | None
    #: Events of the start after the deal (a bring-in posted with no chips, A-23).
    start_extra: tuple[Event, ...]

    def __init__(
        self,
        options: AmericanaOptions,
        seats: Sequence[SeatSpec],
        button: int,
        shuffler: Shuffler,
    ) -> None:
        specs, seat_of, stacks = _table(options, seats, button)
        n = len(seat_of)
        ante = options.ante
        deck = tuple(shuffler(DECK_32))
        self.options = options
        self.seats = specs
        self.button = button
        self.seat_of = seat_of
        self.n = n
        self.deck = deck
        self.hole = deck[:n]
        self.up = [(c,) for c in deck[n : 2 * n]]
        self.next_card = 2 * n
        self.stacks = stacks
        self.bets = [0] * n
        self.contrib = [ante] * n
        self.pot = ante * n
        self.live = [True] * n
        self.acted = [False] * n
        self.raise_ok = [True] * n
        self.street = 1
        self.bet_to = 0
        self.min_raise = 0
        self.raises = 0
        self.aggressor = -1
        self.actor = -1
        self.forced = False
        self.owed = self.min_to = self.max_to = 0
        self.actions = []
        self.shown = {}
        self.outcome = None
        self.start_extra = ()
        betting.open_round_one(self)

    # ------------------------------------------------------------------ the protocol

    @property
    def start_events(self) -> list[Event]:
        """The events of the automatic start: antes, the deal, and whatever followed before
        the first decision (a bring-in posted with no chips, A-23, and any deals after it).

        Built on demand from the deck, so that hands nobody watches do not pay for them.
        """
        n = self.n
        deck = self.deck
        seat_of = self.seat_of
        events: list[Event] = [antes_paid(None, (), self.options.ante * n, None, seat_of)]
        for q in range(n):
            seat = seat_of[q]
            audience = _OWNER[seat] if seat < TABLE_SEATS else frozenset((seat,))
            events.append(hole_dealt(seat, (deck[q],), 0, audience))
        events.append(upcards_dealt(None, deck[n : 2 * n], 0, None, seat_of))
        events.extend(self.start_extra)
        return events

    @property
    def dealt_in(self) -> tuple[int, ...]:
        """The seats dealt in, in deal order from the dealer's left (A-10, A-11)."""
        return self.seat_of

    @property
    def to_act(self) -> int | None:
        """The seat whose decision is awaited, or ``None`` when the hand is over."""
        return self.seat_of[self.actor] if self.actor >= 0 else None

    @property
    def is_over(self) -> bool:
        """Whether the hand has ended (its outcome is known)."""
        return self.outcome is not None

    @property
    def shuffles(self) -> tuple[tuple[Card, ...]]:
        """The one shuffle of the 32 cards (R-3)."""
        return (self.deck,)

    def legal_actions(self) -> tuple[Choice, ...]:
        """The choices of the seat to act (empty when the hand is over)."""
        p = self.actor
        if p < 0:
            return ()
        key = (self.seat_of[p], self.forced, self.owed, self.bet_to > 0, self.min_to, self.max_to)
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
        return betting.apply(self, action)

    def view(self, seat: int | None) -> AmericanaView:
        """What ``seat`` (``None``: a spectator) may see now (R-4); see :mod:`.view`."""
        return build_view(self, seat)

    def copy(self) -> Self:
        """An independent copy (lists sliced, immutable parts shared): cheap for search.

        Written out field by field for speed; ``tests/americana`` checks it against
        ``__slots__``, so a new field cannot be forgotten.
        """
        new = object.__new__(type(self))
        new.acted = self.acted[:]
        new.actions = self.actions[:]
        new.actor = self.actor
        new.aggressor = self.aggressor
        new.bet_to = self.bet_to
        new.bets = self.bets[:]
        new.button = self.button
        new.contrib = self.contrib[:]
        new.deck = self.deck
        new.forced = self.forced
        new.hole = self.hole
        new.live = self.live[:]
        new.max_to = self.max_to
        new.min_raise = self.min_raise
        new.min_to = self.min_to
        new.n = self.n
        new.next_card = self.next_card
        new.options = self.options
        new.outcome = self.outcome
        new.owed = self.owed
        new.pot = self.pot
        new.raise_ok = self.raise_ok[:]
        new.raises = self.raises
        new.seat_of = self.seat_of
        new.seats = self.seats
        new.shown = dict(self.shown)
        new.stacks = self.stacks[:]
        new.start_extra = self.start_extra
        new.street = self.street
        new.up = self.up[:]
        return new

    def snapshot(self) -> tuple[object, ...]:
        """Every field's value, for comparing two states (tests, debugging)."""
        out: list[object] = []
        for name in self.__slots__:
            value = getattr(self, name)
            out.append(tuple(value) if isinstance(value, list) else value)
        return tuple(out)


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
    if count > SEATS.max:
        raise ValueError(f"Americana seats at most {SEATS.max} players (A-1), got {count}")
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


def start_hand(
    options: AmericanaOptions, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
) -> AmericanaHand:
    """Seat the players, take antes, shuffle once, deal and open round 1 (A-10 to A-12).

    ``seats`` are the seated players in increasing seat number; those who cannot pay the
    full ante sit out (A-10). Raises ``ValueError`` for a bad table (more than six seats,
    a button that is not a seat, fewer than two players dealt in) and
    :class:`parlour.errors.ShuffleError` when the shuffler fails. The events of the
    automatic start are in ``hand.start_events`` (built when asked for).
    """
    return AmericanaHand(options, seats, button, shuffler)
