"""Every legal row of the action tables decodes to a legal engine action."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from parlour.games import americana, palace
from parlour.games.palace.actions import Trim
from parlour.rl.americana_codec import AmericanaCodec
from parlour.rl.codec import Codec, Selection
from parlour.rl.palace_codec import DONE, PalaceCodec
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

STRUCTURES = {"americana": ("limit", "pot_limit", "no_limit"), "palace": ("limit", "no_limit")}


def _codec(name: str, players: int, options: dict[str, Any]) -> Codec[Any]:
    if name == "americana":
        return AmericanaCodec(players, options["bring_in"])
    return PalaceCodec(players, options)


@pytest.mark.parametrize(
    ("name", "structure"), [(g, s) for g, ss in STRUCTURES.items() for s in ss]
)
def test_every_legal_row_is_a_legal_action(name: str, structure: str) -> None:
    game: Any = americana if name == "americana" else palace
    options = game.options_from_dict({"structure": structure})
    rng = random.Random(structure)
    for seed in range(30):
        players = 2 + seed % 3
        codec = _codec(name, players, options.to_dict())
        seats = [SeatSpec(i, rng.choice([5, 30, 100]), None) for i in range(players)]
        hand = game.start_hand(options, seats, seed % players, SeededShuffler(seed))
        selection: Selection | None = None
        while not hand.is_over:
            view = hand.view(hand.to_act)
            mask = codec.mask(view, selection)
            assert mask.any()
            choices = hand.legal_actions()
            outcomes = [codec.decode(int(r), view, selection) for r in np.flatnonzero(mask)]
            for result in outcomes:
                if not isinstance(result, Selection):
                    assert any(c.allows(result) for c in choices), result
            result = outcomes[rng.randrange(len(outcomes))]
            if isinstance(result, Selection):
                selection = result
            else:
                selection = None
                hand.apply(result)


def test_palace_trim_is_chosen_soldier_by_soldier() -> None:
    options = palace.options_from_dict({"max_soldiers": 1})
    codec = PalaceCodec(2, options.to_dict())
    hand: Any = palace.start_hand(options, [SeatSpec(0, 50), SeatSpec(1, 50)], 0, SeededShuffler(3))
    buyer = hand.to_act
    while not hand.is_over:
        seat = hand.to_act
        if seat != buyer:
            hand.apply(codec.decode(0, hand.view(seat), None))  # the other one stays
            continue
        hand.apply(codec.decode(2, hand.view(seat), None))  # buy
        view = hand.view(seat)
        trim: Any = next(c for c in hand.legal_actions() if c.do == "trim")
        assert bool(codec.mask(view, None)[DONE]) == (trim.least == 0)
        if trim.least == 0:
            hand.apply(codec.decode(DONE, view, None))  # keep the soldier
            continue
        first = codec.decode(codec.first_slot, view, None)
        assert first == Selection("trim", (trim.soldiers[0],))
        assert codec.mask(view, first)[DONE]
        assert not codec.mask(view, first)[codec.first_slot]
        action = codec.decode(DONE, view, first)
        assert action == Trim(seat, (trim.soldiers[0],))
        hand.apply(action)
        return
    pytest.fail("the hand ended before a trim had to discard")
