"""Decisions for bot seats: a bot from :mod:`parlour.bots`, or a uniform random legal choice."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from parlour.games.protocol import Action, Game, Hand


class BotBench:
    """The table's bots, made once per kind (Monte Carlo bots are not free to build)."""

    def __init__(self, game: str, options: Mapping[str, Any]) -> None:
        self.game = game
        self.options = dict(options)
        self._made: dict[str, Any] = {}

    def bot(self, kind: str) -> Any:
        """The bot of ``kind`` for this table, or ``None`` when no such bot is installed."""
        if kind not in self._made:
            try:
                from parlour.bots import make_bot

                self._made[kind] = make_bot(kind, self.game, self.options)
            except (ImportError, ValueError):
                self._made[kind] = None
        return self._made[kind]

    def action(self, game: Game, hand: Hand, seat: int, kind: str, rng: random.Random) -> Action:
        """The bot's decision from its seat's view (never from the hand's state)."""
        bot = self.bot(kind)
        if bot is not None:
            action: Action = bot.choose(hand.view(seat), rng)
            return action
        return game.random_action(hand.legal_actions(), seat, rng)
