"""The Palace batch loops: many independent hands, one after another, in one call.

As :mod:`parlour.batch.americana_loop`, with three growable buffers per block: action
codes, the shuffled cards of every shuffle (R-3: the banner deck, any reshuffle of the
banner rejects, the palace deck, each reshuffle of the discard pile) and each shuffle's
size. ``offsets[i]`` holds where hand ``i`` starts in each of the three.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.batch import codes, rng
from parlour.batch import palace as pa
from parlour.batch.jit import kernel
from parlour.batch.ranking import Int32s

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
U64s = npt.NDArray[np.uint64]
#: A hand that has not ended after this many decisions is a bug: the loop stops.
MAX_DECISIONS = 1_000_000
#: Returned as ``RUNAWAY - i`` when hand ``i`` did not end; ``ILLEGAL - i`` when an array
#: policy chose an illegal row.
ILLEGAL = -2
RUNAWAY = -(1 << 40)


class Out(NamedTuple):
    """Per-hand results (struct of arrays, one row per hand) and the block's buffers."""

    final: Ints  # (N, seats)
    returned: Ints  # (N, seats)
    pots: Ints  # (N,)
    pot_amount: Ints  # (N, 10)
    pot_eligible: Ints  # (N, 10) bit masks of seats
    pot_winners: Ints  # (N, 10)
    how: Bytes  # (N,) how the hand ended (palace.END_*)
    decisions: Ints  # (N,)
    offsets: Ints  # (N + 1, 3): codes, cards, sizes
    codes: Ints
    cards: Ints
    sizes: Ints


@kernel
def store(s: Ints, i: int, out: Out, at: int) -> None:
    """Copy the finished hand's result into row ``i``; its buffers end at ``at``."""
    for seat in range(s[pa.S_SEATS]):
        out.final[i, seat] = s[pa.R_FINAL + seat]
        out.returned[i, seat] = s[pa.R_RETURNED + seat]
    pots = s[pa.S_POTS]
    out.pots[i] = pots
    for k in range(pots):
        out.pot_amount[i, k] = s[pa.R_POT_AMOUNT + k]
        out.pot_eligible[i, k] = s[pa.R_POT_ELIGIBLE + k]
        out.pot_winners[i, k] = s[pa.R_POT_WINNERS + k]
    out.how[i] = s[pa.S_HOW]
    out.decisions[i] = s[pa.S_ACTIONS]
    out.offsets[i + 1, 0] = at
    out.offsets[i + 1, 1] = s[pa.S_CARDS_AT]
    out.offsets[i + 1, 2] = s[pa.S_SIZES_AT]


@kernel
def begin_hand(
    s: Ints,
    state: U64s,
    seed: np.uint64,
    hand: int,
    i: int,
    opts: Ints,
    stacks: Ints,
    button: int,
    out: Out,
    keys: Ints,
    tab: Int32s,
) -> bool:
    """Seed hand number ``hand``'s stream and deal it; False if its shuffles do not fit."""
    state[0] = rng.hand_stream(seed, hand)
    pa.start(
        s,
        opts,
        stacks,
        button,
        state,
        out.cards,
        out.sizes,
        out.offsets[i, 1],
        out.offsets[i, 2],
        keys,
        tab,
    )
    return bool(s[pa.S_STATUS] == 0)


@kernel
def play_random(
    begin: int,
    end: int,
    first_hand: int,
    seed: np.uint64,
    opts: Ints,
    stacks: Ints,
    buttons: Ints,
    keys: Ints,
    tab: Int32s,
    out: Out,
    s: Ints,
    state: U64s,
) -> int:
    """Play hands ``begin .. end-1`` with the random policy; the index reached."""
    room = out.codes.shape[0]
    keep = out.sizes.shape[0] > 0
    for i in range(begin, end):
        row = stacks[i if stacks.shape[0] > 1 else 0]
        if not begin_hand(s, state, seed, first_hand + i, i, opts, row, buttons[i], out, keys, tab):
            return i
        at = out.offsets[i, 0]
        while s[pa.S_ACTOR] >= 0:
            if s[pa.S_ACTIONS] >= MAX_DECISIONS:
                return RUNAWAY - i
            kind, arg = pa.random_decision(s, opts, state)
            if keep:
                if at >= room:
                    return i
                out.codes[at] = codes.encode(kind, s[pa.S_ACTOR], arg)
                at += 1
            pa.apply(s, opts, kind, arg, state, out.cards, out.sizes, keys, tab)
            if s[pa.S_STATUS] != 0:
                return i
        store(s, i, out, at)
    return end
