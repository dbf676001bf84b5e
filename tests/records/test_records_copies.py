"""A player's copy of a record (the server's download, unseen cards ``??``) replays and
exports; a tampered copy is still refused with the index and the reason (HAND-RECORD.md).

Copies are made by the server's own redaction (:func:`parlour.records.redacted`)
from random hands played to showdowns and battles, for every seat and a spectator.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from parlour.cards import parse_card
from parlour.commands import export as export_command
from parlour.commands import replay as replay_command
from parlour.errors import RecordError
from parlour.export.history import History
from parlour.export.palace_text import palace_text
from parlour.export.phh import dumps, from_phh, loads_all, to_phh
from parlour.export.stud_text import stud_text
from parlour.games import get_game
from parlour.records import hand_to_record, read_record, redacted, replay_dict
from parlour.records.unseen import replay_redacted
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

NAMES = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")


def _hand(game_name: str, seed: int, players: int, options: dict[str, Any]) -> dict[str, Any]:
    """A random hand that often reaches a showdown or a called battle (calls are likely)."""
    game = get_game(game_name)
    rng = random.Random(seed)
    seats = [SeatSpec(i, rng.choice([6, 25, 80]), NAMES[i]) for i in range(players)]
    hand: Any = game.start_hand(
        game.options_from_dict(options), seats, rng.randrange(players), SeededShuffler(rng)
    )
    while not hand.is_over:
        legal = hand.legal_actions()
        calm = [c for c in legal if c.do in ("call", "check", "stay")]
        pick = calm if calm and rng.random() < 0.6 else legal
        hand.apply(game.random_action(pick, hand.to_act, rng))
    return hand_to_record(hand)


def _copies(game_name: str, record: dict[str, Any]) -> list[tuple[int | None, dict[str, Any]]]:
    readers = [*(s["seat"] for s in record["seats"]), None]
    return [(r, redacted(record, r)) for r in readers]


def _unseen_cards(copy_: dict[str, Any], full: dict[str, Any]) -> set[str]:
    hidden = {
        full["shuffles"][k][i]
        for k, order in enumerate(copy_["shuffles"])
        for i, c in enumerate(order)
        if c == "??"
    }
    return hidden - {c for order in copy_["shuffles"] for c in order}


def _check_copies(game_name: str, record: dict[str, Any]) -> None:
    for reader, data in _copies(game_name, record):
        result = replay_dict(data)
        unseen = result.unseen
        if "??" not in json.dumps(data["shuffles"]):
            assert unseen is None
            continue
        assert unseen is not None
        assert reader in unseen.viewers
        assert unseen.viewer_found
        assert {str(c) for c in unseen.cards} == _unseen_cards(data, record)
        outcome = result.hand.outcome
        assert outcome is not None
        assert outcome.to_dict() == record["outcome"]
        assert any("??" in line for line in unseen.not_made)
        history = History(result)
        text = stud_text(history) if game_name == "americana" else palace_text(history)
        named = {c for c in _CARD.findall(text) if parse_card(c) in unseen.cards}
        assert not named, f"{reader}: the export names unseen {named}"


OPTIONS = {
    "americana": st.sampled_from([{}, {"structure": "no_limit"}, {"tie_break": "split"}]),
    "palace": st.sampled_from([{}, {"structure": "no_limit"}, {"max_soldiers": 3}]),
}


@given(st.integers(0, 2**32), st.integers(2, 6), OPTIONS["americana"])
def test_americana_copies_for_every_seat_and_a_spectator_replay_and_export(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    _check_copies("americana", _hand("americana", seed, players, options))


@settings(max_examples=60)
@given(st.integers(0, 2**32), st.integers(2, 10), OPTIONS["palace"])
def test_palace_copies_for_every_seat_and_a_spectator_replay_and_export(
    seed: int, players: int, options: dict[str, Any]
) -> None:
    _check_copies("palace", _hand("palace", seed, players, options))


def _battle_copy() -> tuple[dict[str, Any], dict[str, Any]]:
    """A spectator's copy of a hand with a called battle between two hidden palaces."""
    for seed in range(200):
        record = _hand("palace", seed, 5, {})
        data = redacted(record, None)
        result = replay_dict(data)
        assert result.unseen is not None
        if any("battle of" in line for line in result.unseen.not_made):
            return record, data
    raise AssertionError("no battle between hidden palaces in 200 hands")


def test_a_hidden_battle_is_said_to_be_checked_only_as_possible() -> None:
    _, data = _battle_copy()
    result = replay_dict(data)
    assert result.unseen is not None
    line = next(x for x in result.unseen.not_made if "battle of" in x)
    assert "which this copy does not show" in line
    assert "some unseen cards give the result" in line
    assert any("under an arrangement of the unseen cards" in x for x in result.unseen.made)


