"""A Gymnasium environment where one seat learns and parlour bots play the others.

One episode is one hand. ``reset`` deals and lets the bots act until the learner's first
decision (a hand that ends before the learner acts is dealt again, so every episode has
at least one decision); ``step`` applies the learner's row of the action table and lets
the bots act until the learner's next decision or the end of the hand. The reward is the
learner's chips won or lost, given at the end. The observation is the same dict as in the
PettingZoo environments (bounded; ``observation="infostate"`` adds the betting history);
``info["action_mask"]`` repeats the mask. An illegal row ends the hand with the rule of
:mod:`parlour.rl.table`: the learner loses its whole stack, ``info["illegal_action"]`` says
so. Gymnasium's ``check_env`` passes.

>>> from parlour.rl.single_seat import SingleSeatEnv
>>> env = SingleSeatEnv("americana", opponents=["random"])
>>> observation, info = env.reset(seed=7)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding

from parlour.bots import make_bot
from parlour.bots.protocol import Bot
from parlour.bots.uniform import RandomBot
from parlour.games.protocol import View
from parlour.rl.environment import observation_space
from parlour.rl.table import Table, codec_for


class SingleSeatEnv(gymnasium.Env[dict[str, Any], Any]):
    """Seat ``seat`` learns; ``opponents`` (bots or bot names) sit in the other seats."""

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium declares it so

    def __init__(
        self,
        game: str,
        opponents: Sequence[Bot[View] | str] = ("random",),
        *,
        seat: int = 0,
        stack: int = 100,
        options: Mapping[str, Any] | None = None,
        observation: str = "view",
        render_mode: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.num_players = len(opponents) + 1
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0 to {self.num_players - 1}, got {seat}")
        self.table = Table(game, self.num_players, stack, options, observation)
        self.codec = self.table.codec
        option_dict = self.table.table_options.to_dict()
        self.bots = [_bot(b, game, option_dict) for b in opponents]
        self.seat = seat
        self.stack = stack
        self.render_mode = render_mode
        self.observation_space = observation_space(self.table)
        self.action_space = spaces.Discrete(self.codec.action_count)
        self._rng = random.Random()
        self._np_seed: int | None = None
        self._np_generator: np.random.Generator | None = None

    @property
    def hand(self) -> Any:
        """The engine hand being played."""
        return self.table.hand

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand and play the bots up to the learner's first decision."""
        if seed is not None:
            self._seed_np_random(seed)
            self._rng = random.Random(seed)
        while True:
            self.table.deal(self._rng)
            self._play_bots()
            if not self.table.over:
                return self._observe({})

    # Gymnasium's reset(seed=s) seeds ``np_random``, a NumPy generator these environments
    # never draw from, and building one costs more than dealing a hand. It is built when
    # first read instead, from the same seed: the same generator, the same state.

    def _seed_np_random(self, seed: int) -> None:
        if not isinstance(seed, int) or seed < 0:
            seeding.np_random(seed)  # raises Gymnasium's own error for a bad seed
        self._np_random_seed = seed  # SeedSequence(seed).entropy is the seed itself
        self._np_seed = seed
        self._np_generator = None

    @property
    def _np_random(self) -> np.random.Generator | None:
        if self._np_seed is not None:
            self._np_generator, _ = seeding.np_random(self._np_seed)
            self._np_seed = None
        return self._np_generator

    @_np_random.setter
    def _np_random(self, value: np.random.Generator | None) -> None:
        self._np_generator = value
        self._np_seed = None

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Apply the learner's row; the bots play on to the learner's next decision."""
        extra: dict[str, Any] = {}
        if self.table.play(self.seat, action):
            self._play_bots()
        else:
            extra["illegal_action"] = action
        done = self.table.over
        reward = self.table.rewards()[self.seat] if done else 0.0
        observation, info = self._observe(extra)
        return observation, reward, done, False, info

    def render(self) -> str:
        """The learner's view as text."""
        return "" if self.table.hand is None else repr(self.table.hand.view(self.seat).to_dict())

    def _play_bots(self) -> None:
        """The bots act until the learner's decision or the end of the hand.

        A ``random`` bot reads only the legal choices of its view, so it is given them
        from the hand (:meth:`RandomBot.choose_among`: the same action from the same
        draws) instead of a whole view built for it; any other bot gets its view.
        """
        table = self.table
        while not table.over and table.hand.to_act != self.seat:
            hand = table.hand
            seat = hand.to_act
            bot = self.bots[seat if seat < self.seat else seat - 1]
            if type(bot) is RandomBot:
                action = bot.choose_among(hand.legal_actions(), seat, self._rng)
            else:
                action = bot.choose(hand.view(seat), self._rng)
            table.play_action(seat, action)

    def _observe(self, info: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        vector, decision = self.table.observe(self.seat)
        info["action_mask"] = decision.mask
        return {"observation": vector, "action_mask": decision.mask}, info


def _bot(bot: Bot[View] | str, game: str, options: Mapping[str, Any]) -> Bot[View]:
    """A bot instance from a bot or its registry name."""
    return bot if not isinstance(bot, str) else make_bot(bot, game, options)


__all__ = ["SingleSeatEnv", "codec_for"]
