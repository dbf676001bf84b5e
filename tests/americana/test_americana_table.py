"""Table, deal and options rules (A-1 to A-4, A-10, A-11, A-14, A-15; R-3; options table)."""

from __future__ import annotations

import subprocess
import sys
from typing import cast

import pytest
from americana_helpers import Stacked, act, start

from parlour.cards import DECK_32, parse_card
from parlour.errors import OptionError
from parlour.games import GAMES, americana
from parlour.seats import SeatSpec


def test_a1_two_to_six_players() -> None:
    options = americana.options_from_dict({})
    seven = [SeatSpec(i, 20) for i in range(7)]
    with pytest.raises(ValueError, match="at most 6"):
        americana.start_hand(options, seven, 0, Stacked(""))
    with pytest.raises(ValueError, match="two"):
        americana.start_hand(options, [SeatSpec(0, 20), SeatSpec(1, 0)], 0, Stacked(""))
    hand = start([20] * 6, "")
    assert len(hand.dealt_in) == 6


def test_a1_r3_one_shuffle_of_the_32_card_deck() -> None:
    shuffler = Stacked("")
    options = americana.options_from_dict({})
    hand = americana.start_hand(options, [SeatSpec(0, 9), SeatSpec(1, 9)], 0, shuffler)
    assert shuffler.calls == 1
    assert sorted(hand.shuffles[0]) == sorted(DECK_32)
    assert len(hand.shuffles) == 1
    assert all(c >> 2 >= 5 for c in hand.shuffles[0])  # seven and up only


def test_a2_each_hand_is_one_hole_card_and_four_upcards() -> None:
    hand = start([20, 20], "7c 7d Ac Kc 8c 8d 9c 9d Tc Td")
    act(hand, "bring_in", "call", *["check"] * 6)
    shows = list(hand.view(None).seats)
    assert all(len(s.upcards) == 4 for s in shows)
    assert all(s.hole is not None for s in shows if s.shown)


def test_a4_default_bring_in_is_twice_the_ante() -> None:
    assert americana.options_from_dict({"ante": 3}).bring_in == 6
    assert americana.options_from_dict({}).to_dict() == {
        "structure": "limit",
        "ante": 1,
        "bring_in": 2,
        "raise_cap": 3,
        "tie_break": "seed",
        "show_all": False,
    }


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"structure": "spread"}, "structure must be one of limit, pot_limit, no_limit"),
        ({"ante": 0}, "ante"),
        ({"ante": True}, "ante"),
        ({"bring_in": -1}, "bring_in"),
        ({"raise_cap": -1}, "raise_cap"),
        ({"tie_break": "coin"}, "tie_break must be one of seed, ranks_then_suit, split"),
        ({"show_all": "yes"}, "show_all"),
        ({"blinds": 1}, "unknown Americana option"),
    ],
)
def test_a4_bad_options_are_named_with_allowed_values(
    options: dict[str, object], named: str
) -> None:
    with pytest.raises(OptionError, match=named):
        americana.options_from_dict(options)


def test_a10_player_who_cannot_pay_the_ante_sits_out() -> None:
    hand = start([20, 1, 20], "7c 7d Ac Kc", ante=2)
    assert hand.dealt_in == (0, 2)
    view = hand.view(None)
    assert [s.dealt_in for s in view.seats] == [True, False, True]
    assert view.seats[1].stack == 1


def test_a11_deal_starts_left_of_the_button_holes_first() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Tc Jc Qc", numbers=[1, 4, 6], button=4)
    assert hand.dealt_in == (6, 1, 4)
    rows = {r.seat: r for r in hand.view(None).seats}
    assert [str(rows[s].upcards[0]) for s in (6, 1, 4)] == ["Tc", "Jc", "Qc"]
    assert hand.view(6).seats[2].hole == parse_card("7c")
    assert hand.view(1).seats[0].hole == parse_card("8c")


def test_a14_first_actor_by_visible_hand_with_suit_tie() -> None:
    # both show king-eight after round 2: the best suit of the highest rank shown decides.
    hand = start([20, 20], "7c 7d Kd Kh 8c 8d")
    act(hand, "bring_in", "call")
    assert hand.to_act == 1  # Kh
    hand = start([20, 20], "7c 7d Kh Kd 8d 8c")
    act(hand, "bring_in", "call")
    assert hand.to_act == 0


def test_a14_pair_beats_high_card_on_board() -> None:
    hand = start([20, 20], "7c 7d Ac 9c 8c 9d")
    act(hand, "bring_in", "call")
    assert hand.to_act == 1


def test_a15_last_player_wins_and_uncalled_bet_returns() -> None:
    hand = start([20, 20], "7c 7d Ac Kc")
    events = act(hand, "raise 4", "fold")
    outcome = hand.outcome
    assert outcome is not None
    assert outcome.stacks == (21, 19)  # wins the other ante; the raise to 4 comes back
    assert [p.to_dict() for p in outcome.pots] == [{"amount": 2, "eligible": [0], "winners": [0]}]
    assert outcome.returned == ((0, 4),)
    assert not any(e.kind == "show" for e in events)


def test_registry_maps_americana_to_the_module() -> None:
    assert GAMES["americana"] is cast(object, americana)
    assert "americana" in GAMES


def test_importing_the_registry_does_not_import_the_engines() -> None:
    code = (
        "import sys, parlour.games as g; "
        "assert 'parlour.games.americana' not in sys.modules; "
        "g.GAMES['americana']; assert 'parlour.games.americana' in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
