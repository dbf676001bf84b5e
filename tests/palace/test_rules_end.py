"""P-45, P-46 and P-60 to P-64: table stakes, layered pots and the end of the hand."""

from __future__ import annotations

import pytest

from parlour.errors import IllegalActionError
from parlour.games.palace import Bet, BetChoice, Raise, RaiseChoice, Stay

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


def test_p46_each_pot_goes_to_the_best_hand_that_paid_into_it() -> None:
    hand = make_hand(
        ["Ac", "Kd", "Qh"], ["As 7h 3c", "Ks Kh 9c", "2d 4s 6c"], draw="8d 8s", stacks=[20, 1, 20]
    )
    play(hand, "0 buy", "0 trim", "2 buy", "2 trim", "0 stay", "2 stay")
    assert hand.outcome is not None
    pots = [(p.amount, p.eligible, p.winners) for p in hand.outcome.pots]
    assert pots == [(3, (0, 1, 2), (1,)), (4, (0, 2), (0,))]
    assert hand.outcome.stacks == (21, 3, 17)


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
    play(hand, "0 fold")
    assert kinds(hand) == ["fold", "bet"]
    with pytest.raises(IllegalActionError):
        hand.apply(Stay(1))


def test_p62_without_chips_the_last_two_are_compared_at_once() -> None:
    hand = make_hand(*THREE, stacks=[20, 1, 3])
    play(hand, "0 bet 2", "2 call")  # seat 2 is all-in and loses to trips
    assert hand.live == [True, True, False]
    play(hand, "0 trim")
    # Seat 1 has no chips and is skipped; seat 0 must bet or fold.
    assert hand.to_act == 0
    assert kinds(hand) == ["fold", "bet"]
    broke = make_hand(*THREE, stacks=[3, 1, 3])
    play(broke, "0 bet 2", "2 call", "0 trim")
    assert broke.is_over  # seats 0 and 1 both without chips: compared at once


def test_p62_a_hand_dealt_to_two_has_normal_turns() -> None:
    hand = make_hand(["Ac", "Kd"], ["9h 5h 6s", "Kc Qs 3h"])
    assert kinds(hand) == ["buy", "stay", "fold", "bet"]


def test_p63_passive_round_showdown_and_a_buy_restarts_it() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 stay", "1 stay", "2 buy", "2 trim", "0 stay", "1 stay")
    assert not hand.is_over
    assert hand.to_act == 2
    play(hand, "2 stay")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0,)


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
