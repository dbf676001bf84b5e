"""Decisions for bot seats: a bot from :mod:`parlour.bots`, or a uniform random legal choice."""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Mapping
from typing import Any

from parlour.games.protocol import Action, Game, Hand
from parlour.server.clock import expiry_action

log = logging.getLogger(__name__)


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

    def think(
        self, game: Game, hand: Hand, seat: int, kind: str, rng: random.Random
    ) -> Callable[[], Action]:
        """The bot's decision as a call that may run in another thread.

        The seat's view (never the hand's state) is taken now, on the table's task; the
        call uses only that view and its own random source.
        """
        bot = self.bot(kind)
        view = hand.view(seat)
        own = random.Random(rng.getrandbits(64))
        choices = list(hand.legal_actions())
        if bot is None:
            return lambda: game.random_action(choices, seat, own)

        def decide() -> Action:
            try:
                action: Action = bot.choose(view, own)
            except Exception:  # a bot's bug must cost a move, never freeze the table
                log.exception("the %s bot failed at seat %s; it plays the default", kind, seat)
                return expiry_action(game, choices, seat)
            if not any(_allows(c, action) for c in choices):
                log.error("the %s bot chose %r, not a legal choice; the default", kind, action)
                return expiry_action(game, choices, seat)
            return action

        return decide


def _allows(choice: Any, action: Action) -> bool:
    """Whether a legal choice allows ``action`` (every game's choices say so)."""
    return bool(choice.allows(action))
