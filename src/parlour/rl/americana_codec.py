"""Americana's action table and observation encoding for learning agents (docs/rl.md).

Action table (``Discrete(6)``), the same in the PettingZoo, Gymnasium and OpenSpiel games:

=====  ===========================================================================
row    meaning
=====  ===========================================================================
0      fold
1      the passive choice: check, call (all-in for less when short) or bring in
2      the smallest bet or raise (in round 1, completing the bring-in)
3      bet or raise by half the pot (after calling)
4      bet or raise by the pot (after calling)
5      all-in: the largest bet or raise allowed
=====  ===========================================================================

Sizes are clipped into the legal range; a sizing row whose total equals a lower row's
is masked (in limit only row 2 is ever open). Every other total of a pot-limit or
no-limit range is left out: that is the abstraction (docs/rl.md says what it loses).

The observation is built from the seat's view only; seats are listed from the observer
round the table (offset 0 is the observer). See :meth:`AmericanaCodec.encode`.
"""

from __future__ import annotations

from functools import partial
from typing import Any, Final

import numpy as np

from parlour.cards import DECK_32
from parlour.games.americana import AmericanaHand, AmericanaView, SeatView
from parlour.rl.codec import Decision, Vector, deck_index, mark_cards, no_decision

#: Names of the rows of the action table, in order.
ACTIONS: Final = ("fold", "passive", "raise_min", "raise_half_pot", "raise_pot", "all_in")
_PASSIVE: Final = ("check", "call", "bring_in")
_POT_FRACTIONS: Final = ((3, 0.5), (4, 1.0))
_INDEX: Final = deck_index(DECK_32)
#: Per seat: in the hand, stack, chips in front this round, chips paid this hand, to act.
_PER_SEAT: Final = 5
#: Bound on the rounds of betting (A-12, A-13).
ROUNDS: Final = 4
#: How many seatings and betting situations a codec remembers (then it starts afresh).
_PLANS: Final = 50_000
#: Per seat round the table: (index of its numbers, of its upcards, its position or -1,
#: its stack); the observer's position; the seats the plan is for.
_Plan = tuple[tuple[tuple[int, int, int, int], ...], int, tuple[Any, ...]]


