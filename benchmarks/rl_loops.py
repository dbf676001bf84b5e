"""The hands bench_rl plays on every side, in one place: the PettingZoo AEC loop and the
Gymnasium single-seat loop, each choosing uniformly among the mask's legal rows with a
``random.Random(7)`` and dealing hand ``h`` with ``reset(seed=h)``.

Only the standard library and NumPy are imported, so the issue side's subprocess
(rl_issue_worker.py, with the issue commit's package on ``PYTHONPATH``) plays exactly
these loops without importing today's parlour.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np


def aec_hands(env: Any, hands: int, after_hand: Callable[[], None] | None = None) -> int:
    """Play ``hands`` hands of a raw AEC environment; the agent steps taken.

    ``after_hand`` is called as each hand ends (bench_rl records the hand's decisions so)."""
    rng = random.Random(7)
    steps = 0
    for h in range(hands):
        env.reset(seed=h)
        for _agent in env.agent_iter():
            observation, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * legal.size)]))
            steps += 1
        if after_hand is not None:
            after_hand()
    return steps


def single_hands(env: Any, hands: int) -> int:
    """Play ``hands`` episodes of a single-seat environment; the learner's steps taken."""
    rng = random.Random(7)
    steps = 0
    for h in range(hands):
        observation, _ = env.reset(seed=h)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, _, done, _, _ = env.step(int(legal[int(rng.random() * legal.size)]))
            steps += 1
    return steps
