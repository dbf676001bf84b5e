"""Palace Poker's action table and observation encoding for learning agents (docs/rl.md).

With ``S = 2 * max_soldiers + 1`` soldier slots (the most a battle winner can hold before
its trim) and ``P`` players, the action table (``Discrete(9 + S + P - 1)``) is:

==============  ===================================================================
row             meaning
==============  ===================================================================
0               stay
1               fold (on one's own turn, or giving a battle up)
2               buy (the trim follows)
3               call (in a battle)
4               done: finish the trim or discard being chosen (a trim may keep all);
                after choosing a target in no-limit, bet with no extra
5               raise or extra: the minimum
6               raise or extra: half the pot (after calling)
7               raise or extra: the pot (after calling)
8               raise or extra: all-in (the largest allowed)
9 .. 8+S        soldier slot i: add the i-th soldier (in the choice's order) to the
                trim or discard being chosen; on one's own turn this starts a paid
                discard
9+S .. 7+S+P    bet on the player k seats round the table (k = 1 .. P-1); in no-limit
                a size row (or done) follows for the extra
==============  ===================================================================

A trim or discard takes several steps: the slots one at a time, then ``done``. Sizing rows
whose amounts coincide with a lower row are masked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from parlour.cards import DECK_52
from parlour.games.palace.actions import (
    Action,
    Bet,
    Buy,
    Call,
    Discard,
    Fold,
    Raise,
    Stay,
    Trim,
)
from parlour.games.palace.choices import BetChoice, CardChoice, Plain
from parlour.games.palace.view import PalaceView, PlayerView
from parlour.rl.codec import Mask, Selection, Vector, one_hot_cards

STAY: Final = 0
FOLD: Final = 1
BUY: Final = 2
CALL: Final = 3
DONE: Final = 4
SIZES: Final = (5, 6, 7, 8)
_FRACTIONS: Final = {6: 0.5, 7: 1.0}
_PLAIN: Final = {"stay": STAY, "fold": FOLD, "buy": BUY, "call": CALL}
_PLAIN_ACTIONS: Final[dict[int, type[Stay | Fold | Buy | Call]]] = {
    STAY: Stay,
    FOLD: Fold,
    BUY: Buy,
    CALL: Call,
}
_PHASES: Final = ("turn", "trim", "battle", "over")
_PER_SEAT: Final = 3 * 52 + 8


class PalaceCodec:
    """Palace's :class:`parlour.rl.codec.Codec` for ``num_players`` and the table options."""

    def __init__(self, num_players: int, options: Mapping[str, Any]) -> None:
        if not 2 <= num_players <= 10:
            raise ValueError(f"Palace seats 2 to 10 players, got {num_players}")
        self.num_players = num_players
        self.slots = 2 * int(options.get("max_soldiers", 5)) + 1
        self.small_bet = float(options.get("small_bet", 2))
        self.first_slot = 9
        self.first_target = self.first_slot + self.slots

    @property
    def action_count(self) -> int:
        """``9 + S + P - 1`` rows (see the module's table)."""
        return self.first_target + self.num_players - 1

    @property
    def observation_size(self) -> int:
        """``P * 164 + 52 + 12 + 3 + 52 + P`` numbers (see :meth:`encode`)."""
        return self.num_players * _PER_SEAT + 52 + 12 + 3 + 52 + self.num_players

    def encode(self, view: PalaceView, selection: Selection | None) -> Vector:
        """The observation: what ``view`` shows, as numbers.

        Per seat from the observer round the table: banner, soldiers and the palace
        cards the observer may see (52 each, one-hot); in the hand, dealt in, stack, chips
        paid (in small bets), palace size / 3, to act, attacker, defender. Then the cards
        the observer discarded itself (52); the pot, draw and discard pile sizes (/ 52),
        the phase (turn, trim, battle, over), what the attacker and the defender owe,
        the last raise (in small bets) and the raises so far; the decision being chosen
        (trim, discard, bet), its soldiers (52) and its target (P, one-hot by offset).
        """
        rows = _around(view)
        sb = self.small_bet
        battle = view.battle
        parts: list[Vector] = []
        for r in rows:
            parts.append(one_hot_cards(() if r.banner is None else (r.banner,), DECK_52))
            parts.append(one_hot_cards(r.soldiers, DECK_52))
            parts.append(one_hot_cards(r.palace or (), DECK_52))
            parts.append(
                np.array(
                    [
                        float(r.in_hand),
                        float(r.dealt_in),
                        r.stack / sb,
                        r.paid / sb,
                        r.palace_size / 3,
                        float(view.to_act == r.seat),
                        float(battle is not None and battle.attacker == r.seat),
                        float(battle is not None and battle.defender == r.seat),
                    ],
                    dtype=np.float32,
                )
            )
        parts.append(one_hot_cards(view.own_discards, DECK_52))
        phase = [float(view.phase == p) for p in _PHASES]
        fight = (
            [0.0] * 4
            if battle is None
            else [
                battle.attacker_owes / sb,
                battle.defender_owes / sb,
                battle.last_raise / sb,
                float(battle.raises),
            ]
        )
        parts.append(
            np.array(
                [
                    view.pot / sb,
                    view.draw_count / 52,
                    view.discard_count / 52,
                    *phase,
                    *fight,
                    float(len(view.own_discards)),
                ],
                dtype=np.float32,
            )
        )
        kind = [
            float(selection is not None and selection.kind == k) for k in ("trim", "discard", "bet")
        ]
        parts.append(np.array(kind, dtype=np.float32))
        parts.append(one_hot_cards(() if selection is None else selection.cards, DECK_52))
        target = np.zeros(self.num_players, dtype=np.float32)
        if selection is not None and selection.target is not None:
            target[_offset(view, selection.target)] = 1.0
        parts.append(target)
        return np.concatenate(parts)

    def mask(self, view: PalaceView, selection: Selection | None) -> Mask:
        """Rows legal now for the seat whose view this is."""
        out = np.zeros(self.action_count, dtype=np.int8)
        for row in self._legal(view, selection):
            out[row] = 1
        return out

    def decode(self, row: int, view: PalaceView, selection: Selection | None) -> Action | Selection:
        """The engine action for ``row`` (which must be legal), or the next selection."""
        seat = view.seat
        if seat is None:
            raise ValueError("a spectator's view has no choices to make")
        legal = self._legal(view, selection)
        if row not in legal:
            raise ValueError(f"row {row} is not legal now")
        if row == DONE:
            if selection is None:
                return Trim(seat, ())
            if selection.kind == "bet":
                assert selection.target is not None
                return Bet(seat, selection.target, 0)
            cls = Trim if selection.kind == "trim" else Discard
            return cls(seat, selection.cards)
        if row in _PLAIN.values():
            return _PLAIN_ACTIONS[row](seat)
        if row in SIZES:
            if selection is not None and selection.kind == "bet":
                assert selection.target is not None
                return Bet(seat, selection.target, legal[row])
            return Raise(seat, legal[row])
        if row >= self.first_target:
            bet = _bets(view)[legal[row]]
            if bet.max_extra:
                return Selection("bet", target=bet.target)
            return Bet(seat, bet.target, 0)
        card = _card_choice(view).soldiers[row - self.first_slot]
        if selection is None:
            kind = "trim" if view.phase == "trim" else "discard"
            return Selection(kind, (card,))
        return Selection(selection.kind, (*selection.cards, card))

    def _legal(self, view: PalaceView, selection: Selection | None) -> dict[int, int]:
        """Legal rows, each with its amount (sizes), target seat (bets) or 0."""
        if selection is not None:
            return self._continuing(view, selection)
        out: dict[int, int] = {}
        for choice in view.legal_actions:
            if isinstance(choice, Plain):
                out[_PLAIN[choice.do]] = 0
            elif isinstance(choice, CardChoice):
                if choice.most >= 1:
                    for i in range(min(len(choice.soldiers), self.slots)):
                        out[self.first_slot + i] = 0
                if choice.do == "trim" and choice.least == 0:
                    out[DONE] = 0
            elif isinstance(choice, BetChoice):
                out[self.first_target + _offset(view, choice.target) - 1] = choice.target
            else:
                pot = view.pot + choice.call
                out.update(_sizes(choice.min_by, choice.max_by, pot))
        return out

    def _continuing(self, view: PalaceView, selection: Selection) -> dict[int, int]:
        """Legal rows while a trim, discard or bet is being chosen."""
        out: dict[int, int] = {DONE: 0}
        if selection.target is not None:
            bet = _bets(view)[selection.target]
            out.update(_sizes(bet.min_extra, bet.max_extra, view.pot + bet.bet))
            return out
        choice = _card_choice(view)
        if len(selection.cards) < choice.least:
            del out[DONE]
        if len(selection.cards) < choice.most:
            for i, card in enumerate(choice.soldiers[: self.slots]):
                if card not in selection.cards:
                    out[self.first_slot + i] = 0
        return out