class AmericanaCodec:
    """Americana's :class:`parlour.rl.codec.Codec` for a table of ``num_players``.

    ``bet`` is the bring-in (the chip unit of the observation) and ``chips`` every chip at
    the table (the sum of the stacks), which bounds every chip count the observation holds.
    """

    def __init__(self, num_players: int, bet: int, chips: int | None = None) -> None:
        if not 2 <= num_players <= 6:
            raise ValueError(f"Americana seats 2 to 6 players, got {num_players}")
        if bet < 1:
            raise ValueError(f"the bring-in must be at least 1, got {bet}")
        self.num_players = num_players
        self.bet = bet
        self.chips = 100 * num_players if chips is None else chips
        n = num_players
        self._upcards = 32
        self._round = self._upcards + 32 * n
        self._seats = self._round + ROUNDS
        self._table = self._seats + _PER_SEAT * n
        self._ranks = self._table + 3
        self._size = self._ranks + 8
        high = np.ones(self._size, dtype=np.float32)
        top = self.chips / bet
        for k in range(n):
            start = self._seats + _PER_SEAT * k
            high[start + 1 : start + 4] = top
        high[self._table : self._table + 3] = top
        self._high = high
        self._plans: dict[tuple[int, tuple[int, ...]], _Plan] = {}
        self._decided: dict[tuple[int, ...], Decision] = {}

    @property
    def action_count(self) -> int:
        """Six rows (see the module's table)."""
        return len(ACTIONS)

    @property
    def observation_size(self) -> int:
        """32 + 32 * players cards, 4 rounds, 5 per seat, 3 table numbers, 8 rank counts."""
        return self._size

    @property
    def observation_high(self) -> Vector:
        """1 for flags and one-hots, all chips at the table (in bring-ins) for chip counts."""
        return self._high

    def encode(self, view: AmericanaView) -> Vector:
        """The observation: what ``view`` shows, as numbers.

        In order: the observer's hole card (32, one-hot over the 32-card deck); each
        seat's upcards from the observer round the table (32 per seat); the round (4,
        one-hot); per seat from the observer: still in the hand, stack, chips in front
        this round, chips paid this hand (in bring-ins), and whether it is the seat to act;
        then the pot, the current bet and the amount the observer owes (in bring-ins);
        last the observer's own cards counted per rank (7 to A, divided by 4).
        """
        out = np.zeros(self._size, dtype=np.float32)
        rows = _around(view)
        me = rows[0]
        b = float(self.bet)
        own = list(me.upcards)
        if me.hole is not None:
            out[_INDEX[me.hole]] = 1.0
            own.append(me.hole)
        to_act = view.to_act
        for k, r in enumerate(rows):
            mark_cards(out, self._upcards + 32 * k, r.upcards, _INDEX)
            at = self._seats + _PER_SEAT * k
            out[at] = float(r.in_hand)
            out[at + 1] = r.stack / b
            out[at + 2] = r.bet / b
            out[at + 3] = r.contributed / b
            out[at + 4] = float(to_act == r.seat)
        if 1 <= view.street <= ROUNDS:
            out[self._round + view.street - 1] = 1.0
        owed = max(view.current_bet - me.bet, 0)
        out[self._table] = view.pot / b
        out[self._table + 1] = view.current_bet / b
        out[self._table + 2] = owed / b
        for c in own:
            out[self._ranks + (c >> 2) - 5] += 0.25
        return out

    def decision(self, view: AmericanaView) -> Decision:
        """The legal rows of the seat to act and the action of each (see the module's table)."""
        if view.seat is None or view.to_act != view.seat or not view.legal_actions:
            return no_decision(len(ACTIONS))
        me = next(s for s in view.seats if s.seat == view.seat)
        return _decision(_row_actions(view.legal_actions, view.pot, view.current_bet, me.bet))

    # ------------------------------------------------------------------ the hand directly

    def encode_hand(self, hand: AmericanaHand, seat: int) -> Vector:
        """The same vector as ``encode(hand.view(seat))``, read from the hand's state.

        The environments call this once per step: building the view (every seat's row, the
        side pots, the choices) costs more than the numbers taken from it. Where each seat's
        numbers go is worked out once per seating (:meth:`_plan`); zeros are not written.
        """
        out = np.zeros(self._size, dtype=np.float32)
        plan, q_me, _ = self._plan(hand, seat)
        over = hand.outcome is not None
        b = float(self.bet)
        actor = hand.actor
        up, live, stacks, bets, contrib = hand.up, hand.live, hand.stacks, hand.bets, hand.contrib
        for at, first, q, absent in plan:
            if q < 0:  # not dealt in: its stack only
                out[at + 1] = absent / b
                continue
            for c in up[q]:
                out[first + _INDEX[c]] = 1.0
            if live[q]:
                out[at] = 1.0
            out[at + 1] = stacks[q] / b
            if not over and bets[q]:
                out[at + 2] = bets[q] / b
            out[at + 3] = contrib[q] / b
            if q == actor:
                out[at + 4] = 1.0
        street = hand.street
        if 1 <= street <= ROUNDS:
            out[self._round + street - 1] = 1.0
        current = 0 if over else hand.bet_to
        mine = 0 if over or q_me < 0 else bets[q_me]
        t = self._table
        out[t] = hand.pot / b
        out[t + 1] = current / b
        out[t + 2] = max(current - mine, 0) / b
        if q_me >= 0:
            hole = hand.hole[q_me]
            out[_INDEX[hole]] = 1.0
            ranks = self._ranks - 5
            for c in (*up[q_me], hole):
                out[ranks + (c >> 2)] += 0.25
        return out

    def _plan(self, hand: AmericanaHand, seat: int) -> _Plan:
        """Per seat round the table from ``seat``: where its numbers and upcards go, its
        position in the hand (-1: not dealt in) and its stack; and ``seat``'s position."""
        key = (seat, hand.seat_of)
        plan = self._plans.get(key)
        if plan is None or plan[2] != hand.seats:
            where = {s: q for q, s in enumerate(hand.seat_of)}
            seats = hand.seats
            start = next(i for i, spec in enumerate(seats) if spec.seat == seat)
            rows = []
            for k in range(len(seats)):
                spec = seats[(start + k) % len(seats)]
                at = self._seats + _PER_SEAT * k
                rows.append((at, self._upcards + 32 * k, where.get(spec.seat, -1), spec.stack))
            if len(self._plans) >= _PLANS:
                self._plans.clear()
            plan = self._plans[key] = (tuple(rows), where.get(seat, -1), seats)
        return plan

    def decide_hand(self, hand: AmericanaHand, seat: int) -> Decision:
        """The same decision as ``decision(hand.view(seat))``, read from the hand's state.

        The rows depend only on the choices, the pot and the bets, so each such situation
        is worked out once per codec and its mask copied.
        """
        actor = hand.actor
        if actor < 0 or hand.seat_of[actor] != seat:
            return no_decision(len(ACTIONS))
        key = (
            seat,
            hand.forced,
            hand.owed,
            hand.bet_to,
            hand.min_to,
            hand.max_to,
            hand.pot,
            hand.bets[actor],
        )
        known = self._decided.get(key)
        if known is None:
            choices = hand.legal_actions()
            if not choices:
                return no_decision(len(ACTIONS))
            rows = _row_actions(choices, hand.pot, hand.bet_to, hand.bets[actor])
            if len(self._decided) >= _PLANS:
                self._decided.clear()
            known = self._decided[key] = _decision(rows)
        return Decision(known.mask.copy(), known.build)

    # ------------------------------------------------------------------ history

    @property
    def history_entry_size(self) -> int:
        """One past decision: who (offset from the observer), which row, in which round."""
        return self.num_players + len(ACTIONS) + ROUNDS

    def history_entry(self, out: Vector, offset: int, row: int, view: Any, events: Any) -> None:
        """Write the decision ``row`` taken by ``offset`` (seen from the observer) in the
        round of ``view`` (the actor's view just before it) into ``out``."""
        self.history_row(out, offset, row, view.street, events)

    def history_stage(self, hand: AmericanaHand) -> int:
        """What :meth:`history_row` needs of the hand before a decision: its round."""
        return hand.street

    def history_row(self, out: Vector, offset: int, row: int, street: int, events: Any) -> None:
        """:meth:`history_entry` from the round ``street`` (for the environments, which
        read the round from the hand instead of a view)."""
        del events  # every Americana decision is fully public through its row and round
        out[offset] = 1.0
        out[self.num_players + row] = 1.0
        out[self.num_players + len(ACTIONS) + min(max(street, 1), ROUNDS) - 1] = 1.0

    def max_decisions(self) -> int:
        """A bound on the decisions of one hand, from the chips at the table.

        Each full bet or raise adds at least one bring-in to its maker's chips paid, and
        each short all-in empties a stack, so a hand has at most ``chips / bet + players``
        bets and raises; between two of them (and in each round) every player decides at
        most once.
        """
        aggressive = self.chips // self.bet + self.num_players
        return (aggressive + ROUNDS) * self.num_players


