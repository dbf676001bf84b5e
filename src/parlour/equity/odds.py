"""Equity results: each player's chance to win and to tie, exact or estimated."""

from __future__ import annotations

import math
from dataclasses import dataclass

from parlour.equity.contest import Tally


@dataclass(frozen=True, slots=True)
class Equity:
    """Chances per player, from ``deals`` deals; ``exact`` when every deal was counted.

    A Monte Carlo estimate carries its standard error (the binomial one of each
    proportion); an exact count has none.
    """

    win: tuple[float, ...]
    tie: tuple[float, ...]
    deals: int
    exact: bool

    @classmethod
    def from_tally(cls, tally: Tally, *, exact: bool) -> Equity:
        """Proportions from a tally."""
        if not tally.deals:
            raise ValueError("no deal is possible with these cards")
        n = tally.deals
        return cls(tuple(w / n for w in tally.wins), tuple(t / n for t in tally.ties), n, exact)

    def stderr(self, chance: float) -> float:
        """Standard error of a proportion from this result (0 when exact)."""
        if self.exact:
            return 0.0
        return math.sqrt(max(chance * (1 - chance), 0.0) / self.deals)
