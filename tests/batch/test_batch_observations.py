"""Array policies see exactly what the RL codecs build from a seat's view (R-4).

Hands the batch engine played are stepped again, action by action, through the compiled
kernels from Python and through the reference engine side by side. At every decision
(and every step of a trim, discard or no-limit bet being chosen) the kernels'
observation, mask and rows equal the codec's ``encode``, ``mask`` and ``decode`` on the
reference engine's view of the seat to act.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")

from parlour.batch import americana as am
from parlour.batch import americana_loop, palace_loop, play_americana, play_palace
from parlour.batch import americana_obs as aobs
from parlour.batch import palace as pa
from parlour.batch import palace_obs as pobs
from parlour.batch.americana_batch import americana_options, option_array
from parlour.batch.codes import decode
from parlour.batch.palace_batch import ENGINE as PALACE
from parlour.batch.palace_batch import option_array as palace_array
from parlour.batch.palace_batch import palace_options
from parlour.batch.play import tables
from parlour.batch.rebuild import action_dicts
from parlour.games import americana, palace
from parlour.records import read_record
from parlour.rl.americana_codec import AmericanaCodec
from parlour.rl.palace_codec import PalaceCodec
from parlour.shuffles import RecordedShuffler


def _reference(record: dict[str, Any]) -> Any:
    parsed = read_record(record)
    return parsed.game.start_hand(
        parsed.options, parsed.seats, parsed.button, RecordedShuffler(parsed.complete_shuffles())
    )


@pytest.mark.parametrize("structure", ["limit", "pot_limit", "no_limit"])
def test_americana_observations_masks_and_rows_equal_the_codec(structure: str) -> None:
    options = {"structure": structure}
    stacks = [30, 60, 90, 200]
    batch = play_americana(300, stacks=stacks, options=options, seed=4)
    opts = option_array(americana_options(options))
    t = tables()
    codec = AmericanaCodec(4, 2, sum(stacks))
    observation = np.zeros(aobs.observation_size(4), np.float32)
    mask = np.zeros(aobs.ROWS, np.int8)
    totals = np.zeros(aobs.ROWS, np.int64)
    compared = 0
    for i in range(batch.hands):
        record = batch.record(i)
        hand = _reference(record)
        s = np.zeros(am.WIDTH, np.int64)
        state = np.zeros(1, np.uint64)
        americana_loop.deal(s, state, np.uint64(4), i, i)
        am.start(s, opts, np.array(stacks, np.int64), record["button"], t.keys, t.tab)
        for action in record["actions"]:
            seat = action["seat"]
            view = hand.view(seat)
            aobs.encode(s, opts, seat, observation)
            aobs.targets(s, totals, mask)
            decision = codec.decision(view)
            assert np.array_equal(observation, codec.encode(view)), (i, action)
            assert np.array_equal(mask, decision.mask), (i, action)
            for row in np.flatnonzero(mask):
                kind, to = aobs.decode(s, int(row), totals)
                expected = decision.action(int(row)).to_dict()
                assert {
                    "seat": seat,
                    "do": am.KINDS[kind],
                    **({"to": to} if kind >= 4 else {}),
                } == expected
            compared += 1
            move = americana.action_from_dict(action)
            kind = am.KINDS.index(action["do"])
            am.apply(s, opts, kind, action.get("to", 0), t.keys, t.tab)
            hand.apply(move)
        assert s[am.S_ACTOR] < 0
        assert hand.is_over
    assert compared > 500


def _unordered(action: dict[str, Any]) -> dict[str, Any]:
    """An action with its cards as a set: a trim or discard throws them all at once."""
    return {**action, "cards": set(action["cards"])} if "cards" in action else action


@pytest.mark.parametrize("structure", ["limit", "no_limit"])
def test_palace_observations_masks_and_rows_equal_the_codec(structure: str) -> None:
    """Every decision of every hand: the observation, the mask, and every legal row's
    action (raises, bets with each extra, every subset of soldiers)."""
    options = {"structure": structure, "max_soldiers": 2}
    stacks = [20, 40, 60, 80, 100]
    batch = play_palace(150, stacks=stacks, options=options, seed=5)
    parsed = palace_options(options)
    opts = palace_array(parsed)
    t = tables()
    codec = PalaceCodec(5, parsed.to_dict(), sum(stacks))
    observation = np.zeros(pobs.observation_size(5), np.float32)
    rows = pobs.row_count(5, parsed.max_soldiers)
    mask = np.zeros(rows, np.int8)
    amounts = np.zeros(rows, np.int64)
    out = PALACE.new_out(1, 5, False)
    compared = 0
    for i in range(batch.hands):
        record = batch.record(i)
        hand = _reference(record)
        s = np.zeros(pa.WIDTH, np.int64)
        state = np.zeros(2, np.uint64)
        palace_loop.begin_hand(
            s, state, np.uint64(5), i, i, 0, opts, np.array(stacks, np.int64),
            record["button"], out, t.keys, t.tab,
        )  # fmt: skip
        for code, action in zip(batch.hand_codes(i).tolist(), record["actions"], strict=True):
            seat = action["seat"]
            view = hand.view(seat)
            decision = codec.decision(view)
            pobs.encode(s, opts, seat, observation)
            pobs.legal(s, opts, mask, amounts)
            assert np.array_equal(observation, codec.encode(view)), (i, action)
            assert np.array_equal(mask, decision.mask), (i, action)
            for row in np.flatnonzero(mask):
                kind, number = pobs.decode(s, opts, int(row), amounts)
                ours = action_dicts("palace", [kind | seat << 4 | number << 8])[0]
                theirs = decision.action(int(row)).to_dict()
                assert _unordered(ours) == _unordered(theirs), (i, row)
            compared += 1
            kind, _, number = decode(code)
            pa.apply(s, opts, kind, number, state[0:1], out.cards, out.sizes, t.keys, t.tab)
            hand.apply(palace.action_from_dict(action))
        assert s[pa.S_ACTOR] < 0
        assert hand.is_over
    assert compared > 1000
