"""Solvers on a small research configuration: the EFG export is the same game, CFR+
solves it below a documented bound, and parlour's bots are measured as policies."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

from open_spiel.python import policy as os_policy  # noqa: E402
from open_spiel.python.algorithms import exploitability as os_exploitability  # noqa: E402

import parlour.openspiel  # noqa: E402,F401 - registers the games
from parlour.bots import make_bot  # noqa: E402
from parlour.bots.solved import SolvedPolicyBot  # noqa: E402
from parlour.openspiel import solving  # noqa: E402
from parlour.openspiel.efg import export  # noqa: E402
from parlour.simulation.match import Match  # noqa: E402
from parlour.simulation.pool import run  # noqa: E402

#: The tiny game (1,757 nodes): heads-up limit, fixed upcards, hole cards from four cards.
TINY = (
    "parlour_americana(players=2,stack=6,raise_cap=1,deck=Ac Qh Jc Tc,"
    "upcards=Kh Qd 9c 8s|Ks Jd 9d 8c)"
)
#: docs/research.md's bound for CFR+ after 300 iterations on TINY, in chips per hand.
CFR_PLUS_BOUND = 0.01


@pytest.fixture(scope="module")
def tiny() -> Any:
    game = pyspiel.load_game(TINY)
    tree = export(game)
    return game, tree, tree.game()


class _RowPolicy(os_policy.Policy):  # type: ignore[misc]
    """A row policy of the Python game, for OpenSpiel's Python exploitability."""

    def __init__(self, game: Any, rows: dict[str, dict[int, float]]) -> None:
        super().__init__(game, [0, 1])
        self.rows = rows

    def action_probabilities(self, state: Any, player_id: Any = None) -> dict[int, float]:
        chances = self.rows[state.information_state_string(state.current_player())]
        return {r: chances.get(r, 0.0) for r in state.legal_actions()}


def test_efg_export_is_the_same_game(tiny: Any) -> None:
    """Exploitability computed on the Python game equals the one on the exported tree."""
    game, tree, efg = tiny
    assert tree.nodes == 1757
    for rows in (solving.uniform_policy(tree), solving.bot_policy(tree, "rules")):
        on_python = os_exploitability.exploitability(game, _RowPolicy(game, rows))
        on_efg = solving.exploitability(efg, solving.tabular(tree, efg, rows))
        assert on_efg == pytest.approx(on_python, abs=1e-9)


def test_cfr_plus_solves_the_tiny_game_below_its_bound(tiny: Any) -> None:
    _, tree, efg = tiny
    solver, curve = solving.solve(efg, "cfr+", 300, [10, 100])
    values = [point["exploitability"] for point in curve]
    assert values[-1] < CFR_PLUS_BOUND
    assert values[0] > values[-1]
    rows = solving.policy_rows(tree, efg, solver.average_policy())
    assert solving.exploitability(efg, solving.tabular(tree, efg, rows)) == pytest.approx(
        values[-1], abs=1e-9
    )


def test_bots_are_more_exploitable_than_the_solution(tiny: Any) -> None:
    _, tree, efg = tiny
    _solver, curve = solving.solve(efg, "cfr+", 300, [])
    solved = curve[-1]["exploitability"]
    for bot in ("random", "rules", "montecarlo"):
        rows = solving.bot_policy(tree, bot, samples=2)
        assert all(abs(sum(r.values()) - 1) < 1e-9 for r in rows.values())
        assert solving.exploitability(efg, solving.tabular(tree, efg, rows)) > solved


def test_mccfr_gets_closer_with_iterations(tiny: Any) -> None:
    _, _, efg = tiny
    _, curve = solving.solve(efg, "mccfr", 20000, [500])
    assert curve[-1]["exploitability"] < curve[0]["exploitability"]


def test_export_refuses_a_tree_too_big() -> None:
    with pytest.raises(ValueError, match="too big"):
        export(pyspiel.load_game("parlour_americana(players=2)"), limit=1000)


def test_cfr_bot_plays_legal_moves_and_falls_back_on_unseen_states() -> None:
    match = Match("americana", ("cfr", "random"), seed=3, duplicate=True)
    results = run(match, 40, workers=1)
    assert results.hands == 40
    bot = SolvedPolicyBot("americana", {}, policy={"policy": {}})
    rules = make_bot("rules", "americana", {})
    from parlour.games import americana
    from parlour.seats import SeatSpec
    from parlour.shuffles import SeededShuffler

    hand = americana.start_hand(
        americana.options_from_dict({}), [SeatSpec(0, 50), SeatSpec(1, 50)], 0, SeededShuffler(2)
    )
    view = hand.view(hand.to_act)
    assert bot.choose(view, random.Random(1)) == rules.choose(view, random.Random(1))
    assert bot.unseen == 1


def test_stored_policy_file_is_well_formed() -> None:
    from importlib import resources

    text = resources.files("parlour.bots").joinpath("data", "cfr_americana.json").read_text()
    data = json.loads(text)
    assert data["meta"]["iterations"] > 0
    for key, chances in data["policy"].items():
        flags = key.split("|")[2]
        assert len(chances) == 3
        assert abs(sum(chances) - 1) < 1e-3
        assert all(p == 0 for p, ok in zip(chances, flags, strict=False) if ok == "0")
    with pytest.raises(ValueError, match="unknown bot 'cfr' for palace"):
        make_bot("cfr", "palace", {})
    with pytest.raises(ValueError, match="Americana only"):
        SolvedPolicyBot("palace", {})
