"""Palace Poker's action table and observation encoding for learning agents (docs/rl.md).

With ``P`` players and ``S = 2 * max_soldiers + 1`` soldier slots (the most a battle winner
can hold before its trim), the action table has ``8 + 5 (P - 1) + 2^S`` rows, the same in
the PettingZoo, Gymnasium and OpenSpiel games. Every decision is one row:

=====================  ==============================================================
row                    meaning
=====================  ==============================================================
0                      stay
1                      fold (on one's own turn, or giving a battle up)
2                      buy (the trim follows)
3                      call (in a battle)
4 .. 7                 raise (in a battle): the minimum, half the pot (after calling),
                       the pot (after calling), all-in (the largest allowed)
8 + 5 (k-1) + e        bet on (attack) the player ``k`` seats round the table
                       (k = 1 .. P-1) with extra ``e``: 0 none, 1 the minimum, 2 half the
                       pot, 3 the pot, 4 the largest (no-limit only, P-32)
8 + 5 (P-1) + b        the soldiers of bitmask ``b`` (bit i: the i-th soldier in the
                       order of the legal choice): in a trim, discard them (``b = 0``
                       keeps every soldier); on one's own turn, a paid discard of them
=====================  ==============================================================

Sizing rows whose amounts coincide with a lower row are masked. ``max_soldiers`` of at
most :data:`MAX_SOLDIERS` keeps the table at most 8,192 subset rows.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache, partial
from typing import Any, Final

import numpy as np

from parlour.cards import DECK_52, Card
from parlour.games.palace.actions import Bet, Buy, Call, Discard, Fold, Raise, Stay, Trim
from parlour.games.palace.choices import BetChoice, Plain, RaiseChoice
from parlour.games.palace.hand import PalaceHand
from parlour.games.palace.phase import BATTLE, OVER, TRIM
from parlour.games.palace.view import PalaceView, PlayerView
from parlour.rl.codec import Decision, Mask, Vector, deck_index, mark_cards, no_decision

STAY: Final = 0
FOLD: Final = 1
BUY: Final = 2
CALL: Final = 3
#: The raise rows: the minimum, half the pot, the pot, all-in.
RAISES: Final = (4, 5, 6, 7)
FIRST_BET: Final = 8
#: Extras per target: none, the minimum, half the pot, the pot, the largest.
EXTRAS: Final = 5
#: The largest ``max_soldiers`` the table supports (2^13 subset rows).
MAX_SOLDIERS: Final = 6
_FRACTIONS: Final = (0.5, 1.0)
_PLAIN: Final = {
    "stay": (STAY, Stay),
    "fold": (FOLD, Fold),
    "buy": (BUY, Buy),
    "call": (CALL, Call),
}
_PHASES: Final = ("turn", "trim", "battle", "over")
_INDEX: Final = deck_index(DECK_52)
#: Per seat: banner, soldiers, visible palace (52 each) and 8 numbers.
_PER_SEAT: Final = 3 * 52 + 8
#: How many betting situations a codec remembers (then it starts afresh).
_REMEMBERED: Final = 50_000
#: History entry kinds.
KINDS: Final = ("stay", "fold", "buy", "call", "raise", "bet", "trim", "discard")


class PalaceCodec:
    """Palace's :class:`parlour.rl.codec.Codec` for ``num_players`` and the table options.

    ``chips`` is every chip at the table (the sum of the stacks), which bounds the chip
    counts of the observation.
    """

    def __init__(
        self, num_players: int, options: Mapping[str, Any], chips: int | None = None
    ) -> None:
        if not 2 <= num_players <= 10:
            raise ValueError(f"Palace seats 2 to 10 players, got {num_players}")
        soldiers = int(options.get("max_soldiers", 5))
        if soldiers > MAX_SOLDIERS:
            raise ValueError(
                f"the action table supports max_soldiers up to {MAX_SOLDIERS} "
                f"(2^{2 * MAX_SOLDIERS + 1} trim subsets), got {soldiers}"
            )
        self.num_players = num_players
        self.slots = 2 * soldiers + 1
        self.small_bet = int(options.get("small_bet", 2))
        self.big_bet = int(options.get("big_bet") or 2 * self.small_bet)
        self.chips = 100 * num_players if chips is None else chips
        self.first_subset = FIRST_BET + EXTRAS * (num_players - 1)
        self._count = self.first_subset + (1 << self.slots)
        self._popcount = np.array([bin(b).count("1") for b in range(1 << self.slots)])
        self._subsets: dict[tuple[int, int, int], Mask] = {}
        self._decided: dict[tuple[Any, ...], Decision] = {}
        n = num_players
        self._discards = n * _PER_SEAT
        self._table = self._discards + 52
        self._size = self._table + 12
        self._high = self._bounds()

    def _bounds(self) -> Vector:
        high = np.ones(self._size, dtype=np.float32)
        top = self.chips / self.small_bet
        for k in range(self.num_players):
            at = k * _PER_SEAT + 156
            high[at + 2 : at + 4] = top
        t = self._table
        high[t] = top
        high[t + 7 : t + 10] = top
        high[t + 10] = self.chips // max(self.big_bet, 1) + 2
        high[t + 11] = 52
        return high

    @property
    def action_count(self) -> int:
        """``8 + 5 (P - 1) + 2^S`` rows (see the module's table)."""
        return self._count

    @property
    def observation_size(self) -> int:
        """``P * 164 + 52 + 12`` numbers (see :meth:`encode`)."""
        return self._size

    @property
    def observation_high(self) -> Vector:
        """1 for flags, one-hots and fractions; all chips (in small bets) for chip counts."""
        return self._high

    def encode(self, view: PalaceView) -> Vector:
        """The observation: what ``view`` shows, as numbers.

        Per seat from the observer round the table: banner, soldiers and the palace
        cards the observer may see (52 each, one-hot); in the hand, dealt in, stack, chips
        paid (in small bets), palace size / 3, to act, attacker, defender. Then the cards
        the observer discarded itself (52); the pot (in small bets), draw and discard pile
        sizes (/ 52), the phase (turn, trim, battle, over), what the attacker and the
        defender owe and the last raise (in small bets), the raises so far and the number
        of own discards.
        """
        out = np.zeros(self._size, dtype=np.float32)
        sb = float(self.small_bet)
        battle = view.battle
        attacker = defender = -1
        if battle is not None:
            attacker, defender = battle.attacker, battle.defender
        for k, r in enumerate(_around(view)):
            at = k * _PER_SEAT
            if r.banner is not None:
                out[at + _INDEX[r.banner]] = 1.0
            mark_cards(out, at + 52, r.soldiers, _INDEX)
            if r.palace:
                mark_cards(out, at + 104, r.palace, _INDEX)
            at += 156
            out[at] = float(r.in_hand)
            out[at + 1] = float(r.dealt_in)
            out[at + 2] = r.stack / sb
            out[at + 3] = r.paid / sb
            out[at + 4] = r.palace_size / 3
            out[at + 5] = float(view.to_act == r.seat)
            out[at + 6] = float(attacker == r.seat)
            out[at + 7] = float(defender == r.seat)
        mark_cards(out, self._discards, view.own_discards, _INDEX)
        t = self._table
        out[t] = view.pot / sb
        out[t + 1] = view.draw_count / 52
        out[t + 2] = view.discard_count / 52
        out[t + 3 + _PHASES.index(view.phase)] = 1.0
        if battle is not None:
            out[t + 7] = battle.attacker_owes / sb
            out[t + 8] = battle.defender_owes / sb
            out[t + 9] = battle.last_raise / sb
            out[t + 10] = float(battle.raises)
        out[t + 11] = float(len(view.own_discards))
        return out

    def decision(self, view: PalaceView) -> Decision:
        """The legal rows of the seat to act and the action of each (see the module's table)."""
        seat = view.seat
        if seat is None or view.to_act != seat or not view.legal_actions:
            return no_decision(self._count)
        seats = [p.seat for p in view.players]
        me = seats.index(seat)
        offsets = {s: (i - me) % len(seats) for i, s in enumerate(seats)}
        return self._decide(seat, view.legal_actions, view.pot, offsets)

    def _decide(self, seat: int, choices: Any, pot: int, offsets: Mapping[int, int]) -> Decision:
        """The decision of ``seat`` among ``choices``; ``offsets``: each seat's places round
        the table from ``seat``."""
        mask = np.zeros(self._count, dtype=np.int8)
        exact: dict[int, Any] = {}
        cards: Any = None
        for choice in choices:
            if isinstance(choice, Plain):
                row, kind = _PLAIN[choice.do]
                exact[row] = kind(seat)
            elif isinstance(choice, RaiseChoice):
                for row, by in zip(
                    RAISES, _sizes(choice.min_by, choice.max_by, pot + choice.call), strict=True
                ):
                    if by:
                        exact[row] = Raise(seat, by)
            elif isinstance(choice, BetChoice):
                first = FIRST_BET + EXTRAS * (offsets[choice.target] - 1)
                exact[first] = Bet(seat, choice.target, 0)
                extras = _sizes(choice.min_extra, choice.max_extra, pot + choice.bet)
                for e, extra in enumerate(extras, start=1):
                    if extra:
                        exact[first + e] = Bet(seat, choice.target, extra)
            else:
                cards = choice
                self._subset_mask(mask, choice)
        for row in exact:
            mask[row] = 1
        return Decision(mask, partial(_build, self.first_subset, exact, cards))

    def _subset_mask(self, mask: Mask, choice: Any) -> None:
        """Mark the subset rows of a trim or discard choice (``least..most`` soldiers);
        each shape of choice is worked out once per codec."""
        count = 1 << min(len(choice.soldiers), self.slots)
        key = (count, choice.least, choice.most)
        ok = self._subsets.get(key)
        if ok is None:
            sizes = self._popcount[:count]
            ok = ((sizes >= choice.least) & (sizes <= choice.most)).astype(np.int8)
            self._subsets[key] = ok
        mask[self.first_subset : self.first_subset + count] = ok

    # ------------------------------------------------------------------ the hand directly

    def encode_hand(self, hand: PalaceHand, seat: int) -> Vector:
        """The same vector as ``encode(hand.view(seat))``, read from the hand's state.

        The environments call this once per step: building the view (a row per player,
        tuples of soldiers, the own discards, the choices) costs more than the numbers.
        A card's place in a 52-block is its number (``DECK_52`` is in card order, checked
        at import), and each observer's walk round the table is worked out once.
        """
        out = np.zeros(self._size, dtype=np.float32)
        sb = float(self.small_bet)
        me = hand.pos_of[seat]
        known = hand.shown | hand.seen[me]
        phase = hand.phase
        battle = phase == BATTLE
        to_act = -1 if phase == OVER else hand.actor
        attacker = hand.attacker if battle else -1
        defender = hand.defender if battle else -1
        order = hand.order
        live, palaces, banners, soldiers = hand.live, hand.palace, hand.banner, hand.soldiers
        stacks, paid = hand.stack, hand.paid
        for at, p in _walk(len(hand.seats), me):
            banner = banners[p]
            if banner is not None:
                out[at + banner] = 1.0
            for c in soldiers[p]:
                out[at + 52 + c] = 1.0
            palace = palaces[p]
            if palace and (p == me or (live[p] and known >> p & 1)):
                for c in palace:
                    out[at + 104 + c] = 1.0
            at += 156
            if live[p]:
                out[at] = 1.0
            if p in order:
                out[at + 1] = 1.0
            out[at + 2] = stacks[p] / sb
            if paid[p]:
                out[at + 3] = paid[p] / sb
            if palace:
                out[at + 4] = len(palace) / 3
            if to_act == p:
                out[at + 5] = 1.0
            if attacker == p:
                out[at + 6] = 1.0
            elif defender == p:
                out[at + 7] = 1.0
        own = 0
        pile = hand.discards
        if me in hand.discarder:
            discards = self._discards
            for c, d in zip(pile, hand.discarder, strict=True):
                if d == me:
                    out[discards + c] = 1.0
                    own += 1
            out[self._table + 11] = own
        t = self._table
        out[t] = sum(paid) / sb
        out[t + 1] = len(hand.draw) / 52
        if pile:
            out[t + 2] = len(pile) / 52
        out[t + 3 + phase] = 1.0
        if battle:
            out[t + 7] = hand.owed_a / sb
            out[t + 8] = hand.owed_d / sb
            out[t + 9] = hand.last_raise / sb
            out[t + 10] = hand.raises
        return out

    def decide_hand(self, hand: PalaceHand, seat: int) -> Decision:
        """The same decision as ``decision(hand.view(seat))``, read from the hand's state.

        The rows depend only on the seating, the pot and the choices (immutable records), so
        each such situation is worked out once per codec and its mask copied.
        """
        if hand.phase == OVER or hand.seat_of[hand.actor] != seat:
            return no_decision(self._count)
        choices = hand.legal_actions()
        if not choices:
            return no_decision(self._count)
        pot = sum(hand.paid)
        key = (seat, hand.seat_of, pot, choices)
        known = self._decided.get(key)
        if known is None:
            me = hand.pos_of[seat]
            n = len(hand.seat_of)
            offsets = {s: (p - me) % n for p, s in enumerate(hand.seat_of)}
            if len(self._decided) >= _REMEMBERED:
                self._decided.clear()
            known = self._decided[key] = self._decide(seat, choices, pot, offsets)
        return Decision(known.mask.copy(), known.build)

    # ------------------------------------------------------------------ history

    @property
    def history_entry_size(self) -> int:
        """One past decision: who, its kind, size, target, soldiers and the card it drew."""
        return 2 * self.num_players + len(KINDS) + EXTRAS + self.slots + 52

    def history_entry(self, out: Vector, offset: int, row: int, view: Any, events: Any) -> None:
        """Write the decision ``row`` taken by ``offset`` (from the observer) into ``out``.

        ``view`` is the actor's view just before; ``events`` what the decision caused (a
        Buy's event names the soldier drawn, face up for everyone).
        """
        self.history_row(out, offset, row, _PHASES.index(view.phase), events)

    def history_stage(self, hand: PalaceHand) -> int:
        """What :meth:`history_row` needs of the hand before a decision: its phase."""
        return int(hand.phase)

    def history_row(self, out: Vector, offset: int, row: int, phase: int, events: Any) -> None:
        """:meth:`history_entry` from the phase number (``Phase``) the decision was taken in
        (for the environments, which read it from the hand instead of a view)."""
        n = self.num_players
        out[offset] = 1.0
        kinds = n
        sizes = kinds + len(KINDS)
        targets = sizes + EXTRAS
        bits = targets + n
        drawn = bits + self.slots
        if row < FIRST_BET:
            kind = ("stay", "fold", "buy", "call")[row] if row < 4 else "raise"
            out[kinds + KINDS.index(kind)] = 1.0
            if row >= 4:
                out[sizes + 1 + row - RAISES[0]] = 1.0
        elif row < self.first_subset:
            k, e = divmod(row - FIRST_BET, EXTRAS)
            out[kinds + KINDS.index("bet")] = 1.0
            out[sizes + e] = 1.0
            out[targets + k + 1] = 1.0
        else:
            kind = "trim" if phase == TRIM else "discard"
            out[kinds + KINDS.index(kind)] = 1.0
            b = row - self.first_subset
            for i in range(self.slots):
                if b >> i & 1:
                    out[bits + i] = 1.0
        for event in events:
            if event.kind == "buy" and event.cards:
                out[drawn + _INDEX[event.cards[0]]] = 1.0

    def max_decisions(self) -> int:
        """A bound on the decisions of one hand, from the chips at the table.

        Buys cost a small bet each (at most ``B = chips / SB``); every battle puts a
        player out (at most P - 1 bets, and as many battle endings and winner's trims);
        raises cost a big bet or empty a stack; discards need soldiers, which only buys
        and captured banners make; a passive round ends the hand, so between two Buys or
        Bets each player stays, discards or folds at most once.
        """
        n = self.num_players
        buys = self.chips // self.small_bet
        raises = self.chips // max(self.big_bet, 1) + 2 * n
        return (n + 3) * buys + raises + n * n + 8 * n + 8


#: A card's place in a 52-card block is its number: ``encode_hand`` relies on it.
assert all(_INDEX[c] == c for c in DECK_52)


@cache
def _walk(count: int, me: int) -> tuple[tuple[int, int], ...]:
    """Round a table of ``count`` from position ``me``: each position with its block's start."""
    return tuple((k * _PER_SEAT, (me + k) % count) for k in range(count))


def _around(view: PalaceView) -> list[PlayerView]:
    """The view's players, starting with the observer's and going round the table."""
    players = list(view.players)
    mine = next(i for i, p in enumerate(players) if p.seat == view.seat)
    return players[mine:] + players[:mine]


def _sizes(low: int, high: int, pot: int) -> list[int]:
    """Amounts of the minimum, half-pot, pot and largest rows in ``low..high`` (0: masked,
    for a row whose amount a lower row already has, or when no size is allowed)."""
    if high <= 0 or high < low:
        return [0, 0, 0, 0]
    wanted = [low, int(_FRACTIONS[0] * pot), int(_FRACTIONS[1] * pot), high]
    out: list[int] = []
    for amount in wanted:
        amount = min(max(amount, low), high)
        out.append(0 if amount in out else amount)
    return out


def _build(first_subset: int, exact: dict[int, Any], cards: Any, row: int) -> Any:
    """The engine action of a legal row (a subset's trim or discard built only when asked)."""
    if row < first_subset:
        return exact[row]
    return _card_action(cards, row - first_subset)


def _card_action(choice: Any, bits: int) -> Trim | Discard:
    """The trim or discard of the soldiers in bitmask ``bits`` (the choice's order)."""
    chosen: tuple[Card, ...] = tuple(c for i, c in enumerate(choice.soldiers) if bits >> i & 1)
    if choice.do == "trim":
        return Trim(choice.seat, chosen)
    return Discard(choice.seat, chosen)
