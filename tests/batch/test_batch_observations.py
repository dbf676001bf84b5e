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
from parlour.batch.palace_batch import ENGINE as PALACE
from parlour.batch.palace_batch import option_array as palace_array
from parlour.batch.palace_batch import palace_options
from parlour.batch.play import tables
from parlour.batch.rebuild import action_dicts
from parlour.games import americana, palace
from parlour.records import read_record
from parlour.rl.americana_codec import AmericanaCodec
from parlour.rl.codec import Selection
from parlour.rl.palace_codec import PalaceCodec
from parlour.shuffles import RecordedShuffler


def _reference(record: dict[str, Any]) -> Any:
    parsed = read_record(record)
    return parsed.game.start_hand(
        parsed.options, parsed.seats, parsed.button, RecordedShuffler(parsed.shuffles)
    )


@pytest.mark.parametrize("structure", ["limit", "pot_limit", "no_limit"])
def test_americana_observations_masks_and_rows_equal_the_codec(structure: str) -> None:
    options = {"structure": structure}
    stacks = [30, 60, 90, 200]
    batch = play_americana(300, stacks=stacks, options=options, seed=4)
    opts = option_array(americana_options(options))
    t = tables()
    codec = AmericanaCodec(4, 2)
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
            assert np.array_equal(observation, codec.encode(view, None)), (i, action)
            assert np.array_equal(mask, codec.mask(view, None)), (i, action)
            for row in np.flatnonzero(mask):
                kind, to = aobs.decode(s, int(row), totals)
                decided = codec.decode(int(row), view, None)
                assert not isinstance(decided, Selection)  # Americana decides in one row
                expected = decided.to_dict()
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


def _rows_for(action: dict[str, Any], view: Any, codec: PalaceCodec) -> list[tuple[int, Any]]:
    """The codec rows that make ``action``, with the selection before each."""
    do = action["do"]
    if do in ("trim", "discard"):
        choice = next(c for c in view.legal_actions if c.do == do)
        cards = tuple(c for c in choice.soldiers if str(c) in action["cards"])
        steps: list[tuple[int, Any]] = []
        selection: Selection | None = None
        for card in cards:
            steps.append((codec.first_slot + choice.soldiers.index(card), selection))
            selection = Selection(do, (*(selection.cards if selection else ()), card))
        steps.append((4, selection))
        return steps
    if do == "bet":
        seats = [p.seat for p in view.players]
        offset = (seats.index(action["target"]) - seats.index(view.seat)) % len(seats)
        target_row = codec.first_target + offset - 1
        bet = next(c for c in view.legal_actions if c.do == "bet" and c.target == action["target"])
        if not bet.max_extra:
            return [(target_row, None)]
        selection = Selection("bet", target=action["target"])
        legal = codec._legal(view, selection)
        extra = action.get("extra", 0)
        row = (
            4
            if extra == 0
            else next(r for r, a in legal.items() if r in (5, 6, 7, 8) and a == extra)
        )
        return [(target_row, None), (row, selection)]
    if do == "raise":
        legal = codec._legal(view, None)
        return [
            (next(r for r, a in legal.items() if r in (5, 6, 7, 8) and a == action["by"]), None)
        ]
    return [({"stay": 0, "fold": 1, "buy": 2, "call": 3}[do], None)]


@pytest.mark.parametrize("structure", ["limit", "no_limit"])
def test_palace_observations_masks_and_rows_equal_the_codec(structure: str) -> None:
    options = {"structure": structure, "max_soldiers": 2}
    stacks = [20, 40, 60, 80, 100]
    batch = play_palace(
        150, stacks=stacks, options=options, seed=5, choices=np.zeros(150, np.int64)
    )
    parsed = palace_options(options)
    opts = palace_array(parsed)
    t = tables()
    codec = PalaceCodec(5, parsed.to_dict())
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
            s,
            state,
            np.uint64(5),
            i,
            0,
            0,
            opts,
            np.array(stacks, np.int64),
            record["button"],
            out,
            t.keys,
            t.tab,
        )
        for code, action in zip(batch.hand_codes(i).tolist(), record["actions"], strict=True):
            seat = action["seat"]
            view = hand.view(seat)
            kind, cards, target = pobs.NONE, 0, -1
            done = (-1, 0)
            for row, selection in _rows_for(action, view, codec):
                pobs.encode(s, opts, seat, kind, cards, target, observation)
                pobs.legal(s, opts, kind, cards, target, mask, amounts)
                assert np.array_equal(observation, codec.encode(view, selection)), (i, action)
                assert np.array_equal(mask, codec.mask(view, selection)), (i, action)
                compared += 1
                made, number, kind, cards, target = pobs.step(
                    s, opts, row, kind, cards, target, amounts
                )
                if made >= 0:
                    done = (made, number)
            assert action_dicts("palace", [code]) == action_dicts(
                "palace", [done[0] | seat << 4 | done[1] << 8]
            )
            pa.apply(s, opts, done[0], done[1], state[0:1], out.cards, out.sizes, t.keys, t.tab)
            hand.apply(palace.action_from_dict(action))
        assert s[pa.S_ACTOR] < 0
        assert hand.is_over
    assert compared > 1000