def test_an_americana_muck_is_said_to_be_checked_only_as_losing() -> None:
    for seed in range(300):
        record = _hand("americana", seed, 4, {})
        for _, data in _copies("americana", record):
            result = replay_dict(data)
            if result.unseen and any("mucked" in x for x in result.unseen.not_made):
                line = next(x for x in result.unseen.not_made if "mucked" in x)
                assert "A-31" in line
                return
    raise AssertionError("no mucked hidden hand in 300 hands")


def _tampered_cases(game_name: str, count: int) -> list[tuple[dict[str, Any], int, str]]:
    """Copies with one action made impossible whatever the unseen cards: (copy, index, reason)."""
    cases = []
    rng = random.Random(7)
    for seed in range(count):
        record = _hand(game_name, seed, rng.randint(3, 6), {})
        _, data = rng.choice(_copies(game_name, record))
        actions = data["actions"]
        index = rng.randrange(len(actions))
        bad = copy.deepcopy(data)
        if rng.random() < 0.5:
            bad["actions"][index] = {**actions[index], "seat": 9}  # nobody sits there
            reason = "seat': 9"
        else:
            bad["actions"][index] = {"seat": actions[index]["seat"], "do": "raise", "by": 10**6}
            if game_name == "americana":
                bad["actions"][index] = {"seat": actions[index]["seat"], "do": "raise", "to": 10**6}
            reason = "illegal action"
        cases.append((bad, index, reason))
    return cases


@pytest.mark.parametrize("game_name", ["americana", "palace"])
def test_a_tampered_copy_is_refused_at_the_bad_action_with_the_reason(game_name: str) -> None:
    for bad, index, reason in _tampered_cases(game_name, 12):
        with pytest.raises(RecordError) as info:
            replay_redacted(read_record(bad), tries=400)
        assert info.value.index == index, (index, str(info.value))
        assert reason in str(info.value)


@pytest.mark.parametrize("game_name", ["americana", "palace"])
def test_a_copy_with_a_wrong_known_stack_is_refused(game_name: str) -> None:
    record = _hand(game_name, 3, 4, {})
    _, data = _copies(game_name, record)[1]
    more = copy.deepcopy(data)
    more["outcome"]["stacks"][0] += 5  # chips out of nowhere: refused before any replay
    with pytest.raises(RecordError, match="R-2") as info:
        replay_dict(more)
    assert info.value.index == -1
    moved = copy.deepcopy(data)  # the same total, but a stack the replay does not reach
    moved["outcome"]["stacks"][0] += 1
    moved["outcome"]["stacks"][1] -= 1
    with pytest.raises(RecordError, match="differs") as info:
        replay_redacted(read_record(moved), tries=400)
    assert info.value.index == -1
    start = copy.deepcopy(data)
    start["seats"][2]["stack"] += 3  # a starting stack the outcome does not account for
    with pytest.raises(RecordError, match="R-2"):
        replay_dict(start)


def test_a_copy_whose_shuffle_has_too_few_places_is_refused() -> None:
    record = _hand("americana", 5, 3, {})
    _, data = _copies("americana", record)[0]
    data["shuffles"][0].pop()
    with pytest.raises(RecordError, match="places for the 32 cards") as info:
        replay_dict(data)
    assert info.value.index == -1


def _args(**values: Any) -> argparse.Namespace:
    return argparse.Namespace(**values)


def test_parlour_replay_and_export_accept_copies_and_say_what_was_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, data = _battle_copy()
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(data))
    assert replay_command.run(_args(file=path, json=False)) == 0
    out = capsys.readouterr().out
    assert "A player's copy" in out
    assert "Checked in this copy:" in out
    assert "Could not be checked in this copy:" in out
    assert "the battle of" in out
    assert replay_command.run(_args(file=path, json=True)) == 0
    again = json.loads(capsys.readouterr().out)
    assert again["shuffles"] == data["shuffles"]  # the unseen cards stay unknown
    assert export_command.run(_args(file=path, format="text", output=None)) == 0
    assert "A player's copy" in capsys.readouterr().out
    bad = copy.deepcopy(data)
    bad["actions"][2] = {"seat": 9, "do": "stay"}
    path.write_text(json.dumps(bad))
    assert replay_command.run(_args(file=path, json=False)) == 1
    assert "index 2:" in capsys.readouterr().err


def test_an_americana_copy_goes_through_phh_and_back() -> None:
    for seed in range(40):
        record = _hand("americana", seed, 4, {})
        for _, data in _copies("americana", record):
            text = dumps(to_phh(History(replay_dict(data))))
            assert from_phh(loads_all(text)[0]) == data
