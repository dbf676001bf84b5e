"""``parlour_americana``: Americana (RULES.md Part 2) as an OpenSpiel game.

Parameters: those of :mod:`parlour.openspiel.game` (``players``, ``stack``, ``stacks``,
``button``) and every Americana table option: ``structure``, ``ante``, ``bring_in``
(``-1``: twice the ante, A-4), ``raise_cap``, ``tie_break``, ``show_all``.

Three **research-only** parameters restrict the deal or the information states, for
solvers that need a small game (they are not table options; no table can be set up with
them):

* ``deck``: the cards chance may deal, in notation (``"Ah Kh Qh Jh Th 9h"``); empty for
  all 32. The hands are ranked exactly as in the full game (A-40 to A-46).
* ``upcards``: fixed upcards per seat, seats separated by ``|`` (``"Kd Qc 9s 8s|Ac Jd
  7h 7c"``), dealt in order instead of chance; a seat left empty is dealt by chance.
* ``abstraction``: information-state strings become the abstract keys of the ``cfr`` bot
  (:mod:`parlour.bots.abstraction`), for Monte Carlo CFR on the full game. They are not
  perfect recall; tensors are unchanged.

The deal is card by card: each hole card (seen by its owner only) and each upcard
(seen by everyone), in the engine's order (A-11, A-13), one chance node each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.cards import DECK_32, Card, parse_cards
from parlour.errors import OptionError
from parlour.games import americana
from parlour.openspiel.game import (
    TABLE_PARAMETERS,
    EngineGame,
    button_of,
    game_type,
    stacks_of,
)
from parlour.openspiel.table import TableSpec

NAME = "parlour_americana"
DEFAULTS: dict[str, Any] = {
    **TABLE_PARAMETERS,
    "structure": "limit",
    "ante": 1,
    "bring_in": -1,
    "raise_cap": 3,
    "tie_break": "seed",
    "show_all": False,
    "deck": "",
    "upcards": "",
    "abstraction": False,
}


def build_spec(params: Mapping[str, Any]) -> TableSpec:
    """The table of a ``parlour_americana`` game from its parameters."""
    players = int(params["players"])
    if not 2 <= players <= americana.META.seats.max:
        raise OptionError(f"players must be 2 to {americana.META.seats.max}, got {players}")
    written: dict[str, Any] = {
        "structure": params["structure"],
        "ante": int(params["ante"]),
        "raise_cap": int(params["raise_cap"]),
        "tie_break": params["tie_break"],
        "show_all": bool(params["show_all"]),
    }
    if int(params["bring_in"]) != -1:
        written["bring_in"] = int(params["bring_in"])
    options = americana.options_from_dict(written)
    deck = _deck(str(params["deck"]))
    fixed = _fixed(str(params["upcards"]), players)
    spec = TableSpec(
        "americana",
        options,
        stacks_of(params),
        button_of(params),
        deck,
        fixed,
        abstraction=bool(params["abstraction"]),
    )
    _check_deck(spec)
    return spec


def _deck(text: str) -> frozenset[Card] | None:
    if not text.strip():
        return None
    cards = parse_cards(text)
    outside = [str(c) for c in cards if c not in DECK_32]
    if outside:
        raise OptionError(f"deck: {', '.join(outside)} are not in the 32-card deck (A-1)")
    if len(set(cards)) != len(cards):
        raise OptionError("deck: a card is listed twice")
    return frozenset(cards)


def _fixed(text: str, players: int) -> dict[int, tuple[Card, ...]]:
    if not text.strip():
        return {}
    parts = text.split("|")
    if len(parts) != players:
        raise OptionError(f"upcards lists {len(parts)} seats but players is {players}")
    fixed: dict[int, tuple[Card, ...]] = {}
    for seat, part in enumerate(parts):
        cards = tuple(parse_cards(part)) if part.strip() else ()
        if len(cards) > 4:
            raise OptionError(f"upcards: seat {seat} has {len(cards)} upcards; a hand has 4")
        if cards:
            fixed[seat] = cards
    every = [c for cards in fixed.values() for c in cards]
    if len(set(every)) != len(every) or any(c not in DECK_32 for c in every):
        raise OptionError("upcards: every card must be in the 32-card deck, and only once")
    return fixed


def _check_deck(spec: TableSpec) -> None:
    """The deck must hold every card chance may have to deal (5 per player)."""
    if spec.deck is None:
        return
    fixed = {c for cards in spec.fixed.values() for c in cards}
    needed = 5 * spec.num_players - len(fixed)
    usable = len(spec.deck - fixed)
    if usable < needed:
        raise OptionError(f"deck: {usable} usable cards, but a hand may deal {needed}")


class AmericanaGame(EngineGame):
    """``parlour_americana``."""

    GAME_TYPE = game_type(
        NAME, "parlour: Americana (32-card stud)", DEFAULTS, americana.META.seats.max
    )
    DEFAULTS = DEFAULTS
    build_spec = staticmethod(build_spec)

    def max_chance(self, spec: TableSpec) -> int:
        """Five cards per player at most."""
        return 5 * spec.num_players


pyspiel.register_game(AmericanaGame.GAME_TYPE, AmericanaGame)
