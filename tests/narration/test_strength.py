"""What a viewer's cards are worth, in words: from the view alone (R-4), by the game's
ranking (A-40..A-44 for Americana, P-37/P-38 exclusion for Palace battles)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from parlour.cards import parse_card, parse_cards
from parlour.games import americana, get_game, palace
from parlour.games.americana import AmericanaView, SeatView
from parlour.games.palace import Buy, Trim
from parlour.games.palace.battle import EVALUATOR_LIMIT
from parlour.games.palace.view import PalaceView, PlayerView
from parlour.narration.strength import americana_notes, hand_notes, palace_notes
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler


def _row(seat: int, upcards: str, hole: str | None) -> SeatView:
    cards = parse_cards(upcards)
    own = None if hole is None else parse_card(hole)
    return SeatView(seat, f"P{seat}", 50, True, True, 0, 1, cards, own, False, False)


def _americana(viewer: int | None, rows: list[SeatView], tie_break: str = "seed") -> AmericanaView:
    options = americana.options_from_dict({"tie_break": tie_break})
    return AmericanaView(viewer, 4, None, 10, (), 0, tuple(rows), (), None, options)


def test_a40_americana_flush_is_named_with_its_deciding_card_and_a_full_house_below_it() -> None:
    view = _americana(0, [_row(0, "Kh Jh 9h 7h", "Ah"), _row(1, "Ks Kd Qs Qd", "Kc")])
    notes = americana_notes(view)
    assert notes[0] == "flush, A-K-J-9-7 (deciding card Ah)"
    assert notes[1].startswith("full house, kings full of queens")


def test_a44_split_mode_names_no_deciding_card() -> None:
    view = _americana(0, [_row(0, "Kh Jh 9h 7h", "Ah")], tie_break="split")
    assert americana_notes(view)[0] == "flush, A-K-J-9-7"


def test_a14_others_show_their_visible_hand_and_the_viewer_their_cards_so_far() -> None:
    view = _americana(1, [_row(0, "Qs Qd", None), _row(1, "9s 8c", "9h")])
    assert americana_notes(view) == {
        0: "showing pair of queens",
        1: "so far: pair of nines, kicker 8",
    }


def test_r4_notes_use_only_what_the_view_shows() -> None:
    game = get_game("americana")
    for seed in range(40):
        rng = random.Random(seed)
        seats = [SeatSpec(i, 30, f"P{i}") for i in range(4)]
        hand: Any = game.start_hand(game.options_from_dict({}), seats, 0, SeededShuffler(rng))
        while not hand.is_over:
            for viewer in (None, 0, 1, 2, 3):
                view = hand.view(viewer)
                for seat, note in americana_notes(view).items():
                    row = next(r for r in view.seats if r.seat == seat)
                    if row.hole is None:  # a hidden hole card: only the upcards count
                        assert note.startswith("showing "), (seed, viewer, note)
            hand.apply(game.random_action(hand.legal_actions(), hand.to_act, rng))


def _player(seat: int, banner: str, palace: str | None, soldiers: str = "") -> PlayerView:
    shown = None if palace is None else parse_cards(palace)
    return PlayerView(
        seat, f"P{seat}", 40, 2, True, True, parse_card(banner), parse_cards(soldiers), 3, shown
    )


def _palace(viewer: int | None, players: list[PlayerView]) -> PalaceView:
    options = palace.options_from_dict({})
    return PalaceView(
        viewer, 0, viewer, "turn", tuple(players), 6, 30, 0, (), None, (), None, options
    )


def test_p37_the_viewers_hand_is_valued_without_each_opponents_banner_suit() -> None:
    view = _palace(
        0,
        [
            _player(0, "Ah", "Kh Qh Jh", "Th 9c"),
            _player(1, "2c", None),
            _player(2, "3d", None),
        ],
    )
    note = palace_notes(view)[0]
    assert "vs P1 (no clubs): straight flush, ace high" in note
    assert "vs P2 (no diamonds): straight flush, ace high" in note


def test_p38_a_short_hand_after_exclusion_is_named_as_short() -> None:
    view = _palace(0, [_player(0, "Ah", "Kd Qd Jd", "9c"), _player(1, "2d", None)])
    assert palace_notes(view) == {0: "vs P1 (no diamonds): high card, A-9"}


def test_spectators_and_players_out_of_the_hand_get_no_palace_note() -> None:
    players = [_player(0, "Ah", "Kh Qh Jh"), _player(1, "2c", None)]
    assert palace_notes(_palace(None, players)) == {}
    out = PlayerView(0, "P0", 40, 2, True, False, parse_card("Ah"), (), 3, parse_cards("Kh Qh Jh"))
    assert palace_notes(_palace(0, [out, players[1]])) == {}


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_hand_notes_dispatch_on_the_view(game: str) -> None:
    engine = get_game(game)
    seats = [SeatSpec(i, 30, f"P{i}") for i in range(3)]
    hand: Any = engine.start_hand(engine.options_from_dict({}), seats, 0, SeededShuffler(3))
    assert hand_notes(hand.view(0))


def test_p40_more_cards_than_the_evaluator_takes_are_valued_by_their_best_five() -> None:
    """After a capture and before the trim a player may hold more than nine cards."""
    many = _player(0, "Ah", "Kh Qh Jh", "Th 9h 8h 7h 2c 2d 2s 3c")
    view = _palace(0, [many, _player(1, "4d", None)])
    assert palace_notes(view) == {0: "vs P1 (no diamonds): straight flush, ace high"}
    hidden = _player(0, "As", "Ac Ad 3h", "3s 3d 4c 5c 6c 7c 8c")
    view = _palace(0, [hidden, _player(1, "9h", None)])
    assert palace_notes(view) == {0: "vs P1 (no hearts): straight flush, eight high"}


def _hoarding(choices: Sequence[Any], seat: int, rng: random.Random) -> Any:
    """Buy whenever possible and keep every soldier allowed: hands of many cards."""
    for choice in choices:
        if choice.do == "buy" and rng.random() < 0.8:
            return Buy(seat)
        if choice.do == "trim":
            return Trim(seat, tuple(choice.soldiers[: choice.least]))
    return palace.random_action(choices, seat, rng)


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_every_view_of_play_has_notes_that_never_fail(game: str) -> None:
    """Notes never fail whatever the hand holds: captures, soldiers beyond five, showdowns."""
    engine = get_game(game)
    told = longest = 0
    for seed in range(60):
        rng = random.Random(seed)
        seats = [SeatSpec(i, rng.choice([4, 40]), f"P{i}") for i in range(2 + seed % 4)]
        options = {"max_soldiers": 8} if game == "palace" else {"tie_break": "split"}
        hand: Any = engine.start_hand(
            engine.options_from_dict(options), seats, 0, SeededShuffler(rng)
        )
        policy = _hoarding if game == "palace" else engine.random_action
        while True:
            for viewer in (None, *(s.seat for s in seats)):
                view = hand.view(viewer)
                notes = hand_notes(view)
                told += len(notes)
                assert all(isinstance(n, str) and n for n in notes.values())
                if isinstance(view, PalaceView):
                    longest = max([longest] + [4 + len(p.soldiers) for p in view.players])
            if hand.is_over:
                break
            hand.apply(policy(hand.legal_actions(), hand.to_act, rng))
    assert told > 100
    assert game == "americana" or longest > EVALUATOR_LIMIT  # the evaluator's limit was passed
