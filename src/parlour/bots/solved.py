"""The ``cfr`` bot: plays a stored policy found by Monte Carlo CFR (OpenSpiel), Americana only.

The policy maps each abstract information state (:func:`parlour.bots.abstraction.
americana_key`) to the chances of three moves: fold, the passive choice (check, call or
bring in) and the smallest bet or raise (the only size in limit; in pot-limit and no-limit
the bot never bets more than the minimum). It was trained on heads-up limit Americana with
default options (docs/research.md says how, and how to train it again); at other tables it
plays the same policy, which was not solved for them. A state the solver never met is
played by the ``rules`` bot, and :attr:`SolvedPolicyBot.unseen` counts those decisions.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from importlib import resources
from typing import Any, Final

from parlour.bots.abstraction import americana_key
from parlour.bots.americana import AmericanaRules
from parlour.bots.stud import StudSpot

#: The stored policy (package data).
POLICY_FILE: Final = "cfr_americana.json"
MOVES: Final = ("fold", "passive", "raise")

_CACHE: dict[str, dict[str, Any]] = {}


def load_policy(name: str = POLICY_FILE) -> dict[str, Any]:
    """The stored policy file (read once): ``{"meta": {...}, "policy": {key: [p, p, p]}}``."""
    if name not in _CACHE:
        text = resources.files("parlour.bots").joinpath("data", name).read_text("utf-8")
        _CACHE[name] = json.loads(text)
    return _CACHE[name]


class SolvedPolicyBot:
    """Plays the stored CFR policy (see the module)."""

    name = "cfr"

    def __init__(
        self,
        game: str = "americana",
        options: Mapping[str, Any] | None = None,
        policy: Mapping[str, Any] | None = None,
    ) -> None:
        if game != "americana":
            raise ValueError(f"the cfr bot plays Americana only, not {game!r}")
        written = dict(options or {})
        ante = int(written.get("ante", 1))
        self.bring_in = int(written.get("bring_in") or 2 * ante)
        stored = load_policy() if policy is None else policy
        self.policy: Mapping[str, list[float]] = stored["policy"]
        self.fallback = AmericanaRules()
        self.unseen = 0
        self.decisions = 0

    def choose(self, view: Any, rng: random.Random) -> Any:
        """Sample a move from the policy of the view's abstract state, among the legal ones."""
        self.decisions += 1
        chances = self.policy.get(americana_key(view, self.bring_in))
        if chances is None:
            self.unseen += 1
            return self.fallback.choose(view, rng)
        spot = StudSpot.from_view(view)
        legal = _legal(spot)
        weights = [p if ok else 0.0 for p, ok in zip(chances, legal, strict=True)]
        total = sum(weights)
        if total <= 0:
            return self.fallback.choose(view, rng)
        pick = rng.random() * total
        for move, weight in zip(MOVES, weights, strict=True):
            pick -= weight
            if pick < 0 and weight > 0:
                return _play(spot, move)
        return _play(spot, MOVES[max(range(3), key=weights.__getitem__)])


def _legal(spot: StudSpot) -> tuple[bool, bool, bool]:
    kinds = {c.do for c in spot.choices}
    return (
        "fold" in kinds,
        bool(kinds & {"check", "call", "bring_in"}),
        bool(kinds & {"bet", "raise"}),
    )


def _play(spot: StudSpot, move: str) -> Any:
    if move == "fold":
        choice = spot.choice("fold")
        assert choice is not None
        return choice.action()
    if move == "passive":
        return spot.passive()
    choice = spot.choice("raise") or spot.choice("bet")
    assert choice is not None
    return choice.action(choice.min_to)
