"""The OpenSpiel games pass OpenSpiel's own checks and agree with the reference engine.

The differential test deals a real hand with the engine (seeded shuffles) and plays the
OpenSpiel game beside it: every chance outcome is the card the engine dealt at that place,
every decision a random legal row applied to both; at each decision the seat to act, the
legal rows and the public table must agree, and at the end the returns must equal the
engine's chips won or lost.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import parlour.openspiel  # noqa: E402,F401 - registers the games
from parlour.openspiel.state import EngineState  # noqa: E402
from parlour.shuffles import SeededShuffler  # noqa: E402

CONFIGS = [
    "parlour_americana(players=2)",
    "parlour_americana(players=3,structure=pot_limit,stack=30)",
    "parlour_americana(players=6,structure=no_limit,stacks=5 40 12 100 3 60,button=2)",
    "parlour_americana(players=2,tie_break=split,show_all=True,ante=2,bring_in=3,raise_cap=1)",
    "parlour_palace(players=2)",
    "parlour_palace(players=4,structure=no_limit,stack=40)",
    "parlour_palace(players=5,small_bet=4,big_bet=6,ante=0,discard_fee=1,max_soldiers=2)",
]


@pytest.mark.parametrize("name", CONFIGS)
def test_openspiel_random_simulation(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def _play_beside_engine(game: Any, seed: int) -> int:
    """Play one hand of ``game`` beside a real engine hand; returns decisions compared."""
    spec = game.spec
    rng = random.Random(seed)
    engine = spec.game.start_hand(spec.options, spec.seats, spec.button, SeededShuffler(seed))
    state: EngineState = game.new_initial_state()
    codec = spec.codec
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            pending = state.progress.pending
            assert pending is not None
            card = int(engine.shuffles[pending.shuffle][pending.position])
            assert card in dict(state.chance_outcomes())
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            state.apply_action(card)
            continue
        seat = state.current_player()
        assert seat == engine.to_act
        assert state.engine_hand.view(None).to_dict() == engine.view(None).to_dict()
        decision = codec.decision(engine.view(seat))
        legal = state.legal_actions()
        assert legal == [int(r) for r in np.flatnonzero(decision.mask)]
        row = legal[rng.randrange(len(legal))]
        engine.apply(decision.action(row))
        state.apply_action(row)
        decisions += 1
    assert engine.is_over
    start = spec.stacks
    assert state.returns() == [float(s - start[i]) for i, s in enumerate(engine.outcome.stacks)]
    assert sum(state.returns()) == 0
    return decisions


@pytest.mark.parametrize("name", CONFIGS)
def test_openspiel_agrees_with_the_engine(name: str) -> None:
    game = pyspiel.load_game(name)
    hands = 700 if "americana" in name else 300
    decisions = sum(_play_beside_engine(game, seed) for seed in range(hands))
    assert decisions > hands


@pytest.mark.slow
@pytest.mark.parametrize("name", CONFIGS)
def test_openspiel_agrees_with_the_engine_thousands(name: str) -> None:
    game = pyspiel.load_game(name)
    for seed in range(1000, 3000 if "americana" in name else 2000):
        _play_beside_engine(game, seed)
