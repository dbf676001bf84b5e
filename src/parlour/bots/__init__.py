"""Bots: players that choose an action from a seat's view, never from the hand's state.

Three kinds for both games, from weakest to strongest, and one for Americana:

* ``random``: a uniform choice among the legal kinds of action;
* ``rules``: rules of thumb from hand strength, visible cards and pot odds;
* ``montecarlo``: samples the hidden cards consistently with the view and plays by the
  estimated chance of winning;
* ``cfr`` (Americana only): plays a stored policy found by Monte Carlo CFR in OpenSpiel
  (docs/research.md); on the ladder it sits between ``random`` and ``rules``.

Which kinds play which game, and their classes, is the game's metadata
(:attr:`parlour.games.meta.GameMeta.bots`).

>>> bot = make_bot("random", "americana", {})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.bots.protocol import Bot, BotFactory
from parlour.games import metadata
from parlour.games.protocol import View


def make_bot(name: str, game: str, options: Mapping[str, Any] | None = None) -> Bot[View]:
    """A bot of kind ``name`` for ``game`` with its table ``options`` (record form).

    The bot takes views of ``game`` (its class is the game's metadata's, which pairs them).
    Raises ``ValueError`` for an unknown game or a kind of bot the game does not have.
    """
    factory: BotFactory = metadata(game).bot_class(name)
    return factory(game, dict(options or {}))


def bot_kinds(game: str) -> tuple[str, ...]:
    """The kinds of bot that play ``game``, weakest first."""
    return metadata(game).bot_kinds


__all__ = ["Bot", "BotFactory", "bot_kinds", "make_bot"]
