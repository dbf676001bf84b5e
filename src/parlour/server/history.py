"""Finished hands as one person may see them: step-by-step frames and a redacted record.

A full hand record holds every shuffle, so it shows every card, including mucked hands and
the palaces of battles the viewer was not in. Handing it out would break R-4, so each
viewer gets the record with every card they never saw written as ``"??"``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from parlour.games.protocol import Game
from parlour.records import REDACTED
from parlour.server.resume import replay_steps
from parlour.server.snapshot import told

_CARD = re.compile(r"^(?:[2-9TJQKA]|10)[cdhs]$")


def frames(game: Game, record: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The hand step by step as ``seat`` saw it: the action, its visible events, the view."""
    names = {int(s["seat"]): str(s.get("name") or f"Seat {s['seat'] + 1}") for s in record["seats"]}
    out = []
    for hand, action, events in replay_steps(game, record):
        out.append(
            {
                "action": None if action is None else action.to_dict(),
                "events": [told(game.name, e, names, seat) for e in events if e.visible_to(seat)],
                "view": hand.view(seat).to_dict(),
            }
        )
    return out


#: Fields of free text: a player named "Ah" or a sentence naming cards already listed
#: elsewhere in the same value must not count as a card being seen.
_PROSE = frozenset({"name", "text", "said"})


def cards_in(value: object) -> Iterable[str]:
    """Every card written as a card field anywhere inside a JSON-like value (not in prose)."""
    if isinstance(value, str):
        if _CARD.match(value):
            yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key not in _PROSE:
                yield from cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from cards_in(item)


def redacted_record(game: Game, record: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The record with every card ``seat`` never saw replaced by ``"??"``."""
    seen = set(cards_in(frames(game, record, seat)))
    shuffles = [[c if c in seen else REDACTED for c in shuffle] for shuffle in record["shuffles"]]
    return {**record, "shuffles": shuffles}
