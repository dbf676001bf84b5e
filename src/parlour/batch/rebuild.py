"""Action codes back into hand-record actions (HAND-RECORD.md "Actions")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from parlour.batch import codes
from parlour.cards import CARDS

#: Americana kinds by code (see parlour.batch.americana).
AMERICANA_KINDS = ("fold", "check", "call", "bring_in", "bet", "raise")
#: Palace kinds by code (see parlour.batch.palace).
PALACE_KINDS = ("buy", "trim", "discard", "stay", "fold", "bet", "call", "raise")


def action_dicts(game: str, hand_codes: Sequence[int]) -> list[dict[str, Any]]:
    """The record actions of one hand's codes."""
    if game == "americana":
        return [_americana(int(code)) for code in hand_codes]
    return [_palace(int(code)) for code in hand_codes]


def _americana(code: int) -> dict[str, Any]:
    kind, seat, arg = codes.decode(code)
    do = AMERICANA_KINDS[kind]
    if do in ("bet", "raise"):
        return {"seat": seat, "do": do, "to": arg}
    return {"seat": seat, "do": do}


def _palace(code: int) -> dict[str, Any]:
    kind, seat, arg = codes.decode(code)
    do = PALACE_KINDS[kind]
    if do in ("trim", "discard"):
        return {"seat": seat, "do": do, "cards": [str(CARDS[c]) for c in range(52) if arg >> c & 1]}
    if do == "bet":
        target, extra = codes.split_bet(arg)
        out: dict[str, Any] = {"seat": seat, "do": "bet", "target": target}
        if extra:
            out["extra"] = extra
        return out
    if do == "raise":
        return {"seat": seat, "do": "raise", "by": arg}
    return {"seat": seat, "do": do}
