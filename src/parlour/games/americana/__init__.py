"""Americana: 32-card five-card stud with a bring-in, exactly by RULES.md Part 2.

The module is a :class:`parlour.games.protocol.Game`::

    from parlour.games import americana
    hand = americana.start_hand(americana.options_from_dict({}), seats, button, shuffler)
    while not hand.is_over:
        choices = hand.legal_actions()
        events = hand.apply(americana.random_action(choices, hand.to_act, rng))
"""

from __future__ import annotations

from typing import Final

from parlour.games.americana.actions import (
    Action,
    Bet,
    BringIn,
    Call,
    Check,
    Choice,
    Fold,
    Raise,
    action_from_dict,
    random_action,
)
from parlour.games.americana.deal import start_hand
from parlour.games.americana.engine import MAX_SEATS, AmericanaHand
from parlour.games.americana.options import AmericanaOptions, options_from_dict
from parlour.games.americana.view import AmericanaView, SeatView

name: Final = "americana"

__all__ = [
    "MAX_SEATS",
    "Action",
    "AmericanaHand",
    "AmericanaOptions",
    "AmericanaView",
    "Bet",
    "BringIn",
    "Call",
    "Check",
    "Choice",
    "Fold",
    "Raise",
    "SeatView",
    "action_from_dict",
    "name",
    "options_from_dict",
    "random_action",
    "start_hand",
]
