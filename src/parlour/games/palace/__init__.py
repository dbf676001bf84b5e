"""Palace Poker (RULES.md Part 1) as a game module: the entry points the registry uses.

>>> from parlour.seats import SeatSpec
>>> from parlour.shuffles import SeededShuffler
>>> hand = start_hand(options_from_dict({}), [SeatSpec(0, 50), SeatSpec(1, 50)], 0,
...                   SeededShuffler(7))
>>> hand.to_act
1
"""

from __future__ import annotations

from parlour.games.palace.actions import (
    Action,
    Bet,
    Buy,
    Call,
    Discard,
    Fold,
    Raise,
    Stay,
    Trim,
    action_from_dict,
)
from parlour.games.palace.battle import battle_value
from parlour.games.palace.choices import (
    BetChoice,
    CardChoice,
    Choice,
    Plain,
    RaiseChoice,
    random_action,
)
from parlour.games.palace.dealer import first_dealer
from parlour.games.palace.hand import PalaceHand, ReshuffleError
from parlour.games.palace.meta import META
from parlour.games.palace.options import PalaceOptions, options_from_dict
from parlour.games.palace.phase import Phase
from parlour.games.palace.start import start_hand
from parlour.games.palace.view import BattleView, PalaceView, PlayerView

name = META.name

__all__ = [
    "META",
    "Action",
    "BattleView",
    "Bet",
    "BetChoice",
    "Buy",
    "Call",
    "CardChoice",
    "Choice",
    "Discard",
    "Fold",
    "PalaceHand",
    "PalaceOptions",
    "PalaceView",
    "Phase",
    "Plain",
    "PlayerView",
    "Raise",
    "RaiseChoice",
    "ReshuffleError",
    "Stay",
    "Trim",
    "action_from_dict",
    "battle_value",
    "first_dealer",
    "name",
    "options_from_dict",
    "random_action",
    "start_hand",
]
