"""P-45, P-46 and P-60 to P-64: table stakes, layered pots and the end of the hand."""

from __future__ import annotations

import pytest

from parlour.cards import parse_cards as cards
from parlour.errors import IllegalActionError
from parlour.games.palace import Bet, BetChoice, PalaceHand, Raise, RaiseChoice, Stay
from parlour.games.palace.battle import battle_result

from .helpers import choices_of, kinds, make_hand, plain, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])
NO_LIMIT = {"structure": "no_limit"}


def test_p45_attacker_short_of_its_base_bets_all_in() -> None:
    hand = make_hand(*THREE, draw="9d Td", stacks=[8, 20, 20])
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay", "0 buy", "0 trim", "1 stay", "2 stay")
    assert hand.stack[0] == 3
    bet = choices_of(hand, BetChoice)[0]
    assert bet.bet == 3
    play(hand, "0 bet 1")
    assert hand.stack[0] == 0
    assert kinds(hand) == ["fold", "call"]  # no raise against a battler without chips
    assert plain(hand, "call").amount == 2


def test_p45_buy_must_be_paid_in_full() -> None:
    hand = make_hand(*THREE, stacks=[2, 20, 20])
    assert hand.stack[0] == 1
    assert "buy" not in kinds(hand)


def test_p45_short_extra_and_raise_only_exactly_all_in() -> None:
    hand = make_hand(*THREE, stacks=[6, 20, 20], options=NO_LIMIT)
    bet = choices_of(hand, BetChoice)[0]
    assert (bet.min_extra, bet.max_extra) == (3, 3)
    with pytest.raises(IllegalActionError):
        hand.apply(Bet(0, 1, 2))
    limit = make_hand(*THREE, stacks=[20, 6, 20])
    play(limit, "0 bet 1")
    (raise_,) = choices_of(limit, RaiseChoice)
    assert (raise_.min_by, raise_.max_by) == (3, 3)
    play(limit, "1 raise 3")
    assert limit.raises == 1
    assert limit.last_raise == 3


def test_p45_no_extra_against_a_defender_without_chips() -> None:
    hand = make_hand(*THREE, stacks=[20, 1, 20], options=NO_LIMIT)
    bet = next(c for c in choices_of(hand, BetChoice) if c.target == 1)
    assert (bet.min_extra, bet.max_extra) == (0, 0)
    events = play(hand, "0 bet 1")
    assert "palace_shown" in [e.kind for e in events]  # compared at once


def test_p45_no_raise_after_an_all_in_raise() -> None:
    hand = make_hand(*THREE, stacks=[20, 9, 20], options=NO_LIMIT)
    play(hand, "0 bet 1", "1 raise 6")
    assert hand.stack[1] == 0
    assert kinds(hand) == ["fold", "call"]
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(0, 4))


def pots_of(hand: PalaceHand) -> list[tuple[int, tuple[int, ...], tuple[int, ...]]]:
    """The outcome's pots as (amount, eligible, winners)."""
    assert hand.outcome is not None
    return [(p.amount, p.eligible, p.winners) for p in hand.outcome.pots]


def test_p46_buyer_loses_to_ante_only_player_who_takes_all() -> None:
    # RULES.md's example: seat 0 pays 5 (two Buys), seat 2 only antes and wins all 7.
    hand = make_hand(
        ["Ac", "Kd", "Qh"], ["2d 7h 9s", "Ks 8h 6c", "Qs Qd 5c"], draw="3c 4d", stacks=20
    )
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay", "0 buy", "0 trim", "1 stay", "2 stay")
    play(hand, "0 stay")
    assert hand.outcome is not None
    assert pots_of(hand) == [(7, (0, 1, 2), (2,))]
    assert hand.outcome.returned == ()
    assert hand.outcome.stacks == (15, 19, 26)


def test_p46_all_in_winner_is_capped_and_the_side_pot_above_goes_to_the_others() -> None:
    # Seat 1 is all-in for 1 (the ante): it wins 1 from each, the rest is a pot for 0 and 2.
    hand = make_hand(
        ["Ac", "Kd", "Qh"], ["As 7h 3c", "Ks Kh 9c", "2d 4s 6c"], draw="8d 8s", stacks=[20, 1, 20]
    )
    play(hand, "0 buy", "0 trim", "2 buy", "2 trim", "0 stay", "2 stay")
    assert pots_of(hand) == [(3, (0, 1, 2), (1,)), (4, (0, 2), (0,))]
    assert hand.outcome is not None
    assert hand.outcome.stacks == (21, 3, 17)


