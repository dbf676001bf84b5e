"""What an array policy sees in Palace Poker: the RL codec's observation, mask and rows.

The same numbers as :class:`parlour.rl.palace_codec.PalaceCodec` builds from a seat's
view (docs/rl.md), from the compiled state, so a policy trained in an RL environment
plays unchanged in batch runs; the tests hold the two equal. Only what the seat may see
goes in (R-4, P-41): its own palace, palaces the rules showed it, public banners and
soldiers, the faces of what it discarded itself.

Every decision is one row (``8 + 5 (P - 1) + 2^S`` rows, ``S = 2 max_soldiers + 1``):
0 stay, 1 fold, 2 buy, 3 call; 4 to 7 a raise (the minimum, half the pot after calling,
the pot, all-in); ``8 + 5 (k - 1) + e`` a bet on the player ``k`` seats round the table
with extra ``e`` (0 none, then the four sizes, no-limit only); ``8 + 5 (P - 1) + b`` the
soldiers of bit mask ``b`` (in the order held): the trim, or a paid discard. Sizing rows
whose amount a lower row already has are masked. The codec supports ``max_soldiers`` up
to :data:`MAX_SOLDIERS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import palace as pa
from parlour.batch.jit import kernel

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
U64s = npt.NDArray[np.uint64]

# ---- rows of the action table
STAY, FOLD, BUY, CALL = 0, 1, 2, 3
FIRST_RAISE = 4
FIRST_BET = 8
EXTRAS = 5
PER_SEAT = 3 * 52 + 8
#: The largest ``max_soldiers`` the codec's table supports (2^13 subset rows).
MAX_SOLDIERS = 6


@kernel
def slots(max_soldiers: int) -> int:
    """Soldier slots: the most a battle winner holds before its trim."""
    return 2 * max_soldiers + 1


@kernel
def first_subset(seats: int) -> int:
    """The first subset row."""
    return FIRST_BET + EXTRAS * (seats - 1)


@kernel
def row_count(seats: int, max_soldiers: int) -> int:
    """The codec's ``Discrete`` size."""
    return first_subset(seats) + (1 << slots(max_soldiers))


@kernel
def observation_size(seats: int) -> int:
    """The codec's observation length: ``164 P + 52 + 12``."""
    return seats * PER_SEAT + 52 + 12


@kernel
def one_hot(obs: Floats, at: int, cards: int) -> None:
    """Mark the cards of the mask ``cards`` in ``obs[at:at+52]``."""
    for c in range(pa.DECK_SIZE):
        if cards >> c & 1:
            obs[at + c] = 1.0


@kernel
def soldier_mask(s: Ints, p: int) -> int:
    """``p``'s soldiers as a card mask."""
    mask = 0
    for j in range(s[pa.P_COUNT + p]):
        mask |= 1 << s[pa.P_SOLDIERS + pa.HOLD * p + j]
    return mask


@kernel
def encode(s: Ints, opts: Ints, seat: int, obs: Floats) -> None:
    """Write ``seat``'s observation into ``obs`` (see PalaceCodec.encode)."""
    for k in range(obs.shape[0]):
        obs[k] = 0.0
    seats = s[pa.S_SEATS]
    sb = float(opts[pa.O_SB])
    over = s[pa.S_PHASE] == pa.OVER
    battle = s[pa.S_PHASE] == pa.BATTLE
    known = s[pa.S_SHOWN] | s[pa.P_SEEN + seat]
    for k in range(seats):
        p = (seat + k) % seats
        at = k * PER_SEAT
        if s[pa.P_BANNER + p] >= 0:
            obs[at + s[pa.P_BANNER + p]] = 1.0
        one_hot(obs, at + 52, soldier_mask(s, p))
        palace_size = 0
        for j in range(pa.PALACE_SIZE):
            if s[pa.P_PALACE + pa.PALACE_SIZE * p + j] >= 0:
                palace_size += 1
        if p == seat or (s[pa.P_LIVE + p] != 0 and known >> p & 1):
            for j in range(pa.PALACE_SIZE):
                card = s[pa.P_PALACE + pa.PALACE_SIZE * p + j]
                if card >= 0:
                    obs[at + 104 + card] = 1.0
        row = at + 156
        obs[row] = float(s[pa.P_LIVE + p])
        obs[row + 1] = 1.0 if s[pa.P_SLOT + p] < pa.MAX_SEATS else 0.0
        obs[row + 2] = s[pa.P_STACK + p] / sb
        obs[row + 3] = s[pa.P_PAID + p] / sb
        obs[row + 4] = palace_size / 3
        obs[row + 5] = 1.0 if not over and s[pa.S_ACTOR] == p else 0.0
        obs[row + 6] = 1.0 if battle and s[pa.S_ATTACKER] == p else 0.0
        obs[row + 7] = 1.0 if battle and s[pa.S_DEFENDER] == p else 0.0
    at = seats * PER_SEAT
    own = s[pa.P_OWN + seat]
    one_hot(obs, at, own)
    at += 52
    pot = 0
    for p in range(seats):
        pot += s[pa.P_PAID + p]
    obs[at] = pot / sb
    obs[at + 1] = (s[pa.S_DRAW_END] - s[pa.S_DRAW_AT]) / 52
    obs[at + 2] = pa.popcount(s[pa.S_DISCARDS]) / 52
    obs[at + 3 + s[pa.S_PHASE]] = 1.0
    if battle:
        obs[at + 7] = s[pa.S_OWED_A] / sb
        obs[at + 8] = s[pa.S_OWED_D] / sb
        obs[at + 9] = s[pa.S_LAST_RAISE] / sb
        obs[at + 10] = float(s[pa.S_RAISES])
    obs[at + 11] = float(pa.popcount(own))


