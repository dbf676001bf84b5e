"""The turn clock: seconds per decision, then the player's time bank, then the server acts.

On expiry the server acts for the player through the same path as everyone else, with the
game's safe default move: check or stay when that is free, otherwise fold; a forced trim
keeps the best cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from parlour.games.protocol import Action, Choice, Game

#: Seconds added back to every bank after each hand, up to the table's full bank.
BANK_REFILL = 5.0


@dataclass
class TurnClock:
    """The running clock of the seat to act (``started`` on the monotonic clock)."""

    seat: int
    started: float
    turn_seconds: float
    bank: float

    def turn_left(self, now: float) -> float:
        """Seconds of the ordinary turn still left."""
        return max(0.0, self.turn_seconds - (now - self.started))

    def bank_left(self, now: float) -> float:
        """Seconds of the time bank still left (it runs once the turn is used up)."""
        overtime = max(0.0, now - self.started - self.turn_seconds)
        return max(0.0, self.bank - overtime)

    def deadline(self) -> float:
        """When the server acts for the player."""
        return self.started + self.turn_seconds + self.bank

    def to_dict(self, now: float) -> dict[str, Any]:
        """The wire form: who, and the seconds left of turn and bank."""
        return {
            "seat": self.seat,
            "turn_left": round(self.turn_left(now), 1),
            "bank_left": round(self.bank_left(now), 1),
        }


def expiry_action(game: Game, choices: Sequence[Choice], seat: int) -> Action:
    """What the server does for a player who ran out of time (or sits out): the game's safe
    default move (:attr:`parlour.games.meta.GameMeta.default_action`)."""
    return game.META.default_action(choices, seat)
