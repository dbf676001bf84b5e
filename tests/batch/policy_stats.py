"""Statistics of random play, shared by the batch policy tests.

The batch engine's random policy must draw as each game's ``random_action`` does: a
uniform choice among the legal kinds of action, sizes uniform in their range. Two checks:

* conditional: replay the batch engine's hands with the reference engine and, at every
  decision, compare the kind chosen with the legal kinds offered (uniform?) and a size
  with its range (uniform?);
* against the reference: the same game played by ``random_action`` in Python and by the
  batch engine gives the same distribution of actions per betting round (a chi-square
  test of homogeneity).

Seeds are fixed, so each test is deterministic; the thresholds are the usual p > 0.001.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
from scipy import stats

from parlour.games import get_game
from parlour.records import read_record
from parlour.shuffles import RecordedShuffler

#: A test passes when the chi-square p-value is above this.
P_MIN = 1e-3
SIZE_BINS = 4


def kinds_of(choices: Iterable[Any]) -> tuple[str, ...]:
    """The legal kinds offered, in order."""
    seen: list[str] = []
    for choice in choices:
        if choice.do not in seen:
            seen.append(choice.do)
    return tuple(seen)


class Conditional:
    """Chosen kinds against offered kinds, and sizes against their ranges.

    ``size_of(choice, action)`` gives ``(offset, width)`` of a sized action inside its
    range (``None`` for unsized ones).
    """

    def __init__(self, size_of: Callable[[Any, Any], tuple[int, int] | None]) -> None:
        self.kinds: dict[tuple[str, ...], Counter[str]] = {}
        self.size_of = size_of
        self.size_counts = np.zeros(SIZE_BINS)
        self.size_expected = np.zeros(SIZE_BINS)

    def add_record(self, data: dict[str, Any]) -> None:
        """Replay one record, tallying every decision."""
        record = read_record(data)
        game = get_game(data["game"])
        hand = game.start_hand(
            record.options,
            record.seats,
            record.button,
            RecordedShuffler(record.complete_shuffles()),
        )
        for action in record.actions:
            choices: tuple[Any, ...] = tuple(hand.legal_actions())
            offered = kinds_of(choices)
            do = action.to_dict()["do"]
            self.kinds.setdefault(offered, Counter())[do] += 1
            for choice in choices:
                if choice.do == do and choice.allows(action):
                    self._size(choice, action)
                    break
            hand.apply(action)

    def _size(self, choice: Any, action: Any) -> None:
        sized = self.size_of(choice, action)
        if sized is None:
            return
        offset, width = sized
        if width < 2:
            return
        self.size_counts[offset * SIZE_BINS // width] += 1
        bins = np.arange(width) * SIZE_BINS // width
        self.size_expected += np.bincount(bins, minlength=SIZE_BINS) / width

    def kind_pvalue(self) -> float:
        """One chi-square over every offered set: chosen kinds uniform among the offered."""
        statistic = 0.0
        freedom = 0
        for offered, counts in self.kinds.items():
            total = sum(counts.values())
            if len(offered) < 2 or total < 5 * len(offered):
                continue
            observed = np.array([counts[k] for k in offered], float)
            statistic += float(
                ((observed - total / len(offered)) ** 2).sum() / (total / len(offered))
            )
            freedom += len(offered) - 1
        assert freedom > 0, "no decision had two legal kinds"
        return float(stats.chi2.sf(statistic, freedom))

    def size_pvalue(self) -> float:
        """Chi-square of the sizes' positions in their ranges (quarters) against uniform."""
        assert self.size_counts.sum() > 100, "too few sized decisions"
        return float(stats.chisquare(self.size_counts, self.size_expected).pvalue)


def homogeneity_pvalue(first: Counter[Any], second: Counter[Any]) -> float:
    """Chi-square test that two samples of categories come from one distribution
    (categories seen fewer than ten times in all are pooled)."""
    keys = sorted(set(first) | set(second), key=repr)
    rare = [k for k in keys if first[k] + second[k] < 10]
    common = [k for k in keys if k not in rare]
    table = [[first[k] for k in common], [second[k] for k in common]]
    if rare:
        table[0].append(sum(first[k] for k in rare))
        table[1].append(sum(second[k] for k in rare))
    return float(stats.chi2_contingency(np.array(table)).pvalue)
