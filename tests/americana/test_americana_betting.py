"""Betting: bring-in, rounds, sizes per structure, short all-ins (A-12, A-13, A-20 to A-23)."""

from __future__ import annotations

import pytest
from americana_helpers import act, kinds, start

from parlour.errors import IllegalActionError
from parlour.games.americana import Call, Check, Fold

# Heads-up deals: holes of seats 0, 1, then first upcards of seats 0, 1, then rounds 2-4.
HU = "7c 7d Ac Kc 8c 8d 9c 9d Tc Td"


def test_a12_highest_upcard_brings_in() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Kd Ks Ah")
    assert hand.to_act == 2
    assert kinds(hand) == [
        {"do": "bring_in", "amount": 2},
        {"do": "raise", "min_to": 4, "max_to": 4},
    ]


def test_a12_a3_bring_in_tie_on_rank_goes_to_best_suit() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Kd Ks Kh")
    assert hand.to_act == 2  # Kh: hearts > diamonds > spades
    hand = start([20, 20, 20], "7c 8c 9c Ks Kd Kc")
    assert hand.to_act == 1  # Kd: diamonds > clubs > spades


def test_a12_bring_in_cannot_fold_or_check() -> None:
    hand = start([20, 20], HU)
    with pytest.raises(IllegalActionError, match="forced"):
        hand.apply(Fold(0))
    with pytest.raises(IllegalActionError):
        hand.apply(Check(0))


def test_a12_others_fold_call_or_raise_no_check() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Kd Ks Ah")
    act(hand, "bring_in")
    assert hand.to_act == 0
    assert kinds(hand) == [
        {"do": "fold", "amount": 0},
        {"do": "call", "amount": 2},
        {"do": "raise", "min_to": 4, "max_to": 4},
    ]


def test_a12_round_one_ends_when_all_call_bring_in_has_no_option() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Kd Ks Ah Qc Qd Qh")
    act(hand, "bring_in", "call", "call")
    assert hand.street == 2


def test_a12_bring_in_acts_again_after_a_raise() -> None:
    hand = start([20, 20], HU)
    act(hand, "bring_in", "raise 4")
    assert hand.to_act == 0
    assert [k["do"] for k in kinds(hand)] == ["fold", "call", "raise"]


def test_a12_limit_opening_for_more_counts_as_first_raise() -> None:
    hand = start([100, 100], HU, raise_cap=1)
    act(hand, "raise 4")
    assert [k["do"] for k in kinds(hand)] == ["fold", "call"]


def test_a12_bring_in_is_made_even_when_others_have_no_chips() -> None:
    hand = start([20, 1], HU)
    assert hand.to_act == 0
    assert kinds(hand) == [{"do": "bring_in", "amount": 2}]  # nobody can answer a raise
    act(hand, "bring_in")
    assert hand.is_over
    outcome = hand.outcome
    assert outcome is not None
    assert outcome.returned == ((0, 2),)


def test_a13_best_visible_hand_opens_later_rounds() -> None:
    # round 2: seat 0 shows Ac 8c, seat 1 Kc Kd: the pair of kings opens.
    hand = start([20, 20], "7c 7d Ac Kc 8c Kd")
    act(hand, "bring_in", "call")
    assert hand.street == 2
    assert hand.to_act == 1
    assert kinds(hand) == [
        {"do": "fold", "amount": 0},
        {"do": "check", "amount": 0},
        {"do": "bet", "min_to": 2, "max_to": 2},
    ]


def test_a13_fold_when_check_is_free_is_allowed() -> None:
    hand = start([20, 20], "7c 7d Ac Kc 8c Kd")
    act(hand, "bring_in", "call", "fold")
    assert hand.is_over


def test_a13_opener_without_chips_passes_to_next_with_chips() -> None:
    # seat 1 (pair of kings on round 2) is all-in; seats 0 and 2 still have chips.
    hand = start([20, 3, 20], "7c 7d 7h Ac Kc Qh 8c Kd 8h")
    act(hand, "bring_in", "call", "call")  # seat 0 brings in with Ac; seat 1 calls all-in
    assert hand.street == 2
    assert hand.to_act == 2


def test_a13_no_betting_when_fewer_than_two_have_chips() -> None:
    hand = start([20, 3], HU)
    act(hand, "bring_in", "call")  # seat 1 all-in
    assert hand.is_over
    outcome = hand.outcome
    assert outcome is not None
    assert sum(outcome.stacks) == 23


def test_a20_limit_bet_sizes_per_round() -> None:
    hand = start([100, 100], HU)
    act(hand, "bring_in", "call")
    assert kinds(hand)[-1] == {"do": "bet", "min_to": 2, "max_to": 2}
    act(hand, "check", "check")
    assert kinds(hand)[-1] == {"do": "bet", "min_to": 4, "max_to": 4}
    act(hand, "bet 4")
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 8, "max_to": 8}


def test_a20_limit_cap_of_three_raises_also_heads_up() -> None:
    hand = start([100, 100], HU)
    act(hand, "bring_in", "raise 4", "raise 6", "raise 8")
    assert [k["do"] for k in kinds(hand)] == ["fold", "call"]


def test_a21_no_limit_minimums_and_stack_maximum() -> None:
    hand = start([50, 60], HU, structure="no_limit")
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 4, "max_to": 49}
    act(hand, "raise 10")  # a raise of 8 over the bring-in
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 18, "max_to": 59}


