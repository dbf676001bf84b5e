"""Property tests: random tables, random legal play, and the invariants of the rulebook.

Chips are conserved (R-2), all 52 cards are always somewhere exactly once, no player
keeps more than ``max_soldiers`` after a trim (P-21), every hand ends, the record
replays to the same outcome, every chip paid is in exactly one pot or returned and the
pots follow P-46 (one pot unless someone is all-in; only P-35 returns otherwise; an
all-in winner's cap), views leak nothing (R-4, P-41), and illegal actions change nothing.
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


def left_before_settling(hand: PalaceHand) -> list[int]:
    """Each position's chips when the hand ended, before the pots were paid out."""
    return [spec.stack - paid for spec, paid in zip(hand.seats, hand.paid, strict=True)]


def check_pots(hand: PalaceHand) -> None:
    """P-46 from the rule's own statements, on a finished hand.

    ``hand.paid`` is each position's total net of P-35 returns, ``hand.back`` those returns.
    """
    outcome = hand.outcome
    assert outcome is not None
    seat_of, paid, live = hand.seat_of, hand.paid, hand.live
    pos = {s: p for p, s in enumerate(seat_of)}
    before = left_before_settling(hand)
    all_in = {p for p in hand.order if live[p] and before[p] == 0}
    back = dict.fromkeys(range(len(seat_of)), 0)
    for seat, amount in outcome.returned:
        back[pos[seat]] += amount
    # Every chip paid is in exactly one pot or returned.
    assert sum(p.amount for p in outcome.pots) + sum(back.values()) == sum(paid) + sum(hand.back)
    cut_back = {p: back[p] - hand.back[p] for p in back}
    assert all(0 <= cut_back[p] <= paid[p] for p in back)
    open_always = {p for p in hand.order if live[p] and p not in all_in}
    for pot in outcome.pots:
        eligible = {pos[s] for s in pot.eligible}
        assert pot.amount > 0
        assert open_always <= eligible  # the non-all-in are open to every pot
        assert eligible <= {p for p in hand.order if live[p]}
        assert {pos[s] for s in pot.winners} <= eligible
    if not all_in:
        payers = {p for p in range(len(paid)) if paid[p]}
        if (payers and payers != open_always) or len(payers) >= 2:
            assert len(outcome.pots) == 1
            assert outcome.pots[0].amount == sum(paid)
            assert all(v == 0 for v in cut_back.values())  # only P-35 comes back
    for p in all_in:  # an all-in player wins at most its total from each player
        won = outcome.stacks[p] - before[p] - cut_back[p]
        assert won <= sum(min(paid[p], paid[q]) for q in range(len(paid)))


@given(tables())
def test_random_play_keeps_every_invariant_and_replays(table: tuple[PalaceHand, int]) -> None:
    hand, seed = table
    play_out(hand, seed)
    check_pots(hand)
    record = hand_to_record(hand)
    replayed = replay_dict(record)
    assert replayed.hand.outcome == hand.outcome


@given(tables())
def test_p46_with_nobody_all_in_exactly_one_pot_and_only_p35_returns(
    table: tuple[PalaceHand, int],
) -> None:
    hand, seed = table
    play_out(hand, seed)
    outcome = hand.outcome
    assert outcome is not None
    before = left_before_settling(hand)
    if any(hand.live[p] and before[p] == 0 for p in hand.order):
        return  # someone is all-in: checked by check_pots
    if hand.options.ante == 0 and sum(1 for p in hand.order if hand.paid[p]) < 2:
        return  # nobody, or only the winner, paid: nothing to win (P-46's only-payer slice)
    assert len(outcome.pots) == 1
    assert outcome.pots[0].amount == sum(hand.paid)
    p35 = tuple((hand.seat_of[p], hand.back[p]) for p in range(len(hand.seats)) if hand.back[p])
    assert outcome.returned == p35


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
