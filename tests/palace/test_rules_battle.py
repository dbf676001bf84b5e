"""P-30 to P-42: battles, from the bet to the trim and the next turn."""

from __future__ import annotations

import pytest

from parlour.errors import IllegalActionError
from parlour.games.palace import Bet, BetChoice, CardChoice, PalaceHand, Raise, RaiseChoice
from parlour.games.palace.battle import battle_result, hand_value

from .helpers import cards, choices_of, kinds, make_hand, plain, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])
FIVE_BANNERS = ["Ac", "Kd", "Qh", "Js", "Tc"]
FIVE_PALACES = ["2c 2d 2h", "2s 3c 3d", "3h 3s 4c", "4d 4h 4s", "5c 5d 5h"]
NO_LIMIT = {"structure": "no_limit"}


def targets(hand: PalaceHand) -> list[int]:
    return [c.target for c in choices_of(hand, BetChoice)]


def test_p30_defender_in_the_hand_and_of_another_suit() -> None:
    hand = make_hand(FIVE_BANNERS, FIVE_PALACES)
    assert targets(hand) == [1, 2, 3]
    play(hand, "0 stay", "1 fold", "2 stay", "3 stay")
    assert targets(hand) == [2, 3]
    with pytest.raises(IllegalActionError):
        hand.apply(Bet(4, 0))


def test_p31_base_uses_own_soldiers() -> None:
    hand = make_hand(*THREE, draw="9d Td Jd")
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay", "0 buy", "0 trim", "1 stay", "2 stay")
    bet = choices_of(hand, BetChoice)[0]
    assert (bet.bet, bet.call) == (6, 2)
    play(hand, "0 bet 1")
    assert hand.stack[0] == 20 - 1 - 4 - 6
    assert plain(hand, "call").amount == 2


def test_p32_no_limit_extra_at_least_the_big_bet() -> None:
    hand = make_hand(*THREE, options=NO_LIMIT)
    with pytest.raises(IllegalActionError):
        hand.apply(Bet(0, 1, 3))
    play(hand, "0 bet 1 +5")
    assert hand.stack[0] == 19 - 7
    assert plain(hand, "call").amount == 7
    limit = make_hand(*THREE)
    with pytest.raises(IllegalActionError):
        limit.apply(Bet(0, 1, 4))


def test_p33_defender_raise_sizes() -> None:
    limit = make_hand(*THREE)
    play(limit, "0 bet 1")
    (r,) = choices_of(limit, RaiseChoice)
    assert (r.call, r.min_by, r.max_by) == (2, 4, 4)
    nl = make_hand(*THREE, options=NO_LIMIT)
    play(nl, "0 bet 1 +6")
    (r,) = choices_of(nl, RaiseChoice)
    assert (r.call, r.min_by, r.max_by) == (8, 6, 11)
    with pytest.raises(IllegalActionError):
        nl.apply(Raise(1, 5))


def test_p33_limit_raiser_without_soldiers_raises_two_small_bets() -> None:
    # SB 2, BB 6: a raiser with a soldier raises the big bet, one without raises 2 x SB.
    options = {"small_bet": 2, "big_bet": 6}
    hand = make_hand(["Ac", "Kd"], ["As Ah 7d", "2s 5h 9h"], draw="8s", stacks=40,
                     options=options)  # fmt: skip
    play(hand, "0 buy", "0 trim", "1 bet 0")
    (r,) = choices_of(hand, RaiseChoice)
    assert (r.call, r.min_by, r.max_by) == (4, 6, 6)
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(0, 4))
    play(hand, "0 raise 6")
    (r,) = choices_of(hand, RaiseChoice)
    assert (r.call, r.min_by, r.max_by) == (6, 4, 4)
    with pytest.raises(IllegalActionError):
        hand.apply(Raise(1, 6))
    # Short of the full size, the raise is only exactly all-in (P-45).
    short = make_hand(["Ac", "Kd"], ["As Ah 7d", "2s 5h 9h"], stacks=[20, 6], options=options)
    play(short, "0 bet 1")
    (r,) = choices_of(short, RaiseChoice)
    assert (r.call, r.min_by, r.max_by) == (2, 3, 3)
    # In no-limit the minimum stays the big bet, soldiers or not.
    nl = make_hand(["Ac", "Kd"], ["As Ah 7d", "2s 5h 9h"], stacks=40,
                   options={**options, "structure": "no_limit"})  # fmt: skip
    play(nl, "0 bet 1")
    (r,) = choices_of(nl, RaiseChoice)
    assert r.min_by == 6


def test_p34_limit_caps_raises_no_limit_does_not() -> None:
    limit = make_hand(*THREE, stacks=60)
    play(limit, "0 bet 1", "1 raise 4", "0 raise 4", "1 raise 4")
    assert kinds(limit) == ["fold", "call"]
    nl = make_hand(*THREE, stacks=200, options=NO_LIMIT)
    play(nl, "0 bet 1", "1 raise 4", "0 raise 4", "1 raise 4", "0 raise 5")
    assert "raise" in kinds(nl)
    capped = make_hand(*THREE, options={"raise_cap": 0})
    play(capped, "0 bet 1")
    assert kinds(capped) == ["fold", "call"]


