"""Matches of random bots and array policies run on the compiled batch engine, with the
reference path's meaning: statistics, duplicate deals, records, workers, Ray."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("numba")

from parlour.cli import main
from parlour.records import iter_file, replay_dict
from parlour.simulation.match import Match
from parlour.simulation.pool import run

POLICY = "parlour.batch.policies:highest"


def test_random_bots_go_to_the_batch_engine_and_others_do_not() -> None:
    assert Match("americana", ("random", "random"), seed=1).uses_batch
    assert Match("palace", ("random", POLICY), seed=1).uses_batch
    assert not Match("palace", ("random", "rules"), seed=1).uses_batch
    assert not Match("americana", ("random", "random"), seed=1, engine="reference").uses_batch


@pytest.mark.parametrize(
    ("match", "message"),
    [
        (Match("palace", ("rules", POLICY), seed=1), "only random bots and array policies"),
        (Match("palace", ("random", "rules"), seed=1, engine="batch"), "not 'rules'"),
        (Match("palace", (POLICY, "parlour.batch.policies:lowest"), seed=1), "at most one"),
        (Match("palace", ("random", POLICY), seed=1, engine="reference"), "only on the batch"),
        (Match("palace", ("random", "math:pi"), seed=1), "numba-compiled"),
        (Match("palace", ("random", "no_such_module:x"), seed=1), "cannot import"),
    ],
)
def test_what_the_batch_engine_cannot_play_is_said(match: Match, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _ = match.uses_batch


@pytest.mark.parametrize("game", ["americana", "palace"])
@pytest.mark.parametrize("duplicate", [False, True])
def test_results_do_not_depend_on_workers_and_records_replay(game: str, duplicate: bool) -> None:
    match = Match(game, ("random", POLICY, "random"), seed=3, duplicate=duplicate)
    records: list[dict[str, object]] = []
    one = run(match, 300, workers=1, on_records=records.extend)
    two = run(match, 300, workers=2)
    assert np.array_equal(one.winnings, two.winnings)
    assert one.hands == 300
    assert len(records) == 300
    assert (one.winnings.sum(axis=1) == 0).all()
    for record in records:
        replay_dict(record)


def test_duplicate_rotations_share_the_cards_and_move_the_bots() -> None:
    match = Match("americana", ("random", POLICY, "random"), seed=4, duplicate=True)
    records: list[dict[str, object]] = []
    run(match, 3, on_records=records.extend)
    assert len({str(r["shuffles"]) for r in records}) == 1
    assert len({str(r["button"]) for r in records}) == 1


def test_winnings_follow_the_bot_not_the_seat() -> None:
    """The policy always takes the highest row: it wins more than the random bots on
    average, wherever the rotation seats it."""
    match = Match("americana", ("random", POLICY), seed=2)
    results = run(match, 20_000)
    per_bot = results.winnings.mean(axis=0)
    assert per_bot[1] > per_bot[0]


def test_simulate_command_on_the_batch_engine(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "r.jsonl"
    args = ["simulate", "--game", "palace", "--bots", f"random,{POLICY}", "--hands", "50"]
    assert main([*args, "--records", str(records), "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "batch engine" in out
    assert "95% CI (bb/100)" in out
    for _, record in iter_file(records):
        replay_dict(record)
    assert (
        main(["simulate", "--game", "palace", "--bots", "random,rules", "--engine", "batch"]) == 2
    )
    assert "only random bots and array policies" in capsys.readouterr().err
