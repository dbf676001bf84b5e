"""Agent steps per second of the plain Python RL environments, before and after issue 13.

``python benchmarks/bench_rl.py [--quick]`` (or through ``benchmarks/run.py --only rl``).

*Before* is ``tests/rl/rl_oracle``: the plain environments as they were before the speed
work (a frozen copy, which tests/rl/test_rl_speed_equality.py holds the new ones equal to,
step by step), on today's engine. *After* is ``parlour.rl`` with today's engine. *At the
issue* is the whole package as it was when issue 13 was filed (commit :data:`ISSUE_COMMIT`:
its environments on its own engine, what the issue measured), taken from git into a
temporary directory and run in a subprocess (benchmarks/rl_issue_worker.py) whose
``PYTHONPATH`` points there; it is measured for the AEC environments and the single seat
in the default observation (the issue had no other), and its Palace trims took one step
per soldier, so compare its hands per second.

Each case plays the same hands with the same policy on every side: a uniform choice among
the legal rows of the mask from a seeded ``random.Random``; the AEC environments through
PettingZoo's raw loop (``last()`` then ``step()``), the single-seat Gymnasium environment
(``reset``/``step``) against ``random`` bots, which take their share of the time on every
side. Sides are interleaved within each repeat so the shared machine's load hits them alike
(the subprocess's side too: it plays its repeat between the others and reports its own CPU
time). For the AEC cases an *engine* side replays the same deals and decisions on today's
engine alone (:func:`engine_only`); a side's time per step less the engine's is its
*layer*: everything that is not the engine (observations, masks, PettingZoo's bookkeeping,
the loop choosing rows). Figures are CPU time (``time.process_time``): medians over the
repeats with min and max; a ratio is after over the other side per repeat.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from statistics import median
from typing import Any

from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler
from rl_loops import aec_hands, single_hands  # beside this file

#: The commit whose package was measured when issue 13 was filed.
ISSUE_COMMIT = "c62aa5a"
ROOT = Path(__file__).resolve().parents[1]
WORKER = Path(__file__).resolve().parent / "rl_issue_worker.py"
ORACLE = ROOT / "tests" / "rl"
#: (name, game, players, options)
SHAPES: list[tuple[str, str, int, dict[str, Any]]] = [
    ("americana_2p_limit", "americana", 2, {}),
    ("americana_3p_no_limit", "americana", 3, {"structure": "no_limit"}),
    ("palace_2p_limit", "palace", 2, {}),
    ("palace_4p_no_limit", "palace", 4, {"structure": "no_limit"}),
]
OBSERVATIONS = ("view", "infostate")
#: The single-seat cases: (name, game, opponents, options).
SINGLE_SEAT: list[tuple[str, str, int, dict[str, Any]]] = [
    ("americana_2p_limit", "americana", 1, {}),
    ("palace_2p_limit", "palace", 1, {}),
    ("palace_4p_no_limit", "palace", 3, {"structure": "no_limit"}),
]

#: One run: (agent steps, hands).
Play = Callable[[int], tuple[int, int]]


def issue_source(where: Path) -> Path:
    """Write ``src/parlour`` as of :data:`ISSUE_COMMIT` (the whole package: engine, codecs,
    environments, data) under ``where``; the directory to put on ``PYTHONPATH``."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", ISSUE_COMMIT, "src/parlour"],
        cwd=ROOT,
        check=True,
        capture_output=True,
    ).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(where, filter="data")
    return where / "src"


