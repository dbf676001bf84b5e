"""The batched Americana environment: Gymnasium's vector conventions, exact agreement with
the batch engine (itself held to the reference engine), and the single-table
environment's meaning."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from gymnasium.spaces import Discrete
from gymnasium.vector import AutoresetMode

from parlour.batch import play_americana, play_palace
from parlour.batch.policies import highest
from parlour.batch.rng import below, choice_stream
from parlour.rl.single_seat import SingleSeatEnv
from parlour.rl.vector import AmericanaVectorEnv, PalaceVectorEnv


def _first_legal(mask: Any) -> Any:
    return mask.argmax(axis=1)


def _last_legal(mask: Any) -> Any:
    return mask.shape[1] - 1 - mask[:, ::-1].argmax(axis=1)


def _play(env: AmericanaVectorEnv, steps: int, seed: int) -> list[tuple[Any, ...]]:
    observations, _ = env.reset(seed=seed)
    out = []
    for _ in range(steps):
        rows = _first_legal(observations["action_mask"])
        observations, rewards, ended, _truncated, _infos = env.step(rows)
        out.append((observations["observation"].copy(), rewards.copy(), ended.copy()))
    return out


def test_spaces_shapes_and_types_follow_gymnasium() -> None:
    env = AmericanaVectorEnv(5, num_players=3)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, infos = env.reset(seed=0)
    assert infos == {}
    assert env.observation_space.contains(observations)
    assert env.single_action_space == Discrete(6)
    for _ in range(20):
        rows = _first_legal(observations["action_mask"])
        assert env.action_space.contains(rows)
        observations, rewards, ended, truncated, infos = env.step(rows)
        assert env.observation_space.contains(observations)
        assert rewards.shape == ended.shape == truncated.shape == (5,)
        assert rewards.dtype == np.float64
        assert ended.dtype == truncated.dtype == np.bool_
        assert not truncated.any()
        assert (observations["action_mask"].sum(axis=1) >= 1).all()  # every table awaits a row
        if ended.any():
            assert np.array_equal(infos["_final_obs"], ended)
            for j in range(5):
                assert (infos["final_obs"][j] is None) != bool(ended[j])
        else:
            assert infos == {}
    env.close()


def test_a_seed_gives_the_same_episodes_whatever_the_threads() -> None:
    one = _play(AmericanaVectorEnv(64, num_players=4, threads=1), 30, seed=7)
    two = _play(AmericanaVectorEnv(64, num_players=4, threads=2), 30, seed=7)
    other = _play(AmericanaVectorEnv(64, num_players=4, threads=1), 30, seed=8)
    for a, b in zip(one, two, strict=True):
        for x, y in zip(a, b, strict=True):
            assert np.array_equal(x, y)
    assert not all(np.array_equal(a[0], b[0]) for a, b in zip(one, other, strict=True))


def test_returned_arrays_are_copies_unless_asked_otherwise() -> None:
    env = AmericanaVectorEnv(4)
    first, _ = env.reset(seed=1)
    second, *_ = env.step(_first_legal(first["action_mask"]))
    assert first["observation"] is not second["observation"]
    shared = AmericanaVectorEnv(4, copy=False)
    first, _ = shared.reset(seed=1)
    second, *_ = shared.step(_first_legal(first["action_mask"]))
    assert first["observation"] is second["observation"]


def test_an_illegal_row_voids_that_tables_hand_as_in_the_single_table_envs() -> None:
    """parlour.rl.table's rule: the learner loses its whole stack, the hand is void, the
    next one is dealt; the other tables play on as if nothing happened. A malformed array
    is refused and changes nothing."""
    env = AmericanaVectorEnv(3, stack=50)
    twin = AmericanaVectorEnv(3, stack=50)
    observations, _ = env.reset(seed=2)
    twin.reset(seed=2)
    rows = _first_legal(observations["action_mask"])
    with pytest.raises(ValueError, match="3 integer rows"):
        env.step(rows[:2])
    bad = rows.copy()
    bad[1] = int(np.flatnonzero(observations["action_mask"][1] == 0)[0])
    after = env.step(bad)
    expected = twin.step(rows)
    assert after[1][1] == -50.0
    assert after[2][1]
    assert after[4]["illegal_action"].tolist() == [False, True, False]
    for j in (0, 2):
        assert np.array_equal(after[0]["observation"][j], expected[0]["observation"][j])
        assert after[1][j] == expected[1][j]
    outside = env.step(np.array([99, 0, 0]) * (after[0]["action_mask"].sum(axis=1) > 0))
    assert outside[4]["illegal_action"][0]
    with pytest.raises(RuntimeError, match="reset"):
        AmericanaVectorEnv(2).step(np.zeros(2, np.int64))


def test_hands_equal_the_batch_engine_hand_for_hand() -> None:
    """Everyone takes the highest legal row (the learner from the mask, the others as an
    array policy): each table's hands are then fixed by its deals, and the learner's
    rewards equal the batch engine's winnings for the same deals and buttons."""
    seed, seats, tables = 11, 3, 6
    env = AmericanaVectorEnv(tables, num_players=seats, opponent=highest)
    observations, _ = env.reset(seed=seed)
    rewards: list[list[float]] = [[] for _ in range(tables)]
    for _ in range(60):
        observations, reward, ended, _, _ = env.step(_last_legal(observations["action_mask"]))
        for j in np.flatnonzero(ended):
            rewards[j].append(float(reward[j]))
    for table in range(tables):
        numbers = [(table << 32) + k for k in range(200)]
        streams = [np.array([choice_stream(np.uint64(seed), n)], np.uint64) for n in numbers]
        buttons = [below(stream, seats) for stream in streams]
        batch = play_americana(
            len(numbers), players=seats, seed=seed, deals=numbers, choices=numbers,
            buttons=buttons, policy=highest,
        )  # fmt: skip
        # a hand in which the learner (seat 0) never decides is dealt again, not an episode
        episodes = [
            float(batch.winnings[k, 0])
            for k in range(batch.hands)
            if any(a["seat"] == 0 for a in batch.record(k)["actions"])
        ]
        assert rewards[table] == episodes[: len(rewards[table])]
        assert len(rewards[table]) > 5


