"""Observations come from the seat's view only; hidden cards of others never change them.

Two hands are dealt from shuffles that differ only in a card hidden from seat 0 (another
seat's hole card or palace card, swapped with a card that is never dealt). Driven by the
same actions, seat 0's observation is the same at every decision until the hand ends.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from parlour.games import americana, palace
from parlour.rl.americana_codec import AmericanaCodec
from parlour.rl.codec import Codec
from parlour.rl.palace_codec import PalaceCodec
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler, SeededShuffler


def _seats(n: int) -> list[SeatSpec]:
    return [SeatSpec(i, 60, f"P{i}") for i in range(n)]


def _first_hand(game: Any, n: int, seed: int) -> Any:
    return game.start_hand(game.options_from_dict({}), _seats(n), 0, SeededShuffler(seed))


def _replayed(game: Any, n: int, shuffles: list[list[Any]]) -> Any:
    return game.start_hand(game.options_from_dict({}), _seats(n), 0, RecordedShuffler(shuffles))


def _twin_observations(game: Any, codec: Codec[Any], a: Any, b: Any, rows: list[int]) -> int:
    """Drive both hands with the same rows (first legal of the preferred list); compare."""
    compared = 0
    while not a.is_over:
        assert not b.is_over
        seat = a.to_act
        for hand in (a, b):
            assert hand.to_act == seat
        assert np.array_equal(codec.encode(a.view(0)), codec.encode(b.view(0)))
        compared += 1
        decision = codec.decision(a.view(seat))
        row = next(r for r in rows if decision.mask[r])
        action = decision.action(row)
        a.apply(action)
        b.apply(action)
    return compared


@pytest.mark.parametrize("seed", range(10))
def test_americana_other_hole_card_never_changes_the_observation(seed: int) -> None:
    n = 3
    hand = _first_hand(americana, n, seed)
    deck = list(hand.shuffles[0])
    order = list(hand.start_events[0].seats)
    other = order.index(1)  # seat 1's hole card is deck[position of seat 1]
    changed = list(deck)
    changed[other], changed[-1] = changed[-1], changed[other]
    a = _replayed(americana, n, [deck])
    b = _replayed(americana, n, [changed])
    assert a.view(1).to_dict() != b.view(1).to_dict()
    codec = AmericanaCodec(n, 2)
    assert _twin_observations(americana, codec, a, b, [1, 0]) >= 1


@pytest.mark.parametrize("seed", range(10))
def test_palace_other_palace_never_changes_the_observation(seed: int) -> None:
    n = 3
    hand = _first_hand(palace, n, seed)
    shuffles = [list(s) for s in hand.shuffles]
    hidden = hand.view(2).players[2].palace[0]
    deal = next(s for s in shuffles if hidden in s and len(s) < 52)
    i = deal.index(hidden)
    changed = [list(s) for s in shuffles]
    target = changed[shuffles.index(deal)]
    target[i], target[-1] = target[-1], target[i]
    a = _replayed(palace, n, shuffles)
    b = _replayed(palace, n, changed)
    assert a.view(2).to_dict() != b.view(2).to_dict()
    codec = PalaceCodec(n, palace.options_from_dict({}).to_dict())
    # stay, or buy and keep everything (or drop all): no battle ever shows a palace
    keep = codec.first_subset
    assert (
        _twin_observations(
            palace, codec, a, b, [0, 2, keep, *range(keep + 1, codec.action_count), 1]
        )
        >= 1
    )


@pytest.mark.parametrize("name", ["americana", "palace"])
def test_environment_observation_is_the_encoded_view(name: str) -> None:
    """What the AEC environment hands an agent is exactly the codec applied to its view."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from parlour.rl import americana_v0, palace_v0

    env = (americana_v0 if name == "americana" else palace_v0).raw_env(num_players=4)
    rng = np.random.default_rng(1)
    for seed in range(5):
        env.reset(seed=seed)
        while not env.hand.is_over:
            for seat, agent in enumerate(env.possible_agents):
                if agent != env.agent_selection:
                    expected = env.codec.encode(env.hand.view(seat))
                    assert np.array_equal(env.observe(agent)["observation"], expected)
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))


@pytest.mark.parametrize("name", ["americana", "palace"])
def test_infostate_observation_records_every_decision(name: str) -> None:
    """With observation="infostate" the history holds one row per decision so far: who
    decided (offset from the observer), and the chips it put in (in the chip unit)."""
    pytest.importorskip("pettingzoo", reason="the rl extra (pettingzoo) is not installed")
    from parlour.rl import americana_v0, palace_v0

    module = americana_v0 if name == "americana" else palace_v0
    env = module.raw_env(num_players=3, observation="infostate")
    table = env.table
    assert table.history is not None
    rows, width = table.history.rows, table.history.width
    unit = 2.0  # the default bring-in and small bet
    rng = np.random.default_rng(4)
    for seed in range(4):
        env.reset(seed=seed)
        decisions: list[tuple[int, float]] = []
        while not env.hand.is_over:
            seat = env.hand.to_act
            before = env.hand.view(None)
            vector = env.observe(env.agent_selection)["observation"]
            history = vector[env.codec.observation_size :].reshape(rows, width)
            assert int(history.any(axis=1).sum()) == len(decisions)
            for i, (actor, chips) in enumerate(decisions):
                assert history[i, (actor - seat) % 3] == 1.0
                assert history[i, -1] == pytest.approx(chips)
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
            after = env.hand.view(None)
            decisions.append((seat, (_paid(after, seat) - _paid(before, seat)) / unit))


def _paid(view: Any, seat: int) -> int:
    players = view.seats if hasattr(view, "seats") else view.players
    player = next(p for p in players if p.seat == seat)
    return int(player.contributed if hasattr(player, "contributed") else player.paid)
