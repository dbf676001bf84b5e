"""The fast plain environments behave exactly as before (issue 13): the oracle test.

``rl_oracle`` (beside this file) is ``parlour.rl`` as it was before the speed work. Both
are driven through the same games (same seeds, same rows, some of them illegal) and must
give equal observations, masks, rewards, cumulative rewards, terminations, truncations,
infos and agent selections at every step, for every agent, in both games, several table
shapes and structures (short stacks for all-ins; Palace trims, discards and battles),
both observation kinds, the PettingZoo AEC environment and the Gymnasium single seat.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
pytest.importorskip("gymnasium", reason="the rl extra (gymnasium) is not installed")

from hypothesis import given, settings
from hypothesis import strategies as st
from rl_oracle import americana_v0 as old_americana
from rl_oracle import palace_v0 as old_palace
from rl_oracle.single_seat import SingleSeatEnv as OldSingleSeatEnv

from parlour.rl import americana_v0, palace_v0
from parlour.rl.single_seat import SingleSeatEnv

#: (game, players, stack, options): short stacks make all-ins and side pots; Palace's
#: small max_soldiers makes trims and discards frequent, no-limit makes sized battles.
SHAPES: list[tuple[str, int, int, dict[str, Any]]] = [
    ("americana", 2, 100, {}),
    ("americana", 3, 12, {"structure": "no_limit"}),
    ("americana", 4, 30, {"structure": "pot_limit"}),
    ("americana", 6, 8, {"structure": "no_limit", "bring_in": 2}),
    ("americana", 5, 3, {"ante": 1, "show_all": True}),
    ("palace", 2, 100, {}),
    ("palace", 3, 15, {"structure": "no_limit"}),
    ("palace", 4, 40, {"max_soldiers": 2, "discard_fee": 0}),
    ("palace", 5, 9, {"structure": "no_limit", "max_soldiers": 3}),
    ("palace", 10, 20, {"raise_cap": 1}),
]
OBSERVATIONS = ("view", "infostate")
MODULES = {"americana": (old_americana, americana_v0), "palace": (old_palace, palace_v0)}


def _choose(mask: np.ndarray[Any, Any], rng: random.Random) -> Any:
    """Mostly a legal row; now and then a masked row, a row outside the table or junk."""
    roll = rng.random()
    if roll < 0.015:
        masked = np.flatnonzero(mask == 0)
        return int(masked[rng.randrange(masked.size)]) if masked.size else len(mask)
    if roll < 0.02:
        return rng.choice([len(mask), -1, 10**30, "x", 2.5])
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(legal.size)])


def _same_observation(old: dict[str, Any], new: dict[str, Any], where: str) -> None:
    assert old.keys() == new.keys(), where
    for key in old:
        assert new[key].dtype == old[key].dtype, (where, key)
        assert new[key].shape == old[key].shape, (where, key)
        assert np.array_equal(new[key], old[key]), (where, key)


def _same_state(old: Any, new: Any, where: str) -> None:
    assert new.agents == old.agents, where
    assert new.agent_selection == old.agent_selection, where
    assert new.rewards == old.rewards, where
    assert new._cumulative_rewards == old._cumulative_rewards, where
    assert new.terminations == old.terminations, where
    assert new.truncations == old.truncations, where
    assert new.infos == old.infos, where


def play_aec(shape: tuple[str, int, int, dict[str, Any]], observation: str, seed: int) -> int:
    """Play hands of ``shape`` side by side in the old and new AEC environments."""
    game, players, stack, options = shape
    old_module, new_module = MODULES[game]
    kwargs = {"num_players": players, "stack": stack, "options": options}
    old = old_module.raw_env(observation=observation, **kwargs)
    new = new_module.raw_env(observation=observation, **kwargs)
    rng = random.Random(seed)
    steps = 0
    for hand in range(3):
        hand_seed = None if hand == 2 else seed * 7 + hand  # the unseeded reset continues
        old.reset(seed=hand_seed)
        new.reset(seed=hand_seed)
        for agent in old.agent_iter():
            where = f"{shape} {observation} seed {seed} hand {hand} step {steps}"
            _same_state(old, new, where)
            for other in old.possible_agents:  # every agent's observation, not only the actor's
                _same_observation(old.observe(other), new.observe(other), f"{where} {other}")
            old_last, new_last = old.last(), new.last()
            _same_observation(old_last[0], new_last[0], where)
            assert old_last[1:] == new_last[1:], where
            done = old_last[2] or old_last[3]
            action = None if done else _choose(old_last[0]["action_mask"], rng)
            old.step(action)
            new.step(action)
            steps += 1
            del agent
        _same_state(old, new, f"{shape} end of hand {hand}")
    return steps


def play_single_seat(
    game: str, bots: list[str], seat: int, options: dict[str, Any], observation: str, seed: int
) -> None:
    """Play episodes side by side in the old and new Gymnasium environments."""
    kwargs: dict[str, Any] = {"seat": seat, "stack": 20, "options": options}
    kwargs["observation"] = observation
    old = OldSingleSeatEnv(game, opponents=bots, **kwargs)
    new = SingleSeatEnv(game, opponents=bots, **kwargs)
    rng = random.Random(seed)
    for episode in range(3):
        episode_seed = seed * 5 + episode if episode != 1 else None
        (old_obs, old_info), (new_obs, new_info) = (
            old.reset(seed=episode_seed),
            new.reset(seed=episode_seed),
        )
        where = f"{game} {bots} {observation} seed {seed} episode {episode}"
        _same_observation(old_obs, new_obs, where)
        _same_observation(old_info, new_info, where)
        done = False
        while not done:
            action = _choose(old_obs["action_mask"], rng)
            old_obs, old_reward, done, old_trunc, old_info = old.step(action)
            new_obs, new_reward, new_done, new_trunc, new_info = new.step(action)
            _same_observation(old_obs, new_obs, where)
            assert (new_reward, new_done, new_trunc) == (old_reward, done, old_trunc), where
            assert new_info.keys() == old_info.keys(), where
            assert new_info.get("illegal_action") == old_info.get("illegal_action"), where
            assert np.array_equal(new_info["action_mask"], old_info["action_mask"]), where


@pytest.mark.parametrize("observation", OBSERVATIONS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}-{s[1]}p-{s[2]}")
@settings(max_examples=6)
@given(seed=st.integers(0, 2**20))
def test_aec_environments_equal_the_oracle(
    shape: tuple[str, int, int, dict[str, Any]], observation: str, seed: int
) -> None:
    assert play_aec(shape, observation, seed) > 0


@pytest.mark.parametrize(
    ("game", "bots", "seat", "options"),
    [
        ("americana", ["random"], 0, {}),
        ("americana", ["rules", "random"], 2, {"structure": "no_limit"}),
        ("palace", ["random"], 1, {}),
        ("palace", ["rules", "random", "random"], 2, {"structure": "no_limit"}),
        ("palace", ["random", "random"], 0, {"max_soldiers": 2}),
    ],
)
@pytest.mark.parametrize("observation", OBSERVATIONS)
@settings(max_examples=4)
@given(seed=st.integers(0, 2**20))
def test_single_seat_equals_the_oracle(
    game: str, bots: list[str], seat: int, options: dict[str, Any], observation: str, seed: int
) -> None:
    play_single_seat(game, bots, seat, options, observation, seed)


@pytest.mark.slow
@pytest.mark.parametrize("observation", OBSERVATIONS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: f"{s[0]}-{s[1]}p-{s[2]}")
def test_many_games_equal_the_oracle(
    shape: tuple[str, int, int, dict[str, Any]], observation: str
) -> None:
    for seed in range(60):
        play_aec(shape, observation, seed)
