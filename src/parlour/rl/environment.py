"""A PettingZoo AEC environment over any parlour game: one episode is one hand.

Agents are ``player_0`` to ``player_{n-1}`` sitting at table seats 0 to n-1. The button
is drawn from the environment's seeded generator at each reset, and so are the shuffles,
so ``reset(seed=s)`` replays exactly. Rewards are chips won or lost, given when the hand
ends. Observations follow PettingZoo's classic card games: a dict with the encoded view
(``"observation"``, bounded: see docs/rl.md) and an ``"action_mask"`` that is all zeros
for agents not to act. An illegal row voids the hand with the penalty of
:mod:`parlour.rl.table` (the same rule as the Gymnasium environment).
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.rl.table import Table


def observation_space(table: Table) -> spaces.Dict:
    """The ``Dict`` space of a table's observations: bounded vector and 0/1 mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(
                low=np.zeros(table.observation_size, dtype=np.float32),
                high=table.observation_high(),
                dtype=np.float32,
            ),
            "action_mask": spaces.Box(
                low=0, high=1, shape=(table.codec.action_count,), dtype=np.int8
            ),
        }
    )


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game; subclasses name the game."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        *,
        num_players: int = 2,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        observation: str = "view",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.table = Table(game, num_players, stack, options, observation)
        self.codec = self.table.codec
        self.stack = stack
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self._zero_rewards = dict.fromkeys(self.possible_agents, 0.0)
        self.agents = list(self.possible_agents)
        space = observation_space(self.table)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        count = self.codec.action_count
        self.action_spaces = {a: spaces.Discrete(count) for a in self.possible_agents}
        self._rng = random.Random()

    @property
    def hand(self) -> Any:
        """The engine hand being played."""
        return self.table.hand

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(n)`` over the codec's action table."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new hand (seeded when ``seed`` is given)."""
        if seed is not None:
            self._rng = random.Random(seed)
        self.table.deal(self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._settle()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's encoded view and its action mask."""
        vector, decision = self.table.observe(self._seat_of[agent])
        return {"observation": vector, "action_mask": decision.mask}

    def step(self, action: int | None) -> None:
        """Apply the acting agent's row of the action table (illegal: the hand is void)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        if not self.table.play(seat, action):
            self.infos[agent] = {"illegal_action": action}
        self._cumulative_rewards[agent] = 0.0
        self._settle()

    def render(self) -> str:
        """The spectator's view of the hand as JSON text."""
        if self.table.hand is None:
            return ""
        return json.dumps(self.table.hand.view(None).to_dict())

    def close(self) -> None:
        """Nothing to release."""

    def _settle(self) -> None:
        """Pick the next agent; at the end of the hand, pay the rewards."""
        if self.table.over:
            rewards = self.table.rewards()
            self.rewards = {a: rewards[i] for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
            return
        if self.rewards != self._zero_rewards:  # mid-hand they stay 0: no new dict per step
            self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self.possible_agents[self.table.hand.to_act]
