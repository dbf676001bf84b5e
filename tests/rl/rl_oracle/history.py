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

from rl_oracle.codec import Vector


class History:
    """The decisions of the current hand, kept by table position, read per observer."""

    def __init__(self, codec: Any, num_players: int, unit: float, chips: int) -> None:
        self.codec = codec
        self.num_players = num_players
        self.unit = unit
        self.rows = int(codec.max_decisions())
        self.width = int(codec.history_entry_size) + 1
        self.high_chips = chips / unit
        self._entries = np.zeros((self.rows, self.width), dtype=np.float32)
        self._actors = np.zeros(self.rows, dtype=np.intp)
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
        self._entries[: self.length] = 0.0
        self.length = 0

    def record(self, position: int, row: int, view: Any, events: Any, paid: int) -> None:
        """Add the decision ``row`` of the player at table ``position`` (0-based).

        ``view`` is that player's view just before, ``events`` what the decision caused,
        ``paid`` the chips it put in.
        """
        if self.length >= self.rows:
            raise RuntimeError(
                f"the hand has more than {self.rows} decisions, the bound this table's chips "
                "allow: a bug in the bound (please report it)"
            )
        entry = self._entries[self.length]
        self.codec.history_entry(entry[:-1], 0, row, view, events)
        entry[0] = 0.0  # the actor block is filled per observer in encode()
        entry[-1] = max(paid, 0) / self.unit
        self._actors[self.length] = position
        self.length += 1

    def encode(self, observer: int) -> Vector:
        """The flattened history as the player at table position ``observer`` reads it."""
        out = self._entries.copy()
        n = self.num_players
        used = self.length
        if used:
            offsets = (self._actors[:used] - observer) % n
            out[np.arange(used), offsets] = 1.0
        return out.reshape(-1)
