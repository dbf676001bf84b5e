"""Hand events in words: every event both engines emit reads as a sentence, for a seated
reader in the second person and for an onlooker by name."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.events import Event
from parlour.games import get_game
from parlour.narration import narrate
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

NAMES = {0: "Ann", 1: "Bea", 2: "Cal", 3: "Dee"}

#: Event kinds that 60 random hands of each game always reach.
COMMON = {
    "americana": {"antes", "hole", "upcards", "bring_in", "call", "fold", "show", "award"},
    "palace": {"ante", "banner", "palace", "buy", "trim", "bet", "battle_won", "hand_over"},
}

#: Signs that a sentence was not really written: an unfilled field, a raw kind, a dict.
_UNFINISHED = re.compile(r"None|\{|\}|\[|\]|_|\?")


def _events(game_name: str, seed: int, players: int) -> list[Event]:
    """Every event of one hand of random legal play."""
    game = get_game(game_name)
    rng = random.Random(seed)
    seats = [SeatSpec(i, rng.choice([3, 20, 60]), NAMES[i]) for i in range(players)]
    hand: Any = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(rng))
    events = list(hand.start_events)
    while not hand.is_over:
        events += hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
    return events


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_every_event_of_random_hands_is_a_sentence(game: str) -> None:
    kinds: set[str] = set()
    for seed in range(60):
        for event in _events(game, seed, 2 + seed % 3):
            kinds.add(event.kind)
            for you in (None, 0):
                line = narrate(game, event, NAMES, you)
                assert line, f"{event.kind} has no words"
                assert not _UNFINISHED.search(line), f"{event.kind}: {line!r}"
                first = line.strip()[:1]
                assert first.isupper() or first.isdigit() or first == "(", line
    # Random play reaches the common kinds; the rarer ones have hand-made cases below.
    assert COMMON[game] <= kinds, COMMON[game] - kinds


def test_second_person_for_the_reader_and_names_for_others() -> None:
    call = Event("call", 1, amount=4)
    assert narrate("americana", call, NAMES, 1) == "You call 4."
    assert narrate("americana", call, NAMES, 0) == "Bea calls 4."
    assert narrate("americana", call, NAMES, None) == "Bea calls 4."
    assert narrate("americana", Event("call", 7, amount=4), NAMES) == "Seat 8 calls 4."


def test_americana_upcards_name_each_owner() -> None:
    upcards = Event("upcards", cards=parse_cards("Qs Tc"), data={"seats": [2, 0]})
    assert narrate("americana", upcards, NAMES, 0) == "Upcards: Cal Qs, you Tc."


def test_a_battle_is_told_from_attack_to_capture() -> None:
    attack = Event("bet", 0, amount=6, data={"target": 2, "extra": 3})
    assert narrate("palace", attack, NAMES, 2) == "Ann attacks you, betting 6 (extra 3)."
    won = Event("battle_won", 2, parse_cards("9h Kd"), data={"loser": 0})
    assert narrate("palace", won, NAMES, None) == (
        "Cal wins the battle against Ann and captures 9h Kd."
    )
    shown = Event("palace_shown", 0, parse_cards("Ah Kd 9c"))
    assert narrate("palace", shown, NAMES, 0) == "Your palace is shown: Ah Kd 9c."
    assert narrate("palace", shown, NAMES, 1) == "Ann's palace is shown: Ah Kd 9c."
    dealt = Event("palace", 1, parse_cards("2c 3c 4c"))
    assert narrate("palace", dealt, NAMES, 1) == "You get palace 2c 3c 4c."
    tie = Event("battle_tie", data={"seats": [1, 3]})
    assert narrate("palace", tie, NAMES, None) == "The battle of Bea and Dee is a tie."


def test_the_end_of_a_palace_hand_names_each_pot_and_returned_chips() -> None:
    over = Event(
        "hand_over",
        data={
            "how": "one_suit",
            "pots": [
                {"amount": 12, "winners": [0, 1], "eligible": [0, 1, 2]},
                {"amount": 5, "winners": [1], "eligible": [1]},
            ],
            "returned": [{"seat": 2, "amount": 3}, {"seat": 0, "amount": 4}],
            "uncalled": [{"seat": 0, "amount": 4}],
        },
    )
    # Ann's 4 came back under P-35 during a battle and was told then.
    assert narrate("palace", over, NAMES, 1) == (
        "Hand over: everyone left shares one banner suit. Ann and you split the main pot "
        "of 12. You win side pot 1 of 5. Cal gets 3 back that nobody else could win."
    )


def test_a_banner_names_its_suit_and_a_rejected_card_is_put_aside() -> None:
    assert narrate("palace", Event("banner", 3, parse_cards("Qc")), NAMES) == (
        "Dee takes Qc as banner, playing clubs."
    )
    reject = Event("banner_reject", 3, parse_cards("2c"))
    assert narrate("palace", reject, NAMES, 3) == (
        "2c is dealt to you for a banner, but its suit is taken: put aside."
    )


def test_a_notice_is_its_text_a_chat_line_names_its_speaker_an_unknown_game_is_refused() -> None:
    assert narrate("palace", Event("notice", data={"text": "The game is on."}), NAMES) == (
        "The game is on."
    )
    chat = Event("chat", 1, data={"name": "Bea", "said": "nice hand"})
    assert narrate("americana", chat, NAMES, 1) == "Bea: nice hand"
    with pytest.raises(ValueError, match="no narrator for game 'holdem'"):
        narrate("holdem", Event("fold", 0), NAMES)
