"""The Ray backend gives exactly the process pool's results for the same seed."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from parlour.simulation import pool
from parlour.simulation.match import Match

ray = pytest.importorskip("ray", reason="the cluster extra (ray) is not installed")

pytestmark = [
    pytest.mark.integration,
    pytest.mark.filterwarnings("ignore::DeprecationWarning", "ignore::FutureWarning"),
]


@pytest.fixture(scope="module")
def local_ray() -> Iterator[object]:
    """A local Ray with two CPUs, started by the test and shut down after it."""
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield ray
    ray.shutdown()


@pytest.mark.parametrize(
    "match",
    [
        Match("americana", ("random", "rules"), seed=11),
        Match("palace", ("random", "random", "rules"), seed=5, duplicate=True),
        # the batch engine (random bots and an array policy) on Ray: the same results
        Match("palace", ("random", "parlour.batch.policies:highest"), seed=5, duplicate=True),
    ],
)
def test_ray_matches_process_pool(local_ray: object, match: Match) -> None:
    from parlour.simulation import ray_backend

    records: list[dict[str, object]] = []
    on_ray = ray_backend.run(match, 120, on_records=records.extend)
    local = pool.run(match, 120, workers=2)
    assert np.array_equal(on_ray.winnings, local.winnings)
    assert len(records) == on_ray.hands
    assert [s.chips for s in on_ray.summaries()] == [s.chips for s in local.summaries()]


def test_simulate_command_on_ray_prints_the_pool_results(
    local_ray: object, capsys: pytest.CaptureFixture[str]
) -> None:
    from parlour.cli import main

    base = ["simulate", "--game", "americana", "--bots", "random,rules", "--hands", "60"]
    assert main([*base, "--backend", "ray"]) == 0
    on_ray = capsys.readouterr().out.splitlines()[1:]
    assert main([*base, "--workers", "2"]) == 0
    local = capsys.readouterr().out.splitlines()[1:]
    assert on_ray == local