def test_p35_fold_returns_the_uncalled_raise_never_the_base() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 bet 1", "1 raise 4", "0 raise 4", "1 fold")
    assert hand.back[0] == 4
    assert hand.stack[0] == 19 - 2 - 8 + 4
    assert hand.soldiers[0] == cards("Kd")
    assert sorted(hand.discards) == sorted(cards("3s 5h 9s"))
    plain = make_hand(*THREE)
    play(plain, "0 bet 1", "1 fold")
    assert plain.back == [0, 0, 0]
    assert plain.paid[0] == 3


def test_p36_call_compares_and_ends_the_battle() -> None:
    hand = make_hand(*THREE)
    events = play(hand, "0 bet 1", "1 call")
    assert [e.kind for e in events][-1] == "battle_won"
    assert hand.to_act == 0
    assert kinds(hand) == ["trim"]


def test_p37_the_opponents_banner_suit_does_not_count() -> None:
    # Flush in hearts counts against clubs but not against hearts.
    flush = cards("Ah Kh 9h 5h 2h")
    pair = cards("Qc Qs 3d")
    assert battle_result(flush, 3, pair, 0) > 0
    assert battle_result(flush, 3, cards("Qh Qs 3d"), 2) < 0


def test_p38_short_hands_more_cards_win_a_tie_of_present_cards() -> None:
    assert hand_value(cards("Ac Ad")) > hand_value(cards("Ks Kh Qd Jc 9s"))
    assert hand_value(cards("Ac Kd 2s")) > hand_value(cards("Ah Ks"))
    assert hand_value(cards("7c 7d 7h 7s")) > hand_value(cards("Ac Kc Qc Jc 9d"))
    assert hand_value(cards("2c 3d 4h 5s")) < hand_value(cards("2d 2h"))


def test_p39_own_banner_suit_breaks_a_tie() -> None:
    a, b = cards("Ac Ah 7c 3s"), cards("Ad As 7s 3h")
    assert battle_result(a, 0, b, 1) > 0
    assert battle_result(a, 0, cards("Ad As 7d 3h"), 1) == 0


def test_p39_full_tie_puts_both_out() -> None:
    hand = make_hand(["Ac", "Ad", "Kh", "Ks"], ["Ah 7c 3s", "As 7d 3h", "2h 4h 6h", "2s 4s 6s"])
    play(hand, "0 bet 1", "1 call")
    assert hand.live == [False, False, True, True]
    assert hand.to_act == 2
    assert len(hand.discards) == 8


def test_p40_captures_become_soldiers_and_the_winner_trims() -> None:
    hand = make_hand(*THREE, draw="9d 8d", options={"max_soldiers": 1})
    play(hand, "0 stay", "1 buy", "1 trim", "2 bet 1", "1 call")
    assert hand.live[2] is False
    assert hand.soldiers[1] == cards("9d Qh")
    assert hand.banner[1] == cards("Kd")[0]
    (trim,) = choices_of(hand, CardChoice)
    assert (trim.seat, trim.least, trim.most) == (1, 1, 2)
    play(hand, "1 trim Qh")
    assert hand.soldiers[1] == cards("9d")


def test_p40_no_trim_when_the_battle_ends_the_hand() -> None:
    hand = make_hand(["Ac", "Kd"], ["As Ah 7c", "3s 5h 9s"])
    play(hand, "0 bet 1", "1 call")
    assert hand.is_over
    assert hand.legal_actions() == ()


def test_p41_who_sees_which_palace() -> None:
    hand = make_hand(*THREE)
    events = play(hand, "0 bet 1", "1 call")
    shown = [(e.seat, e.audience) for e in events if e.kind == "palace_shown"]
    assert shown == [(0, frozenset({1}))]  # the caller lost: only the caller saw
    assert hand.view(2).players[0].palace is None
    assert hand.view(None).players[0].palace is None
    assert hand.view(1).players[0].palace == tuple(cards("As Ah 7c"))
    defender_calls_and_wins = make_hand(*THREE)
    events = play(defender_calls_and_wins, "0 stay", "1 bet 0", "0 call")
    shown = [(e.seat, e.audience) for e in events if e.kind == "palace_shown"]
    assert shown == [(1, frozenset({0})), (0, frozenset({1}))]
    caller_wins = make_hand(["Kd", "Ac", "Qh"], ["3s 5h 9s", "As Ah 7c", "2d 4s 6c"])
    events = play(caller_wins, "0 bet 1", "1 call")
    shown = [(e.seat, e.audience) for e in events if e.kind == "palace_shown"]
    assert shown == [(0, frozenset({1})), (1, frozenset({0}))]
    assert caller_wins.view(0).players[1].palace == tuple(cards("As Ah 7c"))
    assert caller_wins.view(1).players[0].palace is None  # out: its palace is discarded
    assert caller_wins.view(2).players[1].palace is None


def test_p42_the_turn_passes_left_of_the_attacker() -> None:
    hand = make_hand(["Ac", "Kd", "Qh", "Js"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c", "8c 8d 8h"])
    play(hand, "0 stay", "1 stay", "2 bet 0", "0 call")
    play(hand, "0 trim")
    assert hand.to_act == 3