def test_p46_a_player_open_to_the_side_pot_wins_it_whatever_it_paid() -> None:
    # Totals 5, 3 (all-in), 1: the side pot of 2 is seat 0's alone, and seat 2 wins it.
    hand = make_hand(
        ["Ac", "Kd", "Qh"], ["2d 7h 9s", "Ks Kh 9c", "Qs Qd 5c"], draw="3c 2s 4d",
        stacks=[20, 3, 20],
    )  # fmt: skip
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "2 stay", "0 buy", "0 trim", "2 stay")
    play(hand, "0 stay")
    assert pots_of(hand) == [(7, (0, 1, 2), (1,)), (2, (0, 2), (2,))]
    assert hand.outcome is not None
    assert hand.outcome.stacks == (15, 7, 21)


def test_p46_slice_above_an_all_in_winner_open_to_nobody_goes_back() -> None:
    # Seat 1 (all-in for 2) wins and is the last one; the slice 2..3 of seats 0 and 2 returns.
    hand = make_hand(["2c", "Ad", "7h"], ["3d 4h 6s", "As Ah 9s", "8c Tc Js"], stacks=[30, 2, 30])
    play(hand, "0 bet 1", "1 call", "1 trim", "2 bet 1")
    assert pots_of(hand) == [(6, (1,), (1,))]
    assert hand.outcome is not None
    assert hand.outcome.returned == ((0, 1), (2, 1))


def test_p46_slice_whose_only_payer_is_its_only_open_player_goes_back() -> None:
    # Dealt to two; seat 1 is all-in for 3, seat 0 paid 5: seat 0's last 2 come back.
    hand = make_hand(["Ac", "Kd"], ["2d 7h 9s", "Ks Kh 9c"], draw="3c 2s 4d", stacks=[20, 3])
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "0 buy", "0 trim", "0 stay")
    assert pots_of(hand) == [(6, (0, 1), (1,))]
    assert hand.outcome is not None
    assert hand.outcome.returned == ((0, 2),)
    assert hand.outcome.stacks == (17, 6)


def test_p46_with_nobody_all_in_one_pot_and_only_p35_returns() -> None:
    # Seat 1's raise comes back under P-35; everything else (bases, antes) is one pot.
    hand = make_hand(*THREE)
    play(hand, "0 bet 1", "1 raise 4", "0 fold", "1 trim", "1 bet 2", "2 fold")
    assert pots_of(hand) == [(11, (1,), (1,))]
    assert hand.outcome is not None
    assert hand.outcome.returned == ((1, 4),)


def test_p60_the_last_player_in_the_hand_wins() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 fold", "1 fold")
    assert hand.outcome is not None
    assert hand.outcome.stacks == (19, 19, 22)


def test_p61_players_left_of_one_suit_split_at_once() -> None:
    hand = make_hand(
        ["Ac", "Kd", "Qh", "Js", "Tc"], ["2c 2d 2h", "2s 3c 3d", "3h 3s 4c", "4d 4h 4s", "5c 5d 5h"]
    )
    play(hand, "0 stay", "1 fold", "2 fold", "3 fold")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0, 4)
    assert hand.outcome.stacks == (22, 19, 19, 19, 21)


def test_p62_the_last_two_may_only_bet_or_fold() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 fold")  # seats 1 and 2 have not had a turn: no passive round is complete
    assert hand.forced
    assert kinds(hand) == ["fold", "bet"]
    with pytest.raises(IllegalActionError):
        hand.apply(Stay(1))


def test_p62_a_battle_that_leaves_two_starts_the_forced_battle() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 stay", "1 stay", "2 bet 1", "1 call")  # seat 1's K-high beats Q-high
    assert not hand.forced
    play(hand, "1 trim")
    assert hand.forced
    assert hand.to_act == 0
    assert kinds(hand) == ["fold", "bet"]


def test_p62_without_chips_the_last_two_are_compared_at_once() -> None:
    hand = make_hand(*THREE, stacks=[20, 1, 3])
    play(hand, "0 bet 2", "2 call")  # seat 2 is all-in and loses to trips
    assert hand.live == [True, True, False]
    play(hand, "0 trim")
    # Seat 1 has no chips and is skipped; seat 0 must bet or fold.
    assert hand.to_act == 0
    assert kinds(hand) == ["fold", "bet"]
    broke = make_hand(*THREE, stacks=[3, 1, 3])
    events = play(broke, "0 bet 2", "2 call", "0 trim")
    assert broke.is_over  # seats 0 and 1 both without chips: compared at once
    assert events[-1].to_dict()["how"] == "comparison"
    # As a battle: seat 0's trip aces (no diamonds count) beat seat 1's K-high.
    assert pots_of(broke)[0][2] == (0,)


