"""The bot ladder, shown by simulation: montecarlo beats rules beats random in both games.

Over duplicate deals (seats rotated so every bot plays every seat's cards), the paired
differences' 95% confidence intervals must exclude zero. This plays one to two thousand
hands per game, so it is a slow test, run once by ``.ci/run``; docs/bots.md has the larger
table. Palace needs more hands: under P-46's one pot montecarlo's lead over rules is about
a third of what it was (docs/bots.md).
"""

from __future__ import annotations

import pytest

from parlour.simulation.match import Match
from parlour.simulation.pool import run


@pytest.mark.slow
@pytest.mark.parametrize(("game", "hands"), [("americana", 1600), ("palace", 2000)])
def test_ladder_montecarlo_beats_rules_beats_random(game: str, hands: int) -> None:
    match = Match(game, ("montecarlo", "rules", "random", "random"), seed=11, duplicate=True)
    results = run(match, hands, workers=2)
    top = results.difference(0, 1)
    middle = results.difference(1, 2)
    assert top.low > 0, f"montecarlo - rules: {top.mean:+.3f} [{top.low:+.3f}, {top.high:+.3f}]"
    assert middle.low > 0, (
        f"rules - random: {middle.mean:+.3f} [{middle.low:+.3f}, {middle.high:+.3f}]"
    )