def _around(view: PalaceView) -> list[PlayerView]:
    """The view's players, starting with the observer's and going round the table."""
    players = list(view.players)
    mine = next(i for i, p in enumerate(players) if p.seat == view.seat)
    return players[mine:] + players[:mine]


def _offset(view: PalaceView, seat: int) -> int:
    """How many places round the table ``seat`` sits from the observer."""
    seats = [p.seat for p in view.players]
    me = seats.index(view.seat) if view.seat is not None else 0
    return (seats.index(seat) - me) % len(seats)


def _bets(view: PalaceView) -> dict[int, BetChoice]:
    """The bet choices by target seat."""
    return {c.target: c for c in view.legal_actions if isinstance(c, BetChoice)}


def _card_choice(view: PalaceView) -> CardChoice:
    """The trim or discard choice of the view."""
    return next(c for c in view.legal_actions if isinstance(c, CardChoice))


def _sizes(low: int, high: int, pot: int) -> dict[int, int]:
    """Sizing rows and their amounts in ``low..high``, duplicates dropped."""
    if high <= 0 or high < low:
        return {}
    wanted = {SIZES[0]: low, SIZES[3]: high}
    for row, fraction in _FRACTIONS.items():
        wanted[row] = int(fraction * pot)
    out: dict[int, int] = {}
    for row in sorted(wanted):
        amount = min(max(wanted[row], low), high)
        if amount not in out.values():
            out[row] = amount
    return out
