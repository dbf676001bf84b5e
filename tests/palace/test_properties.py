"""Property tests: random tables, random legal play, and the invariants of the rulebook.

Chips are conserved (R-2), all 52 cards are always somewhere exactly once, no player
keeps more than ``max_soldiers`` after a trim (P-21), every hand ends, the record
replays to the same outcome, views leak nothing (R-4, P-41), and illegal actions
change nothing.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import DECK_52, Card, parse_card
from parlour.errors import IllegalActionError
from parlour.games.palace import (
    Bet,
    Call,
    PalaceHand,
    Raise,
    Stay,
    Trim,
    options_from_dict,
    random_action,
    start_hand,
)
from parlour.records import hand_to_record, replay_dict
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

from .helpers import all_cards

MAX_STEPS = 5000


@st.composite
def tables(draw: st.DrawFn) -> tuple[PalaceHand, int]:
    """A fresh hand at a random table, and a seed for the players' choices."""
    players = draw(st.integers(2, 10))
    small_bet = draw(st.integers(1, 4))
    options = options_from_dict(
        {
            "structure": draw(st.sampled_from(["limit", "no_limit"])),
            "small_bet": small_bet,
            "big_bet": draw(st.integers(small_bet, 3 * small_bet)),
            "ante": draw(st.integers(0, 2)),
            "discard_fee": draw(st.integers(0, 3)),
            "max_soldiers": draw(st.integers(1, 6)),
            "raise_cap": draw(st.integers(0, 4)),
        }
    )
    low = max(1, options.ante)
    stacks = draw(st.lists(st.integers(0, 60), min_size=players, max_size=players))
    stacks[0] = max(stacks[0], low)
    stacks[-1] = max(stacks[-1], low)
    numbers = sorted(draw(st.sets(st.integers(0, 12), min_size=players, max_size=players)))
    seats = [SeatSpec(n, s) for n, s in zip(numbers, stacks, strict=True)]
    button = draw(st.sampled_from(numbers))
    seed = draw(st.integers(0, 2**32))
    return start_hand(options, seats, button, SeededShuffler(seed)), seed


def card_strings(data: Any) -> set[str]:
    """Every card written anywhere in a JSON-ready structure."""
    found: set[str] = set()
    if isinstance(data, dict):
        for value in data.values():
            found |= card_strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            found |= card_strings(value)
    elif isinstance(data, str) and len(data) == 2:
        with contextlib.suppress(ValueError):
            found.add(str(parse_card(data)))
    return found


class Knowledge:
    """What each seat (and a spectator, key None) has legitimately seen, from the events."""

    def __init__(self, hand: PalaceHand) -> None:
        self.seen: dict[int | None, set[str]] = {None: set()}
        for seat in hand.seat_of:
            self.seen[seat] = set()
        self.learn(hand.start_events)

    def learn(self, events: Any) -> None:
        for event in events:
            faces = {str(c) for c in event.cards}
            for seat, known in self.seen.items():
                if event.visible_to(seat):
                    known |= faces


def check_invariants(hand: PalaceHand, total: int, knowledge: Knowledge) -> None:
    if hand.outcome is None:
        assert sum(hand.stack) + sum(hand.paid) == total
    else:
        assert sum(hand.outcome.stacks) == total
    held: list[Card] = all_cards(hand)
    assert sorted(held) == list(DECK_52)
    if hand.phase in (0, 2):
        assert all(len(s) <= hand.options.max_soldiers for s in hand.soldiers)
    hidden_draw = {str(c) for c in hand.draw}
    for seat, known in knowledge.seen.items():
        shown = card_strings(hand.view(seat).to_dict())
        assert shown <= known, (seat, shown - known)
        assert not shown & hidden_draw


def chips(hand: PalaceHand) -> int:
    """Every chip at the table: stacks and pot, or the final stacks once the hand is over."""
    if hand.outcome is not None:
        return sum(hand.outcome.stacks)
    return sum(hand.stack) + sum(hand.paid)


def play_out(
    hand: PalaceHand, seed: int, knowledge: Knowledge | None = None
) -> tuple[int, Knowledge]:
    rng = random.Random(seed)
    total = chips(hand)
    knowledge = knowledge or Knowledge(hand)
    check_invariants(hand, total, knowledge)
    steps = 0
    while hand.to_act is not None:
        steps += 1
        assert steps < MAX_STEPS, "the hand does not end"
        action = random_action(hand.legal_actions(), hand.to_act, rng)
        knowledge.learn(hand.apply(action))
        check_invariants(hand, total, knowledge)
    return total, knowledge


@given(tables())
def test_random_play_keeps_every_invariant_and_replays(table: tuple[PalaceHand, int]) -> None:
    hand, seed = table
    play_out(hand, seed)
    record = hand_to_record(hand)
    replayed = replay_dict(record)
    assert replayed.hand.outcome == hand.outcome


@given(tables(), st.integers(0, 2**16))
def test_illegal_actions_change_nothing(table: tuple[PalaceHand, int], pick: int) -> None:
    hand, seed = table
    rng = random.Random(seed)
    while hand.to_act is not None:
        seat = hand.to_act
        wrong_seat = next(s for s in hand.seat_of if s != seat)
        candidates = [
            Stay(wrong_seat),
            Bet(seat, seat),
            Raise(seat, 10**6),
            Call(seat) if hand.phase != 2 else Stay(seat),
            Trim(seat, (DECK_52[pick % 52],)) if hand.phase != 1 else Stay(seat),
        ]
        bad = candidates[pick % len(candidates)]
        before = (hand_to_record(hand), list(hand.stack), list(hand.paid), hand.legal_actions())
        try:
            hand.apply(bad)  # type: ignore[arg-type]
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"{bad} was accepted")
        assert (hand_to_record(hand), list(hand.stack), list(hand.paid), hand.legal_actions()) == (
            before
        )
        hand.apply(random_action(hand.legal_actions(), seat, rng))


@given(tables())
def test_copy_is_independent(table: tuple[PalaceHand, int]) -> None:
    hand, seed = table
    rng = random.Random(seed)
    knowledge = Knowledge(hand)
    for _ in range(3):
        if hand.to_act is None:
            return
        knowledge.learn(hand.apply(random_action(hand.legal_actions(), hand.to_act, rng)))
    snapshot = hand_to_record(hand)
    soldiers = [list(s) for s in hand.soldiers]
    twin = hand.copy()
    play_out(twin, seed + 1, knowledge)
    assert hand_to_record(hand) == snapshot
    assert hand.soldiers == soldiers
