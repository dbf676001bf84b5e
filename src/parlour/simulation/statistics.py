"""Win rates with confidence intervals: what a simulation reports per bot.

Hands of one deal replayed with the seats rotated (duplicate mode) are not independent:
the card luck they share is exactly what duplicate play cancels. So the unit of sampling
is a *deal* (all the hands played from one shuffle); the standard error is taken over the
per-deal totals and divided by the hands per deal. Without duplicate mode a deal is one
hand and this is the usual standard error of the mean.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

#: Two-sided 95% quantile of the normal distribution (the samples here are large).
Z95: Final = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Estimate:
    """A mean with its standard error and a two-sided 95% confidence interval."""

    mean: float
    stderr: float

    @property
    def low(self) -> float:
        """Lower end of the 95% interval."""
        return self.mean - Z95 * self.stderr

    @property
    def high(self) -> float:
        """Upper end of the 95% interval."""
        return self.mean + Z95 * self.stderr

    @property
    def excludes_zero(self) -> bool:
        """Whether the 95% interval lies wholly on one side of zero."""
        return self.low > 0 or self.high < 0

    def scaled(self, factor: float) -> Estimate:
        """The same estimate in other units (chips to big bets per 100 hands)."""
        return Estimate(self.mean * factor, self.stderr * abs(factor))


def per_hand(deal_totals: npt.ArrayLike, hands_per_deal: int) -> Estimate:
    """Chips won per hand, from each deal's total over its ``hands_per_deal`` hands.

    >>> e = per_hand([2, 4, 6], 2)
    >>> (e.mean, round(e.stderr, 4))
    (2.0, 0.5774)
    """
    totals = np.asarray(deal_totals, dtype=np.float64)
    if totals.ndim != 1 or totals.size == 0:
        raise ValueError("need at least one deal")
    if hands_per_deal < 1:
        raise ValueError("hands_per_deal must be at least 1")
    mean = float(totals.mean()) / hands_per_deal
    if totals.size < 2:
        return Estimate(mean, math.inf)
    stderr = float(totals.std(ddof=1)) / math.sqrt(totals.size) / hands_per_deal
    return Estimate(mean, stderr)


@dataclass(frozen=True, slots=True)
class BotSummary:
    """One bot's result over a simulation: hands played and its win rate."""

    label: str
    hands: int
    chips: Estimate
    big_bet: int

    @property
    def big_bets_per_100(self) -> Estimate:
        """Win rate in big bets per 100 hands, the usual unit of poker win rates."""
        return self.chips.scaled(100 / self.big_bet)


def summarize(
    labels: Sequence[str],
    winnings: npt.NDArray[np.int64],
    hands_per_deal: int,
    big_bet: int,
) -> list[BotSummary]:
    """Summaries from ``winnings[hand, bot]``, hands grouped in consecutive deals."""
    hands, bots = winnings.shape
    if bots != len(labels):
        raise ValueError("one label per bot column is needed")
    if hands % hands_per_deal:
        raise ValueError("the hands must fill whole deals")
    deal_totals = winnings.reshape(hands // hands_per_deal, hands_per_deal, bots).sum(axis=1)
    return [
        BotSummary(label, hands, per_hand(deal_totals[:, i], hands_per_deal), big_bet)
        for i, label in enumerate(labels)
    ]


def difference(
    winnings: npt.NDArray[np.int64], first: int, second: int, hands_per_deal: int
) -> Estimate:
    """Chips per hand by which bot ``first`` out-earns bot ``second``, paired by deal.

    Pairing by deal removes the card luck both bots shared, so this interval is the
    right test of "``first`` beats ``second``".
    """
    hands = winnings.shape[0]
    gap = (winnings[:, first] - winnings[:, second]).reshape(hands // hands_per_deal, -1)
    return per_hand(gap.sum(axis=1), hands_per_deal)
