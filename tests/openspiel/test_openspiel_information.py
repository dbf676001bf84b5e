"""Information states, observations and the research-only parameters of the OpenSpiel games."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="the openspiel extra is not installed")

import parlour.openspiel  # noqa: E402,F401 - registers the games
from parlour.cards import parse_card  # noqa: E402
from parlour.errors import OptionError  # noqa: E402


def _walk(game: Any, chance: list[int], rows: list[int], player: int) -> list[tuple[str, Any]]:
    """Deal ``chance`` (then the lowest card) and play ``rows`` (then the lowest legal row);
    the information state and tensor of ``player`` at each of its decisions."""
    state = game.new_initial_state()
    dealt = iter(chance)
    played = iter(rows)
    seen: list[tuple[str, Any]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            card = next(dealt, outcomes[0])
            state.apply_action(card if card in outcomes else outcomes[0])
            continue
        if state.current_player() == player:
            seen.append(
                (state.information_state_string(player), state.information_state_tensor(player))
            )
        legal = state.legal_actions()
        row = next(played, legal[0])
        state.apply_action(row if row in legal else legal[0])
    return seen


def test_r4_another_hole_card_never_changes_an_information_state() -> None:
    game = pyspiel.load_game("parlour_americana(players=2)")
    c = [int(parse_card(x)) for x in ("Ah", "Kd", "9c", "8s", "Td", "Jc", "Qs", "7h", "7c", "Th")]
    other = list(c)
    other[0] = int(parse_card("Js"))  # seat 1 (the dealer's left) gets the first hole card
    for rows in ([1, 1, 1, 1, 1, 1, 1, 1], [2, 2, 1, 2, 1, 1, 2, 1], [1, 2, 0]):
        a = _walk(game, c, rows, 0)
        b = _walk(game, other, rows, 0)
        assert [s for s, _ in a] == [s for s, _ in b]
        assert all(np.array_equal(x, y) for (_, x), (_, y) in zip(a, b, strict=True))
        assert a  # seat 0 decided at least once


def test_information_states_tell_apart_what_the_player_saw() -> None:
    game = pyspiel.load_game("parlour_americana(players=2)")
    state = game.new_initial_state()
    for card in ("Ah", "Kd"):
        state.apply_action(int(parse_card(card)))
    other = game.new_initial_state()
    for card in ("Qh", "Kd"):
        other.apply_action(int(parse_card(card)))
    # button 0: seat 1 (the dealer's left) is dealt the first hole card
    assert state.information_state_string(1) != other.information_state_string(1)
    assert state.information_state_string(0) == other.information_state_string(0)


@pytest.mark.parametrize("name", ["parlour_americana(players=3)", "parlour_palace(players=3)"])
def test_tensors_have_their_declared_sizes_and_stay_in_range(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(2)
    for _ in range(10):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
                continue
            p = state.current_player()
            info = np.asarray(state.information_state_tensor(p))
            obs = np.asarray(state.observation_tensor(p))
            assert info.shape == (game.information_state_tensor_size(),)
            assert obs.shape == (game.observation_tensor_size(),)
            assert info.min() >= 0
            assert obs.min() >= 0
            assert state.observation_string(p)
            state.apply_action(rng.choice(state.legal_actions()))


def test_palace_banner_rejects_are_chance_nodes_p11() -> None:
    """Five players: the fifth banner's group (B) is new, but within group A every suit
    must differ, so a second card of a taken suit is rejected and dealt again (P-11)."""
    game = pyspiel.load_game("parlour_palace(players=4)")
    state = game.new_initial_state()
    hearts = [int(parse_card(x)) for x in ("Ah", "Kh")]
    state.apply_action(hearts[0])  # seat 1 (dealer's left) takes the ace of hearts
    state.apply_action(hearts[1])  # the king of hearts is rejected for the next player
    assert state.is_chance_node()
    assert '"banner_reject"' in str(state)
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert hearts[0] not in outcomes
    assert hearts[1] not in outcomes
    assert len(outcomes) == 50


def test_research_upcards_and_deck_make_a_small_game() -> None:
    game = pyspiel.load_game(
        "parlour_americana(players=2,deck=Ah Ad Kh Kd,upcards=Qh Jh Th 9h|Qd Jd Td 9d)"
    )
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == 4  # only the hole cards are chance
    state.apply_action(int(parse_card("Ah")))
    assert len(state.chance_outcomes()) == 3
    state.apply_action(int(parse_card("Kd")))
    assert not state.is_chance_node()
    assert state.engine_hand.view(None).seats[0].upcards == (parse_card("Qh"),)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ("players=7", "players must be 2 to 6"),
        ("deck=Ah Kh", "usable cards"),
        ("deck=2h 3h", "not in the 32-card deck"),
        ("upcards=Ah|Ah", "only once"),
        ("stacks=1 2 3", "lists 3 seats"),
        ("structure=fixed", "structure"),
        ("button=5", "button"),
        ("colour=red", "(?i)unknown parameter"),
    ],
)
def test_bad_parameters_say_what_is_wrong(params: str, message: str) -> None:
    with pytest.raises((OptionError, pyspiel.SpielError, ValueError), match=message):
        pyspiel.load_game(f"parlour_americana({params})")


def test_palace_parameters_map_to_table_options() -> None:
    game = pyspiel.load_game(
        "parlour_palace(players=3,small_bet=4,big_bet=10,ante=1,discard_fee=0,max_soldiers=3)"
    )
    assert game.spec.options.to_dict() == {
        "structure": "limit",
        "small_bet": 4,
        "big_bet": 10,
        "ante": 1,
        "discard_fee": 0,
        "max_soldiers": 3,
        "raise_cap": 3,
    }
    default = pyspiel.load_game("parlour_palace(small_bet=6)").spec.options.to_dict()
    assert (default["big_bet"], default["ante"], default["discard_fee"]) == (12, 3, 6)


def test_palace_reject_reshuffle_is_dealt_by_chance_p12() -> None:
    """Six players: every rejected card drawn first, so the stock runs out during the banner
    deal; the reject pile is shuffled (P-12) and its cards become the next chance nodes."""
    from parlour.cards import DECK_52

    game = pyspiel.load_game("parlour_palace(players=6)")
    state = game.new_initial_state()
    by_suit = {s: [c for c in DECK_52 if c & 3 == s] for s in range(4)}
    hearts, diamonds, clubs, spades = (
        by_suit[int(parse_card(x)) & 3] for x in ("Ah", "Ad", "Ac", "As")
    )
    # seat after seat of group A: the first takes a heart; each next one is shown every
    # remaining card of the suits already taken (all rejected), then takes a new suit
    order = [hearts[0], *hearts[1:], diamonds[0], *diamonds[1:], clubs[0], *clubs[1:]]
    order += [spades[0], spades[1], *spades[2:]]  # group B: the fifth takes a spade
    for card in order:  # the sixth is shown the last eleven spades: all rejected
        assert state.is_chance_node()
        assert int(card) in dict(state.chance_outcomes())
        state.apply_action(int(card))
    assert len(order) == 52
    assert state.is_chance_node()
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) == 47  # 12 hearts, 12 diamonds, 12 clubs and 11 spades rejected
    assert int(spades[1]) not in outcomes


def test_illegal_moves_and_unsupported_options_are_refused() -> None:
    with pytest.raises(ValueError, match="max_soldiers up to 6"):
        pyspiel.load_game("parlour_palace(max_soldiers=7)")
    state = pyspiel.load_game("parlour_americana").new_initial_state()
    with pytest.raises(ValueError, match="cannot be dealt"):
        state.apply_action(3)  # the three of clubs is not in the 32-card deck
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(r for r in range(6) if r not in state.legal_actions())
    with pytest.raises(ValueError, match="not legal"):
        state.apply_action(illegal)
