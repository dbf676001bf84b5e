"""A change rendered once for all viewers (:class:`Frame`) says exactly what each viewer's own
snapshot says (:func:`build`): the shared parts are shared, the private ones stay private
(R-4: a seat's hole cards and the events only it may see appear in its text alone)."""

from __future__ import annotations

import random

import orjson
import pytest

from parlour.games import GAMES
from parlour.server import snapshot
from parlour.server.config import TableConfig
from parlour.server.room import LOG_SHOWN, Room
from parlour.shuffles import SeededShuffler

PEOPLE = ["ann", "bea", "cy", "dot"]


VIEWERS: list[str | None] = [*PEOPLE, None, "stranger"]


def _check(table: Room, seq: int) -> None:
    with table.frozen():
        frame = snapshot.Frame(table, seq=seq, clock=None, connected={"ann"}, hands=[1, 2])
        for person in VIEWERS:
            expected = snapshot.build(
                table, person, seq=seq, clock=None, connected={"ann"}, hands=[1, 2]
            )
            text = frame.text(person)
            assert orjson.loads(text) == expected
            assert text.encode() == snapshot.encode(expected)  # byte for byte, same order
            assert frame.text(person) is text  # kept for the next socket of the same viewer


@pytest.mark.parametrize("game", ["americana", "palace"])
@pytest.mark.parametrize("short", [False, True])
def test_frame_texts_equal_each_viewers_own_snapshot_through_whole_hands(
    game: str, short: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if short:  # a log that drops events from its head at every change, as a long game's does
        monkeypatch.setattr("parlour.server.room.LOG_LIMIT", 25)
        monkeypatch.setattr("parlour.server.snapshot.LOG_SHOWN", 9)
    table = Room(
        "t", TableConfig(name="T", game=game, seats=4), GAMES[game], shuffler=SeededShuffler(3)
    )
    for person in PEOPLE:
        table.sit(person.title(), person, 100)
    table.host = "ann"
    rng = random.Random(1)
    seq = 0
    for _ in range(3):
        table.deal()
        while table.hand is not None:
            seq += 1
            _check(table, seq)
            seat = table.hand.to_act
            assert seat is not None
            action = GAMES[game].random_action(table.hand.legal_actions(), seat, rng)
            table.act(seat, action.to_dict())
        table.chat(0, "gg")
        _check(table, seq + 1)


def test_a_private_event_reaches_only_its_seats_text() -> None:
    table = Room(
        "t", TableConfig(name="T", game="americana"), GAMES["americana"], shuffler=SeededShuffler(5)
    )
    for person in PEOPLE:
        table.sit(person.title(), person, 100)
    table.deal()
    with table.frozen():
        frame = snapshot.Frame(table, seq=1, clock=None, connected=set(), hands=[])
        private = [e for e in table.log if e.audience is not None]
        assert private
        for event in private:
            assert event.audience is not None
            (seat,) = tuple(event.audience)
            shown = {
                p: any(line["kind"] == event.kind and line.get("seat") == seat
                       and line.get("cards") == [str(c) for c in event.cards]
                       for line in orjson.loads(frame.text(p))["log"])
                for p in VIEWERS
            }  # fmt: skip
            assert [p for p, seen in shown.items() if seen] == [PEOPLE[seat]]


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_a_long_game_remembers_only_the_sentences_it_may_still_show(game: str) -> None:
    """The memo of told sentences is bounded by what viewers can be shown, however many
    hands are played (it used to keep every event of every hand, about 20 MB a table)."""
    table = Room(
        "t", TableConfig(name="T", game=game, seats=4), GAMES[game], shuffler=SeededShuffler(5)
    )
    for person in PEOPLE:
        table.sit(person.title(), person, 10_000)
    rng = random.Random(2)
    bound = 2 * LOG_SHOWN * len(VIEWERS) + 2 * len(VIEWERS) + 2
    for seq in range(60):
        table.deal()
        while table.hand is not None:
            with table.frozen():
                frame = snapshot.Frame(table, seq=seq, clock=None, connected=set(), hands=[])
                for viewer in VIEWERS:
                    frame.text(viewer)
            seat = table.hand.to_act
            assert seat is not None
            action = GAMES[game].random_action(table.hand.legal_actions(), seat, rng)
            table.act(seat, action.to_dict())
        assert len(table.told) <= bound
