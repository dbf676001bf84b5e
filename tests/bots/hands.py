"""Hands of both games for bot tests: a few table sizes and betting structures."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from parlour.games import get_game
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

#: (game, players, options) the bot tests run over.
TABLES: list[tuple[str, int, dict[str, Any]]] = [
    ("americana", 2, {}),
    ("americana", 4, {"structure": "no_limit"}),
    ("americana", 3, {"structure": "pot_limit"}),
    ("palace", 2, {}),
    ("palace", 4, {"structure": "no_limit"}),
    ("palace", 6, {}),
]


def start(game: str, players: int, options: dict[str, Any], seed: int, stack: int = 60) -> Any:
    """A fresh hand of ``game`` with ``players`` seats of ``stack`` chips."""
    module = get_game(game)
    seats = [SeatSpec(s, stack, f"P{s}") for s in range(players)]
    return module.start_hand(
        module.options_from_dict(options), seats, seed % players, SeededShuffler(seed)
    )


def decisions(hand: Any, choose: Any, rng: random.Random) -> Iterator[tuple[Any, Any]]:
    """Play ``hand`` to its end with ``choose(view, rng)``, yielding (view, action) pairs."""
    for _ in range(5000):
        seat = hand.to_act
        if seat is None:
            return
        view = hand.view(seat)
        action = choose(view, rng)
        yield view, action
        hand.apply(action)
    raise AssertionError("the hand did not end")