def _around(view: AmericanaView) -> list[SeatView]:
    """The view's seats, starting with the observer's and going round the table."""
    seats = list(view.seats)
    mine = next(i for i, s in enumerate(seats) if s.seat == view.seat)
    return seats[mine:] + seats[:mine]


def _row_actions(choices: Any, pot: int, current_bet: int, my_bet: int) -> dict[int, Any]:
    """Legal rows and what each stands for: an engine action, or a sized choice's total.

    ``current_bet`` is the round's bet and ``my_bet`` the chips the seat to act has in
    front of it this round.
    """
    out: dict[int, Any] = {}
    sized = None
    for choice in choices:
        do = choice.do
        if do == "fold":
            out[0] = choice
        elif do in _PASSIVE:
            out[1] = choice
        else:
            sized = choice
    if sized is None:
        return out
    owed = max(current_bet - my_bet, 0)
    base = max(current_bet, my_bet)
    low, high = sized.min_to, sized.max_to
    wanted = [(2, low)]
    wanted += [(row, base + int(f * (pot + owed))) for row, f in _POT_FRACTIONS]
    wanted.append((5, high))
    seen: set[int] = set()
    for row, to in wanted:
        to = min(max(to, low), high)
        if to not in seen:
            seen.add(to)
            out[row] = (sized, to)
    return out


def _decision(rows: dict[int, Any]) -> Decision:
    """The mask of ``rows`` and their actions."""
    mask = np.zeros(len(ACTIONS), dtype=np.int8)
    for row in rows:
        mask[row] = 1
    return Decision(mask, partial(_build, rows))


def _build(rows: dict[int, Any], row: int) -> Any:
    """The engine action of a legal row (built only for the row chosen)."""
    entry = rows[row]
    if type(entry) is tuple:
        return entry[0].action(entry[1])
    return entry.action()
