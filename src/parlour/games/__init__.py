"""The game engines and their registry.

:data:`GAMES` maps a game's name to its module (a :class:`parlour.games.protocol.Game`).
Modules are imported on first use, so ``import parlour.games`` stays cheap. A new game
registers with one line in :data:`GAME_MODULES`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final, cast

if TYPE_CHECKING:
    from parlour.games.protocol import Game

#: Game name -> module that implements it.
GAME_MODULES: Final[dict[str, str]] = {
    "americana": "parlour.games.americana",
    "palace": "parlour.games.palace",
}


class GameRegistry(Mapping[str, "Game"]):
    """A read-only mapping name -> game module that imports each module when first asked."""

    __slots__ = ("_loaded", "_modules")

    def __init__(self, modules: Mapping[str, str]) -> None:
        self._modules = modules
        self._loaded: dict[str, Game] = {}

    def __getitem__(self, name: str) -> Game:
        game = self._loaded.get(name)
        if game is None:
            if name not in self._modules:
                known = ", ".join(sorted(self._modules))
                raise KeyError(f"unknown game {name!r}; known: {known}")
            game = cast("Game", importlib.import_module(self._modules[name]))
            self._loaded[name] = game
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(self._modules)

    def __len__(self) -> int:
        return len(self._modules)

    def __contains__(self, name: object) -> bool:
        return name in self._modules


#: Every registered game, by name.
GAMES: Final[GameRegistry] = GameRegistry(GAME_MODULES)


def get_game(name: str) -> Game:
    """The game called ``name``; raises ``ValueError`` naming the known games."""
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAME_MODULES))
        raise ValueError(f"unknown game {name!r}; known: {known}") from None