class IssueSide:
    """The issue commit's package in a subprocess (benchmarks/rl_issue_worker.py).

    :meth:`side` gives a :data:`Play` for one case; each call plays its hands in the
    subprocess and keeps the CPU time they took there in :attr:`cpu` (:func:`timed` reads
    it: the parent's own CPU time would measure only the waiting).
    """

    def __init__(self, source: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(source)}
        self._process = subprocess.Popen(
            [sys.executable, str(WORKER)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=source,
        )
        where = Path(self._read()["parlour"]).resolve()
        if not where.is_relative_to(source.resolve()):
            self.close()
            raise RuntimeError(f"the issue side imported parlour from {where}, not {source}")
        self.cpu = 0.0

    def _read(self) -> dict[str, Any]:
        assert self._process.stdout is not None
        line = self._process.stdout.readline()
        if not line:
            raise RuntimeError("the issue side's subprocess stopped")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def side(self, kind: str, game: str, players: int, options: dict[str, Any]) -> Play:
        """The issue's ``kind`` environment (``aec`` or ``single``) for one case."""

        def play(hands: int) -> tuple[int, int]:
            assert self._process.stdin is not None
            request = {
                "kind": kind,
                "game": game,
                "players": players,
                "options": options,
                "hands": hands,
            }
            self._process.stdin.write(json.dumps(request) + "\n")
            self._process.stdin.flush()
            answer = self._read()
            self.cpu = float(answer["cpu"])
            return int(answer["steps"]), int(answer["hands"])

        play.issue_side = self  # type: ignore[attr-defined]
        return play

    def close(self) -> None:
        """End the subprocess (its stdin closed, it returns)."""
        if self._process.stdin is not None:
            self._process.stdin.close()
        self._process.wait(timeout=60)


def aec(module: Any, players: int, options: dict[str, Any], observation: str | None) -> Play:
    """Hands of a PettingZoo raw AEC environment with uniform legal rows."""
    kwargs: dict[str, Any] = {"num_players": players, "options": options}
    if observation is not None:
        kwargs["observation"] = observation
    env = module.raw_env(**kwargs)
    env.reset(seed=0)  # imports and first-hand costs stay out of the timing

    def play(hands: int) -> tuple[int, int]:
        return aec_hands(env, hands), hands

    return play


def engine_only(module: Any, players: int, options: dict[str, Any], observation: str) -> Play:
    """The engine's share of :func:`aec`'s hands: the same deals and the same decisions,
    applied to the engine directly (no observation, no mask, no PettingZoo, no policy).

    The decisions are recorded from one untimed run of ``module``'s environment; each hand
    is dealt from ``random.Random(seed)`` exactly as the environment deals it.
    """
    env = module.raw_env(num_players=players, options=options, observation=observation)
    table = env.table
    recorded: list[list[Any]] = []

    def record(hands: int) -> None:
        aec_hands(env, hands, lambda: recorded.append(list(table.hand.actions)))

    def play(hands: int) -> tuple[int, int]:
        if len(recorded) < hands:
            recorded.clear()
            record(hands)
        game, table_options = table.game, table.table_options
        seats = [SeatSpec(i, table.stack, f"player_{i}") for i in range(players)]
        steps = 0
        for h in range(hands):
            rng = random.Random(h)
            button = rng.randrange(players)
            hand = game.start_hand(table_options, seats, button, SeededShuffler(rng))
            for action in recorded[h]:
                hand.apply(action)
            steps += len(recorded[h])
        return steps, hands

    return play


def single_seat(
    env_type: Any, game: str, opponents: int, options: dict[str, Any], observation: str
) -> Play:
    """Episodes of the Gymnasium single-seat environment with uniform legal rows."""
    env = env_type(game, ["random"] * opponents, options=options, observation=observation)
    env.reset(seed=0)

    def play(hands: int) -> tuple[int, int]:
        return single_hands(env, hands), hands

    return play


def timed(play: Play, hands: int) -> dict[str, float]:
    """Steps and hands per CPU second of one run."""
    start = time.process_time()
    steps, played = play(hands)
    spent = time.process_time() - start
    issue: IssueSide | None = getattr(play, "issue_side", None)
    if issue is not None:
        spent = issue.cpu  # the subprocess's own CPU time
    return {"steps_per_s": steps / spent, "hands_per_s": played / spent, "steps": steps}


def summary(values: list[float], unit: str) -> dict[str, Any]:
    """Median, min and max of the repeats."""
    return {"median": median(values), "min": min(values), "max": max(values), "unit": unit}


def compare(sides: dict[str, Play], hands: int, repeats: int) -> dict[str, Any]:
    """Run every side ``repeats`` times, interleaved; figures per side and ratios to before."""
    runs: dict[str, list[dict[str, float]]] = {side: [] for side in sides}
    for _ in range(repeats):
        for side, play in sides.items():
            runs[side].append(timed(play, hands))
    out: dict[str, Any] = {}
    for side, results in runs.items():
        out[side] = {
            "steps_per_s": summary([r["steps_per_s"] for r in results], "steps/s"),
            "hands_per_s": summary([r["hands_per_s"] for r in results], "hands/s"),
            "steps_per_hand": results[0]["steps"] / hands,
        }
    for side in ("before", "engine"):
        if side in runs and runs[side][0]["steps"] != runs["after"][0]["steps"]:
            raise AssertionError(f"{side} and after played different games: not like with like")
    if "engine" in runs:
        # The environment layer's own time per step: a side's time less the engine's.
        layer: dict[str, list[float]] = {"before": [], "after": []}
        for i, engine in enumerate(runs["engine"]):
            for side in layer:
                run_ = runs[side][i]
                layer[side].append(1e6 / run_["steps_per_s"] - 1e6 / engine["steps_per_s"])
        for side, values in layer.items():
            out[side]["layer_us_per_step"] = summary(values, "µs")
        layers = zip(layer["before"], layer["after"], strict=True)
        out["ratio_layer_before_over_after"] = summary([b / a for b, a in layers], "x")
    for side in sides:
        if side in ("after", "engine"):
            continue
        for unit in ("steps_per_s", "hands_per_s"):
            pairs = zip(runs["after"], runs[side], strict=True)
            out[f"ratio_{unit}_over_{side}"] = summary([a[unit] / b[unit] for a, b in pairs], "x")
    return out


def run(quick: bool) -> dict[str, Any]:
    """The benchmarks contract: every figure of this module as JSON-ready data."""
    repeats = 3 if quick else 5
    hands = 40 if quick else 250
    out: dict[str, Any] = {
        "issue_commit": ISSUE_COMMIT,
        "before": "tests/rl/rl_oracle (parlour.rl before the speed work)",
        "issue": f"the whole package at {ISSUE_COMMIT} (its engine too), in a subprocess",
        "repeats": repeats,
        "hands_per_repeat": hands,
        "timer": "process_time (CPU)",
        "policy": "uniform over the legal rows of the mask; single seat against random bots",
        "aec": {},
        "single_seat": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        issue = IssueSide(issue_source(Path(tmp)))
        sys.path.insert(0, str(ORACLE))
        try:
            from parlour.rl.single_seat import SingleSeatEnv

            oracle_single = importlib.import_module("rl_oracle.single_seat").SingleSeatEnv
            for name, game, players, options in SHAPES:
                module = f"{game}_v0"
                before = importlib.import_module(f"rl_oracle.{module}")
                after = importlib.import_module(f"parlour.rl.{module}")
                for observation in OBSERVATIONS:
                    sides = {
                        "before": aec(before, players, options, observation),
                        "after": aec(after, players, options, observation),
                        "engine": engine_only(after, players, options, observation),
                    }
                    if observation == "view":
                        sides["issue"] = issue.side("aec", game, players, options)
                    out["aec"][f"{name}_{observation}"] = compare(sides, hands, repeats)
            for name, game, opponents, options in SINGLE_SEAT:
                for observation in OBSERVATIONS:
                    sides = {
                        "before": single_seat(oracle_single, game, opponents, options, observation),
                        "after": single_seat(SingleSeatEnv, game, opponents, options, observation),
                    }
                    if observation == "view":
                        sides["issue"] = issue.side("single", game, opponents + 1, options)
                    out["single_seat"][f"{name}_{observation}"] = compare(sides, hands, repeats)
        finally:
            sys.path.remove(str(ORACLE))
            issue.close()
    return out


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
