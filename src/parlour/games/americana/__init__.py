"""Americana: 32-card five-card stud with a bring-in, exactly by RULES.md Part 2.

The module is a :class:`parlour.games.protocol.Game`::

    from parlour.games import americana
    hand = americana.start_hand(americana.options_from_dict({}), seats, button, shuffler)
    while not hand.is_over:
        choices = hand.legal_actions()
        events = hand.apply(americana.random_action(choices, hand.to_act, rng))
"""

from __future__ import annotations

from collections.abc import Sequence
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
from parlour.games.americana.meta import META
from parlour.games.americana.options import AmericanaOptions, options_from_dict
from parlour.games.americana.state import AmericanaHand, start_hand
from parlour.games.americana.view import AmericanaView, SeatView
from parlour.shuffles import Shuffler

name: Final = META.name


def first_dealer(seats: Sequence[int], shuffler: Shuffler) -> int:
    """The first button of a new table: the first seat.

    The rulebook draws for the first dealer only in Palace Poker (P-6); Americana's A-53
    only moves the button, so a new table starts with the lowest seat dealing and draws
    no cards (``shuffler`` is unused).
    """
    del shuffler
    if len(seats) < 2:
        raise ValueError("choosing a dealer needs at least two players")
    return seats[0]


__all__ = [
    "META",
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
    "first_dealer",
    "name",
    "options_from_dict",
    "random_action",
    "start_hand",
]
