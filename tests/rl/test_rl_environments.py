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

#: Every configuration docs/rl.md mentions: both games, every structure, both observations.
CASES: list[tuple[Any, int, dict[str, Any], str]] = [
    (americana_v0, 2, {}, "view"),
    (americana_v0, 4, {"structure": "pot_limit"}, "view"),
    (americana_v0, 3, {"structure": "no_limit"}, "view"),
    (americana_v0, 2, {"structure": "no_limit"}, "infostate"),
    (palace_v0, 2, {}, "view"),
    (palace_v0, 4, {"structure": "no_limit"}, "view"),
    (palace_v0, 3, {}, "infostate"),
]
GYM_CASES: list[tuple[str, list[str], dict[str, Any], str]] = [
    ("americana", ["random"], {}, "view"),
    ("americana", ["rules", "random"], {"structure": "no_limit"}, "infostate"),
    ("americana", ["random"], {"structure": "pot_limit"}, "view"),
    ("palace", ["random"], {}, "view"),
    ("palace", ["rules", "random"], {}, "view"),
    ("palace", ["rules", "random"], {"structure": "no_limit"}, "infostate"),
]


def _make(module: Any, players: int, options: dict[str, Any], observation: str) -> Any:
    return module.env(num_players=players, options=options, observation=observation)


@pytest.mark.parametrize(("module", "players", "options", "observation"), CASES)
def test_api(module: Any, players: int, options: dict[str, Any], observation: str) -> None:
    api_test(_make(module, players, options, observation), num_cycles=200)


@pytest.mark.parametrize(("module", "players", "options", "observation"), CASES)
def test_seed(module: Any, players: int, options: dict[str, Any], observation: str) -> None:
    make: Callable[[], Any] = lambda: _make(module, players, options, observation)  # noqa: E731
    seed_test(make, num_cycles=200)


@pytest.mark.parametrize(("game", "bots", "options", "observation"), GYM_CASES)
def test_gymnasium_check_env(
    game: str, bots: list[str], options: dict[str, Any], observation: str
) -> None:
    from gymnasium.utils.env_checker import check_env

    env = SingleSeatEnv(game, opponents=bots, options=options, observation=observation)
    check_env(env, skip_render_check=True)


@pytest.mark.parametrize(("module", "players", "options", "observation"), CASES)
def test_observations_stay_inside_their_bounds(
    module: Any, players: int, options: dict[str, Any], observation: str
) -> None:
    env = module.raw_env(num_players=players, options=options, observation=observation, stack=30)
    space = env.observation_space(env.possible_agents[0])
    assert np.isfinite(space["observation"].high).all()
    rng = np.random.default_rng(5)
    for seed in range(8):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, done, truncated, _ = env.last()
            assert obs in space, agent
            action = (
                None if done or truncated else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            )
            env.step(action)


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


@pytest.mark.parametrize("module", [americana_v0, palace_v0])
@pytest.mark.parametrize("wrapped", [True, False])
def test_illegal_action_costs_the_whole_stack(module: Any, wrapped: bool) -> None:
    """An illegal row voids the hand; the offender loses its whole stack, the most any
    legal line can cost it (heads-up no-limit, folding may cost far more than 1)."""
    make = module.env if wrapped else module.raw_env
    env = make(num_players=2, stack=40, options={"structure": "no_limit"})
    for seed in range(6):
        env.reset(seed=seed)
        agent = env.agent_selection
        masks = env.observe(agent)["action_mask"]
        illegal = [int(np.flatnonzero(masks == 0)[0]), len(masks), -1]
        env.step(illegal[seed % 3])
        assert env.rewards[agent] == -40
        assert all(r == 0 for a, r in env.rewards.items() if a != agent)
        assert all(env.terminations.values())
        assert env.infos[agent]["illegal_action"] == illegal[seed % 3]


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_single_seat_illegal_action_is_never_better_than_folding(game: str) -> None:
    env = SingleSeatEnv(game, opponents=["random"], stack=25, options={"structure": "no_limit"})
    worst_legal = 0.0
    for seed in range(30):
        observation, _ = env.reset(seed=seed)
        masked = [*np.flatnonzero(observation["action_mask"] == 0), env.codec.action_count]
        _, reward, done, _, info = env.step(int(masked[0]))
        assert done
        assert reward == -25
        assert "illegal_action" in info
        observation, _ = env.reset(seed=seed)
        done = False
        while not done:
            row = int(np.flatnonzero(observation["action_mask"])[0])  # fold/stay first
            observation, reward, done, _, _ = env.step(row)
        worst_legal = min(worst_legal, reward)
    assert worst_legal >= -25


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
