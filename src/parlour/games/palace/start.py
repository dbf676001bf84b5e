"""Starting a Palace hand: check the table, take antes (P-8), deal (P-9 to P-16), open play."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from parlour.events import Event
from parlour.games.palace import flow
from parlour.games.palace.deal import deal
from parlour.games.palace.hand import TURN, PalaceHand
from parlour.games.palace.options import PalaceOptions
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

MAX_SEATS = 10


def start_hand(
    options: PalaceOptions, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
) -> PalaceHand:
    """Seat the players, take antes, deal, and give the first turn (dealer's left, P-18).

    ``seats`` are the seated players in increasing seat number; a player who cannot pay
    the full ante, or has no chips, is not dealt in (P-8). Raises ``ValueError`` for a bad
    table (more than ten seats, seats out of order, a button that is not a seat, fewer
    than two players dealt in) and :class:`parlour.errors.ShuffleError` when the shuffler
    fails. The events of the automatic start are in ``hand.start_events``.
    """
    specs = tuple(seats)
    _check_table(specs, button)
    n = len(specs)
    at = next(i for i, s in enumerate(specs) if s.seat == button)
    ante = options.ante_amount
    ring = [(at + k) % n for k in range(1, n + 1)]
    order = tuple(p for p in ring if specs[p].stack >= ante and specs[p].stack > 0)
    if len(order) < 2:
        raise ValueError(
            f"only {len(order)} player(s) can pay the ante of {ante}; a hand needs two (P-8)"
        )
    hand = object.__new__(PalaceHand)
    hand.options, hand.seats, hand.button, hand.shuffler = options, specs, button, shuffler
    hand.shuffle_log, hand.action_log = [], []
    hand.seat_of = tuple(s.seat for s in specs)
    hand.pos_of = {s.seat: p for p, s in enumerate(specs)}
    hand.order = order
    slot = [MAX_SEATS + p for p in range(n)]
    for k, p in enumerate(order):
        slot[p] = k
    hand.slot = tuple(slot)
    hand.sb, hand.bb = options.small_bet, options.bb
    hand.stack = [s.stack for s in specs]
    hand.paid = [0] * n
    hand.back = [0] * n
    hand.live = [False] * n
    events: list[Event] = []
    for p in order:
        hand.stack[p] -= ante
        hand.paid[p] = ante
        hand.live[p] = True
        events.append(Event("ante", hand.seat_of[p], amount=ante))
    dealt = deal(order, hand.seat_of, shuffler, hand.shuffle_log)
    events.extend(dealt.events)
    hand.banner = [dealt.banners.get(p) for p in range(n)]
    hand.suit = [-1 if c is None else c & 3 for c in hand.banner]
    hand.palace = [dealt.palaces.get(p, ()) for p in range(n)]
    hand.soldiers = [[] for _ in range(n)]
    hand.draw = dealt.draw
    hand.discards, hand.discarder = [], []
    hand.seen = [0] * n
    hand.shown = 0
    hand.phase, hand.actor, hand.passive, hand.after = TURN, order[0], 0, order[-1]
    hand.forced = False
    hand.result = None
    hand.attacker = hand.defender = -1
    hand.owed_a = hand.owed_d = hand.last_raise = hand.raises = hand.uncalled = 0
    hand.uncalled_by = -1
    hand._choices = None
    flow.pass_turn(hand, order[-1], events)
    hand.start_events = tuple(events)
    return hand


def _check_table(specs: tuple[SeatSpec, ...], button: int) -> None:
    numbers = [s.seat for s in specs]
    if len(specs) > MAX_SEATS:
        raise ValueError(f"Palace Poker seats at most {MAX_SEATS} players, got {len(specs)} (P-1)")
    if any(a >= b for a, b in itertools.pairwise(numbers)):
        raise ValueError(f"seats must be in increasing seat number, got {numbers}")
    if button not in numbers:
        raise ValueError(f"button {button!r} is not one of the seats {numbers}")
