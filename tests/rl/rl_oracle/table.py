"""One hand at a table, as both environments drive it: deal, observe, play a row.

The seat to act is observed once per step: its view is built once, and its observation and
its :class:`~rl_oracle.codec.Decision` (mask and actions) come from that one view, so the
mask an agent saw and the action its row stands for always agree.

**Illegal actions** are handled the same way in every environment (PettingZoo's raw and
wrapped environments and the Gymnasium one): a row the mask does not allow, or a number
outside the table, ends the hand at once; the offender's reward is minus its whole stack
at the start of the hand (the most any hand can cost it, so an illegal row never pays
better than the worst legal one) and everyone else's is 0. No chips change hands on the
table: the hand is void.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from parlour.games import get_game
from parlour.games.protocol import Game
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler
from rl_oracle.codec import Codec, Decision, IllegalRowError, Vector, no_decision
from rl_oracle.history import History

#: What the ``observation`` option may be.
OBSERVATIONS: Final = ("view", "infostate")


def codec_for(game: str, num_players: int, options: Mapping[str, Any], chips: int) -> Codec[Any]:
    """The codec of ``game`` for a table of ``num_players`` with these (full) options."""
    if game == "americana":
        from rl_oracle.americana_codec import AmericanaCodec

        return AmericanaCodec(num_players, int(options["bring_in"]), chips)
    if game == "palace":
        from rl_oracle.palace_codec import PalaceCodec

        return PalaceCodec(num_players, options, chips)
    raise ValueError(f"unknown game {game!r}; known: americana, palace")


def chip_unit(game: str, options: Mapping[str, Any]) -> float:
    """The chip unit of the observations: the bring-in, or Palace's small bet."""
    return float(options["bring_in"] if game == "americana" else options["small_bet"])


class Table:
    """A table of ``num_players`` seats, each starting every hand with ``stack`` chips."""

    def __init__(
        self,
        game: str,
        num_players: int,
        stack: int,
        options: Mapping[str, Any] | None,
        observation: str = "view",
    ) -> None:
        if observation not in OBSERVATIONS:
            raise ValueError(f"observation must be one of {OBSERVATIONS}, got {observation!r}")
        if isinstance(stack, bool) or not isinstance(stack, int) or stack < 1:
            raise ValueError(f"stack must be a positive integer, got {stack!r}")
        self.game: Game = get_game(game)
        self.table_options = self.game.options_from_dict(dict(options or {}))
        written = self.table_options.to_dict()
        self.num_players = num_players
        self.stack = stack
        chips = stack * num_players
        self.codec = codec_for(game, num_players, written, chips)
        unit = chip_unit(game, written)
        self.history = (
            History(self.codec, num_players, unit, chips) if observation == "infostate" else None
        )
        self.hand: Any = None
        self._cache: tuple[int, Vector, Decision] | None = None
        self.illegal: int | None = None

    @property
    def observation_size(self) -> int:
        """Numbers in one observation vector (with the history when asked for)."""
        extra = 0 if self.history is None else self.history.size
        return self.codec.observation_size + extra

    def observation_high(self) -> Vector:
        """Upper bounds of the observation vector (the lower bounds are 0)."""
        high = self.codec.observation_high
        if self.history is None:
            return high
        return np.concatenate([high, self.history.high()])

    def deal(self, rng: random.Random) -> None:
        """Start a hand: the button and the shuffles come from ``rng``."""
        seats = [SeatSpec(i, self.stack, f"player_{i}") for i in range(self.num_players)]
        button = rng.randrange(self.num_players)
        shuffler = SeededShuffler(rng)  # one generator per table: seeding one per hand is slow
        self.hand = self.game.start_hand(self.table_options, seats, button, shuffler)
        self._cache = None
        self.illegal = None
        if self.history is not None:
            self.history.clear()

    @property
    def over(self) -> bool:
        """Whether the hand has ended (played out, or void after an illegal row)."""
        return self.illegal is not None or bool(self.hand.is_over)

    def rewards(self) -> list[float]:
        """Chips won or lost by each seat (the illegal-action rule when it applied)."""
        if self.illegal is not None:
            return [
                -float(self.stack) if s == self.illegal else 0.0 for s in range(self.num_players)
            ]
        stacks = self.hand.outcome.stacks
        return [float(stacks[s] - self.stack) for s in range(self.num_players)]

    def observe(self, seat: int) -> tuple[Vector, Decision]:
        """The observation of ``seat`` and its decision (no legal row unless it is to act)."""
        cache = self._cache
        if cache is not None and cache[0] == seat:
            return cache[1], cache[2]
        view = self.hand.view(seat)
        acting = not self.over and self.hand.to_act == seat
        decision = self.codec.decision(view) if acting else no_decision(self.codec.action_count)
        vector = self.codec.encode(view)
        if self.history is not None:
            vector = np.concatenate([vector, self.history.encode(seat)])
        if acting:
            self._cache = (seat, vector, decision)
        return vector, decision

    def play(self, seat: int, row: Any) -> bool:
        """Play ``row`` for ``seat`` (the seat to act); ``False`` when it was illegal (the
        hand is then void, see the module's rule)."""
        _, decision = self.observe(seat)
        try:
            action = decision.action(int(row))
        except (IllegalRowError, TypeError, ValueError, OverflowError):
            self.illegal = seat
            self._cache = None
            return False
        self._apply(seat, int(row), action)
        return True

    def play_action(self, seat: int, action: Any, row: int | None = None) -> None:
        """Apply an engine action for ``seat`` (a bot's), with the row closest to it for
        the history."""
        if self.history is not None and row is None:
            row = self._nearest_row(seat, action)
        self._apply(seat, row if row is not None else 0, action)

    def _apply(self, seat: int, row: int, action: Any) -> None:
        if self.history is None:
            self.hand.apply(action)
            self._cache = None
            return
        view = self.hand.view(seat)
        events = self.hand.apply(action)
        self._cache = None
        paid = paid_by(self.hand.view(seat), seat) - paid_by(view, seat)
        self.history.record(seat, row, view, events, paid)

    def _nearest_row(self, seat: int, action: Any) -> int:
        """The legal row whose action is ``action``, else the one nearest it in size."""
        _, decision = self.observe(seat)
        legal = [int(r) for r in np.flatnonzero(decision.mask)]
        target = _plain(action)
        for row in legal:
            if _plain(decision.action(row)) == target:
                return row
        same = [r for r in legal if _plain(decision.action(r))["do"] == target["do"]]
        if not same:
            return legal[0]
        return min(same, key=lambda r: abs(_size(decision.action(r)) - _size(action)))


def paid_by(view: Any, seat: int) -> int:
    """Chips ``seat`` has put in this hand, as ``view`` shows them (either game): the
    history's chips column (a stack's change would count winnings at the showdown)."""
    if hasattr(view, "seats"):
        return int(next(p.contributed for p in view.seats if p.seat == seat))
    return int(next(p.paid for p in view.players if p.seat == seat))


def _plain(action: Any) -> dict[str, Any]:
    """An action's record form with its cards in a fixed order (a trim is a set)."""
    data: dict[str, Any] = action.to_dict()
    if "cards" in data:
        data["cards"] = sorted(data["cards"])
    return data


def _size(action: Any) -> int:
    """The amount an action names (a total, a raise or an extra; 0 for none)."""
    data = action.to_dict()
    return int(data.get("to", data.get("by", data.get("extra", 0))))
