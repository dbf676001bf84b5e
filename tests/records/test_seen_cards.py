"""What each seat has seen (R-4, P-41), as the engine says it: the events of a hand carry
every card they reveal with its audience, so they are exactly what a seat saw, and every
view shows only cards its seat has seen by then. A player's copy of a record keeps just
those cards."""

from __future__ import annotations

import random
from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.events import seen_cards
from parlour.games import get_game
from parlour.games.americana import events as stud
from parlour.records import REDACTED, make_record, redacted, replay_dict
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def _random_hand(game: str, seed: int) -> tuple[Any, list[Any]]:
    """A hand of random play and every event it made, the start first."""
    engine = get_game(game)
    rng = random.Random(seed)
    seats = [SeatSpec(i, rng.choice([4, 30, 80]), f"P{i}") for i in range(2 + seed % 4)]
    hand: Any = engine.start_hand(engine.options_from_dict({}), seats, 0, SeededShuffler(rng))
    events = list(hand.start_events)
    steps = [(hand.copy(), list(events))]
    while not hand.is_over:
        events += hand.apply(engine.random_action(hand.legal_actions(), hand.to_act, rng))
        steps.append((hand.copy(), list(events)))
    return hand, steps


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_r4_every_view_shows_only_cards_its_seat_was_shown(game: str) -> None:
    checked = 0
    for seed in range(40):
        hand, steps = _random_hand(game, seed)
        viewers = [None, *(s.seat for s in hand.seats)]
        for state, events in steps:
            for viewer in viewers:
                shown = state.view(viewer).cards()
                assert shown <= seen_cards(events, viewer), (seed, viewer)
                checked += len(shown)
    assert checked > 1000


def test_r4_a_hole_card_is_seen_by_its_owner_and_by_all_once_shown() -> None:
    hole = stud.HoleDealt(seat=1, cards=parse_cards("Ah"), audience=frozenset((1,)))
    up = stud.UpcardsDealt(cards=parse_cards("Kd 9s"), seats=(0, 1))
    assert seen_cards([hole, up], 1) == frozenset(parse_cards("Ah Kd 9s"))
    assert seen_cards([hole, up], 0) == frozenset(parse_cards("Kd 9s"))
    assert seen_cards([hole, up], None) == frozenset(parse_cards("Kd 9s"))
    shown = stud.Shown(seat=1, cards=parse_cards("Ah Kd"))
    assert seen_cards([hole, up, shown], None) == frozenset(parse_cards("Ah Kd 9s"))


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_r4_a_players_copy_keeps_exactly_the_cards_the_player_saw(game: str) -> None:
    for seed in range(10):
        hand, _ = _random_hand(game, seed)
        record = make_record(game, hand.options, hand.seats, hand.button, hand)
        full = replay_dict(record)
        for viewer in [None, *(s.seat for s in hand.seats)]:
            copy = redacted(record, viewer)
            kept = {c for order in copy["shuffles"] for c in order if c != REDACTED}
            assert kept == {str(c) for c in full.seen_by(viewer)} & {
                c for order in record["shuffles"] for c in order
            }
            assert copy["actions"] == record["actions"]
            if viewer is not None:
                assert len(kept) < sum(len(o) for o in record["shuffles"])  # never everything
