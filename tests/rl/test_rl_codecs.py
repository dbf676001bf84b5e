"""Every legal row of the action tables is a legal engine action; trims are one row."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.games import americana, palace
from parlour.games.palace.actions import Trim
from parlour.rl.codec import IllegalRowError
from parlour.rl.palace_codec import BUY, STAY, PalaceCodec
from parlour.rl.table import codec_for
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

STRUCTURES = {"americana": ("limit", "pot_limit", "no_limit"), "palace": ("limit", "no_limit")}


@pytest.mark.parametrize(
    ("name", "structure"), [(g, s) for g, ss in STRUCTURES.items() for s in ss]
)
def test_every_legal_row_is_a_legal_action(name: str, structure: str) -> None:
    game: Any = americana if name == "americana" else palace
    options = game.options_from_dict({"structure": structure})
    rng = random.Random(structure)
    for seed in range(30):
        players = 2 + seed % 3
        stacks = [rng.choice([5, 30, 100]) for _ in range(players)]
        codec = codec_for(name, players, options.to_dict(), sum(stacks))
        seats = [SeatSpec(i, stacks[i], None) for i in range(players)]
        hand = game.start_hand(options, seats, seed % players, SeededShuffler(seed))
        while not hand.is_over:
            view = hand.view(hand.to_act)
            decision = codec.decision(view)
            rows = np.flatnonzero(decision.mask)
            assert rows.size
            choices = hand.legal_actions()
            for row in rows[:: max(1, rows.size // 40)]:
                action = decision.action(int(row))
                assert any(c.allows(action) for c in choices), action
            hand.apply(decision.action(int(rng.choice(rows))))


@pytest.mark.parametrize("name", ["americana", "palace"])
def test_a_masked_row_is_refused(name: str) -> None:
    game: Any = americana if name == "americana" else palace
    options = game.options_from_dict({})
    codec = codec_for(name, 2, options.to_dict(), 200)
    hand = game.start_hand(options, [SeatSpec(0, 100), SeatSpec(1, 100)], 0, SeededShuffler(1))
    decision = codec.decision(hand.view(hand.to_act))
    masked = int(np.flatnonzero(decision.mask == 0)[0])
    with pytest.raises(IllegalRowError, match="not legal"):
        decision.action(masked)
    with pytest.raises(IllegalRowError):
        decision.action(codec.action_count)
    assert not codec.decision(hand.view(1 - hand.to_act)).mask.any()


def test_palace_trim_is_one_row_naming_the_subset() -> None:
    options = palace.options_from_dict({"max_soldiers": 1})
    codec = PalaceCodec(2, options.to_dict())
    assert codec.action_count == 8 + 5 + 2**3
    hand: Any = palace.start_hand(options, [SeatSpec(0, 50), SeatSpec(1, 50)], 0, SeededShuffler(3))
    trims = 0
    while not hand.is_over and trims < 3:
        seat = hand.to_act
        decision = codec.decision(hand.view(seat))
        if hand.view(seat).phase != "trim":
            hand.apply(decision.action(BUY if decision.mask[BUY] else STAY))
            continue
        trim: Any = next(c for c in hand.legal_actions() if c.do == "trim")
        subset_rows = np.flatnonzero(decision.mask[codec.first_subset :])
        sizes = {bin(int(b)).count("1") for b in subset_rows}
        assert sizes == set(range(trim.least, min(trim.most, len(trim.soldiers)) + 1))
        assert all(b < 2 ** len(trim.soldiers) for b in subset_rows)
        bits = int(subset_rows[-1])
        action = decision.action(codec.first_subset + bits)
        chosen = tuple(c for i, c in enumerate(trim.soldiers) if bits >> i & 1)
        assert action == Trim(seat, chosen)
        hand.apply(action)
        trims += 1
    assert trims >= 1
