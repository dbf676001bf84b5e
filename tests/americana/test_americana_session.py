"""Sessions across hands (A-52, A-53) and views (R-4)."""

from __future__ import annotations

import random

import pytest
from americana_helpers import act, start

from parlour.games.americana import AmericanaHand
from parlour.records import replay_dict
from parlour.session import TableSession
from parlour.shuffles import SeededShuffler


def _session(players: dict[int, tuple[str | None, int]], button: int = 0) -> TableSession:
    return TableSession("americana", {}, players, button=button, shuffler=SeededShuffler(7))


def test_a53_button_moves_one_seat_left_after_each_hand() -> None:
    session = _session({0: ("A", 50), 2: ("B", 50), 5: ("C", 50)})
    policy = session.random_policy(random.Random(1))
    buttons = []
    for _ in range(4):
        buttons.append(session.play_hand(policy)["button"])
    assert buttons == [0, 2, 5, 0]


def test_a52_new_player_plays_from_next_hand_paying_only_the_ante() -> None:
    session = _session({0: ("A", 50), 1: ("B", 50)})
    hand = session.start_hand()
    session.join(3, 30, "D")
    assert 3 not in {s.seat for s in hand.seats}
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        choice = hand.legal_actions()[0]
        session.apply(choice.action())  # type: ignore[attr-defined]
    nxt = session.start_hand()
    assert isinstance(nxt, AmericanaHand)
    assert 3 in nxt.dealt_in
    row = next(r for r in nxt.view(3).seats if r.seat == 3)
    assert row.stack + row.contributed == 30
    assert row.contributed in (1, 1 + 2)  # the ante (plus the bring-in if it is forced)


def test_session_leave_rebuy_and_bust() -> None:
    session = _session({0: ("A", 3), 1: ("B", 50), 2: ("C", 50)})
    session.rebuy(1, 10)
    assert session.players[1].stack == 60
    session.leave(2)
    assert 2 not in session.players
    policy = session.random_policy(random.Random(3))
    for _ in range(200):
        record = session.play_hand(policy)
        replay_dict(record)
        if session.busted:
            break
    assert session.busted == [0]  # seat 0 lost its last chip and left the table
    assert 0 not in session.players
    assert record["outcome"]["stacks"][0] == 0
    assert not session.can_deal()  # one player left
    session.join(0, 20, "A again")
    assert session.can_deal()
    with pytest.raises(ValueError, match="taken"):
        session.join(1, 10)


def test_session_changes_during_a_hand_wait_for_its_end() -> None:
    session = _session({0: ("A", 50), 1: ("B", 50), 2: ("C", 50)})
    hand = session.start_hand()
    session.leave(2)
    session.rebuy(1, 5)
    assert 2 in session.players
    policy = session.random_policy(random.Random(9))
    while not hand.is_over:
        session.apply(policy(hand))
    assert 2 not in session.players
    record = session.records[-1]
    assert session.players[1].stack == record["outcome"]["stacks"][1] + 5


def test_session_records_replay_and_keep_chips() -> None:
    session = _session({0: ("A", 40), 1: ("B", 40), 2: ("C", 40)})
    policy = session.random_policy(random.Random(5))
    for _ in range(30):
        if not session.can_deal():
            break
        replay_dict(session.play_hand(policy))
    assert sum(p.stack for p in session.players.values()) == 120


def test_r4_view_shows_own_hole_card_only() -> None:
    hand = start([20, 20, 20], "7c 8c 9c Kd Ks Ah")
    for seat in (0, 1, 2):
        view = hand.view(seat)
        holes = {r.seat: r.hole for r in view.seats}
        assert holes[seat] is not None
        assert all(h is None for s, h in holes.items() if s != seat)
    spectator = hand.view(None)
    assert all(r.hole is None for r in spectator.seats)
    assert spectator.legal_actions == ()
    assert hand.view(0).legal_actions == ()
    assert hand.view(2).legal_actions == hand.legal_actions()


def test_r4_hole_card_events_go_to_their_owner_only() -> None:
    hand = start([20, 20], "7c 7d Ac Kc")
    holes = [e for e in hand.start_events if e.kind == "hole"]
    assert [(e.seat, e.audience) for e in holes] == [(0, frozenset({0})), (1, frozenset({1}))]
    assert not holes[0].visible_to(1)
    assert not holes[0].visible_to(None)


def test_r4_shown_hands_become_public() -> None:
    hand = start([20, 20], "7c 7d Ac Kc 8c 8d 9c 9d Tc Td")
    act(hand, "bring_in", "call", *["check"] * 6)
    shown = [r for r in hand.view(None).seats if r.shown]
    assert shown
    assert all(r.hole is not None for r in shown)
