"""The batch engine's random Americana policy draws as ``random_action`` does."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

pytest.importorskip("numba")
pytest.importorskip("scipy")

from parlour.batch import play_americana
from parlour.cards import parse_cards
from parlour.games import americana
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler, SeededShuffler

from .policy_stats import P_MIN, Conditional, homogeneity_pvalue

OPTIONS = {"structure": "no_limit"}
STACKS = [30, 60, 120]


def _size(choice: Any, action: Any) -> tuple[int, int] | None:
    if action.do not in ("bet", "raise"):
        return None
    return action.to - choice.min_to, choice.max_to - choice.min_to + 1


def test_random_policy_is_uniform_over_legal_kinds_and_sizes() -> None:
    batch = play_americana(4000, stacks=STACKS, options=OPTIONS, seed=11)
    conditional = Conditional(_size)
    for record in batch.records():
        conditional.add_record(record)
    assert conditional.kind_pvalue() > P_MIN
    assert conditional.size_pvalue() > P_MIN


def _per_round(actions: list[dict[str, Any]], rounds: list[int]) -> Counter[tuple[int, str]]:
    return Counter((street, a["do"]) for a, street in zip(actions, rounds, strict=True))


def test_random_policy_matches_random_action_in_distribution() -> None:
    """The same tables played by ``random_action`` (reference engine, Python) and by
    the batch engine: the kinds chosen per betting round and the decisions per hand
    have the same distribution."""
    hands = 3000
    options = americana.options_from_dict(OPTIONS)
    reference: Counter[tuple[int, str]] = Counter()
    lengths_ref: Counter[int] = Counter()
    rng = random.Random(5)
    shuffler = SeededShuffler(random.Random(6))
    for k in range(hands):
        seats = [SeatSpec(s, STACKS[s]) for s in range(3)]
        hand = americana.start_hand(options, seats, k % 3, shuffler)
        count = 0
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            street = hand.street
            action = americana.random_action(hand.legal_actions(), seat, rng)
            reference[(street, action.do)] += 1
            hand.apply(action)
            count += 1
        lengths_ref[min(count, 12)] += 1
    batch = play_americana(hands, stacks=STACKS, options=OPTIONS, seed=12)
    ours: Counter[tuple[int, str]] = Counter()
    lengths: Counter[int] = Counter()
    for i in range(hands):
        record = batch.record(i)
        hand = americana.start_hand(
            options,
            [SeatSpec(s, STACKS[s]) for s in range(3)],
            record["button"],
            _recorded(record),
        )
        for action in record["actions"]:
            ours[(hand.street, action["do"])] += 1
            hand.apply(americana.action_from_dict(action))
        lengths[min(len(record["actions"]), 12)] += 1
    assert homogeneity_pvalue(reference, ours) > P_MIN
    assert homogeneity_pvalue(lengths_ref, lengths) > P_MIN


def _recorded(record: dict[str, Any]) -> RecordedShuffler:
    return RecordedShuffler([parse_cards(order) for order in record["shuffles"]])


def test_the_statistics_catch_a_biased_policy() -> None:
    """The same checks on a policy that favours its first legal kind and small sizes
    fail: the tests above can fail."""
    options = americana.options_from_dict(OPTIONS)
    rng = random.Random(3)
    shuffler = SeededShuffler(random.Random(4))
    conditional = Conditional(_size)
    for k in range(1500):
        hand = americana.start_hand(
            options, [SeatSpec(s, STACKS[s]) for s in range(3)], k % 3, shuffler
        )
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            choices = hand.legal_actions()
            choice = choices[0] if rng.random() < 0.2 else rng.choice(choices)
            top = choice.min_to + (choice.max_to - choice.min_to) // 2
            hand.apply(choice.action(rng.randint(choice.min_to, top) if choice.max_to else None))
        conditional.add_record(hand_to_record(hand))
    assert conditional.kind_pvalue() < P_MIN
    assert conditional.size_pvalue() < P_MIN
