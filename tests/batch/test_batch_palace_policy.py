"""The batch engine's random Palace policy draws as ``random_action`` does: a uniform
legal kind (one kind for all bets), a uniform target, sizes and subsets uniform."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("numba")
pytest.importorskip("scipy")

from parlour.batch import play_palace
from parlour.cards import parse_cards
from parlour.games import palace
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler, SeededShuffler

from .policy_stats import P_MIN, Conditional, homogeneity_pvalue

OPTIONS = {"structure": "no_limit", "max_soldiers": 3}
STACKS = [15, 30, 60, 120]


def _size(choice: Any, action: Any) -> tuple[int, int] | None:
    if action.do == "raise":
        return action.by - choice.min_by, choice.max_by - choice.min_by + 1
    if action.do == "bet" and choice.max_extra:
        offset = 0 if action.extra == 0 else action.extra - choice.min_extra + 1
        return offset, choice.max_extra - choice.min_extra + 2
    if action.do in ("trim", "discard"):
        return len(action.cards) - choice.least, choice.most - choice.least + 1
    return None


def test_random_policy_is_uniform_over_legal_kinds_and_sizes() -> None:
    batch = play_palace(2500, stacks=STACKS, options=OPTIONS, seed=11)
    conditional = Conditional(_size)
    for record in batch.records():
        conditional.add_record(record)
    assert conditional.kind_pvalue() > P_MIN
    assert conditional.size_pvalue() > P_MIN


def _phase_kind(hand: Any, do: str) -> tuple[int, str]:
    return hand.phase, do


def test_random_policy_matches_random_action_in_distribution() -> None:
    hands = 2500
    options = palace.options_from_dict(OPTIONS)
    seats = [SeatSpec(s, STACKS[s]) for s in range(4)]
    reference: Counter[tuple[int, str]] = Counter()
    lengths_ref: Counter[int] = Counter()
    rng = random.Random(5)
    shuffler = SeededShuffler(random.Random(6))
    for k in range(hands):
        hand = palace.start_hand(options, seats, k % 4, shuffler)
        count = 0
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = palace.random_action(hand.legal_actions(), seat, rng)
            reference[_phase_kind(hand, action.do)] += 1
            hand.apply(action)
            count += 1
        lengths_ref[min(count, 30)] += 1
    batch = play_palace(hands, stacks=STACKS, options=OPTIONS, seed=12)
    ours: Counter[tuple[int, str]] = Counter()
    lengths: Counter[int] = Counter()
    for record in batch.records():
        shuffles = RecordedShuffler([parse_cards(order) for order in record["shuffles"]])
        hand = palace.start_hand(options, seats, record["button"], shuffles)
        for action in record["actions"]:
            ours[_phase_kind(hand, action["do"])] += 1
            hand.apply(palace.action_from_dict(action))
        lengths[min(len(record["actions"]), 30)] += 1
    assert homogeneity_pvalue(reference, ours) > P_MIN
    assert homogeneity_pvalue(lengths_ref, lengths) > P_MIN
