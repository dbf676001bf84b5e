"""Train the ``cfr`` bot's policy: external-sampling Monte Carlo CFR (OpenSpiel's Python
solver) on heads-up limit Americana with the abstract information states of
:mod:`parlour.bots.abstraction`, written as the bot's policy file.

    python -m parlour.openspiel.training --iterations 6000 --seed 1 \\
        --out src/parlour/bots/data/cfr_americana.json

The game is the real one (full deck, chance on every card, default options, stacks of 100
big bets as on the ladder); only the solver's view of it is abstract, so the result is a
heuristic policy, not an equilibrium of the game, and its exploitability in the full game
cannot be computed (docs/research.md).
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel  # type: ignore[import-untyped,import-not-found,unused-ignore]
from open_spiel.python.algorithms import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
    external_sampling_mccfr,
    mccfr,
)

import parlour.openspiel  # noqa: F401 - registers the games
from parlour.bots.solved import MOVES

#: The game the policy is trained on: the ladder's table (400 chips = 100 big bets).
GAME = "parlour_americana(players=2,stack=400,abstraction=True)"


def train(iterations: int, seed: int, game_string: str = GAME) -> dict[str, Any]:
    """Run the solver; the average policy per abstract state as chances of the moves."""
    np.random.seed(seed)  # OpenSpiel's Python MCCFR samples with NumPy's global generator
    game = pyspiel.load_game(game_string)
    solver = external_sampling_mccfr.ExternalSamplingSolver(
        game, external_sampling_mccfr.AverageType.SIMPLE
    )
    start = time.process_time()
    for _ in range(iterations):
        solver.iteration()
    spent = time.process_time() - start
    policy: dict[str, list[float]] = {}
    for key, info in solver._infostates.items():  # the solver's tables: regrets, averages
        sums = np.asarray(info[mccfr.AVG_POLICY_INDEX], dtype=float)
        legal = _legal_rows(key)
        total = float(sums.sum())
        chances = sums / total if total > 0 else np.full(len(legal), 1 / len(legal))
        moves = [0.0] * len(MOVES)
        for row, p in zip(legal, chances, strict=True):
            moves[row] = round(float(p), 4)
        policy[key] = moves
    meta = {
        "game": game_string,
        "solver": "external-sampling MCCFR (open_spiel.python), simple averaging",
        "iterations": iterations,
        "seed": seed,
        "cpu_s": round(spent, 1),
        "states": len(policy),
    }
    return {"meta": meta, "policy": dict(sorted(policy.items()))}


def _legal_rows(key: str) -> list[int]:
    """The legal rows of an abstract state, from its key's move flags (fold, passive,
    raise): in limit these are rows 0, 1 and 2 of the action table."""
    flags = key.split("|")[2]
    return [row for row in range(3) if flags[row] == "1"]


def main(argv: Sequence[str] | None = None) -> int:
    """Train and write the policy file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    result = train(args.iterations, args.seed)
    args.out.write_text(json.dumps(result, indent=0, separators=(",", ":")) + "\n", "utf-8")
    print(json.dumps(result["meta"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
