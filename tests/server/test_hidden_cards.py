"""No hidden card ever reaches a connection the rules do not show it to (R-4, P-41).

Two people, a spectator and two bots play many hands of each game. Every message sent to
every connection is kept, and every card in it must be one its viewer may see, as
:mod:`.sight` works it out from the hand's record and the rulebook alone (never from the
engine's views, events or the server's redaction, which are what is under test): for
Americana, upcards, the viewer's own hole card and hole cards shown at showdown; for
Palace, anything but the palaces the viewer was never shown and the cards left in the
draw pile. A message may also name cards of earlier hands that everyone saw (the log
keeps them). Each hand's sight is worked out once, so the check is linear in the
messages.
"""

from __future__ import annotations

import json
import random
import re
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.records import replay_dict
from parlour.server.app import create_app
from parlour.server.seating import token_hash
from parlour.server.storage import Store

from .conftest import fast_settings
from .players import (
    Deadline,
    Message,
    command,
    create_table,
    hello,
    join,
    random_choice,
    receive,
    until,
)
from .sight import Sight, sight

pytestmark = pytest.mark.integration

HANDS = 40


class Hands:
    """Every stored hand of the table with its sight, each loaded and worked out once."""

    def __init__(self, store: Store, table_id: str) -> None:
        self.records: dict[int, dict[str, Any]] = {}
        self.people: dict[int, dict[str, str]] = {}
        self.sights: dict[int, Sight] = {}
        self.public_before: dict[int, set[str]] = {1: set()}
        number = 1
        while (stored := store.load_hand(table_id, number)) is not None:
            _, self.records[number], _, self.people[number] = stored
            self.sights[number] = sight(self.records[number])
            self.public_before[number + 1] = self.public_before[number] | self.sights[number].public
            number += 1

    def seat(self, number: int, person: str | None) -> int | None:
        """The seat ``person`` held in hand ``number`` (``None``: not dealt in)."""
        return next((int(s) for s, p in self.people[number].items() if p == person), None)

    def allowed(self, number: int, person: str | None) -> set[str]:
        """What ``person`` may be sent while hand ``number`` is on or just over."""
        return self.public_before[number] | self.sights[number].of(self.seat(number, person))


def play(
    socket: Any, token: str | None, seen: list[Message], rng: random.Random, *, host: bool
) -> None:
    """Act randomly from the listed choices until the table has played enough hands."""
    snap = hello(socket, token)
    seen.append(snap)
    in_time = Deadline(300)
    while in_time():
        if snap["table"]["hand_number"] > HANDS:
            if host:
                command(socket, snap, "pause")
            return
        if snap["legal"]:
            command(socket, snap, "act", action=random_choice(snap["legal"], rng))
        snap = receive(socket)
        seen.append(snap)
        while in_time() and snap["type"] != "snapshot":
            snap = receive(socket)
            seen.append(snap)


@pytest.mark.parametrize("game", ["americana", "palace"])
def test_every_message_holds_only_cards_its_viewer_may_see(sqlite_url: str, game: str) -> None:
    # Bots act instantly here, so people answer faster than any person could: lift the limit.
    settings = fast_settings(sqlite_url, messages_per_second=1000.0, message_burst=1000)
    with TestClient(create_app(settings)) as client:
        play_and_check(client, game)


def play_and_check(client: TestClient, game: str) -> None:
    """Play HANDS hands with two people, a spectator and two bots; check every message."""
    table_id, host_token = create_table(
        client, game=game, bots=["rules", "random"], starting_stack=5000
    )
    guest_token = join(client, table_id, "Guest")
    tokens = {"host": host_token, "guest": guest_token, "spectator": None}
    seen: dict[str, list[Message]] = {name: [] for name in tokens}
    with client.websocket_connect(f"/ws/tables/{table_id}") as first:
        snap = hello(first, host_token)
        command(first, snap, "approve", request=snap["requests"][0]["id"])
        snap = until(first, lambda m: m["type"] == "snapshot" and len(m["seats"]) == 4)
        command(first, snap, "resume")
        until(first, lambda m: m["type"] == "snapshot" and not m["table"]["paused"])
    sockets = {name: client.websocket_connect(f"/ws/tables/{table_id}") for name in tokens}
    opened = {name: s.__enter__() for name, s in sockets.items()}
    threads = [
        threading.Thread(
            target=play,
            args=(opened[name], token, seen[name], random.Random(i)),
            kwargs={"host": name == "host"},
        )
        for i, (name, token) in enumerate(tokens.items())
    ]
    threads[0].start()
    threads[1].start()
    threads[2].start()
    for thread in threads:
        thread.join(timeout=120)
    for s in sockets.values():
        s.__exit__(None, None, None)
    assert all(not t.is_alive() for t in threads)
    store: Store = client.app.state.lobby.store  # type: ignore[attr-defined]
    hands = Hands(store, table_id)
    assert len(hands.records) > HANDS
    checked = 0
    for name, messages in seen.items():
        person = None if tokens[name] is None else token_hash(str(tokens[name]))
        for message in messages:
            checked += check_message(hands, person, message)
    assert checked > 3 * HANDS
    for number in store.finished_hands(table_id):
        replay_dict(hands.records[number])  # every stored record is a valid parlour.hand/1 record
        check_downloads(client, hands, table_id, number, tokens)


def check_downloads(
    client: TestClient,
    hands: Hands,
    table_id: str,
    number: int,
    tokens: dict[str, str | None],
) -> None:
    """A finished hand's download and step-by-step replay hold only cards the asker saw."""
    for token in tokens.values():
        headers = {} if token is None else {"x-parlour-token": token}
        person = None if token is None else token_hash(token)
        allowed = hands.sights[number].of(hands.seat(number, person))
        for query in ("", "?steps=1"):
            response = client.get(f"/api/tables/{table_id}/hands/{number}{query}", headers=headers)
            assert response.status_code == 200
            leaked = cards_anywhere(response.json()) - allowed
            assert not leaked, f"hand {number}{query}: {person} was sent {sorted(leaked)}"


#: A card anywhere in a message's text, inside sentences too ("You get hole card Th.").
_CARD_WORD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA]|10)[cdhs](?![A-Za-z0-9])")


def cards_anywhere(message: object) -> set[str]:
    """Every card named anywhere in ``message``: card fields and the log's sentences alike."""
    return set(_CARD_WORD.findall(json.dumps(message)))


def check_message(hands: Hands, person: str | None, message: Message) -> int:
    """Assert every card in one message is allowed; 1 if it held any card."""
    cards = cards_anywhere(message)
    if not cards:
        return 0
    number = message["table"]["hand_number"]
    leaked = cards - hands.allowed(number, person)
    assert not leaked, (
        f"hand {number}: seat {hands.seat(number, person)} was sent {sorted(leaked)} in "
        f"{_around(message, sorted(leaked)[0])}"
    )
    return 1


def _around(message: Message, card: str) -> str:
    """The message's text around the first mention of ``card``, to tell where it leaked."""
    text = json.dumps(message)
    at = re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text)
    start = at.start() if at else 0
    return text[max(0, start - 300) : start + 100]
