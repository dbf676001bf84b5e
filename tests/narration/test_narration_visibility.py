"""R-4 for words: a hand narrated for each seat and for a spectator never mentions a card,
nor names a hand, that the reader could not see.

The oracle of what a reader may see is built apart from the events narration reads: the
reader's views at every step of the hand (own hole card or palace, upcards, banners,
soldiers, shown hands, own discards) and, in Palace, the palaces P-41 showed the reader
(the engine's record of who was shown whose palace) and the banner cards put aside, dealt
face up like every banner (P-11). Every card written in a sentence
must be among them, and every hand named (a battle hand, a showdown hand, a result line's
winning hand) must be made of them.
"""

from __future__ import annotations

import random
import re
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import Card, parse_card
from parlour.events import Event
from parlour.games import get_game
from parlour.narration import known_hands, narrate
from parlour.narration.words import result_line
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

NAMES = {0: "Ann", 1: "Bea", 2: "Cal", 3: "Dee", 4: "Eve", 5: "Fay", 6: "Gus", 7: "Hal"}
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_NOTATION = re.compile(r"^[2-9TJQKA][cdhs]$")


def _cards_in(value: object) -> set[Card]:
    """Every card written in notation anywhere in a JSON-like value."""
    if isinstance(value, str):
        return {parse_card(value)} if _NOTATION.match(value) else set()
    if isinstance(value, dict):
        return set().union(*(_cards_in(v) for k, v in value.items() if k != "name"))
    if isinstance(value, list | tuple):
        return set().union(*(_cards_in(v) for v in value))
    return set()


def _palaces_shown_to(hand: Any, palaces: list[list[Card]], reader: int | None) -> set[Card]:
    """Palaces the rules showed ``reader`` (P-41), from the engine's own record of it.

    ``palaces`` are the palaces as dealt: a player who leaves the hand loses theirs.
    """
    me = -1 if reader is None else hand.pos_of[reader]
    known = hand.shown | (hand.seen[me] if me >= 0 else 0)
    return {c for p, palace in enumerate(palaces) if known >> p & 1 for c in palace}


def _play(
    game_name: str, seed: int, players: int, options: dict[str, Any]
) -> tuple[Any, list[Event], dict[int | None, set[Card]]]:
    """A random hand; its events; and, by reader, every card the reader's views showed."""
    game = get_game(game_name)
    rng = random.Random(seed)
    seats = [SeatSpec(i, rng.choice([4, 15, 40, 90]), NAMES[i]) for i in range(players)]
    hand: Any = game.start_hand(
        game.options_from_dict(options), seats, rng.randrange(players), SeededShuffler(rng)
    )
    readers: list[int | None] = [*range(players), None]
    seen: dict[int | None, set[Card]] = {r: set() for r in readers}
    events = list(hand.start_events)
    palaces = [list(p) for p in getattr(hand, "palace", [])]

    def look() -> None:
        for reader in readers:
            seen[reader] |= _cards_in(hand.view(reader).to_dict())
            if game_name == "palace":
                seen[reader] |= _palaces_shown_to(hand, palaces, reader)

    look()
    # A banner card whose suit is taken is dealt face up like any banner (P-11): public.
    rejects = {c for e in events if e.kind == "banner_reject" for c in e.cards}
    for reader in readers:
        seen[reader] |= rejects
    while not hand.is_over:
        events += hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))
        look()
    return hand, events, seen


def _check_reader(
    game_name: str, hand: Any, events: list[Event], reader: int | None, seen: set[Card]
) -> None:
    visible = [e for e in events if e.visible_to(reader)]
    for event in visible:
        line = narrate(game_name, event, NAMES, reader) or ""
        written = {parse_card(c) for c in _CARD.findall(line)}
        assert written <= seen, f"{reader}: {line!r} names {written - seen}"
        if event.kind in ("battle_hand", "showdown_hand", "show"):
            assert set(event.cards) <= seen, f"{reader} is told a hand it did not see: {line}"
        for item in event.to_dict().get("hands", []):
            assert {parse_card(c) for c in item["cards"]} <= seen
    hands = known_hands(game_name, visible)
    seats = [s.seat for s in hand.seats]
    before = {s.seat: s.stack for s in hand.seats}
    line = result_line(hand.outcome, seats, before, NAMES, reader, hands)
    assert not _CARD.findall(line)
    for pot in hand.outcome.pots:
        if len(pot.winners) == 1 and pot.winners[0] in hands:
            assert str(hands[pot.winners[0]]) in line  # a sole winner's known hand is named


OPTIONS = {
    "americana": st.sampled_from(
        [{}, {"structure": "no_limit"}, {"structure": "pot_limit", "show_all": True}]
    ),
    "palace": st.sampled_from([{}, {"structure": "no_limit"}, {"max_soldiers": 2}]),
}


@given(st.integers(0, 2**32), st.integers(2, 6), OPTIONS["americana"])
def test_r4_americana_narration_names_only_what_each_reader_saw(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    hand, events, seen = _play("americana", seed, players, options)
    for reader, cards in seen.items():
        _check_reader("americana", hand, events, reader, cards)


@given(st.integers(0, 2**32), st.integers(2, 8), OPTIONS["palace"])
def test_r4_p41_palace_narration_names_only_what_each_reader_saw(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    hand, events, seen = _play("palace", seed, players, options)
    for reader, cards in seen.items():
        _check_reader("palace", hand, events, reader, cards)
