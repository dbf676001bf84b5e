"""Americana's action table and observation encoding for learning agents (docs/rl.md).

Action table (``Discrete(6)``):

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
is masked (in limit only row 2 is ever open).

The observation is built from the seat's view only; seats are listed from the observer
round the table (offset 0 is the observer). See :meth:`AmericanaCodec.encode`.
"""

from __future__ import annotations

from typing import Final

import numpy as np

from parlour.cards import DECK_32
from parlour.games.americana import Action, AmericanaView, SeatView
from parlour.rl.codec import Mask, Selection, Vector, one_hot_cards

#: Names of the rows of the action table, in order.
ACTIONS: Final = ("fold", "passive", "raise_min", "raise_half_pot", "raise_pot", "all_in")
_PASSIVE: Final = ("check", "call", "bring_in")
_POT_FRACTIONS: Final = {3: 0.5, 4: 1.0}


class AmericanaCodec:
    """Americana's :class:`parlour.rl.codec.Codec` for a table of ``num_players``."""

    def __init__(self, num_players: int, bet: int) -> None:
        if not 2 <= num_players <= 6:
            raise ValueError(f"Americana seats 2 to 6 players, got {num_players}")
        self.num_players = num_players
        self.bet = bet

    @property
    def action_count(self) -> int:
        """Six rows (see the module's table)."""
        return len(ACTIONS)

    @property
    def observation_size(self) -> int:
        """32 + 32 * players cards, 4 streets, 5 per seat, 3 table numbers, 8 rank counts."""
        return 32 + 32 * self.num_players + 4 + 5 * self.num_players + 3 + 8

    def encode(self, view: AmericanaView, selection: Selection | None) -> Vector:
        """The observation: what ``view`` shows, as numbers.

        In order: the observer's hole card (32, one-hot over the 32-card deck); each
        seat's upcards from the observer round the table (32 per seat); the round (4,
        one-hot); per seat from the observer: dealt in and still in the hand, stack,
        chips in front this round, chips paid this hand (in bring-ins), and whether it
        is the seat to act; then the pot, the current bet and the amount the observer
        owes (in bring-ins); last the observer's own cards counted per rank (7 to A,
        divided by 4).
        """
        rows = _around(view)
        me = rows[0]
        hole = () if me.hole is None else (me.hole,)
        parts = [one_hot_cards(hole, DECK_32)]
        parts += [one_hot_cards(r.upcards, DECK_32) for r in rows]
        street = np.zeros(4, dtype=np.float32)
        if 1 <= view.street <= 4:
            street[view.street - 1] = 1.0
        parts.append(street)
        b = float(self.bet)
        for r in rows:
            parts.append(
                np.array(
                    [
                        float(r.in_hand),
                        r.stack / b,
                        r.bet / b,
                        r.contributed / b,
                        float(view.to_act == r.seat),
                    ],
                    dtype=np.float32,
                )
            )
        owed = max(view.current_bet - me.bet, 0)
        parts.append(np.array([view.pot / b, view.current_bet / b, owed / b], dtype=np.float32))
        counts = np.zeros(8, dtype=np.float32)
        for c in (*hole, *me.upcards):
            counts[int(c.rank) - 5] += 0.25
        parts.append(counts)
        return np.concatenate(parts)

    def mask(self, view: AmericanaView, selection: Selection | None) -> Mask:
        """Rows legal now for the seat whose view this is."""
        out = np.zeros(len(ACTIONS), dtype=np.int8)
        for row in _targets(view):
            out[row] = 1
        return out

    def decode(
        self, row: int, view: AmericanaView, selection: Selection | None
    ) -> Action | Selection:
        """The engine action for ``row`` (which must be legal)."""
        choices = {c.do: c for c in view.legal_actions}
        if row == 0:
            return choices["fold"].action()
        if row == 1:
            return next(choices[d] for d in _PASSIVE if d in choices).action()
        to = _targets(view)[row]
        sized = choices.get("raise") or choices["bet"]
        return sized.action(to)


def _around(view: AmericanaView) -> list[SeatView]:
    """The view's seats, starting with the observer's and going round the table."""
    seats = list(view.seats)
    mine = next(i for i, s in enumerate(seats) if s.seat == view.seat)
    return seats[mine:] + seats[:mine]


def _targets(view: AmericanaView) -> dict[int, int]:
    """Legal rows; for sizing rows, the total (``to``) each stands for."""
    choices = {c.do: c for c in view.legal_actions}
    out: dict[int, int] = {}
    if "fold" in choices:
        out[0] = 0
    if any(d in choices for d in _PASSIVE):
        out[1] = 0
    sized = choices.get("raise") or choices.get("bet")
    if sized is None:
        return out
    me = next(s for s in view.seats if s.seat == view.seat)
    owed = max(view.current_bet - me.bet, 0)
    base = max(view.current_bet, me.bet)
    wanted = {2: sized.min_to, 5: sized.max_to}
    for row, fraction in _POT_FRACTIONS.items():
        wanted[row] = base + int(fraction * (view.pot + owed))
    seen: set[int] = set()
    for row in sorted(wanted):
        to = min(max(wanted[row], sized.min_to), sized.max_to)
        if to not in seen:
            seen.add(to)
            out[row] = to
    return out
