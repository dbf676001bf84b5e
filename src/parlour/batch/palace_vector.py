"""Kernels of the batched Palace RL environment (:mod:`parlour.rl.vector`).

As :mod:`parlour.batch.americana_vector`, with Palace's multi-row decisions: a trim or a
discard picks soldiers one row at a time and ends with ``done``; a no-limit bet picks its
target, then its extra. The choice being built (kind, cards, target) is kept per table
between calls and is part of the learner's observation, as in the RL codec. Each table
holds two streams: its hand's deal (shuffles, reshuffles) and its choices.
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
# ---- a table's choice in progress: ``picks[j]``
K_KIND, K_CARDS, K_TARGET = 0, 1, 2


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
def write(
    s: Ints, opts: Ints, seat: int, pick: Ints, obs: Floats, mask: Mask, amounts: Ints
) -> None:
    """The learner's observation (with its choice in progress) and legal rows."""
    obs_.encode(s, opts, seat, pick[K_KIND], pick[K_CARDS], pick[K_TARGET], obs)
    obs_.legal(s, opts, pick[K_KIND], pick[K_CARDS], pick[K_TARGET], mask, amounts)


@kernel
def clear(pick: Ints) -> None:
    """No choice in progress."""
    pick[K_KIND] = obs_.NONE
    pick[K_CARDS] = 0
    pick[K_TARGET] = -1


@kernel
def reset_tables(
    begin: int,
    end: int,
    tables: Ints,
    streams: U64s,
    counters: Ints,
    picks: Ints,
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
        clear(picks[j])
        if not next_hand(
            s, opts, seat, stacks, j, counters, streams[j], seed, empty, keys, tab, policy,
            use_policy, scratch_obs, scratch_mask, scratch_amounts,
        ):  # fmt: skip
            return j
        write(s, opts, seat, picks[j], obs[j], mask[j], amounts[j])
    return -1


@kernel
def step_tables(
    begin: int,
    end: int,
    tables: Ints,
    streams: U64s,
    counters: Ints,
    picks: Ints,
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
    """Follow each table's learner row (checked legal by the caller): one step of a choice
    in progress, or a decision applied and play on; -1, or the first table whose array
    policy chose an illegal row."""
    for j in range(begin, end):
        s = tables[j]
        pick = picks[j]
        state = streams[j]
        rewards[j] = 0.0
        ended[j] = False
        action, number, kind, cards, target = obs_.step(
            s, opts, actions[j], pick[K_KIND], pick[K_CARDS], pick[K_TARGET], amounts[j]
        )
        if action < 0:  # the choice goes on
            pick[K_KIND] = kind
            pick[K_CARDS] = cards
            pick[K_TARGET] = target
            write(s, opts, seat, pick, obs[j], mask[j], amounts[j])
            continue
        clear(pick)
        pa.apply(s, opts, action, number, state[0:1], empty, empty, keys, tab)
        if not others_act(
            s, opts, seat, state, empty, keys, tab, policy, use_policy,
            scratch_obs, scratch_mask, scratch_amounts,
        ):  # fmt: skip
            return j
        if s[pa.S_ACTOR] < 0:
            rewards[j] = float(s[pa.R_FINAL + seat] - s[pa.R_START + seat])
            ended[j] = True
            obs_.encode(s, opts, seat, obs_.NONE, 0, -1, final_obs[j])
            if not next_hand(
                s, opts, seat, stacks, j, counters, state, seed, empty, keys, tab, policy,
                use_policy, scratch_obs, scratch_mask, scratch_amounts,
            ):  # fmt: skip
                return j
        write(s, opts, seat, pick, obs[j], mask[j], amounts[j])
    return -1
