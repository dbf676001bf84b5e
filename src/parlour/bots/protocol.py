"""What a bot is: something that picks an action from a seat's view and a random source.

A bot never receives the hand's state: the simulation passes ``hand.view(seat)``, which
holds only what the rules let that seat see (R-4) plus its legal choices. Bots are made
for one game and its table options (public knowledge, like the rules themselves), so a
game's bots take that game's view type (``Bot[AmericanaView]``); the registry
(:func:`parlour.bots.make_bot`) pairs each bot with its game's views.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, TypeVar

from parlour.games.protocol import Action, View

ViewT_contra = TypeVar("ViewT_contra", bound=View, contravariant=True)


class Bot(Protocol[ViewT_contra]):
    """A player that decides from what it may see."""

    @property
    def name(self) -> str:
        """The registry name of this kind of bot."""
        ...

    def choose(self, view: ViewT_contra, rng: random.Random) -> Action:
        """The action for the seat whose ``view`` this is (it must be the seat to act)."""
        ...


#: Makes a bot for a game (its name) and its table options (as a record lists them).
BotFactory = Callable[[str, Mapping[str, Any]], Bot[View]]
