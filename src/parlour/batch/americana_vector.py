"""Kernels of the batched Americana RL environment (:mod:`parlour.rl.vector`).

Each of N tables keeps its state row (``tables[j]``) and its random stream
(``streams[j]``) between calls. One learner sits in ``seat``; the other seats play the
random policy, or the caller's array policy. A call steps tables ``begin .. end-1``:
it applies the learner's row, lets the others act until the learner must decide again
or the hand ends, and writes the learner's observation and mask. A hand that ends pays
the learner's reward and is replaced at once (Gymnasium's same-step autoreset) by the
next hand of that table, dealt until the learner has a decision (as
:class:`parlour.rl.single_seat.SingleSeatEnv` deals again when everyone else folds first).

Hand ``k`` of table ``j`` is dealt from deal stream ``j * 2**32 + k`` of the seed, and the
others choose from its choice stream, so a seed gives the same episodes whatever the
number of threads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import americana as am
from parlour.batch import americana_obs as obs_
from parlour.batch import rng
from parlour.batch.americana_loop import deal
from parlour.batch.jit import kernel
from parlour.batch.ranking import Int32s

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
U64s = npt.NDArray[np.uint64]
#: Hands of one table are numbered within their own block of streams.
TABLE_SHIFT = 32


@kernel
def others_act(
    s: Ints,
    opts: Ints,
    seat: int,
    state: U64s,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    observation: Floats,
    mask: Mask,
    totals: Ints,
) -> bool:
    """Let the seats other than ``seat`` act until ``seat`` must decide or the hand ends;
    False if the array policy chose an illegal row."""
    while s[am.S_ACTOR] >= 0 and s[am.P_SEAT + s[am.S_ACTOR]] != seat:
        other = s[am.P_SEAT + s[am.S_ACTOR]]
        if use_policy != 0:
            obs_.encode(s, opts, other, observation)
            obs_.targets(s, totals, mask)
            row = policy(observation, mask, state)
            if row < 0 or row >= obs_.ROWS or mask[row] == 0:
                return False
            kind, to = obs_.decode(s, row, totals)
        else:
            kind, to = am.random_decision(s, state)
        am.apply(s, opts, kind, to, keys, tab)
    return True


@kernel
def next_hand(
    s: Ints,
    opts: Ints,
    seat: int,
    stacks: Ints,
    j: int,
    counters: Ints,
    state: U64s,
    seed: np.uint64,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    observation: Floats,
    mask: Mask,
    totals: Ints,
) -> bool:
    """Deal table ``j``'s next hands until the learner has a decision."""
    seats = stacks.shape[0]
    while True:
        number = (j << TABLE_SHIFT) + counters[j]
        counters[j] += 1
        deal(s, state, seed, number, number)
        button = rng.below(state, seats)
        am.start(s, opts, stacks, button, keys, tab)
        if not others_act(
            s, opts, seat, state, keys, tab, policy, use_policy, observation, mask, totals
        ):
            return False
        if s[am.S_ACTOR] >= 0:
            return True


@kernel
def write(s: Ints, opts: Ints, seat: int, obs: Floats, mask: Mask, totals: Ints) -> None:
    """The learner's observation and legal rows."""
    obs_.encode(s, opts, seat, obs)
    obs_.targets(s, totals, mask)


@kernel
def reset_tables(
    begin: int,
    end: int,
    tables: Ints,
    streams: U64s,
    counters: Ints,
    seed: np.uint64,
    opts: Ints,
    stacks: Ints,
    seat: int,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    obs: Floats,
    mask: Mask,
    totals: Ints,
    scratch_obs: Floats,
    scratch_mask: Mask,
    scratch_totals: Ints,
) -> int:
    """Deal a hand at tables ``begin .. end-1``; the first table whose array policy chose
    an illegal row, or -1."""
    for j in range(begin, end):
        s = tables[j]
        state = streams[j]
        if not next_hand(
            s, opts, seat, stacks, j, counters, state, seed, keys, tab, policy, use_policy,
            scratch_obs, scratch_mask, scratch_totals,
        ):  # fmt: skip
            return j
        write(s, opts, seat, obs[j], mask[j], totals[j])
    return -1


@kernel
def step_tables(
    begin: int,
    end: int,
    tables: Ints,
    streams: U64s,
    counters: Ints,
    seed: np.uint64,
    opts: Ints,
    stacks: Ints,
    seat: int,
    actions: Ints,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    obs: Floats,
    mask: Mask,
    totals: Ints,
    rewards: npt.NDArray[np.float64],
    ended: npt.NDArray[np.bool_],
    final_obs: Floats,
    scratch_obs: Floats,
    scratch_mask: Mask,
    scratch_totals: Ints,
) -> int:
    """Apply each table's learner row, or void its hand (``actions[j]`` -1: an illegal
    row, the learner losing its stack), and play on; -1, or the first table whose array
    policy chose an illegal row."""
    for j in range(begin, end):
        s = tables[j]
        state = streams[j]
        rewards[j] = 0.0
        ended[j] = False
        if actions[j] < 0:
            rewards[j] = -float(s[am.R_START + seat])
            ended[j] = True
        else:
            kind, to = obs_.decode(s, actions[j], totals[j])
            am.apply(s, opts, kind, to, keys, tab)
            if not others_act(
                s, opts, seat, state, keys, tab, policy, use_policy,
                scratch_obs, scratch_mask, scratch_totals,
            ):  # fmt: skip
                return j
            if s[am.S_ACTOR] < 0:
                rewards[j] = float(s[am.R_FINAL + seat] - s[am.R_START + seat])
                ended[j] = True
        if ended[j]:
            obs_.encode(s, opts, seat, final_obs[j])
            if not next_hand(
                s, opts, seat, stacks, j, counters, state, seed, keys, tab, policy, use_policy,
                scratch_obs, scratch_mask, scratch_totals,
            ):  # fmt: skip
                return j
        write(s, opts, seat, obs[j], mask[j], totals[j])
    return -1
