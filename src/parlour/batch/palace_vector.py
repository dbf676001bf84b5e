"""Kernels of the batched Palace RL environment (:mod:`parlour.rl.vector`).

As :mod:`parlour.batch.americana_vector`, over the Palace codec's one-row decisions
(:mod:`parlour.batch.palace_obs`). Each table holds two streams: its hand's deal
(shuffles, reshuffles) and its choices.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import palace as pa
from parlour.batch import palace_obs as obs_
from parlour.batch import rng
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
    empty: Ints,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    observation: Floats,
    mask: Mask,
    amounts: Ints,
) -> bool:
    """Let the seats other than ``seat`` act until ``seat`` must decide or the hand ends;
    False if the array policy chose an illegal row."""
    while s[pa.S_ACTOR] >= 0 and s[pa.S_ACTOR] != seat:
        other = s[pa.S_ACTOR]
        if use_policy != 0:
            kind, arg = obs_.decide(s, opts, other, observation, mask, amounts, policy, state[1:2])
            if kind < 0:
                return False
        else:
            kind, arg = pa.random_decision(s, opts, state[1:2])
        pa.apply(s, opts, kind, arg, state[0:1], empty, empty, keys, tab)
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
    empty: Ints,
    keys: Ints,
    tab: Int32s,
    policy: Callable[..., Any],
    use_policy: int,
    observation: Floats,
    mask: Mask,
    amounts: Ints,
) -> bool:
    """Deal table ``j``'s next hands until the learner has a decision."""
    seats = stacks.shape[0]
    while True:
        number = (j << TABLE_SHIFT) + counters[j]
        counters[j] += 1
        state[0] = rng.hand_stream(seed, number)
        state[1] = rng.choice_stream(seed, number)
        button = rng.below(state[1:2], seats)
        pa.start(s, opts, stacks, button, state[0:1], empty, empty, 0, 0, keys, tab)
        if not others_act(
            s, opts, seat, state, empty, keys, tab, policy, use_policy, observation, mask, amounts
        ):
            return False
        if s[pa.S_ACTOR] >= 0:
            return True


@kernel
def write(s: Ints, opts: Ints, seat: int, obs: Floats, mask: Mask, amounts: Ints) -> None:
    """The learner's observation and legal rows."""
    obs_.encode(s, opts, seat, obs)
    obs_.legal(s, opts, mask, amounts)


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
    amounts: Ints,
    empty: Ints,
    scratch_obs: Floats,
    scratch_mask: Mask,
    scratch_amounts: Ints,
) -> int:
    """Deal a hand at tables ``begin .. end-1``; -1, or the first table whose array
    policy chose an illegal row."""
    for j in range(begin, end):
        s = tables[j]
        if not next_hand(
            s, opts, seat, stacks, j, counters, streams[j], seed, empty, keys, tab, policy,
            use_policy, scratch_obs, scratch_mask, scratch_amounts,
        ):  # fmt: skip
            return j
        write(s, opts, seat, obs[j], mask[j], amounts[j])
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
    amounts: Ints,
    rewards: npt.NDArray[np.float64],
    ended: npt.NDArray[np.bool_],
    final_obs: Floats,
    empty: Ints,
    scratch_obs: Floats,
    scratch_mask: Mask,
    scratch_amounts: Ints,
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
            rewards[j] = -float(s[pa.R_START + seat])
            ended[j] = True
        else:
            kind, number = obs_.decode(s, opts, actions[j], amounts[j])
            pa.apply(s, opts, kind, number, state[0:1], empty, empty, keys, tab)
            if not others_act(
                s, opts, seat, state, empty, keys, tab, policy, use_policy,
                scratch_obs, scratch_mask, scratch_amounts,
            ):  # fmt: skip
                return j
            if s[pa.S_ACTOR] < 0:
                rewards[j] = float(s[pa.R_FINAL + seat] - s[pa.R_START + seat])
                ended[j] = True
        if ended[j]:
            obs_.encode(s, opts, seat, final_obs[j])
            if not next_hand(
                s, opts, seat, stacks, j, counters, state, seed, empty, keys, tab, policy,
                use_policy, scratch_obs, scratch_mask, scratch_amounts,
            ):  # fmt: skip
                return j
        write(s, opts, seat, obs[j], mask[j], amounts[j])
    return -1
