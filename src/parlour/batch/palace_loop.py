"""The Palace batch loop: many independent hands, one after another, in one call.

As :mod:`parlour.batch.americana_loop`, with three growable buffers per block: action
codes, the shuffled cards of every shuffle (R-3: the banner deck, any reshuffle of the
banner rejects, the palace deck, each reshuffle of the discard pile) and each shuffle's
size. ``offsets[i]`` holds where hand ``i`` starts in each of the three.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.batch import codes, rng
from parlour.batch import palace as pa
from parlour.batch import palace_obs as obs_
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
    endings: Bytes  # (N,) how the hand ended (palace.END_*)
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
    out.endings[i] = s[pa.S_HOW]
    out.decisions[i] = s[pa.S_ACTIONS]
    out.offsets[i + 1, 0] = at
    out.offsets[i + 1, 1] = s[pa.S_CARDS_AT]
    out.offsets[i + 1, 2] = s[pa.S_SIZES_AT]


@kernel
def begin_hand(
    s: Ints,
    state: U64s,
    seed: np.uint64,
    deal_id: int,
    choice_id: int,
    i: int,
    opts: Ints,
    stacks: Ints,
    button: int,
    out: Out,
    keys: Ints,
    tab: Int32s,
) -> bool:
    """Seed the hand's streams (``state[0]`` its deal's shuffles, ``state[1]`` its choices)
    and deal it; False if its shuffles do not fit the buffers."""
    state[0] = rng.hand_stream(seed, deal_id)
    state[1] = rng.choice_stream(seed, choice_id)
    pa.start(
        s,
        opts,
        stacks,
        button,
        state[0:1],
        out.cards,
        out.sizes,
        out.offsets[i, 1],
        out.offsets[i, 2],
        keys,
        tab,
    )
    return bool(s[pa.S_STATUS] == 0)


@kernel
def play(
    begin: int,
    end: int,
    deals: Ints,
    choices: Ints,
    seed: np.uint64,
    opts: Ints,
    stacks: Ints,
    buttons: Ints,
    keys: Ints,
    tab: Int32s,
    out: Out,
    s: Ints,
    state: U64s,
    policy: Callable[..., Any],
    policy_seats: Ints,
    observation: npt.NDArray[np.float32],
    mask: npt.NDArray[np.int8],
    amounts: Ints,
) -> int:
    """Play hands ``begin .. end-1``; the index reached.

    Hand ``i`` is dealt (and reshuffles) from stream ``deals[i]`` and chooses from stream
    ``choices[i]`` (see :mod:`parlour.batch.rng`); ``state`` holds the two streams. Seats
    flagged in ``policy_seats`` (one row for every hand, or one row per hand) ask
    ``policy``, row after row, with the codec's observation and mask and the hand's choice
    stream (see :mod:`parlour.batch.palace_obs`); the others play the random policy. An
    illegal row stops the loop: it returns ``ILLEGAL - i`` for hand ``i``.
    """
    room = out.codes.shape[0]
    keep = out.sizes.shape[0] > 0
    for i in range(begin, end):
        row = stacks[i if stacks.shape[0] > 1 else 0]
        if not begin_hand(
            s, state, seed, deals[i], choices[i], i, opts, row, buttons[i], out, keys, tab
        ):
            return i
        at = out.offsets[i, 0]
        while s[pa.S_ACTOR] >= 0:
            if s[pa.S_ACTIONS] >= MAX_DECISIONS:
                return RUNAWAY - i
            seat = s[pa.S_ACTOR]
            if policy_seats[i if policy_seats.shape[0] > 1 else 0, seat] != 0:
                kind, arg = obs_.decide(
                    s, opts, seat, observation, mask, amounts, policy, state[1:2]
                )
                if kind < 0:
                    return ILLEGAL - i
            else:
                kind, arg = pa.random_decision(s, opts, state[1:2])
            if keep:
                if at >= room:
                    return i
                out.codes[at] = codes.encode(kind, seat, arg)
                at += 1
            pa.apply(s, opts, kind, arg, state[0:1], out.cards, out.sizes, keys, tab)
            if s[pa.S_STATUS] != 0:
                return i
        store(s, i, out, at)
    return end


def scratch(seats: int, opts: Ints) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], Ints]:
    """The policy loop's scratch for ``seats`` players: observation, mask, row amounts."""
    rows = obs_.row_count(seats, int(opts[pa.O_MAX_SOLDIERS]))
    return (
        np.zeros(obs_.observation_size(seats), np.float32),
        np.zeros(rows, np.int8),
        np.zeros(rows, np.int64),
    )
