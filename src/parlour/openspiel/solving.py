"""Solvers and exploitability on parlour games small enough to enumerate (docs/research.md).

The game tree goes to OpenSpiel's C++ side as an EFG game (:mod:`parlour.openspiel.efg`);
CFR, CFR+ and external-sampling MCCFR run there, and every exploitability here is
OpenSpiel's exact best-response computation on that tree (exact for the policy given).
parlour's bots become OpenSpiel policies by asking them at one state of every information
set: ``random`` and ``rules`` exactly (uniform over the legal choices; a deterministic
rule), ``montecarlo`` by sampling its choice several times (its simulation is random, so
that policy is an estimate of the bot's).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]

from parlour.bots import make_bot
from parlour.openspiel.efg import InfoSet, Tree

#: A policy of the Python game: information-state string -> {row: probability}.
RowPolicy = Mapping[str, Mapping[int, float]]


def efg_states(efg_game: Any) -> dict[str, Any]:
    """One state of every information set of the EFG game, by its information-state string."""
    out: dict[str, Any] = {}
    stack = [efg_game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            continue
        if not state.is_chance_node():
            out.setdefault(state.information_state_string(), state)
        stack.extend(state.child(a) for a in state.legal_actions())
    return out


def action_ids(efg_game: Any) -> dict[int, int]:
    """Row of the action table -> action id of the EFG game (the action names are ``rN``)."""
    out: dict[int, int] = {}
    for state in efg_states(efg_game).values():
        for a in state.legal_actions():
            out[int(state.action_to_string(a)[1:])] = a
    return out


def tabular(tree: Tree, efg_game: Any, policy: RowPolicy) -> Any:
    """A ``pyspiel.TabularPolicy`` of the EFG game from a policy over rows."""
    ids = action_ids(efg_game)
    table: dict[str, list[tuple[int, float]]] = {}
    for key, info in tree.infosets.items():
        rows = policy[key]
        table[tree.efg_key(info)] = [(ids[r], float(rows.get(r, 0.0))) for r in info.rows]
    return pyspiel.TabularPolicy(table)


def exploitability(efg_game: Any, policy: Any) -> float:
    """OpenSpiel's exploitability (NashConv / players, chips per hand), exact on the tree."""
    return float(pyspiel.exploitability(efg_game, policy))


def bot_policy(
    tree: Tree, bot: str, samples: int = 1, seed: int = 0
) -> dict[str, dict[int, float]]:
    """What bot ``bot`` plays in every information set, as chances over rows.

    ``random`` is worked out exactly (each legal choice is equally likely); other bots are
    asked ``samples`` times with different random streams and their answers counted.
    """
    out: dict[str, dict[int, float]] = {}
    codec = None
    for key, info in tree.infosets.items():
        state = info.state
        spec = state._spec
        codec = spec.codec
        view = state.view(info.player)
        decision = codec.decision(view)
        if bot == "random":
            picks = [c.action() for c in view.legal_actions]
        else:
            player = make_bot(bot, spec.game_name, spec.options.to_dict())
            rng = random.Random(f"{seed}/{key}")
            picks = [player.choose(view, rng) for _ in range(samples)]
        counts = Counter(_row_of(decision, info.rows, a) for a in picks)
        total = sum(counts.values())
        out[key] = {row: n / total for row, n in counts.items()}
    del codec
    return out


def uniform_policy(tree: Tree) -> dict[str, dict[int, float]]:
    """Every legal row equally likely (a baseline)."""
    return {k: {r: 1 / len(i.rows) for r in i.rows} for k, i in tree.infosets.items()}


def _row_of(decision: Any, rows: Iterable[int], action: Any) -> int:
    """The row whose engine action is ``action`` (limit: every action has one row)."""
    wanted = action.to_dict()
    for row in rows:
        if decision.action(row).to_dict() == wanted:
            return row
    raise ValueError(f"{wanted} is not a row of the action table here")


def solve(
    efg_game: Any, solver: str, iterations: int, checkpoints: Iterable[int], seed: int = 1
) -> tuple[Any, list[dict[str, float]]]:
    """Run ``solver`` (``cfr``, ``cfr+`` or ``mccfr``: external sampling) and measure the
    exact exploitability of its average policy at each checkpoint (CPU seconds too).

    Returns the solver (keep it while using its ``average_policy()``: the C++ policy
    refers to it) and the curve.
    """
    make: dict[str, Callable[[], Any]] = {
        "cfr": lambda: pyspiel.CFRSolver(efg_game),
        "cfr+": lambda: pyspiel.CFRPlusSolver(efg_game),
        "mccfr": lambda: pyspiel.ExternalSamplingMCCFRSolver(efg_game, seed=seed),
    }
    run = make[solver]()
    step = run.run_iteration if solver == "mccfr" else run.evaluate_and_update_policy
    marks = sorted(set(checkpoints) | {iterations})
    curve: list[dict[str, float]] = []
    spent = 0.0
    done = 0
    for mark in marks:
        start = time.process_time()
        for _ in range(mark - done):
            step()
        spent += time.process_time() - start
        done = mark
        value = exploitability(efg_game, run.average_policy())
        curve.append({"iterations": mark, "exploitability": value, "cpu_s": spent})
    return run, curve


def policy_rows(tree: Tree, efg_game: Any, policy: Any) -> dict[str, dict[int, float]]:
    """A C++ policy of the EFG game as chances over rows per Python information state."""
    states = efg_states(efg_game)
    out: dict[str, dict[int, float]] = {}
    for key, info in tree.infosets.items():
        state = states[tree.efg_key(info)]
        probs = policy.action_probabilities(state)
        out[key] = {int(state.action_to_string(a)[1:]): float(p) for a, p in probs.items()}
    return out


def info_count(tree: Tree) -> Counter[int]:
    """Information sets per player."""
    return Counter(i.player for i in tree.infosets.values())


def mean_abs(values: Iterable[float]) -> float:
    """The mean of absolute values (0 for none)."""
    array = np.abs(np.fromiter(values, dtype=float))
    return float(array.mean()) if array.size else 0.0


__all__ = ["InfoSet", "RowPolicy", "Tree"]
