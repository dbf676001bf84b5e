"""P-1 to P-17: players, cards, stakes, the deal, the banners, the palaces and the piles."""

from __future__ import annotations

import random

import pytest

from parlour.cards import DECK_52, parse_card
from parlour.games.palace import BetChoice, PalaceHand, first_dealer, options_from_dict, start_hand
from parlour.seats import SeatSpec
from parlour.session import TableSession
from parlour.shuffles import RecordedShuffler, SeededShuffler

from .helpers import all_cards, cards, choices_of, kinds, make_hand, play


def _random_hand(players: int, seed: int) -> PalaceHand:
    seats = [SeatSpec(s, 20) for s in range(players)]
    return start_hand(options_from_dict({}), seats, 0, SeededShuffler(seed))


def test_p1_two_to_ten_players_one_deck() -> None:
    for players in (2, 10):
        hand = make_hand(
            ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"][:players],
            ["2c 2d 2h", "2s 3c 3d", "3h 3s 4c", "4d 4h 4s", "5c 5d 5h", "5s 6c 6d",
             "6h 6s 7c", "7d 7h 7s", "8c 8d 8h", "8s 9c 9d"][:players],
        )  # fmt: skip
        assert sorted(all_cards(hand)) == list(DECK_52)
    with pytest.raises(ValueError, match="at most 10"):
        start_hand(options_from_dict({}), [SeatSpec(s, 20) for s in range(11)], 0,
                   SeededShuffler(1))  # fmt: skip
    with pytest.raises(ValueError, match="needs two"):
        start_hand(options_from_dict({}), [SeatSpec(0, 20), SeatSpec(1, 0)], 0,
                   SeededShuffler(1))  # fmt: skip


def test_p2_suits_never_rank_equal_hands_split() -> None:
    hand = make_hand(["Ac", "Ad", "2h"], ["Kd 7h 5s", "Kh 7s 5c", "3d 4c 6s"])
    play(hand, "0 stay", "1 stay", "2 stay")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0, 1)
    assert hand.outcome.stacks == (21, 20, 19)


def test_p3_a_wheel_straight_beats_three_of_a_kind() -> None:
    hand = make_hand(["Ac", "Kd", "Qh"], ["2d 3h 4s", "Ks Kh 9c", "Qs Qc 2c"], draw="5d")
    play(hand, "0 buy", "0 trim", "1 stay", "2 stay", "0 stay")
    assert hand.outcome is not None
    assert hand.outcome.pots[0].winners == (0,)


def test_p4_stakes_and_structures() -> None:
    limit = options_from_dict({"small_bet": 5})
    assert (limit.small_bet, limit.big_bet, limit.structure) == (5, 10, "limit")
    hand = make_hand(["Ac", "Kd"], ["2c 3c 4c", "5d 6d 7d"], options={"structure": "no_limit"})
    bet = choices_of(hand, BetChoice)[0]
    assert (bet.min_extra, bet.max_extra) == (4, 17)
    hand = make_hand(["Ac", "Kd"], ["2c 3c 4c", "5d 6d 7d"])
    bet = choices_of(hand, BetChoice)[0]
    assert (bet.min_extra, bet.max_extra) == (0, 0)


