"""Bot seats at a server table: a broken bot costs a move, never the table."""

from __future__ import annotations

import logging
import random
from typing import Any

import pytest

from parlour.games import GAMES
from parlour.seats import SeatSpec
from parlour.server.autoplay import BotBench
from parlour.shuffles import SeededShuffler


class _Broken:
    """A bot with a bug: it raises, or answers with something no choice allows."""

    def __init__(self, fault: str) -> None:
        self.fault = fault

    def choose(self, view: Any, rng: random.Random) -> Any:
        if self.fault == "raises":
            raise ValueError("wrong number of cards: got 10, need 0 to 9")
        return GAMES["americana"].action_from_dict({"seat": view.seat, "do": "raise", "to": 999})


@pytest.mark.parametrize("fault", ["raises", "illegal"])
def test_a_failing_bot_plays_the_default_and_says_so(
    fault: str, caplog: pytest.LogCaptureFixture
) -> None:
    game = GAMES["americana"]
    seats = [SeatSpec(0, 50, "A"), SeatSpec(1, 50, "B")]
    hand = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(1))
    bench = BotBench("americana", {})
    bench._made["rules"] = _Broken(fault)
    seat = hand.to_act
    assert seat is not None
    with caplog.at_level(logging.ERROR, logger="parlour.server.autoplay"):
        action = bench.think(game, hand, seat, "rules", random.Random(2))()
    assert any(c.allows(action) for c in hand.legal_actions())  # type: ignore[attr-defined]
    assert action.to_dict()["do"] in ("bring_in", "check", "fold")  # the expiry default
    assert "the rules bot" in caplog.text
    hand.apply(action)
