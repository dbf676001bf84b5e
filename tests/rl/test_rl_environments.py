"""The PettingZoo environments pass PettingZoo's API and seed tests; the Gymnasium one runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from pettingzoo.test import (  # type: ignore[import-untyped,import-not-found,unused-ignore]
    api_test,
    seed_test,
)

from parlour.rl import americana_v0, palace_v0
from parlour.rl.single_seat import SingleSeatEnv

# PettingZoo's api_test warns that Dict observations are not Box spaces: the classic
# card games' convention, which these environments follow on purpose.
pytestmark = pytest.mark.filterwarnings("ignore:Observation")

CASES: list[tuple[Any, int, dict[str, Any]]] = [
    (americana_v0, 2, {}),
    (americana_v0, 4, {"structure": "pot_limit"}),
    (americana_v0, 3, {"structure": "no_limit"}),
    (palace_v0, 2, {}),
    (palace_v0, 4, {"structure": "no_limit"}),
]


@pytest.mark.parametrize(("module", "players", "options"), CASES)
def test_api(module: Any, players: int, options: dict[str, Any]) -> None:
    api_test(module.env(num_players=players, options=options), num_cycles=200)


@pytest.mark.parametrize(("module", "players", "options"), CASES)
def test_seed(module: Any, players: int, options: dict[str, Any]) -> None:
    make: Callable[[], Any] = lambda: module.env(num_players=players, options=options)  # noqa: E731
    seed_test(make, num_cycles=200)


@pytest.mark.parametrize("module", [americana_v0, palace_v0])
def test_rewards_are_chips_and_sum_to_zero(module: Any) -> None:
    env = module.env(num_players=3)
    for seed in range(20):
        env.reset(seed=seed)
        totals = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, reward, done, truncated, _ = env.last()
            totals[agent] += reward
            if done or truncated:
                action = None
            else:
                assert obs["action_mask"].any()
                action = env.action_space(agent).sample(obs["action_mask"])
            env.step(action)
        assert sum(totals.values()) == 0
        assert all(float(t).is_integer() for t in totals.values())


def test_mask_is_zero_for_agents_not_to_act() -> None:
    env = americana_v0.raw_env(num_players=3)
    env.reset(seed=3)
    for agent in env.possible_agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == env.agent_selection)


def test_illegal_action_ends_the_hand_with_a_penalty() -> None:
    env = americana_v0.env(num_players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(agent)["action_mask"] == 0)[0])
    env.step(illegal)  # PettingZoo's wrapper logs the illegal move and ends the hand
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_single_seat_env_plays_whole_hands_against_bots(game: str) -> None:
    env = SingleSeatEnv(game, opponents=["random", "rules"], seat=1)
    rng = np.random.default_rng(0)
    observation, info = env.reset(seed=4)
    hands = 0
    while hands < 15:
        assert observation in env.observation_space
        assert np.array_equal(info["action_mask"], observation["action_mask"])
        row = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, done, truncated, info = env.step(row)
        assert not truncated
        if done:
            assert reward == env.hand.outcome.stacks[1] - env.stack
            hands += 1
            observation, info = env.reset()


def test_single_seat_env_is_reproducible() -> None:
    def rewards() -> list[float]:
        env = SingleSeatEnv("palace", opponents=["random"])
        observation, _ = env.reset(seed=9)
        out: list[float] = []
        while len(out) < 10:
            row = int(np.flatnonzero(observation["action_mask"])[0])
            observation, reward, done, _, _ = env.step(row)
            if done:
                out.append(reward)
                observation, _ = env.reset()
        return out

    assert rewards() == rewards()
