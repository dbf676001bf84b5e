"""The batched RL environments: agent steps per second, against one table at a time.

* ``AmericanaVectorEnv`` (Gymnasium ``VectorEnv``): 8,192 heads-up tables, the learner
  taking the first legal row of each mask (a NumPy argmax, so the figure is the
  environment's cost, not a network's), random opponents, default settings (arrays
  copied out, ``final_obs`` built for the hands that end). Measured with one and with
  two threads. Each figure counts CPU time: the process's (every thread and the Python
  around the kernels) gives steps per CPU second; "two cores" is the time the step
  would take on two free cores: the main thread's Python plus the slower kernel thread
  (``time.thread_time`` in each), the shared machine's other work left out.
* ``SingleSeatEnv`` (Gymnasium ``Env``, pure Python, one table), the same learner rule
  and opponents, for scale.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

import measure
from parlour.rl.single_seat import SingleSeatEnv
from parlour.rl.vector import AmericanaVectorEnv

TABLES = 8192


def vector(threads: int, steps: int, repeats: int) -> tuple[measure.Figure, measure.Figure]:
    """Steps per CPU second, and per second on ``threads`` free cores."""
    env = AmericanaVectorEnv(TABLES, threads=threads, seed=1)
    observations, _ = env.reset(seed=1)
    per_cpu: list[float] = []
    per_core: list[float] = []
    for _ in range(repeats):
        kernel_before = list(env.kernel_seconds)
        process = time.process_time()
        main = time.thread_time()
        for _ in range(steps):
            rows = observations["action_mask"].argmax(axis=1)
            observations, *_ = env.step(rows)
        main_seconds = time.thread_time() - main
        total = time.process_time() - process
        kernels = [a - b for a, b in zip(env.kernel_seconds, kernel_before, strict=True)]
        python = main_seconds - (kernels[0] if threads == 1 else 0.0)
        per_cpu.append(steps * TABLES / total)
        per_core.append(steps * TABLES / (python + max(kernels)))
    env.close()
    return (
        measure.rates(per_cpu, "steps/s", "process CPU", note=f"{threads} thread(s), all CPU"),
        measure.rates(
            per_core,
            "steps/s",
            "thread CPU",
            note=f"on {threads} free core(s): main thread's Python + slowest kernel thread",
        ),
    )


def single(steps: int, repeats: int) -> measure.Figure:
    """SingleSeatEnv steps per second (one table, Python)."""
    env = SingleSeatEnv("americana", opponents=["random"])
    observation, _ = env.reset(seed=1)

    def once() -> None:
        nonlocal observation
        for _ in range(steps):
            row = int(np.argmax(observation["action_mask"]))
            observation, _, done, _, _ = env.step(row)
            if done:
                observation, _ = env.reset()

    return measure.rate(steps, measure.seconds(once, repeats), "steps/s")


def run(quick: bool) -> dict[str, Any]:
    """Every RL figure."""
    repeats = 3 if quick else 5
    steps = 10 if quick else 60
    one_cpu, one_core = vector(1, steps, repeats)
    two_cpu, two_core = vector(2, steps, repeats)
    plain = single(2000 if quick else 10_000, repeats)
    return {
        "vector_1_thread": one_cpu,
        "vector_1_core": one_core,
        "vector_2_threads": two_cpu,
        "vector_2_cores": two_core,
        "single_seat_python": plain,
        "ratios": {
            "two_cores_over_one": measure.ratio(two_core, one_core, "thread CPU, see vector()"),
            "vector_two_cores_over_single_seat": measure.ratio(two_core, plain),
        },
    }


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