def test_rewards_agree_with_the_single_table_environment() -> None:
    """Calling every time, against random opponents: the mean reward per hand is the same
    in both environments (95% intervals of the difference include zero)."""
    hands = 3000
    single = SingleSeatEnv("americana", opponents=["random", "random"])
    single.reset(seed=3)
    ours: list[float] = []
    while len(ours) < hands:
        _, reward, done, _, _ = single.step(1)
        if done:
            ours.append(reward)
            single.reset()
    env = AmericanaVectorEnv(250, num_players=3)
    env.reset(seed=3)
    theirs: list[float] = []
    while len(theirs) < hands:
        _, won, ended, _, _ = env.step(np.ones(250, np.int64))
        theirs.extend(won[ended].tolist())
    a, b = np.array(ours[:hands]), np.array(theirs[:hands])
    error = math.sqrt(a.var() / a.size + b.var() / b.size)
    assert abs(a.mean() - b.mean()) < 3 * error


def test_palace_spaces_and_one_row_decisions() -> None:
    env = PalaceVectorEnv(6, num_players=4, options={"structure": "no_limit"})
    observations, _ = env.reset(seed=0)
    assert env.single_action_space == Discrete(8 + 5 * 3 + 2**11)
    rng = np.random.default_rng(1)
    steps_without_end = 0
    for _ in range(200):
        assert env.observation_space.contains(observations)
        rows = np.array([rng.choice(np.flatnonzero(m)) for m in observations["action_mask"]])
        observations, rewards, ended, _, infos = env.step(rows)
        steps_without_end += int(not ended.any())
        assert (rewards[~ended] == 0).all()
        if ended.any():
            assert np.array_equal(infos["_final_obs"], ended)
    assert steps_without_end < 200


def test_palace_hands_equal_the_batch_engine_hand_for_hand() -> None:
    """Everyone takes the highest legal row (the most soldiers, the biggest attack...)."""
    seed, seats, tables = 5, 3, 4
    env = PalaceVectorEnv(tables, num_players=seats, opponent=highest)
    observations, _ = env.reset(seed=seed)
    rewards: list[list[float]] = [[] for _ in range(tables)]
    for _ in range(150):
        observations, reward, ended, _, _ = env.step(_last_legal(observations["action_mask"]))
        for j in np.flatnonzero(ended):
            rewards[j].append(float(reward[j]))
    for table in range(tables):
        numbers = [(table << 32) + k for k in range(120)]
        streams = [np.array([choice_stream(np.uint64(seed), n)], np.uint64) for n in numbers]
        buttons = [below(stream, seats) for stream in streams]
        batch = play_palace(
            len(numbers), players=seats, seed=seed, deals=numbers, choices=numbers,
            buttons=buttons, policy=highest,
        )  # fmt: skip
        episodes = [
            float(batch.winnings[k, 0])
            for k in range(batch.hands)
            if any(a["seat"] == 0 for a in batch.record(k)["actions"])
        ]
        assert rewards[table] == episodes[: len(rewards[table])]
        assert len(rewards[table]) > 5


def test_palace_rewards_agree_with_the_single_table_environment() -> None:
    """Taking the lowest legal row (stay when it may) against random opponents."""
    hands = 2000
    single = SingleSeatEnv("palace", opponents=["random", "random"])
    observation, _ = single.reset(seed=4)
    ours: list[float] = []
    while len(ours) < hands:
        observation, reward, done, _, _ = single.step(int(np.argmax(observation["action_mask"])))
        if done:
            ours.append(reward)
            observation, _ = single.reset()
    env = PalaceVectorEnv(200, num_players=3)
    observations, _ = env.reset(seed=4)
    theirs: list[float] = []
    while len(theirs) < hands:
        observations, won, ended, _, _ = env.step(_first_legal(observations["action_mask"]))
        theirs.extend(won[ended].tolist())
    a, b = np.array(ours[:hands]), np.array(theirs[:hands])
    error = math.sqrt(a.var() / a.size + b.var() / b.size)
    assert abs(a.mean() - b.mean()) < 3 * error
