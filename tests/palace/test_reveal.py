"""The hands a comparison was decided by, as events each reader may receive (P-37, P-41).

Hands: seat 0 plays clubs (banner Ac) with palace As Ah 7c, seat 1 diamonds (Kd) with
3s 5h 9s, seat 2 hearts (Qh) with 2d 4s 6c.
"""

from __future__ import annotations

from parlour.events import Event
from parlour.narration import known_hands, narrate
from parlour.narration.words import result_line

from .helpers import cards, make_hand, play

THREE = (["Ac", "Kd", "Qh"], ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"])
NAMES = {0: "Ann", 1: "Bea", 2: "Cal"}


def _hands(events: list[Event]) -> dict[int, tuple[tuple[str, ...], frozenset[int] | None, str]]:
    return {
        e.seat or 0: (tuple(str(c) for c in e.cards), e.audience, e.to_dict()["excluded"])
        for e in events
        if e.kind == "battle_hand"
    }


def test_p37_p41_battle_hands_reach_only_those_who_saw_the_palace() -> None:
    hand = make_hand(*THREE)
    events = play(hand, "0 bet 1", "1 call")  # Bea calls and loses: only Bea saw a palace
    hands = _hands(events)
    # Ann's cards without diamonds; Bea's without clubs (P-37)
    assert hands[0] == (("Ac", "As", "Ah", "7c"), frozenset({0, 1}), "d")
    assert hands[1] == (("Kd", "3s", "5h", "9s"), frozenset({1}), "c")
    told = {
        reader: [narrate("palace", e, NAMES, reader) or "" for e in events if e.visible_to(reader)]
        for reader in (0, 1, 2, None)
    }
    assert "Without diamonds, Ann's battle hand is three of a kind, aces, kicker 7." in told[1]
    assert "Without clubs, your battle hand is high card, K-9-5-3." in told[1]
    assert "Without diamonds, your battle hand is three of a kind, aces, kicker 7." in told[0]
    assert not any("Bea's battle hand" in line for line in told[0])  # Ann never saw it
    assert not any("battle hand" in line for line in told[2] + told[None])


def test_p41_when_the_caller_wins_both_battlers_know_both_hands() -> None:
    hand = make_hand(["Kd", "Ac", "Qh"], ["3s 5h 9s", "As Ah 7c", "2d 4s 6c"])
    events = play(hand, "0 bet 1", "1 call")
    hands = _hands(events)
    assert hands[0][1] == frozenset({0, 1})
    assert hands[1][1] == frozenset({0, 1})
    assert known_hands("palace", [e for e in events if e.visible_to(2)]) == {}


def test_the_result_line_names_the_battle_hand_that_ended_the_hand_for_those_who_saw_it() -> None:
    hand = make_hand(["Ac", "Kd"], ["As Ah 7c", "3s 5h 9s"], options={"structure": "limit"})
    events = play(hand, "0 bet 1", "1 call")
    assert hand.outcome is not None
    before = {0: 20, 1: 20}
    for reader in (0, 1):
        seen = [e for e in events if e.visible_to(reader)]
        line = result_line(hand.outcome, [0, 1], before, NAMES, reader, known_hands("palace", seen))
        assert "with three of a kind, aces, kicker 7 (no diamonds)" in line
    spectator = [e for e in events if e.visible_to(None)]
    line = result_line(hand.outcome, [0, 1], before, NAMES, None, known_hands("palace", spectator))
    assert line.startswith("Ann wins the pot of ")
    assert "with" not in line


def test_p63_a_showdown_names_every_hand_to_all_and_the_winner_in_hand_over() -> None:
    hand = make_hand(*THREE)
    events = play(hand, "0 stay", "1 stay", "2 stay")
    shown = [e for e in events if e.kind == "showdown_hand"]
    assert [e.audience for e in shown] == [None, None, None]
    assert shown[0].cards == tuple(cards("Ac As Ah 7c"))
    over = next(e for e in events if e.kind == "hand_over")
    line = narrate("palace", over, NAMES, 2) or ""
    assert "Ann wins the pot of 3 with three of a kind, aces, kicker 7." in line
    assert narrate("palace", shown[2], NAMES, 2) == (
        "At the showdown your hand is high card, Q-6-4-2."
    )
