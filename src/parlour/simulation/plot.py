"""A picture of a simulation: each bot's cumulative winnings with a 95% band.

The band around a bot's curve is its running total plus or minus 1.96 standard
deviations of a deal's total times the square root of the deals played: where the
band leaves zero, the bot's edge is already clear at that point. matplotlib is
optional; it is imported only here, when a plot is asked for.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from parlour.simulation.pool import Results
from parlour.simulation.statistics import Z95


def plot(results: Results, path: Path) -> None:
    """Write the cumulative-winnings chart of ``results`` to ``path`` (PNG, SVG, PDF...)."""
    try:
        from matplotlib.figure import Figure
    except ImportError as error:
        raise RuntimeError("--plot needs matplotlib: pip install 'parlour[plot]'") from error
    match = results.match
    per_deal = match.hands_per_deal
    deals = results.winnings.reshape(-1, per_deal, len(match.bots)).sum(axis=1)
    deals = deals / match.big_bet
    played = np.arange(1, deals.shape[0] + 1)
    hands = played * per_deal
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.add_subplot()
    for i, label in enumerate(match.labels()):
        total = np.cumsum(deals[:, i])
        spread = float(deals[:, i].std(ddof=1)) if deals.shape[0] > 1 else 0.0
        band = Z95 * spread * np.sqrt(played)
        (line,) = axes.plot(hands, total, label=label, linewidth=1.2)
        axes.fill_between(hands, total - band, total + band, color=line.get_color(), alpha=0.15)
    axes.axhline(0, color="black", linewidth=0.6)
    mode = ", duplicate" if match.duplicate else ""
    axes.set_title(f"{match.game}: {results.hands} hands, seed {match.seed}{mode}")
    axes.set_xlabel("hands")
    axes.set_ylabel("cumulative winnings (big bets)")
    axes.legend(loc="upper left")
    figure.savefig(path)
