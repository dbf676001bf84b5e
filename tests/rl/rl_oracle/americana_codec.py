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
from parlour.games.americana import AmericanaView, SeatView
from rl_oracle.codec import Decision, Vector, deck_index, mark_cards, no_decision

#: Names of the rows of the action table, in order.
ACTIONS: Final = ("fold", "passive", "raise_min", "raise_half_pot", "raise_pot", "all_in")
_PASSIVE: Final = ("check", "call", "bring_in")
_POT_FRACTIONS: Final = ((3, 0.5), (4, 1.0))
_INDEX: Final = deck_index(DECK_32)
#: Per seat: in the hand, stack, chips in front this round, chips paid this hand, to act.
_PER_SEAT: Final = 5
#: Bound on the rounds of betting (A-12, A-13).
ROUNDS: Final = 4


class AmericanaCodec:
    """Americana's :class:`rl_oracle.codec.Codec` for a table of ``num_players``.

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
        rows = _row_actions(view)
        mask = np.zeros(len(ACTIONS), dtype=np.int8)
        for row in rows:
            mask[row] = 1
        return Decision(mask, partial(_build, rows))

    # ------------------------------------------------------------------ history

    @property
    def history_entry_size(self) -> int:
        """One past decision: who (offset from the observer), which row, in which round."""
        return self.num_players + len(ACTIONS) + ROUNDS

    def history_entry(self, out: Vector, offset: int, row: int, view: Any, events: Any) -> None:
        """Write the decision ``row`` taken by ``offset`` (seen from the observer) in the
        round of ``view`` (the actor's view just before it) into ``out``."""
        del events  # every Americana decision is fully public through its row and round
        out[offset] = 1.0
        out[self.num_players + row] = 1.0
        out[self.num_players + len(ACTIONS) + min(max(view.street, 1), ROUNDS) - 1] = 1.0

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


def _row_actions(view: AmericanaView) -> dict[int, Any]:
    """Legal rows and what each stands for: an engine action, or a sized choice's total."""
    out: dict[int, Any] = {}
    sized = None
    for choice in view.legal_actions:
        do = choice.do
        if do == "fold":
            out[0] = choice
        elif do in _PASSIVE:
            out[1] = choice
        else:
            sized = choice
    if sized is None:
        return out
    me = next(s for s in view.seats if s.seat == view.seat)
    owed = max(view.current_bet - me.bet, 0)
    base = max(view.current_bet, me.bet)
    low, high = sized.min_to, sized.max_to
    wanted = [(2, low)]
    wanted += [(row, base + int(f * (view.pot + owed))) for row, f in _POT_FRACTIONS]
    wanted.append((5, high))
    seen: set[int] = set()
    for row, to in wanted:
        to = min(max(to, low), high)
        if to not in seen:
            seen.add(to)
            out[row] = (sized, to)
    return out


def _build(rows: dict[int, Any], row: int) -> Any:
    """The engine action of a legal row (built only for the row chosen)."""
    entry = rows[row]
    if type(entry) is tuple:
        return entry[0].action(entry[1])
    return entry.action()
