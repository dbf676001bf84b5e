"""Starting an Americana hand: the table check, antes, the one shuffle, the deal and the
bring-in (A-10 to A-12, A-23).
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.cards import DECK_32
from parlour.events import Event
from parlour.games.americana.engine import MAX_SEATS, AmericanaHand
from parlour.games.americana.events import brought_in
from parlour.games.americana.options import AmericanaOptions
from parlour.games.americana.showdown import CARD_ORDER
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler


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
    bet = hand._opts.bring_in
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
    events: list[Event] = [brought_in(hand._seat_of[first])]
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
