"""Array policies in batch play: every hand they play replays with the reference engine."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from parlour.batch import play_americana, play_palace
from parlour.batch.policies import highest, lowest, uniform

from .differential import Tally
from .policies import illegal


@pytest.mark.parametrize("structure", ["limit", "pot_limit", "no_limit"])
@pytest.mark.parametrize("policy", [highest, lowest, uniform])
def test_americana_policy_hands_replay(structure: str, policy: Callable[..., Any]) -> None:
    batch = play_americana(
        400, stacks=[20, 50, 80], options={"structure": structure}, seed=2, policy=policy
    )
    tally = Tally()
    tally.check(batch)
    assert not tally.disagreements, tally.report()


@pytest.mark.parametrize("structure", ["limit", "no_limit"])
@pytest.mark.parametrize("policy", [highest, lowest, uniform])
def test_palace_policy_hands_replay(structure: str, policy: Callable[..., Any]) -> None:
    batch = play_palace(
        300, stacks=[20, 50, 80, 120], options={"structure": structure}, seed=2, policy=policy
    )
    tally = Tally()
    tally.check(batch)
    assert not tally.disagreements, tally.report()


def test_policy_seats_choose_who_asks_the_policy() -> None:
    """Seat 0 always takes the highest row (it never folds first in limit: it raises or
    calls); the others play at random. Per-hand seats follow the given rows."""
    batch = play_americana(2000, players=3, seed=3, policy=highest, policy_seats=[0])
    first_moves = [batch.record(i)["actions"] for i in range(batch.hands)]
    assert all(a["do"] != "fold" for moves in first_moves for a in moves if a["seat"] == 0)
    assert any(a["do"] == "fold" for moves in first_moves for a in moves if a["seat"] != 0)
    flags = np.zeros((2000, 3), np.int64)
    flags[::2, 1] = 1
    per_hand = play_americana(2000, players=3, seed=3, policy=highest, policy_seats=flags)
    tally = Tally()
    tally.check(per_hand)
    assert not tally.disagreements, tally.report()


def test_the_same_seed_gives_the_same_policy_hands() -> None:
    one = play_palace(500, players=4, seed=8, policy=uniform, threads=1)
    two = play_palace(500, players=4, seed=8, policy=uniform, threads=2)
    assert np.array_equal(one.codes, two.codes)


@pytest.mark.parametrize("play", [play_americana, play_palace])
def test_an_illegal_row_is_an_error_naming_the_hand(play: Callable[..., Any]) -> None:
    with pytest.raises(ValueError, match="hand 0 stopped: the array policy chose a row"):
        play(5, players=2, policy=illegal)