def test_p62_once_in_force_a_skipped_turn_does_not_complete_a_passive_round() -> None:
    hand = make_hand(
        ["Ac", "Kd", "Qh", "Js"], ["2c 2d 2h", "2s 3c 3d", "3h 3s 4c", "4d 4h 4s"],
        stacks=[20, 20, 20, 1],
    )  # fmt: skip
    # After the folds seat 3 has had no turn: two are left without a passive round (P-62).
    events = play(hand, "0 stay", "1 fold", "2 fold")
    assert hand.forced
    assert [e.kind for e in events][-1] == "skip"  # seat 3, no chips: not a Stay now
    assert not hand.is_over
    assert hand.to_act == 0
    assert kinds(hand) == ["fold", "bet"]


def test_p62_a_hand_dealt_to_two_has_normal_turns() -> None:
    hand = make_hand(["Ac", "Kd"], ["9h 5h 6s", "Kc Qs 3h"])
    assert kinds(hand) == ["buy", "stay", "fold", "bet"]
    play(hand, "0 stay")
    assert not hand.forced
    assert kinds(hand) == ["buy", "stay", "fold", "bet"]


def test_p63_passive_round_showdown_and_a_buy_restarts_it() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 stay", "1 stay", "2 buy", "2 trim", "0 stay", "1 stay")
    assert not hand.is_over
    assert hand.to_act == 2
    play(hand, "2 stay")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0,)


def test_p63_stay_stay_fold_ends_in_a_showdown_of_two() -> None:
    # Without exclusion seat 0's kings beat seat 1's queens; as a battle seat 1 would win.
    hand = make_hand(["Ac", "Qd", "2h"], ["Kc Kd 5h", "Qs Jh 4c", "3h 6s 8d"])
    events = play(hand, "0 stay", "1 stay", "2 fold")
    assert hand.is_over
    assert not hand.forced
    assert events[-1].to_dict()["how"] == "showdown"
    assert pots_of(hand) == [(3, (0, 1), (0,))]
    assert [e.seat for e in events if e.kind == "palace_shown"] == [0, 1]


def test_p63_two_dealt_in_both_stay_showdown_without_exclusion() -> None:
    # Seat 1's Kc counts: a pair of kings beats A-high (a battle would exclude it, P-37).
    hand = make_hand(["Ac", "Kd"], ["9h 5h 6s", "Kc Qs 3h"])
    events = play(hand, "0 stay", "1 stay")
    assert events[-1].to_dict()["how"] == "showdown"
    assert pots_of(hand) == [(2, (0, 1), (1,))]


def test_p63_no_banner_tie_break_in_the_showdown() -> None:
    # Both hold a pair of aces, 7, 3 (four cards); seat 0 has two clubs (Ac 7c), seat 1 one
    # diamond (Ad): a battle would go to seat 0 (P-39), the showdown splits (odd chip: seat 0).
    hand = make_hand(["Ac", "Ad", "Kh"], ["Ah 7c 3s", "As 7s 3h", "2h 4h 6h"])
    clubs, diamonds = 0, 1
    assert battle_result(cards("Ac Ah 7c 3s"), clubs, cards("Ad As 7s 3h"), diamonds) > 0
    play(hand, "0 stay", "1 stay", "2 fold")
    assert pots_of(hand) == [(3, (0, 1), (0, 1))]
    assert hand.outcome is not None
    assert hand.outcome.stacks == (21, 20, 19)


def test_p64_odd_chips_clockwise_from_the_dealers_left() -> None:
    from parlour.games.palace import options_from_dict, start_hand
    from parlour.seats import SeatSpec
    from parlour.shuffles import RecordedShuffler

    from .helpers import build_shuffles

    shuffles = build_shuffles(["Ad", "2h", "Ac"], ["Kh 7s 5c", "3d 4c 6s", "Kd 7h 5s"])
    seats = [SeatSpec(s, 20) for s in range(3)]
    # Button on seat 1: seat 2 is dealt first (Ad), then 0 (2h), then 1 (Ac).
    hand = start_hand(options_from_dict({}), seats, 1, RecordedShuffler(shuffles))
    play(hand, "2 stay", "0 stay", "1 stay")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (2, 1)
    assert hand.outcome.stacks == (19, 20, 21)
