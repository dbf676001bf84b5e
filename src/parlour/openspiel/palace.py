"""``parlour_palace``: Palace Poker (RULES.md Part 1) as an OpenSpiel game.

Parameters: those of :mod:`parlour.openspiel.game` (``players``, ``stack``, ``stacks``,
``button``) and every Palace table option: ``structure``, ``small_bet``, ``big_bet``
(``-1``: 2 x SB), ``ante`` (``-1``: floor(SB / 2)), ``discard_fee`` (``-1``: SB),
``max_soldiers`` (at most 6 here: a trim is one action over every subset of up to 13
soldiers, docs/rl.md) and ``raise_cap``.

The deal is card by card, every card one chance node in the engine's order: each banner
card (P-11: a card whose suit is taken in the group goes to the reject pile, seen by all,
and the same player is dealt again), the cards of a reshuffled reject pile (P-12), the
palaces (P-14, P-15: seen by their owner only), and each soldier a Buy draws (P-19), from
a reshuffled discard pile when the draw pile is empty (P-17). Every outcome is equally
likely among the cards of the pile being dealt that nobody has seen come off it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.errors import OptionError
from parlour.games import palace
from parlour.games.palace.seating import MAX_SEATS
from parlour.openspiel.game import (
    TABLE_PARAMETERS,
    EngineGame,
    button_of,
    game_type,
    stacks_of,
)
from parlour.openspiel.table import TableSpec

NAME = "parlour_palace"
DEFAULTS: dict[str, Any] = {
    **TABLE_PARAMETERS,
    "structure": "limit",
    "small_bet": 2,
    "big_bet": -1,
    "ante": -1,
    "discard_fee": -1,
    "max_soldiers": 5,
    "raise_cap": 3,
}


def build_spec(params: Mapping[str, Any]) -> TableSpec:
    """The table of a ``parlour_palace`` game from its parameters."""
    players = int(params["players"])
    if not 2 <= players <= MAX_SEATS:
        raise OptionError(f"players must be 2 to {MAX_SEATS}, got {players}")

    written: dict[str, Any] = {
        "structure": params["structure"],
        "small_bet": int(params["small_bet"]),
        "max_soldiers": int(params["max_soldiers"]),
        "raise_cap": int(params["raise_cap"]),
    }
    for name in ("big_bet", "ante", "discard_fee"):  # -1: the rulebook's default
        if int(params[name]) != -1:
            written[name] = int(params[name])
    options = palace.options_from_dict(written)
    return TableSpec("palace", options, stacks_of(params), button_of(params))


class PalaceGame(EngineGame):
    """``parlour_palace``."""

    GAME_TYPE = game_type(NAME, "parlour: Palace Poker", DEFAULTS, MAX_SEATS)
    DEFAULTS = DEFAULTS
    build_spec = staticmethod(build_spec)

    def max_chance(self, spec: TableSpec) -> int:
        """Banners and rejects (the 52 cards, then the rejects again), palaces, Buys."""
        buys = spec.chips // int(spec.options.small_bet)
        return 2 * 52 + 3 * spec.num_players + buys


pyspiel.register_game(PalaceGame.GAME_TYPE, PalaceGame)
