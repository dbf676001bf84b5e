"""Many hands between bots: seeded matches, a process pool, statistics and plots.

>>> from parlour.simulation import Match, run
>>> results = run(Match("americana", ("rules", "random"), seed=1, duplicate=True), 4)
>>> results.hands
4
"""

from parlour.simulation.match import Match
from parlour.simulation.pool import Results, run

__all__ = ["Match", "Results", "run"]
