"""The betting history of a hand as a fixed-size array: the information-state part of an
observation (``observation="infostate"``).

Each decision of the hand is one row of the array: who took it (one-hot by offset from the
observer), the codec's description of it (:meth:`history_entry`: its row, round, target,
soldiers, card drawn), and the chips it put in (in the observation's chip unit). Together
with the view's observation this is everything the seat has seen, in order: perfect recall.
The array has :meth:`max_decisions` rows, a bound worked out from the chips at the table, so
the observation size never changes; a hand that would need more raises an error rather than
dropping anything.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.rl.codec import Vector


class History:
    """The decisions of the current hand, kept as each table position reads them.

    Every observer's array is kept up to date as decisions come in (one row written per
    observer per decision), so reading it is one copy of the rows used so far, not a
    re-rendering of the hand.
    """

    def __init__(self, codec: Any, num_players: int, unit: float, chips: int) -> None:
        self.codec = codec
        self.num_players = num_players
        self.unit = unit
        self.rows = int(codec.max_decisions())
        self.width = int(codec.history_entry_size) + 1
        self.high_chips = chips / unit
        self._entry = np.zeros(self.width, dtype=np.float32)
        #: Per observer, the flattened history as it reads it.
        self._seen = np.zeros((num_players, self.rows * self.width), dtype=np.float32)
        self.length = 0

    @property
    def size(self) -> int:
        """Numbers in the flattened history."""
        return self.rows * self.width

    def high(self) -> Vector:
        """Upper bounds of the flattened history (1 except the chips column)."""
        high = np.ones((self.rows, self.width), dtype=np.float32)
        high[:, -1] = self.high_chips
        return high.reshape(-1)

    def clear(self) -> None:
        """Forget the hand."""
        self._seen[:, : self.length * self.width] = 0.0
        self.length = 0

    def record(self, position: int, row: int, stage: int, events: Any, paid: int) -> None:
        """Add the decision ``row`` of the player at table ``position`` (0-based).

        ``stage`` is the codec's :meth:`history_stage` of the hand just before it,
        ``events`` what the decision caused, ``paid`` the chips it put in.
        """
        if self.length >= self.rows:
            raise RuntimeError(
                f"the hand has more than {self.rows} decisions, the bound this table's chips "
                "allow: a bug in the bound (please report it)"
            )
        entry = self._entry
        entry[:] = 0.0
        self.codec.history_row(entry[:-1], 0, row, stage, events)
        entry[0] = 0.0  # the actor block is set per observer below
        entry[-1] = max(paid, 0) / self.unit
        start = self.length * self.width
        n = self.num_players
        for observer in range(n):
            line = self._seen[observer, start : start + self.width]
            line[:] = entry
            line[(position - observer) % n] = 1.0
        self.length += 1

    def used(self) -> int:
        """Numbers of the flattened history in use (the rest are 0)."""
        return self.length * self.width

    def write(self, out: Vector, observer: int) -> None:
        """Copy the used part of ``observer``'s history into ``out`` (zeros beyond it)."""
        used = self.length * self.width
        out[:used] = self._seen[observer, :used]

    def encode(self, observer: int) -> Vector:
        """The flattened history as the player at table position ``observer`` reads it."""
        out: Vector = self._seen[observer].copy()
        return out
