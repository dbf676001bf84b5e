"""What a batch run returns: per-hand arrays, and each hand's full record on request.

:class:`Batch` keeps struct-of-arrays (one row per hand) and the inputs needed to write
any hand as a complete ``parlour.hand/1`` record (HAND-RECORD.md): options, seats and
stacks, button, shuffles, actions and outcome. The outcome in a rebuilt record is the
batch engine's own, so replaying the record with the reference engine
(:func:`parlour.records.replay`) checks the batch engine: replay fails when they differ.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch.rebuild import action_dicts
from parlour.cards import CARDS

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]


@dataclass(frozen=True, eq=False)
class Batch:
    """The hands of one batch call; row ``i`` is hand number ``first_hand + i``.

    ``shuffles`` is flat: hand ``i``'s shuffles are ``shuffles[shuffle_offsets[i]:
    shuffle_offsets[i+1]]``, cut into single shuffles by ``shuffle_sizes`` (Americana
    has one shuffle of 32 cards per hand; Palace two or more). ``codes`` likewise by
    ``offsets`` (see :mod:`parlour.batch.codes`). Both are empty when the run was made
    with ``keep=False``, and then no record can be rebuilt.
    """

    game: str
    options: dict[str, Any]
    seed: int
    first_hand: int
    start: Ints  # (N, seats) stacks before the ante
    buttons: Ints  # (N,)
    final: Ints  # (N, seats)
    returned: Ints  # (N, seats)
    pots: Ints  # (N,) pots per hand
    pot_amount: Ints  # (N, K)
    pot_eligible: Ints  # (N, K) bit masks of seats
    pot_winners: Ints  # (N, K) bit masks of seats
    decisions: Ints  # (N,)
    endings: Bytes  # (N,) how each hand ended, an index into ``ending_names``
    ending_names: tuple[str, ...]
    offsets: Ints  # (N + 1,)
    codes: Ints
    shuffle_offsets: Ints  # (N + 1,)
    shuffle_sizes: Ints  # (N, most shuffles per hand); 0 past the last
    shuffles: Bytes
    kept: bool
    cpu_seconds: tuple[float, ...]  # each thread's CPU time

    @property
    def hands(self) -> int:
        """Hands played."""
        return int(self.final.shape[0])

    @property
    def seats(self) -> int:
        """Seats at each table (numbered 0 .. seats-1)."""
        return int(self.final.shape[1])

    def ending(self, i: int) -> str:
        """How hand ``i`` ended, in the reference engine's words (Palace's ``how``)."""
        return self.ending_names[int(self.endings[i])]

    @property
    def winnings(self) -> Ints:
        """Chips won (negative: lost) by each seat in each hand, ``(N, seats)``."""
        won: Ints = self.final - self.start
        return won

    def hand_codes(self, i: int) -> Ints:
        """Hand ``i``'s action codes."""
        return self.codes[self.offsets[i] : self.offsets[i + 1]]

    def hand_shuffles(self, i: int) -> list[list[int]]:
        """Hand ``i``'s shuffles, each a list of card numbers (top card first)."""
        flat = self.shuffles[self.shuffle_offsets[i] : self.shuffle_offsets[i + 1]]
        out: list[list[int]] = []
        at = 0
        for size in self.shuffle_sizes[i]:
            if size == 0:
                break
            out.append([int(c) for c in flat[at : at + size]])
            at += int(size)
        return out

    def outcome(self, i: int) -> dict[str, Any]:
        """Hand ``i``'s outcome in the record's form (main pot first)."""
        seats = range(self.seats)
        pots = [
            {
                "amount": int(self.pot_amount[i, k]),
                "eligible": _seats_of(int(self.pot_eligible[i, k])),
                "winners": _seats_of(int(self.pot_winners[i, k])),
            }
            for k in range(int(self.pots[i]))
        ]
        returned = [
            {"seat": seat, "amount": int(self.returned[i, seat])}
            for seat in seats
            if self.returned[i, seat]
        ]
        return {"stacks": [int(x) for x in self.final[i]], "pots": pots, "returned": returned}

    def record(self, i: int) -> dict[str, Any]:
        """Hand ``i`` as a complete ``parlour.hand/1`` record, outcome included."""
        if not self.kept:
            raise ValueError("this batch was played with keep=False: no shuffles or actions")
        if not 0 <= i < self.hands:
            raise IndexError(f"hand {i} is not in this batch of {self.hands}")
        return {
            "format": "parlour.hand/1",
            "game": self.game,
            "options": dict(self.options),
            "seats": [
                {"seat": s, "name": f"P{s}", "stack": int(self.start[i, s])}
                for s in range(self.seats)
            ],
            "button": int(self.buttons[i]),
            "shuffles": [[str(CARDS[c]) for c in order] for order in self.hand_shuffles(i)],
            "actions": action_dicts(self.game, self.hand_codes(i).tolist()),
            "outcome": self.outcome(i),
        }

    def records(self) -> Iterator[dict[str, Any]]:
        """Every hand's record, in order."""
        for i in range(self.hands):
            yield self.record(i)


def _seats_of(mask: int) -> list[int]:
    return [s for s in range(mask.bit_length()) if mask >> s & 1]
