"""The text a simulation prints: one line per bot, then the paired difference of each pair."""

from __future__ import annotations

from parlour.simulation.pool import Results
from parlour.simulation.statistics import Estimate


def _signed(value: float, width: int = 8, digits: int = 2) -> str:
    return f"{value:+{width}.{digits}f}"


def _interval(estimate: Estimate) -> str:
    return f"[{estimate.low:+.1f}, {estimate.high:+.1f}]"


def report(results: Results) -> str:
    """Per bot: hands, chips per hand, big bets per 100 hands with its 95% interval."""
    match = results.match
    summaries = results.summaries()
    width = max(len("bot"), *(len(s.label) for s in summaries))
    lines = [f"{'bot':<{width}}  {'hands':>8}  {'chips/hand':>10}  {'bb/100':>8}  95% CI (bb/100)"]
    for s in summaries:
        rate = s.big_bets_per_100
        lines.append(
            f"{s.label:<{width}}  {s.hands:>8}  {_signed(s.chips.mean, 10, 3)}  "
            f"{_signed(rate.mean)}  {_interval(rate)}"
        )
    labels = match.labels()
    pairs = [
        (i, j)
        for i in range(len(labels))
        for j in range(i + 1, len(labels))
        if match.bots[i] != match.bots[j]
    ]
    if pairs:
        unit = "deal" if match.duplicate else "hand"
        lines.append(f"paired differences (bb/100, paired by {unit}):")
        for i, j in pairs:
            gap = results.difference(i, j).scaled(100 / match.big_bet)
            verdict = "clear" if gap.excludes_zero else "not clear"
            lines.append(
                f"  {labels[i]} - {labels[j]}: {_signed(gap.mean)}  {_interval(gap)}  {verdict}"
            )
    return "\n".join(lines)
