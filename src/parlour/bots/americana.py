"""The Americana bots above ``random``: rules of thumb, and Monte Carlo equity.

``rules`` compares what it holds with what each live opponent shows, and weighs the
price of a call against a rough chance of winning. ``montecarlo`` estimates its real
chance of winning by dealing the unseen cards (the opponents' hole cards and the upcards
to come) consistently with the view, and plays by that chance against the pot odds.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from parlour.bots.stud import StudSpot
from parlour.equity.americana import StudCards, equity
from parlour.evaluation import standard_value
from parlour.games.americana import Action, AmericanaView

#: Deals the Monte Carlo bot samples per decision (exact below this many deals).
SAMPLES: Final = 3000
#: Raise when the chance of winning exceeds a fair share by this part of the rest.
RAISE_MARGIN: Final = 0.2
#: Bet (when checking is free) from this margin over a fair share.
BET_MARGIN: Final = 0.05
#: Call when the chance is at least this multiple of the pot odds: below 1 because a
#: call also wins the bets of later rounds (implied odds), tuned by simulation.
CALL_FACTOR: Final = 0.6


def _largest_group(cards: tuple[Any, ...]) -> int:
    """The size of the largest group of equal ranks (1: no pair)."""
    ranks = [c >> 2 for c in cards]
    return max((ranks.count(r) for r in ranks), default=0)


class AmericanaRules:
    """Rules of thumb: play made hands that beat the board, chase cheaply, fold when behind."""

    name = "rules"

    def __init__(self, game: str = "americana", options: Mapping[str, Any] | None = None) -> None:
        """Rules of thumb need no table option beyond what the choices say."""

    def choose(self, view: AmericanaView, rng: random.Random) -> Action:
        """Act on how the seat's cards compare with every live opponent's upcards."""
        spot = StudSpot.from_view(view)
        mine = standard_value(list(spot.known))
        best_shown = max((standard_value(list(up)) for up in spot.opponents if up), default=0)
        made = _largest_group(spot.known) >= 2
        ahead = mine > best_shown
        top_rank = max(c >> 2 for c in spot.known)
        shown_top = max((c >> 2 for up in spot.opponents for c in up), default=0)
        if spot.choice("bring_in") is not None:
            return spot.aggressive(0.5) if made and ahead else spot.passive()
        if ahead and made:
            return spot.aggressive()
        if not spot.to_call:
            return spot.passive()
        if ahead and spot.pot_odds <= 1 / 3:
            return spot.passive()
        if spot.street == 1 and top_rank >= shown_top and spot.pot_odds <= 0.25:
            return spot.passive()
        return spot.give_up()


class AmericanaMonteCarlo:
    """Plays by its sampled chance of winning against the live opponents and the pot odds."""

    name = "montecarlo"

    def __init__(
        self,
        game: str = "americana",
        options: Mapping[str, Any] | None = None,
        samples: int = SAMPLES,
    ) -> None:
        self.tie_break = str((options or {}).get("tie_break", "seed"))
        self.samples = samples

    def win_chance(self, spot: StudSpot, rng: random.Random) -> float:
        """The seat's share of the pot at showdown: its win chance plus half its ties."""
        hands = [StudCards(spot.hole, spot.upcards)]
        hands += [StudCards(None, up) for up in spot.opponents]
        result = equity(
            hands,
            spot.dead,
            self.tie_break,
            exact_limit=self.samples,
            samples=self.samples,
            seed=rng.getrandbits(63),
        )
        return result.win[0] + result.tie[0] / 2

    def choose(self, view: AmericanaView, rng: random.Random) -> Action:
        """Raise well above a fair share, call when the pot pays for the chance, else fold."""
        spot = StudSpot.from_view(view)
        if not spot.opponents:
            return spot.passive()
        chance = self.win_chance(spot, rng)
        fair = 1 / (len(spot.opponents) + 1)
        if chance >= fair + RAISE_MARGIN * (1 - fair):
            return spot.aggressive(0.5 + chance / 2)
        if chance >= fair + BET_MARGIN * (1 - fair) and not spot.to_call:
            return spot.aggressive(0.5)
        if chance >= spot.pot_odds * CALL_FACTOR or not spot.to_call:
            return spot.passive()
        return spot.give_up()
