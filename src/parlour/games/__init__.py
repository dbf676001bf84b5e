"""The game engines, their metadata and the registry.

Every game is a subpackage of :mod:`parlour.games` with a ``meta`` module holding its
:class:`parlour.games.meta.GameMeta` as ``META``; the registry finds them by looking, so a
new game is its package and nothing else. :func:`register` adds a game defined elsewhere (a
plug-in, or a test's tiny game). Engines are imported on first use, so
``import parlour.games`` stays cheap.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.resources
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Final, cast

from parlour.games.meta import GameMeta

if TYPE_CHECKING:
    from parlour.games.protocol import Game

#: Games added with :func:`register`, by name.
_REGISTERED: dict[str, GameMeta] = {}
#: Metadata already read, by name.
_LOADED: dict[str, GameMeta] = {}


def _packaged() -> tuple[str, ...]:
    """The subpackages of :mod:`parlour.games` that describe a game (they have ``meta.py``)."""
    root = importlib.resources.files(__name__)
    return tuple(
        sorted(
            entry.name
            for entry in root.iterdir()
            if entry.is_dir() and entry.joinpath("meta.py").is_file()
        )
    )


_PACKAGED: Final = _packaged()


def game_names() -> tuple[str, ...]:
    """Every game's name: parlour's own (sorted), then the registered ones."""
    return _PACKAGED + tuple(n for n in _REGISTERED if n not in _PACKAGED)


def metadata(name: str) -> GameMeta:
    """The metadata of the game called ``name``; ``ValueError`` naming the known games."""
    meta = _REGISTERED.get(name) or _LOADED.get(name)
    if meta is None:
        if name not in _PACKAGED:
            raise ValueError(f"unknown game {name!r}; known: {', '.join(game_names())}")
        module = importlib.import_module(f"{__name__}.{name}.meta")
        meta = cast(GameMeta, module.META)
        if meta.name != name:
            raise ValueError(f"the package {name} describes a game called {meta.name!r}")
        _LOADED[name] = meta
    return meta


def all_metadata() -> tuple[GameMeta, ...]:
    """The metadata of every game, in :func:`game_names` order."""
    return tuple(metadata(name) for name in game_names())


def register(meta: GameMeta) -> None:
    """Add a game that does not live in :mod:`parlour.games` (a plug-in, a test's game)."""
    if meta.name in _PACKAGED:
        raise ValueError(f"{meta.name!r} is one of parlour's own games")
    _REGISTERED[meta.name] = meta


def unregister(name: str) -> None:
    """Remove a game added with :func:`register`."""
    _REGISTERED.pop(name, None)


@contextlib.contextmanager
def registered(meta: GameMeta) -> Iterator[GameMeta]:
    """``register(meta)`` for the length of a ``with`` block."""
    register(meta)
    try:
        yield meta
    finally:
        unregister(meta.name)


class GameRegistry(Mapping[str, "Game"]):
    """A read-only mapping name -> engine module that imports each engine when first asked."""

    def __getitem__(self, name: str) -> Game:
        try:
            return get_game(name)
        except ValueError as error:
            raise KeyError(str(error)) from None

    def __iter__(self) -> Iterator[str]:
        return iter(game_names())

    def __len__(self) -> int:
        return len(game_names())

    def __contains__(self, name: object) -> bool:
        return name in game_names()


#: Every registered game's engine, by name.
GAMES: Final[GameRegistry] = GameRegistry()


def get_game(name: str) -> Game:
    """The engine of the game called ``name``; raises ``ValueError`` naming the known games."""
    return cast("Game", importlib.import_module(metadata(name).engine))