def test_a21_pot_limit_bring_in_opening_counts_bring_in_as_posted() -> None:
    hand = start([50, 50], HU, structure="pot_limit")
    # current bet 2, pot = antes 2 + bring-in 2, call 0: raise to at most 2 + 4 = 6
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 4, "max_to": 6}


def test_a21_pot_limit_raise_is_at_most_pot_after_call() -> None:
    hand = start([50, 50], HU, structure="pot_limit")
    act(hand, "bring_in")
    # P = 2 + 2 = 4, C = 2: raise to at most 2 + 4 + 2 = 8
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 4, "max_to": 8}


def test_a21_pot_limit_bet_at_most_pot_min_bet_always_allowed() -> None:
    hand = start([50, 50], HU, structure="pot_limit", ante=1, bring_in=5)
    act(hand, "bring_in", "call")
    assert kinds(hand)[-1] == {"do": "bet", "min_to": 5, "max_to": 12}


def test_a22_short_all_in_does_not_reopen() -> None:
    # no-limit: seat 2 brings in (Ah), seat 0 raises to 10, seat 1 all-in to 12 (short).
    hand = start([100, 13, 100], "7c 8c 9c Kd Ks Ah", structure="no_limit")
    act(hand, "bring_in", "raise 10", "raise 12")
    assert hand.to_act == 2  # has acted (bring-in) but a full raise reopened it
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 20, "max_to": 99}
    act(hand, "call")
    assert hand.to_act == 0
    assert [k["do"] for k in kinds(hand)] == ["fold", "call"]


def test_a22_several_short_all_ins_never_add_up() -> None:
    # limit, bet 2: seat 3 brings in (Ah), seat 0 raises to 4, seats 1 and 2 go all-in
    # for 5 and 6: one chip each, together a full bet, yet seat 0 may not raise again.
    hand = start([100, 6, 7, 100], "7c 8c 9c Tc Kd Ks Qs Ah")
    act(hand, "bring_in", "raise 4", "raise 5", "raise 6")
    assert hand.to_act == 3  # had not acted since the full raise: may raise on top
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 8, "max_to": 8}
    act(hand, "call")
    assert hand.to_act == 0
    assert [k["do"] for k in kinds(hand)] == ["fold", "call"]


def test_a22_limit_short_all_in_bet_then_raise_on_top() -> None:
    # round 3 (bet 4): seat 0 bets all-in for 1; seat 1 may call 1 or raise to 5.
    hand = start([4, 50, 50], "7c 7d 7h Ac Kc Qc 8c 8d 8h 9c 9d 9h")
    act(hand, "bring_in", "call", "call", "check", "check", "check")
    assert hand.street == 3
    assert hand.to_act == 0
    assert kinds(hand)[-1] == {"do": "bet", "min_to": 1, "max_to": 1}
    act(hand, "bet 1")
    assert kinds(hand) == [
        {"do": "fold", "amount": 0},
        {"do": "call", "amount": 1},
        {"do": "raise", "min_to": 5, "max_to": 5},
    ]


def test_a22_short_all_in_does_not_count_toward_cap() -> None:
    # limit, cap 2: seat 2 brings in 2, seat 0 raises to 4 (raise 1), seat 1 goes all-in
    # for 5 (short, not counted), so seat 2 still has the second raise, to 5 + 2.
    hand = start([100, 6, 100], "7c 8c 9c Kd Ks Ah", raise_cap=2)
    act(hand, "bring_in", "raise 4")
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 5, "max_to": 5}  # all-in for less
    act(hand, "raise 5")
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 7, "max_to": 7}


def test_a23_short_bring_in_posts_what_it_has_bet_stays_b() -> None:
    hand = start([2, 20], "7c 7d Ac Kc", ante=1, bring_in=4)
    assert kinds(hand) == [{"do": "bring_in", "amount": 1}]
    act(hand, "bring_in")
    assert kinds(hand)[:2] == [{"do": "fold", "amount": 0}, {"do": "call", "amount": 4}]


def test_a23_bring_in_with_no_chips_is_posted_automatically() -> None:
    hand = start([1, 20, 20], "7c 7d 7h Ac Kc Qc")
    assert hand.to_act == 1
    assert kinds(hand)[:2] == [{"do": "fold", "amount": 0}, {"do": "call", "amount": 2}]
    assert not hand.actions


def test_call_when_nothing_owed_is_illegal() -> None:
    hand = start([20, 20], "7c 7d Ac Kc 8c Kd")
    act(hand, "bring_in", "call")
    with pytest.raises(IllegalActionError, match="check"):
        hand.apply(Call(1))


def test_a22_bring_in_player_counts_as_having_acted() -> None:
    # no-limit: seat 2 brings in 2, seat 0 goes all-in to 3 (short), seat 1 calls 3:
    # back at the bring-in, only fold or call.
    hand = start([4, 50, 50], "7c 8c 9c Kd Ks Ah", structure="no_limit")
    act(hand, "bring_in", "raise 3", "call")
    assert hand.to_act == 2
    assert [k["do"] for k in kinds(hand)] == ["fold", "call"]


def test_a22_player_yet_to_act_may_raise_over_a_short_all_in() -> None:
    hand = start([4, 50, 50], "7c 8c 9c Kd Ks Ah", structure="no_limit")
    act(hand, "bring_in", "raise 3")
    assert hand.to_act == 1
    assert kinds(hand)[-1] == {"do": "raise", "min_to": 5, "max_to": 49}