@kernel
def sizes(low: int, high: int, pot: int, first: int, mask: Mask, amounts: Ints) -> None:
    """The codec's four sizing rows from ``first`` for amounts ``low..high``: the minimum,
    half the pot, the pot, the largest; a row whose amount a lower row has stays masked."""
    if high <= 0 or high < low:
        return
    for k in range(4):
        if k == 0:
            wanted = low
        elif k == 3:
            wanted = high
        else:
            wanted = int((0.5 if k == 1 else 1.0) * pot)
        amount = min(max(wanted, low), high)
        fresh = True
        for lower in range(k):
            if mask[first + lower] != 0 and amounts[first + lower] == amount:
                fresh = False
        if fresh:
            mask[first + k] = 1
            amounts[first + k] = amount


@kernel
def subsets(s: Ints, opts: Ints, p: int, least: int, most: int, seats: int, mask: Mask) -> None:
    """The subset rows of a trim or discard: every ``least..most`` of ``p``'s soldiers."""
    first = first_subset(seats)
    count = min(s[pa.P_COUNT + p], slots(opts[pa.O_MAX_SOLDIERS]))
    for b in range(1 << count):
        size = pa.popcount(b)
        if least <= size <= most:
            mask[first + b] = 1


@kernel
def legal(s: Ints, opts: Ints, mask: Mask, amounts: Ints) -> None:
    """The legal rows of the player to act (and the amount of each sizing row)."""
    for row in range(mask.shape[0]):
        mask[row] = 0
        amounts[row] = 0
    p = s[pa.S_ACTOR]
    seats = s[pa.S_SEATS]
    count = s[pa.P_COUNT + p]
    pot = 0
    for q in range(seats):
        pot += s[pa.P_PAID + q]
    phase = s[pa.S_PHASE]
    if phase == pa.TRIM_PHASE:
        subsets(s, opts, p, max(0, count - opts[pa.O_MAX_SOLDIERS]), count, seats, mask)
        return
    if phase == pa.BATTLE:
        mask[FOLD] = 1
        mask[CALL] = 1
        low, high = pa.raise_range(s, opts, p)
        owed = s[pa.S_OWED_A] if p == s[pa.S_ATTACKER] else s[pa.S_OWED_D]
        sizes(low, high, pot + owed, FIRST_RAISE, mask, amounts)
        return
    for k in range(pa.turn_kinds(s, opts, p)):
        what = s[pa.X_KINDS + k]
        if what == pa.BUY:
            mask[BUY] = 1
        elif what == pa.STAY:
            mask[STAY] = 1
        elif what == pa.FOLD:
            mask[FOLD] = 1
        elif what == pa.DISCARD:
            subsets(s, opts, p, 1, count, seats, mask)
        else:
            targets = pa.targets(s, p)
            bet = min(pa.base(s, p, opts[pa.O_SB]), s[pa.P_STACK + p])
            for t in range(seats):
                if targets >> t & 1:
                    first = FIRST_BET + EXTRAS * ((t - p) % seats - 1)
                    mask[first] = 1
                    low, high = pa.extra_range(s, opts, p, t)
                    sizes(low, high, pot + bet, first + 1, mask, amounts)


@kernel
def decode(s: Ints, opts: Ints, row: int, amounts: Ints) -> tuple[int, int]:
    """The decision (kind, number as in :mod:`parlour.batch.codes`) of a legal ``row``."""
    p = s[pa.S_ACTOR]
    seats = s[pa.S_SEATS]
    if row == STAY:
        return pa.STAY, 0
    if row == FOLD:
        return pa.FOLD, 0
    if row == BUY:
        return pa.BUY, 0
    if row == CALL:
        return pa.CALL, 0
    if row < FIRST_BET:
        return pa.RAISE, amounts[row]
    first = first_subset(seats)
    if row < first:
        k, e = divmod(row - FIRST_BET, EXTRAS)
        target = (p + k + 1) % seats
        extra = 0 if e == 0 else amounts[row]
        return pa.BET, target | (extra << 4)
    bits = row - first
    cards = 0
    for j in range(s[pa.P_COUNT + p]):
        if bits >> j & 1:
            cards |= 1 << s[pa.P_SOLDIERS + pa.HOLD * p + j]
    return (pa.TRIM if s[pa.S_PHASE] == pa.TRIM_PHASE else pa.DISCARD), cards


@kernel
def decide(
    s: Ints,
    opts: Ints,
    seat: int,
    obs: Floats,
    mask: Mask,
    amounts: Ints,
    policy: Callable[..., Any],
    state: U64s,
) -> tuple[int, int]:
    """Ask ``policy`` for ``seat``'s row: ``(kind, number)``, or ``(-1, 0)`` for a row the
    mask does not allow."""
    encode(s, opts, seat, obs)
    legal(s, opts, mask, amounts)
    row = policy(obs, mask, state)
    if row < 0 or row >= mask.shape[0] or mask[row] == 0:
        return -1, 0
    return decode(s, opts, row, amounts)
