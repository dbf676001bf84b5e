"""A Palace table across hands: the first dealer is drawn (P-6), the button moves (P-7)."""

import random

from parlour.cards import DECK_52, Card, parse_cards
from parlour.session import TableSession
from parlour.shuffles import RecordedShuffler, SeededShuffler


def _deck_starting(text: str) -> list[Card]:
    top = list(parse_cards(text))
    return top + [c for c in DECK_52 if c not in top]


def test_p6_new_table_draws_the_first_dealer() -> None:
    shuffler = RecordedShuffler([_deck_starting("5c 9d Kh")])
    session = TableSession(
        "palace", {}, {0: ("A", 20), 1: ("B", 20), 2: ("C", 20)}, shuffler=shuffler
    )
    assert session.button == 2
    assert shuffler.used == 1


def test_p6_tied_highest_draw_again_suits_never_break_ties() -> None:
    # Seats 0 and 2 both draw a king (hearts would win on suit if suits counted: they don't);
    # on the second card seat 2's ace beats seat 0's seven.
    shuffler = RecordedShuffler([_deck_starting("Kc 5d Kh 7c As")])
    session = TableSession(
        "palace", {}, {0: ("A", 20), 1: ("B", 20), 2: ("C", 20)}, shuffler=shuffler
    )
    assert session.button == 2


def test_p7_button_moves_left_after_each_hand_and_events_come_back() -> None:
    session = TableSession(
        "palace",
        {},
        {0: ("A", 40), 3: ("B", 40), 5: ("C", 40)},
        button=3,
        shuffler=SeededShuffler(4),
    )
    policy = session.random_policy(random.Random(4))
    hand = session.start_hand()
    events = []
    while not hand.is_over:
        events.extend(session.apply(policy(hand)))
    assert events, "apply returns the hand's events"
    assert session.button == 5
    session.play_hand(policy)
    assert session.button == 0
