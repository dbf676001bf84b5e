"""Property tests over random tables and random legal play (R-1, R-2, R-4, A-45, A-50)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from parlour.cards import DECK_32
from parlour.errors import IllegalActionError
from parlour.games import americana
from parlour.games.americana import AmericanaHand, Bet, Call, Check, Fold, Raise
from parlour.records import hand_to_record, replay_dict
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

tables = st.fixed_dictionaries(
    {
        "numbers": st.lists(st.integers(0, 9), min_size=2, max_size=6, unique=True).map(sorted),
        "stacks": st.lists(st.integers(0, 60), min_size=6, max_size=6),
        "ante": st.integers(1, 3),
        "bring_in": st.integers(1, 6),
        "raise_cap": st.integers(0, 4),
        "structure": st.sampled_from(["limit", "pot_limit", "no_limit"]),
        "tie_break": st.sampled_from(["seed", "ranks_then_suit", "split"]),
        "show_all": st.booleans(),
        "button_index": st.integers(0, 5),
        "seed": st.integers(0, 2**32 - 1),
    }
)


def _deal(table: dict[str, Any]) -> tuple[AmericanaHand, random.Random]:
    numbers = table["numbers"]
    stacks = table["stacks"][: len(numbers)]
    assume(sum(1 for s in stacks if s >= table["ante"]) >= 2)
    seats = [SeatSpec(n, s) for n, s in zip(numbers, stacks, strict=True)]
    options = americana.options_from_dict(
        {
            k: table[k]
            for k in ("ante", "bring_in", "raise_cap", "structure", "tie_break", "show_all")
        }
    )
    rng = random.Random(table["seed"])
    button = numbers[table["button_index"] % len(numbers)]
    return americana.start_hand(options, seats, button, SeededShuffler(rng)), rng


def _public_total(hand: AmericanaHand) -> int:
    view = hand.view(None)
    total: int = sum(s.stack for s in view.seats) + (0 if hand.is_over else view.pot)
    return total


def _check_views(hand: AmericanaHand) -> None:
    """R-4: no view holds another seat's hole card (unless shown) or a mucked card."""
    holes = {s: _own_hole(hand, s) for s in hand.dealt_in}
    for seat in (None, *hand.dealt_in):
        view = hand.view(seat)
        assert view.legal_actions == () or view.seat == hand.to_act
        text = repr(view.to_dict())
        for row in view.seats:
            if row.hole is not None:
                assert row.seat == seat or row.shown
            if row.dealt_in and row.seat != seat and not row.shown:
                assert f"'{holes[row.seat]}'" not in text


def _own_hole(hand: AmericanaHand, seat: int) -> Any:
    row = next(r for r in hand.view(seat).seats if r.seat == seat)
    assert row.hole is not None
    return row.hole


def _illegal_tries(hand: AmericanaHand, rng: random.Random) -> None:
    """Illegal actions raise and leave the state exactly as it was."""
    seat = hand.to_act
    assert seat is not None
    other = next(s for s in hand.dealt_in if s != seat)
    choices = hand.legal_actions()
    tries: list[Any] = [Fold(other), Check(other), Raise(seat, 10**6), Bet(seat, 10**6)]
    if not any(c.do == "check" for c in choices):
        tries.append(Check(seat))
    if not any(c.do == "call" for c in choices):
        tries.append(Call(seat))
    before = hand.snapshot()
    for action in tries:
        try:
            hand.apply(action)
        except IllegalActionError:
            pass
        else:  # pragma: no cover - would be a bug
            raise AssertionError(f"{action} was accepted")
        assert hand.snapshot() == before
    _ = rng


@settings(max_examples=400)
@given(tables)
def test_r2_random_play_keeps_every_invariant(table: dict[str, Any]) -> None:
    hand, rng = _deal(table)
    total = _public_total(hand)
    while not hand.is_over:
        _check_views(hand)
        assert _public_total(hand) == total
        if rng.random() < 0.3:
            _illegal_tries(hand, rng)
        seat = hand.to_act
        assert seat is not None
        hand.apply(americana.random_action(hand.legal_actions(), seat, rng))
    _check_views(hand)
    outcome = hand.outcome
    assert outcome is not None
    initial = sum(s.stack for s in hand.seats)
    assert sum(outcome.stacks) == initial
    contributed = sum(row.contributed for row in hand.view(None).seats)
    awarded = sum(p.amount for p in outcome.pots) + sum(a for _, a in outcome.returned)
    assert awarded == contributed  # every chip paid is in one pot or returned
    for pot in outcome.pots:
        assert pot.winners
        assert set(pot.winners) <= set(pot.eligible)
        if table["tie_break"] != "split":
            assert len(pot.winners) == 1
    assert sorted(hand.shuffles[0]) == sorted(DECK_32)
    seen = [c for r in hand.view(None).seats for c in r.upcards]
    assert len(seen) == len(set(seen))  # no card twice
    record = hand_to_record(hand)
    assert replay_dict(record).hand.outcome == outcome  # the record replays exactly


@given(tables)
def test_r1_same_inputs_same_hand(table: dict[str, Any]) -> None:
    first, rng1 = _deal(table)
    second, rng2 = _deal(table)
    while not first.is_over:
        seat = first.to_act
        assert seat is not None
        action = americana.random_action(first.legal_actions(), seat, rng1)
        assert americana.random_action(second.legal_actions(), seat, rng2) == action
        assert first.apply(action) == second.apply(action)
    assert first.outcome == second.outcome


@given(tables)
def test_copy_is_independent(table: dict[str, Any]) -> None:
    hand, rng = _deal(table)
    while not hand.is_over:
        twin = hand.copy()
        snapshot = hand.snapshot()
        assert twin.snapshot() == snapshot
        seat = twin.to_act
        assert seat is not None
        twin.apply(americana.random_action(twin.legal_actions(), seat, rng))
        assert hand.snapshot() == snapshot
        hand = twin
