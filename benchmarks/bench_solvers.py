"""Solvers, exploitability and the ``cfr`` bot on the ladder (docs/research.md quotes this).

``python benchmarks/bench_solvers.py [--quick]`` (or ``benchmarks/run.py --only solvers``).

1. **Small game, solved** (:data:`SMALL`): heads-up limit Americana with the research-only
   fixed upcards and a six-card deck for the hole cards, stacks of 10. The whole tree goes
   to OpenSpiel as an EFG game; CFR and CFR+ run to :data:`ITERATIONS`; every
   exploitability is OpenSpiel's exact best response on the exact tree.
2. **Bots on the small game**: ``random`` (exact: uniform over its choices), ``rules``
   (exact: deterministic), ``montecarlo`` (its choice sampled :data:`MC_SAMPLES` times per
   information set: an estimate of its mixed policy, whose exploitability is then exact),
   uniform over rows, and the CFR+ solution.
3. **Larger game, MCCFR** (:data:`LARGE`: ten hole cards, stacks of 20, two raises): the
   external-sampling MCCFR curve of exact exploitability against iterations.
4. **The ``cfr`` bot on the ladder**: heads-up limit Americana, the real game, duplicate
   deals against ``random``, ``rules`` and ``montecarlo``, big bets per 100 hands with 95%
   intervals. Its exploitability in the real game cannot be computed (the tree is far too
   big); the ladder is an estimate.

CPU time (``time.process_time``) for every timing.
"""

from __future__ import annotations

import time
from typing import Any

import pyspiel

import parlour.openspiel  # noqa: F401 - registers the games
from parlour.bots.solved import load_policy
from parlour.openspiel import solving
from parlour.openspiel.efg import export
from parlour.simulation.match import Match
from parlour.simulation.pool import run as simulate

SMALL = (
    "parlour_americana(players=2,stack=10,raise_cap=1,deck=Ac Qh Jc Tc 7h 7s,"
    "upcards=Kh Qd 9c 8s|Ks Jd 9d 8c)"
)
LARGE = (
    "parlour_americana(players=2,stack=20,raise_cap=2,deck=Ac Qh Jc Tc 7h 7s Ah As Th Ts,"
    "upcards=Kh Qd 9c 8s|Ks Jd 9d 8c)"
)
ITERATIONS = 2000
MC_SAMPLES = 8


def tree_figures(name: str) -> tuple[Any, Any, dict[str, Any]]:
    """Export a game; its tree and the figures of the export."""
    game = pyspiel.load_game(name)
    start = time.process_time()
    tree = export(game)
    spent = time.process_time() - start
    counts = solving.info_count(tree)
    figures = {
        "game": name,
        "nodes": tree.nodes,
        "infosets": {f"player_{p}": n for p, n in sorted(counts.items())},
        "export_cpu_s": round(spent, 2),
    }
    return tree, tree.game(), figures


def small_game(quick: bool) -> dict[str, Any]:
    """Section 1 and 2."""
    tree, efg, out = tree_figures(SMALL)
    iterations = 200 if quick else ITERATIONS
    marks = [m for m in (10, 30, 100, 300, 1000) if m < iterations]
    out["curves"] = {}
    solver = None
    for name in ("cfr", "cfr+"):
        solver, curve = solving.solve(efg, name, iterations, marks)
        out["curves"][name] = curve
    assert solver is not None
    solution = solving.policy_rows(tree, efg, solver.average_policy())
    policies = {
        "cfr+ solution": solution,
        "uniform over rows": solving.uniform_policy(tree),
        "random": solving.bot_policy(tree, "random"),
        "rules": solving.bot_policy(tree, "rules"),
    }
    samples = 2 if quick else MC_SAMPLES
    start = time.process_time()
    policies["montecarlo"] = solving.bot_policy(tree, "montecarlo", samples=samples)
    out["montecarlo_policy_cpu_s"] = round(time.process_time() - start, 1)
    out["montecarlo_samples_per_infoset"] = samples
    out["exploitability"] = {
        name: solving.exploitability(efg, solving.tabular(tree, efg, rows))
        for name, rows in policies.items()
    }
    out["exact"] = {
        "cfr+ solution": "exact",
        "uniform over rows": "exact",
        "random": "exact (uniform over its legal choices)",
        "rules": "exact (deterministic)",
        "montecarlo": f"exact for its policy estimated from {samples} samples per information set",
    }
    return out


def large_game(quick: bool) -> dict[str, Any]:
    """Section 3 (quick: MCCFR on the small game instead)."""
    tree, efg, out = tree_figures(SMALL if quick else LARGE)
    iterations = 20_000 if quick else 300_000
    marks = [m for m in (1000, 3000, 10_000, 30_000, 100_000) if m < iterations]
    _, curve = solving.solve(efg, "mccfr", iterations, marks, seed=1)
    out["mccfr_external_sampling"] = curve
    out["random_exploitability"] = solving.exploitability(
        efg, solving.tabular(tree, efg, solving.bot_policy(tree, "random"))
    )
    out["rules_exploitability"] = solving.exploitability(
        efg, solving.tabular(tree, efg, solving.bot_policy(tree, "rules"))
    )
    return out


def ladder(quick: bool) -> dict[str, Any]:
    """Section 4: heads-up duplicate matches of the cfr bot against each other bot."""
    hands = 200 if quick else 3000
    rows: dict[str, Any] = {"hands_per_match": hands, "duplicate": True, "matches": {}}
    for other in ("random", "rules", "montecarlo"):
        match = Match("americana", ("cfr", other), seed=7, duplicate=True)
        start = time.time()
        results = simulate(match, hands, workers=2)
        cfr, opponent = results.summaries()
        gap = results.difference(0, 1).scaled(100 / match.big_bet)
        rows["matches"][other] = {
            "cfr_bb_per_100": _estimate(cfr.big_bets_per_100),
            "opponent_bb_per_100": _estimate(opponent.big_bets_per_100),
            "cfr_minus_opponent_bb_per_100": _estimate(gap),
            "wall_s": round(time.time() - start, 1),
        }
    rows["policy"] = load_policy()["meta"]
    return rows


def _estimate(e: Any) -> dict[str, float]:
    return {"mean": round(e.mean, 2), "low": round(e.low, 2), "high": round(e.high, 2)}


def run(quick: bool) -> dict[str, Any]:
    """The benchmarks contract: every figure of this module as JSON-ready data."""
    return {
        "timer": "process_time (CPU) unless named wall_s",
        "units": "exploitability in chips per hand (NashConv / 2); ladder in big bets per 100",
        "small_game": small_game(quick),
        "larger_game": large_game(quick),
        "ladder": ladder(quick),
    }


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
