"""The pyspiel ``Game`` of a parlour game, and the game parameters every one shares.

Parameters (``pyspiel.load_game("parlour_americana(players=3,structure=no_limit)")``):

* ``players``: seats at the table, player ``p`` at seat ``p``;
* ``stack``: every seat's chips before the ante, or ``stacks``: one number per seat,
  separated by spaces (``"20 35"``), which wins when given;
* ``button``: the dealer's seat;
* every table option of RULES.md's options table, named as there (each game's module
  lists them); an option whose default derives from another (Americana's ``bring_in``,
  Palace's ``big_bet``, ``ante``, ``discard_fee``) takes that default at ``-1``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.errors import OptionError
from parlour.openspiel.observer import EngineObserver
from parlour.openspiel.state import EngineState
from parlour.openspiel.table import TableSpec

#: Parameters every parlour game takes (their defaults).
TABLE_PARAMETERS: dict[str, Any] = {"players": 2, "stack": 100, "stacks": "", "button": 0}

#: Builds a game's TableSpec from its parameters (defaults filled in).
SpecBuilder = Callable[[Mapping[str, Any]], TableSpec]


def game_type(short_name: str, long_name: str, parameters: dict[str, Any], most: int) -> Any:
    """The ``pyspiel.GameType`` of a parlour game."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


def stacks_of(params: Mapping[str, Any]) -> tuple[int, ...]:
    """The seats' stacks from ``players`` and ``stack`` or ``stacks``."""
    players = int(params["players"])
    written = str(params["stacks"]).split()
    if written:
        try:
            stacks = tuple(int(s) for s in written)
        except ValueError:
            raise OptionError(f"stacks must be whole numbers, got {params['stacks']!r}") from None
        if len(stacks) != players:
            raise OptionError(f"stacks lists {len(stacks)} seats but players is {players}")
    else:
        stacks = (int(params["stack"]),) * players
    if any(s < 0 for s in stacks):
        raise OptionError(f"stacks must not be negative, got {stacks}")
    return stacks


def button_of(params: Mapping[str, Any]) -> int:
    """The dealer's seat, checked against ``players``."""
    button = int(params["button"])
    if not 0 <= button < int(params["players"]):
        raise OptionError(f"button must be a seat from 0 to {int(params['players']) - 1}")
    return button


class EngineGame(pyspiel.Game):  # type: ignore[misc]
    """A parlour game as OpenSpiel sees it; subclasses give the type and the spec builder."""

    GAME_TYPE: Any = None
    DEFAULTS: dict[str, Any] = {}  # noqa: RUF012 - replaced per game
    build_spec: SpecBuilder

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        merged = {**self.DEFAULTS, **dict(params or {})}
        unknown = sorted(set(merged) - set(self.DEFAULTS))
        if unknown:
            raise OptionError(f"unknown parameter(s) {', '.join(unknown)}")
        spec = type(self).build_spec(merged)
        self.spec = spec
        codec = spec.codec
        chips = spec.chips
        self.max_length = max(int(codec.max_decisions()), self.max_chance(spec))
        info = pyspiel.GameInfo(
            num_distinct_actions=codec.action_count,
            max_chance_outcomes=52,
            num_players=spec.num_players,
            min_utility=-float(max(spec.stacks)),
            max_utility=float(max(chips - min(spec.stacks), 1)),
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(self.GAME_TYPE, info, merged)

    def max_chance(self, spec: TableSpec) -> int:
        """A bound on the chance nodes of one hand (cards dealt)."""
        return 52

    def new_initial_state(self) -> EngineState:
        """A hand about to be dealt."""
        return EngineState(self, self.spec)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> EngineObserver:
        """The observer of an observation type (default: what a player sees now)."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        kind = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        return EngineObserver(self.spec, kind, self.max_length)
