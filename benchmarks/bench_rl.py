"""Agent steps per second of the plain Python RL environments, before and after issue 13.

``python benchmarks/bench_rl.py [--quick]`` (or through ``benchmarks/run.py --only rl``).

*Before* is the ``parlour.rl`` package as it was at commit :data:`BASELINE` (one view per
observation call, one-hot tables rebuilt per card, the mask worked out twice per step, one
step per soldier in Palace trims), taken from git into a temporary package and run on the
same engine as *after*, so the ratio measures the environment layer alone. Both sides play
the same game shapes with the same policy: a uniform choice among the legal rows of the
mask, from a seeded ``random.Random``, through the PettingZoo raw AEC loop (``last()`` then
``step()``), counting agent steps and hands. Palace's tables differ (a trim is one step
after, several before), so Palace is compared in hands per second as well as steps.

Figures are CPU time (``time.process_time``): the median of the repeats, with min and max.
"""

from __future__ import annotations

import importlib
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median
from typing import Any

import numpy as np

#: The commit whose ``parlour.rl`` is the "before" (the last one before issue 13's work).
BASELINE = "c62aa5a"
ROOT = Path(__file__).resolve().parents[1]
#: (name, module, players, options)
SHAPES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("americana_2p_limit", "americana_v0", 2, {}),
    ("americana_3p_no_limit", "americana_v0", 3, {"structure": "no_limit"}),
    ("palace_2p_limit", "palace_v0", 2, {}),
    ("palace_4p_no_limit", "palace_v0", 4, {"structure": "no_limit"}),
]


def baseline_package(where: Path) -> str:
    """Write the baseline ``parlour.rl`` into ``where`` as ``parlour_rl_baseline``."""
    name = "parlour_rl_baseline"
    target = where / name
    target.mkdir()
    listing = subprocess.run(
        ["git", "ls-tree", "--name-only", f"{BASELINE}:src/parlour/rl"],
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for file in listing:
        source = subprocess.run(
            ["git", "show", f"{BASELINE}:src/parlour/rl/{file}"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        source = re.sub(r"\bparlour\.rl\b", name, source)
        (target / file).write_text(source, encoding="utf-8")
    return name


def play(module: Any, players: int, options: dict[str, Any], hands: int) -> tuple[int, int]:
    """Play ``hands`` hands with uniform legal rows; returns (agent steps, hands)."""
    env = module.raw_env(num_players=players, options=options)
    rng = random.Random(7)
    steps = 0
    for h in range(hands):
        env.reset(seed=h)
        for agent in env.agent_iter():
            observation, _, done, truncated, _ = env.last()
            if done or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * legal.size)]))
            steps += 1
            del agent
    return steps, hands


def measure(module: Any, players: int, options: dict[str, Any], hands: int) -> dict[str, float]:
    """Steps and hands per CPU second of one run."""
    start = time.process_time()
    steps, played = play(module, players, options, hands)
    spent = time.process_time() - start
    return {"steps_per_s": steps / spent, "hands_per_s": played / spent, "steps": steps}


def summary(values: list[float]) -> dict[str, float]:
    """Median, min and max of the repeats."""
    return {"median": median(values), "min": min(values), "max": max(values)}


def run(quick: bool) -> dict[str, Any]:
    """The benchmarks contract: every figure of this module as JSON-ready data."""
    repeats = 3 if quick else 5
    hands = 60 if quick else 300
    out: dict[str, Any] = {
        "baseline_commit": BASELINE,
        "repeats": repeats,
        "hands_per_repeat": hands,
        "timer": "process_time (CPU)",
        "policy": "uniform over the legal rows of the mask, PettingZoo raw_env AEC loop",
        "shapes": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        sys.path.insert(0, tmp)
        try:
            base = baseline_package(Path(tmp))
            for name, module_name, players, options in SHAPES:
                before = importlib.import_module(f"{base}.{module_name}")
                after = importlib.import_module(f"parlour.rl.{module_name}")
                runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
                for _ in range(repeats):  # interleaved, so machine load hits both alike
                    runs["before"].append(measure(before, players, options, hands))
                    runs["after"].append(measure(after, players, options, hands))
                shape: dict[str, Any] = {}
                for side, results in runs.items():
                    shape[side] = {
                        "steps_per_s": summary([r["steps_per_s"] for r in results]),
                        "hands_per_s": summary([r["hands_per_s"] for r in results]),
                        "steps_per_hand": results[0]["steps"] / hands,
                    }
                for unit in ("steps_per_s", "hands_per_s"):
                    shape[f"ratio_{unit}"] = (
                        shape["after"][unit]["median"] / shape["before"][unit]["median"]
                    )
                out["shapes"][name] = shape
        finally:
            sys.path.remove(tmp)
    return out


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
