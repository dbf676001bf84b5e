"""A Gymnasium environment where one seat learns and parlour bots play the others.

One episode is one hand. ``reset`` deals and lets the bots act until the learner's first
decision (a hand that ends before the learner acts is dealt again, so every episode has
at least one decision); ``step`` applies the learner's row of the action table and lets
the bots act until the learner's next decision or the end of the hand. The reward is the
learner's chips won or lost, given at the end. The observation is the same dict as in the
PettingZoo environments; ``info["action_mask"]`` repeats the mask.

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

from parlour.bots import make_bot
from parlour.bots.protocol import Bot
from parlour.games import get_game
from parlour.games.protocol import Game, View
from parlour.rl.codec import Codec, Selection, play_row
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


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
        render_mode: str | None = None,
    ) -> None:
        self.game: Game = get_game(game)
        self.table_options = self.game.options_from_dict(dict(options or {}))
        self.num_players = len(opponents) + 1
        if not 0 <= seat < self.num_players:
            raise ValueError(f"seat must be 0 to {self.num_players - 1}, got {seat}")
        option_dict = self.table_options.to_dict()
        self.bots = [_bot(b, game, option_dict) for b in opponents]
        self.seat = seat
        self.stack = stack
        self.render_mode = render_mode
        self.codec: Codec[Any] = codec_for(game, self.num_players, option_dict)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -np.inf, np.inf, shape=(self.codec.observation_size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(0, 1, shape=(self.codec.action_count,), dtype=np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.codec.action_count)
        self._rng = random.Random()
        self._selection: Selection | None = None
        self.hand: Any = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand and play the bots up to the learner's first decision."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        self._selection = None
        while True:
            self._deal()
            self._play_bots()
            if not self.hand.is_over:
                return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Apply the learner's row; the bots play on to the learner's next decision."""
        self._selection = play_row(self.codec, self.hand, self.seat, action, self._selection)
        if self._selection is None:
            self._play_bots()
        done = bool(self.hand.is_over)
        reward = float(self.hand.outcome.stacks[self.seat] - self.stack) if done else 0.0
        return self._observe(), reward, done, False, self._info()

    def render(self) -> str:
        """The learner's view as text."""
        return "" if self.hand is None else repr(self.hand.view(self.seat).to_dict())

    def _deal(self) -> None:
        seats = [SeatSpec(i, self.stack, f"player_{i}") for i in range(self.num_players)]
        button = self._rng.randrange(self.num_players)
        shuffler = SeededShuffler(random.Random(self._rng.getrandbits(64)))
        self.hand = self.game.start_hand(self.table_options, seats, button, shuffler)

    def _play_bots(self) -> None:
        while not self.hand.is_over and self.hand.to_act != self.seat:
            seat = self.hand.to_act
            bot = self.bots[seat if seat < self.seat else seat - 1]
            self.hand.apply(bot.choose(self.hand.view(seat), self._rng))

    def _observe(self) -> dict[str, Any]:
        view = self.hand.view(self.seat)
        if self.hand.is_over:
            mask = np.zeros(self.codec.action_count, dtype=np.int8)
        else:
            mask = self.codec.mask(view, self._selection)
        return {"observation": self.codec.encode(view, self._selection), "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        view = self.hand.view(self.seat)
        if self.hand.is_over:
            return {"action_mask": np.zeros(self.codec.action_count, dtype=np.int8)}
        return {"action_mask": self.codec.mask(view, self._selection)}


def codec_for(game: str, num_players: int, options: Mapping[str, Any]) -> Codec[Any]:
    """The codec of ``game`` for a table of ``num_players`` with these (full) options."""
    if game == "americana":
        from parlour.rl.americana_codec import AmericanaCodec

        return AmericanaCodec(num_players, int(options["bring_in"]))
    if game == "palace":
        from parlour.rl.palace_codec import PalaceCodec

        return PalaceCodec(num_players, options)
    raise ValueError(f"unknown game {game!r}; known: americana, palace")


def _bot(bot: Bot[View] | str, game: str, options: Mapping[str, Any]) -> Bot[View]:
    """A bot instance from a bot or its registry name."""
    return bot if not isinstance(bot, str) else make_bot(bot, game, options)
