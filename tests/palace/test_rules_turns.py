"""P-18 to P-25: turns, Buy and trim, Discard, the soldier limit, Stay, Fold, Bet, skips."""

from __future__ import annotations

import pytest

from parlour.cards import parse_card
from parlour.errors import IllegalActionError
from parlour.games.palace import BetChoice, CardChoice, Stay, Trim, options_from_dict, start_hand
from parlour.records import hand_to_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

from .helpers import cards, choices_of, kinds, make_hand, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])


def test_p18_play_starts_left_of_the_dealer_and_goes_clockwise() -> None:
    seats = [SeatSpec(3, 20), SeatSpec(5, 20), SeatSpec(8, 20), SeatSpec(9, 20)]
    hand = start_hand(options_from_dict({}), seats, 5, SeededShuffler(1))
    assert hand.to_act == 8
    hand.apply(Stay(8))
    assert hand.to_act == 9
    play(hand, "9 stay", "3 fold")
    assert hand.to_act == 5
    assert kinds(hand)[:2] == ["buy", "stay"]


def test_p18_one_choice_per_turn() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy")
    assert kinds(hand) == ["trim"]
    play(hand, "0 trim")
    assert hand.to_act == 1


def test_p19_buy_pays_the_small_bet_and_a_trim_follows() -> None:
    hand = make_hand(*THREE, draw="9d Td", options={"max_soldiers": 1})
    play(hand, "0 buy")
    assert (hand.stack[0], hand.soldiers[0]) == (17, cards("9d"))
    (trim,) = choices_of(hand, CardChoice)
    assert (trim.do, trim.least, trim.most) == ("trim", 0, 1)
    play(hand, "0 trim", "1 stay", "2 stay", "0 buy")
    (trim,) = choices_of(hand, CardChoice)
    assert (trim.least, trim.most) == (1, 2)
    assert trim.contains(cards("Td"))
    assert trim.contains(cards("9d"))
    assert not trim.contains([])
    assert not trim.contains([parse_card("9d")] * 2)
    play(hand, "0 trim 9d")
    assert hand.soldiers[0] == cards("Td")


def test_p20_discard_pays_the_fee_and_needs_a_soldier() -> None:
    hand = make_hand(*THREE, draw="9d Td", options={"discard_fee": 3})
    assert "discard" not in kinds(hand)
    play(hand, "0 buy", "0 trim", "1 buy", "1 trim", "2 stay")
    (choice,) = choices_of(hand, CardChoice)
    assert (choice.amount, choice.least, choice.most) == (3, 1, 1)
    play(hand, "0 discard 9d")
    assert (hand.stack[0], hand.soldiers[0], len(hand.discards)) == (14, [], 1)
    assert hand.to_act == 1


def test_p20_discard_not_available_without_the_fee() -> None:
    hand = make_hand(*THREE, draw="9d", stacks=[4, 20, 20])
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay")
    assert hand.stack[0] == 1
    assert "discard" not in kinds(hand)


def test_p21_only_soldiers_can_be_discarded_and_at_most_max_kept() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy")
    before = hand.copy()
    with pytest.raises(IllegalActionError):
        hand.apply(Trim(0, (parse_card("As"),)))
    with pytest.raises(IllegalActionError):
        hand.apply(Trim(0, (parse_card("Ac"),)))
    assert hand_to_record(hand) == hand_to_record(before)
    assert hand.soldiers == before.soldiers


def test_p22_stay_does_nothing_and_pays_nothing() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 stay")
    assert hand.stack == [19, 19, 19]
    assert hand.to_act == 1


def test_p23_fold_leaves_cards_face_down_and_chips_in_the_pot() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy", "0 trim", "1 fold")
    assert not hand.live[1]
    assert sorted(hand.discards) == sorted(cards("Kd 3s 5h 9s"))
    assert hand.paid[1] == 1
    assert hand.soldiers[0] == cards("9d")
    view = hand.view(2)
    assert view.discard_count == 4
    assert view.own_discards == ()
    assert sorted(hand.view(1).own_discards) == sorted(cards("Kd 3s 5h 9s"))


def test_p24_bet_starts_a_battle_against_one_opponent() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 bet 2")
    assert hand.to_act == 2
    assert kinds(hand) == ["fold", "call", "raise"]
    assert hand.view(None).battle is not None


def test_p25_a_player_without_chips_is_skipped_but_can_be_attacked() -> None:
    hand = make_hand(*THREE, stacks=[20, 1, 20])
    assert hand.stack[1] == 0
    events = play(hand, "0 stay")
    assert [e.kind for e in events] == ["stay", "skip"]
    assert hand.to_act == 2
    assert any(c.target == 1 for c in choices_of(hand, BetChoice))


def test_p25_nobody_able_to_act_ends_the_hand_at_once() -> None:
    hand = make_hand(*THREE, stacks=[1, 1, 1])
    assert hand.is_over
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0,)
    # Dealt to two, P-62 does not apply: P-63's showdown, where seat 1's Kc counts.
    two = make_hand(["Ac", "Kd"], ["9h 5h 6s", "Kc Qs 3h"], stacks=[1, 1])
    assert two.outcome is not None
    assert two.outcome.pots[0].winners == (1,)


def test_p25_skipped_turns_count_as_stays_in_the_passive_round() -> None:
    hand = make_hand(*THREE, stacks=[20, 1, 20])
    play(hand, "0 stay", "2 stay")
    assert hand.is_over
