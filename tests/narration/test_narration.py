"""Hand events in words: every event both engines emit reads as a sentence, for a seated
reader in the second person and for an onlooker by name."""

from __future__ import annotations

import random
import re
from dataclasses import fields
from typing import Any

import pytest

from parlour.cards import parse_cards
from parlour.events import Chat, Event, Notice
from parlour.games import get_game
from parlour.games.americana import events as americana_events
from parlour.games.palace import events as palace_events
from parlour.narration import narrate
from parlour.outcome import AwardedPot, Outcome
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
    call = americana_events.Called(seat=1, amount=4)
    assert narrate("americana", call, NAMES, 1) == "You call 4."
    assert narrate("americana", call, NAMES, 0) == "Bea calls 4."
    assert narrate("americana", call, NAMES, None) == "Bea calls 4."
    assert (
        narrate("americana", americana_events.Called(seat=7, amount=4), NAMES) == "Seat 8 calls 4."
    )


def test_americana_upcards_name_each_owner() -> None:
    upcards = americana_events.UpcardsDealt(cards=parse_cards("Qs Tc"), seats=(2, 0))
    assert narrate("americana", upcards, NAMES, 0) == "Upcards: Cal Qs, you Tc."


def test_a_battle_is_told_from_attack_to_capture() -> None:
    attack = palace_events.Attacked(seat=0, amount=6, target=2, extra=3)
    assert narrate("palace", attack, NAMES, 2) == "Ann attacks you, betting 6 (extra 3)."
    won = palace_events.BattleWon(seat=2, cards=parse_cards("9h Kd"), loser=0)
    assert narrate("palace", won, NAMES, None) == (
        "Cal wins the battle against Ann and captures 9h Kd."
    )
    shown = palace_events.PalaceShown(seat=0, cards=parse_cards("Ah Kd 9c"))
    assert narrate("palace", shown, NAMES, 0) == "Your palace is shown: Ah Kd 9c."
    assert narrate("palace", shown, NAMES, 1) == "Ann's palace is shown: Ah Kd 9c."
    dealt = palace_events.PalaceDealt(seat=1, cards=parse_cards("2c 3c 4c"))
    assert narrate("palace", dealt, NAMES, 1) == "You get palace 2c 3c 4c."
    tie = palace_events.BattleTied(seats=(1, 3))
    assert narrate("palace", tie, NAMES, None) == "The battle of Bea and Dee is a tie."


def test_the_end_of_a_palace_hand_names_each_pot_and_returned_chips() -> None:
    outcome = Outcome(
        stacks=(20, 25, 3),
        pots=(AwardedPot(12, (0, 1, 2), (0, 1)), AwardedPot(5, (1,), (1,))),
        returned=((2, 3), (0, 4)),
    )
    over = palace_events.HandOver(how="one_suit", outcome=outcome, uncalled=((0, 4),))
    # Ann's 4 came back under P-35 during a battle and was told then.
    assert narrate("palace", over, NAMES, 1) == (
        "Hand over: everyone left shares one banner suit. Ann and you split the main pot "
        "of 12. You win side pot 1 of 5. Cal gets 3 back that nobody else could win."
    )


def test_a_banner_names_its_suit_and_a_rejected_card_is_put_aside() -> None:
    assert narrate("palace", palace_events.BannerDealt(seat=3, cards=parse_cards("Qc")), NAMES) == (
        "Dee takes Qc as banner, playing clubs."
    )
    reject = palace_events.BannerRejected(seat=3, cards=parse_cards("2c"))
    assert narrate("palace", reject, NAMES, 3) == (
        "2c is dealt to you for a banner, but its suit is taken: put aside."
    )


def test_a_notice_is_its_text_a_chat_line_names_its_speaker_an_unknown_game_is_refused() -> None:
    assert narrate("palace", Notice(text="The game is on."), NAMES) == ("The game is on.")
    chat = Chat(seat=1, name="Bea", said="nice hand")
    assert narrate("americana", chat, NAMES, 1) == "Bea: nice hand"
    with pytest.raises(ValueError, match="unknown game 'holdem'"):
        narrate("holdem", americana_events.Folded(seat=0), NAMES)


_SAMPLE_FIELDS: dict[str, Any] = {
    "seats": (0, 1),
    "to": 4,
    "eligible": (0, 1),
    "winners": (1,),
    "target": 1,
    "extra": 0,
    "by": 2,
    "loser": 1,
    "how": "showdown",
    "uncalled": (),
    "outcome": Outcome((10, 12), (AwardedPot(4, (0, 1), (1,)),), ()),
    "hands": (),
    "against": 1,
    "excluded": "d",
}


@pytest.mark.parametrize("module", [americana_events, palace_events], ids=["americana", "palace"])
def test_every_kind_of_event_of_a_game_is_told(module: Any) -> None:
    """No event class falls through its narrator: each one, built with sample fields, reads
    as a sentence (random play above cannot reach every kind)."""
    game = "americana" if module is americana_events else "palace"
    classes = [c for c in vars(module).values() if isinstance(c, type) and issubclass(c, Event)]
    classes = [c for c in classes if c is not Event]
    assert len(classes) >= 13
    for cls in classes:
        own = {f.name: _SAMPLE_FIELDS[f.name] for f in fields(cls) if f.name not in _BASE}
        event = cls(seat=0, cards=parse_cards("Ah Kd"), amount=2, **own)
        line = narrate(game, event, NAMES, None)
        assert line, f"{cls.__name__} has no words"
        assert not _UNFINISHED.search(line), f"{cls.__name__}: {line!r}"


_BASE = {f.name for f in fields(Event)}
