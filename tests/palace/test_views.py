"""Views (R-4, P-15, P-16, P-41): what a seat and a spectator may see."""

from __future__ import annotations

import json

from parlour.games.palace import PalaceView

from .helpers import cards, make_hand, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])


def test_a_seat_sees_its_own_palace_and_public_cards_only() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy", "0 trim")
    view = hand.view(1)
    assert isinstance(view, PalaceView)
    assert view.players[1].palace == tuple(cards("3s 5h 9s"))
    assert view.players[0].palace is None
    assert view.players[0].palace_size == 3
    assert view.players[0].soldiers == tuple(cards("9d"))
    assert view.draw_count == 52 - 12 - 1
    assert view.legal_actions == hand.legal_actions()
    assert hand.view(0).legal_actions == ()


def test_a_spectator_sees_public_facts_only() -> None:
    hand = make_hand(*THREE)
    view = hand.view(None)
    assert all(p.palace is None for p in view.players)
    assert view.own_discards == ()
    assert view.legal_actions == ()


def test_view_to_dict_is_json_and_holds_no_draw_order() -> None:
    hand = make_hand(*THREE, draw="9d Td")
    play(hand, "0 bet 1")
    data = hand.view(1).to_dict()
    text = json.dumps(data)
    assert data["battle"] == {
        "attacker": 0, "defender": 1, "attacker_owes": 0, "defender_owes": 2,
        "last_raise": 0, "raises": 0,
    }  # fmt: skip
    assert "9d" not in text
    assert "Td" not in text
    assert data["players"][1]["palace"] == ["3s", "5h", "9s"]
    assert data["players"][0]["palace"] is None


def test_discards_show_their_faces_to_the_discarder_only() -> None:
    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy", "0 trim 9d")
    assert hand.view(0).own_discards == tuple(cards("9d"))
    assert hand.view(1).own_discards == ()
    assert hand.view(1).discard_count == 1


def test_the_showdown_shows_every_palace_left_to_everyone() -> None:
    hand = make_hand(*THREE)
    play(hand, "0 stay", "1 stay", "2 stay")
    assert hand.view(None).players[2].palace == tuple(cards("2d 4s 6c"))
    assert hand.view(None).outcome == hand.outcome


def test_copy_sets_every_slot_and_shares_no_mutable_list() -> None:
    from parlour.games.palace import PalaceHand

    hand = make_hand(*THREE, draw="9d")
    play(hand, "0 buy")
    twin = hand.copy()
    for name in PalaceHand.__slots__:
        mine, theirs = getattr(hand, name), getattr(twin, name)
        assert mine == theirs, name
        if isinstance(mine, list):
            assert mine is not theirs, name
    assert all(a is not b for a, b in zip(hand.soldiers, twin.soldiers, strict=True))
