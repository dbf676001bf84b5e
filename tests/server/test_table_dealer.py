"""A server table's button: the game draws the first dealer (P-6), then it moves left (P-7)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from parlour.cards import DECK_52, Card, parse_cards
from parlour.games import GAMES
from parlour.server.config import TableConfig
from parlour.server.room import Room
from parlour.shuffles import SeededShuffler


class _DrawThenSeeded:
    """Hands out a fixed order for the dealer draw, then seeded shuffles for the hand."""

    def __init__(self, text: str) -> None:
        top = list(parse_cards(text))
        self.draw: list[Card] | None = top + [c for c in DECK_52 if c not in top]
        self.rest = SeededShuffler(1)

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        order, self.draw = self.draw, None
        return order if order is not None else self.rest(cards)


def test_p6_first_hand_at_a_palace_table_is_dealt_by_the_high_card() -> None:
    shuffler = _DrawThenSeeded("Kc 5d Kh 7c As")
    table = Room("t", TableConfig(name="T", game="palace"), GAMES["palace"], shuffler=shuffler)
    for name in ("Ann", "Bea", "Cy"):
        table.sit(name, name, 50)
    assert table.button is None  # drawn when the first hand is dealt, among its players
    # Seats 0 and 2 tie on kings (suits never count), then seat 2's ace beats seat 0's seven.
    table.deal()
    assert table.button == 2
    assert table.hand is not None
    while table.hand is not None:  # play the hand out, then the button moves left
        seat = table.hand.to_act
        assert seat is not None
        choice = table.hand.legal_actions()[0]
        table.act(seat, GAMES["palace"].random_action((choice,), seat, random.Random(0)).to_dict())
    assert table.hand is None  # the session settled the hand: the button moved left (P-7)
    assert [f.number for f in table.finished] == [1]
    table.deal()
    assert table.button == 0
