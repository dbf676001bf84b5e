"""What an array policy sees in Palace Poker: the RL codec's observation, mask and rows.

The same numbers as :class:`parlour.rl.palace_codec.PalaceCodec` builds from a seat's
view (docs/rl.md), from the compiled state, so a policy trained in an RL environment
plays unchanged in batch runs; the tests hold the two encodings equal. Only what the
seat may see goes in (R-4, P-41): its own palace, palaces the rules showed it, public
banners and soldiers, the faces of what it discarded itself.

A decision may take several rows: a trim or discard picks soldiers one row at a time and
closes with ``done``; a no-limit bet picks its target, then its extra. The choice being
built (kind, cards, target) is part of the observation, as in the codec.
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
STAY, FOLD, BUY, CALL, DONE = 0, 1, 2, 3, 4
SIZE_ROWS = (5, 6, 7, 8)  # minimum, half the pot, the pot, all-in
FIRST_SLOT = 9
PER_SEAT = 3 * 52 + 8
# ---- the choice being built
NONE, PICK_TRIM, PICK_DISCARD, PICK_BET = 0, 1, 2, 3


@kernel
def slots(max_soldiers: int) -> int:
    """Soldier slots: the most a battle winner holds before its trim."""
    return 2 * max_soldiers + 1


@kernel
def row_count(seats: int, max_soldiers: int) -> int:
    """The codec's ``Discrete`` size: ``9 + S + P - 1``."""
    return FIRST_SLOT + slots(max_soldiers) + seats - 1


@kernel
def observation_size(seats: int) -> int:
    """The codec's observation length: ``164 P + 52 + 12 + 3 + 52 + P``."""
    return seats * PER_SEAT + 52 + 12 + 3 + 52 + seats


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
def encode(s: Ints, opts: Ints, seat: int, kind: int, cards: int, target: int, obs: Floats) -> None:
    """Write ``seat``'s observation, with the choice being built, into ``obs``."""
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
    at += 12
    if kind != NONE:
        obs[at + kind - 1] = 1.0
    at += 3
    one_hot(obs, at, cards)
    at += 52
    if target >= 0:
        obs[at + (target - seat) % seats] = 1.0


@kernel
def sizes(low: int, high: int, pot: int, mask: Mask, amounts: Ints) -> None:
    """The codec's sizing rows for amounts ``low..high``; duplicates dropped."""
    if high <= 0 or high < low:
        return
    for row in SIZE_ROWS:
        if row == 5:
            wanted = low
        elif row == 8:
            wanted = high
        else:
            wanted = int((0.5 if row == 6 else 1.0) * pot)
        amount = min(max(wanted, low), high)
        fresh = True
        for lower in SIZE_ROWS:
            if lower < row and mask[lower] != 0 and amounts[lower] == amount:
                fresh = False
        if fresh:
            mask[row] = 1
            amounts[row] = amount


@kernel
def legal(
    s: Ints, opts: Ints, kind: int, cards: int, target: int, mask: Mask, amounts: Ints
) -> None:
    """The legal rows now (and each sizing row's amount, each target row's seat)."""
    for row in range(mask.shape[0]):
        mask[row] = 0
        amounts[row] = 0
    p = s[pa.S_ACTOR]
    seats = s[pa.S_SEATS]
    count = s[pa.P_COUNT + p]
    width = slots(opts[pa.O_MAX_SOLDIERS])
    pot = 0
    for q in range(seats):
        pot += s[pa.P_PAID + q]
    if kind == PICK_BET:
        mask[DONE] = 1
        low, high = pa.extra_range(s, opts, p, target)
        bet = min(pa.base(s, p, opts[pa.O_SB]), s[pa.P_STACK + p])
        sizes(low, high, pot + bet, mask, amounts)
        return
    if kind != NONE:
        least = 1 if kind == PICK_DISCARD else max(0, count - opts[pa.O_MAX_SOLDIERS])
        most = count
        chosen = pa.popcount(cards)
        if chosen >= least:
            mask[DONE] = 1
        if chosen < most:
            for j in range(min(count, width)):
                if not cards >> s[pa.P_SOLDIERS + pa.HOLD * p + j] & 1:
                    mask[FIRST_SLOT + j] = 1
        return
    phase = s[pa.S_PHASE]
    if phase == pa.TRIM_PHASE:
        if count >= 1:
            for j in range(min(count, width)):
                mask[FIRST_SLOT + j] = 1
        if count - opts[pa.O_MAX_SOLDIERS] <= 0:
            mask[DONE] = 1
        return
    if phase == pa.BATTLE:
        mask[FOLD] = 1
        mask[CALL] = 1
        low, high = pa.raise_range(s, opts, p)
        owed = s[pa.S_OWED_A] if p == s[pa.S_ATTACKER] else s[pa.S_OWED_D]
        sizes(low, high, pot + owed, mask, amounts)
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
            for j in range(min(count, width)):
                mask[FIRST_SLOT + j] = 1
        else:
            targets = pa.targets(s, p)
            first = FIRST_SLOT + width
            for t in range(seats):
                if targets >> t & 1:
                    row = first + (t - p) % seats - 1
                    mask[row] = 1
                    amounts[row] = t


@kernel
def step(
    s: Ints, opts: Ints, row: int, kind: int, cards: int, target: int, amounts: Ints
) -> tuple[int, int, int, int, int]:
    """Follow a legal ``row``: ``(action kind, its number, -1, -1, -1)`` when it completes
    a decision, else ``(-1, 0, next kind, next cards, next target)``."""
    p = s[pa.S_ACTOR]
    width = slots(opts[pa.O_MAX_SOLDIERS])
    if row == DONE:
        if kind == PICK_BET:
            return pa.BET, target, -1, -1, -1
        if kind == PICK_DISCARD:
            return pa.DISCARD, cards, -1, -1, -1
        return pa.TRIM, cards, -1, -1, -1
    if row == STAY:
        return pa.STAY, 0, -1, -1, -1
    if row == FOLD:
        return pa.FOLD, 0, -1, -1, -1
    if row == BUY:
        return pa.BUY, 0, -1, -1, -1
    if row == CALL:
        return pa.CALL, 0, -1, -1, -1
    if row < FIRST_SLOT:  # a size
        if kind == PICK_BET:
            return pa.BET, target | (amounts[row] << 4), -1, -1, -1
        return pa.RAISE, amounts[row], -1, -1, -1
    if row >= FIRST_SLOT + width:  # a target
        t = amounts[row]
        _, high = pa.extra_range(s, opts, p, t)
        if high > 0:
            return -1, 0, PICK_BET, 0, t
        return pa.BET, t, -1, -1, -1
    card = s[pa.P_SOLDIERS + pa.HOLD * p + row - FIRST_SLOT]
    if kind == NONE:
        kind = PICK_TRIM if s[pa.S_PHASE] == pa.TRIM_PHASE else PICK_DISCARD
    return -1, 0, kind, cards | (1 << card), -1


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
    """Ask ``policy`` row after row until a decision is complete: ``(kind, number)``, or
    ``(-1, 0)`` when it chose a row the mask did not allow."""
    kind = NONE
    cards = 0
    target = -1
    while True:
        encode(s, opts, seat, kind, cards, target, obs)
        legal(s, opts, kind, cards, target, mask, amounts)
        row = policy(obs, mask, state)
        if row < 0 or row >= mask.shape[0] or mask[row] == 0:
            return -1, 0
        action, number, kind, cards, target = step(s, opts, row, kind, cards, target, amounts)
        if action >= 0:
            return action, number
