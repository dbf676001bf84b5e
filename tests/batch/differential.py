"""The differential check shared by the batch tests: play hands with the batch engine,
rebuild their records and replay them with the reference engine (the law).

:func:`parlour.records.replay` compares the record's outcome (the batch engine's final
stacks, pots and returned chips) with the reference engine's and raises on any
difference, and on any action the reference engine finds illegal.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from parlour.batch import Batch
from parlour.errors import RecordError
from parlour.records import replay_dict


@dataclass
class Tally:
    """How many hands agreed, the first few that did not, and what the hands covered."""

    hands: int = 0
    disagreements: list[tuple[dict[str, Any], str]] = field(default_factory=list)
    side_pots: int = 0
    returned: int = 0
    all_in: int = 0
    splits: int = 0
    seats: set[int] = field(default_factory=set)

    def check(self, batch: Batch) -> None:
        """Replay every hand of ``batch``; count what it covered."""
        self.seats.add(batch.seats)
        for i, record in enumerate(batch.records()):
            self.hands += 1
            try:
                replay_dict(record)
            except RecordError as error:
                if len(self.disagreements) < 5:
                    self.disagreements.append((record, str(error)))
                continue
            self.side_pots += int(batch.pots[i] > 1)
            self.returned += int(batch.returned[i].any())
            self.all_in += int((batch.final[i] == 0).any())
            self.splits += int(any(bin(int(w)).count("1") > 1 for w in batch.pot_winners[i]))

    def report(self) -> str:
        """The first disagreements, for the assertion message."""
        return "\n".join(f"{error}\n{record}" for record, error in self.disagreements)


def random_stacks(rng: np.random.Generator, hands: int, seats: int, low: int, high: int) -> Any:
    """Uneven stacks (short ones go all-in, some cannot pay the ante); every hand keeps two
    players who can play."""
    stacks = rng.integers(low, high, size=(hands, seats))
    stacks[:, :2] = np.maximum(stacks[:, :2], high // 2)
    return stacks


def spread(values: Iterator[int]) -> set[int]:
    """The distinct values (for coverage assertions)."""
    return set(values)
