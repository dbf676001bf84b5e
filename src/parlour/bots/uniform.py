"""The ``random`` bot: a uniform choice among the legal kinds of action.

Sizes are uniform in the allowed range. It is the floor of the bot ladder, and a quick
way to walk a hand through every legal path.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from parlour.games import get_game
from parlour.games.protocol import Action, View


class RandomBot:
    """Picks uniformly among the view's legal choices, using the game's own sampler."""

    name = "random"

    def __init__(self, game: str, options: Mapping[str, Any] | None = None) -> None:
        self._game = get_game(game)

    def choose(self, view: View, rng: random.Random) -> Action:
        """A uniform legal action for the seat of ``view``."""
        if view.seat is None:
            raise ValueError("a spectator's view has no choices to make")
        return self.choose_among(view.legal_actions, view.seat, rng)

    def choose_among(self, choices: Sequence[Any], seat: int, rng: random.Random) -> Action:
        """:meth:`choose` from the legal ``choices`` of ``seat`` alone (all it reads of a
        view): the same action from the same draws, for callers that hold the hand and
        need no view (the single-seat environment's random opponents)."""
        return self._game.random_action(choices, seat, rng)
