"""Showdown, ranking at the table, pots and odd chips (A-30 to A-32, A-40 to A-46, A-50, A-51)."""

from __future__ import annotations

import json
from pathlib import Path

from americana_helpers import act, start

from parlour.games.americana import AmericanaHand
from parlour.records import replay_dict

GOLDEN = Path(__file__).parent.parent / "golden" / "americana"


def call_down(hand: AmericanaHand) -> list[tuple[str, int | None]]:
    """Bring in, call or check until the end; returns the show/muck events."""
    shows: list[tuple[str, int | None]] = []
    while not hand.is_over:
        dos = [c.do for c in hand.legal_actions()]
        move = next(d for d in ("check", "bring_in", "call") if d in dos)
        shows += [(e.kind, e.seat) for e in act(hand, move) if e.kind in ("show", "muck")]
    return shows


def winners(hand: AmericanaHand) -> list[tuple[int, ...]]:
    assert hand.outcome is not None
    return [p.winners for p in hand.outcome.pots]


def test_a30_everyone_checked_first_from_dealers_left_shows_first() -> None:
    hand = start([20, 20, 20], "7c 7d 7h Ac Kc Qc 8c 8d 8h 9c 9d 9h Tc Td Th", button=1)
    # deal starts at seat 2
    shows = call_down(hand)
    assert shows[0] == ("show", 2)


def test_a30_last_bettor_of_round_four_shows_first() -> None:
    hand = start([20, 20], "7c 7d Ac Kc 8c 8d 9c 9d Tc Td")
    act(hand, "bring_in", "call", "check", "check", "check", "check")
    assert hand.street == 4
    opener = hand.to_act
    act(hand, "check")
    bettor = hand.to_act
    assert bettor is not None
    assert bettor != opener
    events = act(hand, "bet 4", "call")
    shows = [(e.kind, e.seat) for e in events if e.kind in ("show", "muck")]
    assert shows[0] == ("show", bettor)


def test_a31_beaten_hand_is_mucked_unless_show_all() -> None:
    # seat 1 shows trips first (it bet); seat 0's pair is beaten in the only pot.
    top = "7c 7d 8c Kc 8h Kd 9c Ks Tc 9d"
    hand = start([20, 20], top)
    act(hand, "bring_in", "call", "check", "check", "check", "check", "bet 4", "call")
    assert hand.view(None).seats[0].mucked
    shown_all = start([20, 20], top, show_all=True)
    act(shown_all, "bring_in", "call", "check", "check", "check", "check", "bet 4", "call")
    assert shown_all.view(None).seats[0].shown
    assert shown_all.outcome == hand.outcome  # mucking never changes who wins


def test_a32_best_hand_wins() -> None:
    hand = start([20, 20], "7c 7d 8c Kc 8h Kd 9c Ks Tc 9d")
    call_down(hand)
    assert winners(hand) == [(1,)]


def test_a40_flush_beats_full_house_at_the_table() -> None:
    hand = start([20, 20], "8c 7d 8d 9d 8h Jd Js Qd Jc Kd")
    call_down(hand)
    assert winners(hand) == [(1,)]


def test_a41_ace_low_straight_loses_to_jack_high() -> None:
    hand = start([20, 20], "Ac 7s 7h 8d 8h 9c 9h Tc Th Jc")
    call_down(hand)
    assert winners(hand) == [(1,)]


def test_a42_seed_flush_decided_by_suit_of_highest_card() -> None:
    # Kh Jh Th 9h 7h beats Ks Qs Js 9s 8s under seed; ranks_then_suit: the other.
    top = "7h 8s 9h 9s Th Js Jh Qs Kh Ks"
    seed = start([20, 20], top)
    call_down(seed)
    assert winners(seed) == [(0,)]
    ranks = start([20, 20], top, tie_break="ranks_then_suit")
    call_down(ranks)
    assert winners(ranks) == [(1,)]


def test_a43_a45_ranks_then_suit_never_ties() -> None:
    top = "7c 7d 8c 8d 9d 9c Jh Js Qs Qh"
    hand = start([20, 20], top, tie_break="ranks_then_suit")
    call_down(hand)
    assert winners(hand) == [(1,)]  # identical ranks: Qh beats Qs


def test_a44_split_ties_identical_ranks() -> None:
    hand = start([20, 20], "7c 7d 8c 8d 9d 9c Jh Js Qs Qh", tie_break="split")
    call_down(hand)
    assert winners(hand) == [(0, 1)]


def test_a46_pair_of_queens_example_in_both_modes() -> None:
    for name, winner in (
        ("tie_break_seed_suit_of_kicker", [0]),
        ("tie_break_ranks_then_suit_kicker", [1]),
    ):
        data = json.loads((GOLDEN / f"{name}.json").read_text())
        outcome = replay_dict(data).hand.outcome
        assert outcome is not None
        assert list(outcome.pots[0].winners) == winner


def test_a50_three_way_all_in_two_side_pots() -> None:
    data = json.loads((GOLDEN / "three_way_all_in_two_side_pots.json").read_text())
    outcome = replay_dict(data).hand.outcome
    assert outcome is not None
    assert [(p.amount, p.eligible, p.winners) for p in outcome.pots] == [
        (44, (0, 1, 2, 3), (0,)),
        (30, (1, 2, 3), (1,)),
        (20, (2, 3), (2,)),
    ]


def test_a50_pots_awarded_from_last_side_pot_back() -> None:
    data = json.loads((GOLDEN / "three_way_all_in_two_side_pots.json").read_text())
    events = replay_dict(data).events
    assert [e.amount for e in events if e.kind == "award"] == [20, 30, 44]


def test_a51_odd_chip_to_highest_card_hole_included() -> None:
    # seats 0 and 1 both hold Q J 9 8 7 and tie under split; seat 2 folds: pot 9 is odd.
    top = "Qh 7d 7h 8c 8d As 9d 9c Ks Jh Js 7c Qs"
    hand = start([20, 20, 20], top, tie_break="split")
    act(hand, "bring_in", "call", "call", "fold")
    call_down(hand)
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0, 1)
    assert hand.outcome.stacks[:2] == (22, 21)  # Qh (seat 0's hole card) beats Qs
