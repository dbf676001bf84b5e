"""Bots: players that choose an action from a seat's view, never from the hand's state.

Four kinds (the first three for both games), from weakest to strongest:

* ``random``: a uniform choice among the legal kinds of action;
* ``rules``: rules of thumb from hand strength, visible cards and pot odds;
* ``montecarlo``: samples the hidden cards consistently with the view and plays by the
  estimated chance of winning;
* ``cfr`` (Americana only): plays a stored policy found by Monte Carlo CFR in OpenSpiel
  (docs/research.md).

>>> bot = make_bot("random", "americana", {})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from parlour.bots.protocol import Bot, BotFactory

NAMES: Final = ("random", "rules", "montecarlo", "cfr")


def make_bot(name: str, game: str, options: Mapping[str, Any] | None = None) -> Bot:
    """A bot of kind ``name`` for ``game`` with its table ``options`` (record form)."""
    factory = _factories().get((name, game))
    if factory is None:
        if name not in NAMES:
            raise ValueError(f"unknown bot {name!r}; known bots: {', '.join(NAMES)}")
        raise ValueError(f"no {name!r} bot for game {game!r}")
    return factory(game, dict(options or {}))


def bots_for(game: str) -> tuple[str, ...]:
    """The bot kinds that play ``game`` (``cfr`` plays Americana only)."""
    return tuple(name for name in NAMES if (name, game) in _factories())


def _factories() -> dict[tuple[str, str], BotFactory]:
    """Bot constructors by (name, game); imported on use so ``import parlour.bots`` is light."""
    from parlour.bots.americana import AmericanaMonteCarlo, AmericanaRules
    from parlour.bots.palace import PalaceMonteCarlo, PalaceRules
    from parlour.bots.solved import SolvedPolicyBot
    from parlour.bots.uniform import RandomBot

    return {
        ("random", "americana"): RandomBot,
        ("random", "palace"): RandomBot,
        ("rules", "americana"): AmericanaRules,
        ("rules", "palace"): PalaceRules,
        ("montecarlo", "americana"): AmericanaMonteCarlo,
        ("montecarlo", "palace"): PalaceMonteCarlo,
        ("cfr", "americana"): SolvedPolicyBot,
    }


__all__ = ["NAMES", "Bot", "BotFactory", "bots_for", "make_bot"]
