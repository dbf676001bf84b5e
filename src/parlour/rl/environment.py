"""A PettingZoo AEC environment over any parlour game: one episode is one hand.

Agents are ``player_0`` to ``player_{n-1}`` sitting at table seats 0 to n-1. The button
is drawn from the environment's seeded generator at each reset, and so are the shuffles,
so ``reset(seed=s)`` replays exactly. Rewards are chips won or lost, given when the hand
ends. Observations follow PettingZoo's classic card games: a dict with the encoded view
(``"observation"``) and an ``"action_mask"`` that is all zeros for agents not to act.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.games import get_game
from parlour.games.protocol import Game
from parlour.rl.codec import Codec, Selection, play_row
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


class CardGameEnv(AECEnv):  # type: ignore[misc]
    """The AEC environment of one game; subclasses name the game and build its codec."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(
        self,
        game: str,
        codec: Codec[Any],
        *,
        num_players: int = 2,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.game: Game = get_game(game)
        self.codec = codec
        self.table_options = self.game.options_from_dict(dict(options or {}))
        self.stack = stack
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(num_players)]
        self.agents = list(self.possible_agents)
        observation = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=-np.inf, high=np.inf, shape=(codec.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(
                    low=0, high=1, shape=(codec.action_count,), dtype=np.int8
                ),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, observation)
        self.action_spaces = {a: spaces.Discrete(codec.action_count) for a in self.possible_agents}
        self._rng = random.Random()
        self._selection: Selection | None = None
        self.hand: Any = None

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
        count = len(self.possible_agents)
        seats = [SeatSpec(i, self.stack, name) for i, name in enumerate(self.possible_agents)]
        button = self._rng.randrange(count)
        shuffler = SeededShuffler(random.Random(self._rng.getrandbits(64)))
        self.hand = self.game.start_hand(self.table_options, seats, button, shuffler)
        self._selection = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._advance()

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's encoded view and its action mask."""
        seat = self.possible_agents.index(agent)
        view = self.hand.view(seat)
        acting = not self.hand.is_over and self.hand.to_act == seat
        selection = self._selection if acting else None
        mask = (
            self.codec.mask(view, selection)
            if acting
            else np.zeros(self.codec.action_count, dtype=np.int8)
        )
        return {"observation": self.codec.encode(view, selection), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Apply the acting agent's row of the action table."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._selection = play_row(self.codec, self.hand, seat, action, self._selection)
        self._cumulative_rewards[agent] = 0.0
        self._advance()

    def render(self) -> str:
        """The spectator's view of the hand as JSON text."""
        if self.hand is None:
            return ""
        return json.dumps(self.hand.view(None).to_dict())

    def close(self) -> None:
        """Nothing to release."""

    def _advance(self) -> None:
        """Pick the next agent; at the end of the hand, pay the rewards."""
        if self.hand.is_over:
            stacks = self.hand.outcome.stacks
            self.rewards = {a: float(stacks[i] - self.stack) for i, a in enumerate(self.agents)}
            self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self._deads_step_first()
            return
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = self.possible_agents[self.hand.to_act]
