"""Hand records stay language-neutral: whatever language a table speaks, a record holds
names, cards in notation and codes, never a sentence (HAND-RECORD.md)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from parlour.games import get_game
from parlour.i18n import use
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

NAMES = ("Ана", "Łucja", "Ane")
_CODE = re.compile(r"^(?:[a-z0-9_./-]+|[2-9TJQKA][cdhs])$")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            if key != "name":
                yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


@pytest.mark.parametrize("lang", ["pl", "sr", "eu"])
@pytest.mark.parametrize("game_name", ["americana", "palace"])
def test_a_record_made_while_speaking_a_language_holds_no_words(lang: str, game_name: str) -> None:
    use(lang)
    try:
        for seed in range(5):
            game = get_game(game_name)
            rng = random.Random(seed)
            seats = [SeatSpec(i, 40, name) for i, name in enumerate(NAMES)]
            hand: Any = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(rng))
            while not hand.is_over:
                hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
            record = hand_to_record(hand)
            words = [s for s in _strings(record) if not _CODE.match(s)]
            assert not words, words
            assert [s["name"] for s in record["seats"]] == list(NAMES)
    finally:
        use("en")