def test_p5_a_battle_moves_no_chips_until_the_end() -> None:
    hand = make_hand(["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])
    play(hand, "0 bet 1", "1 call")
    assert hand.stack == [17, 17, 19]
    assert sum(hand.paid) == 7
    play(hand, "0 trim", "2 fold")
    assert hand.stack == [24, 17, 19]


def test_p6_first_dealer_highest_rank_ties_dealt_again() -> None:
    deck = cards("Kc Kd 5h 9s 9h 2c Ac")
    deck += [c for c in DECK_52 if c not in deck]
    assert first_dealer([0, 1, 2], RecordedShuffler([deck])) == 1
    deck = cards("2c 3d Ah")
    deck += [c for c in DECK_52 if c not in deck]
    assert first_dealer([4, 7, 9], RecordedShuffler([deck])) == 9


def test_p7_the_button_passes_one_seat_left() -> None:
    session = TableSession("palace", {}, {0: (None, 50), 2: (None, 50), 5: (None, 50)},
                           button=2, shuffler=SeededShuffler(3))  # fmt: skip
    rng = random.Random(3)
    session.play_hand(session.random_policy(rng))
    assert session.button == 5


def test_p8_ante_before_the_deal_and_who_is_dealt_in() -> None:
    seats = [SeatSpec(0, 20), SeatSpec(1, 1), SeatSpec(2, 2), SeatSpec(3, 0)]
    hand = start_hand(options_from_dict({"ante": 2}), seats, 3, SeededShuffler(2))
    assert hand.order == (0, 2)
    assert hand.stack == [18, 1, 0, 0]
    assert hand.paid == [2, 0, 2, 0]
    hand = start_hand(options_from_dict({"ante": 0}), seats, 3, SeededShuffler(2))
    assert hand.order == (0, 1, 2)
    assert options_from_dict({"small_bet": 7}).ante == 3


def test_p9_the_banner_is_the_first_card_face_up() -> None:
    hand = make_hand(["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])
    view = hand.view(None)
    assert [p.banner for p in view.players] == cards("Ac Kd Qh")
    assert all(e.audience is None for e in hand.start_events if e.kind == "banner")


def test_p10_p11_groups_each_take_different_suits() -> None:
    banners = ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"]
    deck = "Ac 2c Ad 3d 3c Ah As Kc 4c Kd Kh 5h Ks Qc Qd"
    palaces = ["2d 2h 2s", "3h 3s 4d", "4h 4s 5c", "5d 5s 6c", "6d 6h 6s",
               "7c 7d 7h", "7s 8c 8d", "8h 8s 9c", "9d 9h 9s", "Tc Td Th"]  # fmt: skip
    hand = make_hand(banners, palaces, banner_deck=deck)
    assert hand.banner == cards(" ".join(banners))
    rejects = [e.cards[0] for e in hand.start_events if e.kind == "banner_reject"]
    assert rejects == cards("2c 3d 3c 4c 5h")


def test_p11_a_reject_goes_to_the_reject_pile_and_into_the_palace_deck() -> None:
    hand = make_hand(["Ac", "Qd"], ["2c 3c 4c", "5d 6d 7d"], banner_deck="Ac Kc Qd")
    assert [e.seat for e in hand.start_events if e.kind == "banner_reject"] == [1]
    assert parse_card("Kc") in hand.shuffles[1]


def test_p12_the_reject_pile_is_shuffled_when_the_stock_runs_out() -> None:
    from .golden_specs import SPECS, record

    spec = next(s for s in SPECS if s["name"] == "banner_rejects_reshuffled_six_players")
    data = record(spec)
    hand = start_hand(
        options_from_dict({}),
        [SeatSpec(s["seat"], s["stack"]) for s in data["seats"]],
        data["button"],
        RecordedShuffler([cards(" ".join(s)) for s in data["shuffles"]]),
    )
    assert [len(s) for s in hand.shuffles] == [52, 47, 46]
    assert hand.banner[5] == parse_card("Kc")


@pytest.mark.parametrize("players", [2, 3, 4, 5, 8, 9, 10])
def test_p13_suit_limits_by_player_count(players: int) -> None:
    most = 1 if players <= 4 else 2 if players <= 8 else 3
    for seed in range(40):
        hand = _random_hand(players, seed)
        suits = [int(hand.banner[p] or 0) & 3 for p in hand.order]
        assert max(suits.count(s) for s in range(4)) <= most
        for start in range(0, players, 4):
            group = suits[start : start + 4]
            assert len(set(group)) == len(group)


def test_p14_the_palace_deck_is_every_non_banner_card() -> None:
    hand = make_hand(["Ac", "Qd"], ["2c 3c 4c", "5d 6d 7d"], banner_deck="Ac Kc Qd")
    assert len(hand.shuffles) == 2
    assert set(hand.shuffles[1]) == set(DECK_52) - set(cards("Ac Qd"))


def test_p15_three_palace_cards_one_at_a_time_from_the_dealers_left() -> None:
    seats = [SeatSpec(s, 20) for s in range(3)]
    hand = start_hand(options_from_dict({}), seats, 1, SeededShuffler(5))
    deck = hand.shuffles[1]
    assert hand.order == (2, 0, 1)
    assert hand.palace[2] == (deck[0], deck[3], deck[6])
    assert hand.palace[1] == (deck[2], deck[5], deck[8])
    palace_events = [e for e in hand.start_events if e.kind == "palace"]
    assert all(e.audience == frozenset((e.seat,)) for e in palace_events)


def test_p16_the_rest_is_the_draw_pile_and_the_discard_pile_starts_empty() -> None:
    hand = make_hand(["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"], draw="9d Td")
    view = hand.view(0)
    assert (view.draw_count, view.discard_count) == (52 - 12, 0)
    events = play(hand, "0 buy")
    assert events[0].cards == (parse_card("9d"),)


def test_p17_no_buy_when_both_piles_are_empty() -> None:
    banners = ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"]
    palaces = ["5c 5d 5h", "5s 6c 6d", "6h 6s 7c", "7d 7h 7s", "8c 8d 8h",
               "8s 9c 9d", "9h 9s Tc", "Td Th Ts", "Jc Jd Jh", "Js Qh Qs"]  # fmt: skip
    hand = make_hand(banners, palaces, later=["2h"])
    for k in range(12):
        play(hand, f"{k % 10} buy", f"{k % 10} trim")
    assert hand.to_act == 2
    assert (len(hand.draw), len(hand.discards)) == (0, 0)
    assert "buy" not in kinds(hand)
    play(hand, "2 discard " + str(hand.soldiers[2][0]))
    play(hand, "3 stay", "4 stay", "5 stay", "6 stay", "7 stay", "8 stay", "9 stay", "0 stay")
    play(hand, "1 buy")
    assert len(hand.shuffles) == 3
