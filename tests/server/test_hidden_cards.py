"""No hidden card ever reaches a connection the rules do not show it to (R-4, P-41).

Two people, a spectator and two bots play many hands of each game. Every message sent to
every connection is kept, and every card in it must be one its viewer may see: for
Americana, upcards, the viewer's own hole card and hole cards shown at showdown; for
Palace, public cards (banners, soldiers, shown palaces), the viewer's own palace and
discards, and the palace of an opponent the viewer fought.
"""

from __future__ import annotations

import functools
import json
import random
import re
import threading
from typing import Any

import pytest
from starlette.testclient import TestClient

from parlour.games import GAMES
from parlour.records import replay_dict
from parlour.server.app import create_app
from parlour.server.history import cards_in
from parlour.server.resume import replay_steps
from parlour.server.seating import token_hash
from parlour.server.storage import Store

from .conftest import fast_settings
from .players import (
    Message,
    command,
    create_table,
    hello,
    join,
    random_choice,
    until,
)

HANDS = 40


@functools.cache
def _public(game: str, record_json: str) -> frozenset[str]:
    record = json.loads(record_json)
    seen: set[str] = set()
    for hand, _, events in replay_steps(GAMES[game], record):
        seen |= set(cards_in(hand.view(None).to_dict()))
        seen |= {str(c) for e in events if e.audience is None for c in e.cards}
    return frozenset(seen)


def public_cards(game: str, record: dict[str, Any]) -> frozenset[str]:
    """Cards anyone may see by the end of the hand (spectator view and public events)."""
    return _public(game, json.dumps(record, sort_keys=True))


def own_cards(game: str, record: dict[str, Any], seat: int) -> set[str]:
    """Cards the seat holds face down or discarded itself, and palaces of its battle foes."""
    mine: set[str] = set()
    foes: set[int] = set()
    for hand, _, events in replay_steps(GAMES[game], record):
        view = hand.view(seat).to_dict()
        for row in view.get("seats", []):
            if row["seat"] == seat and row["hole"]:
                mine.add(row["hole"])
        for row in view.get("players", []):
            if row["seat"] == seat and row["palace"]:
                mine |= set(row["palace"])
        mine |= set(view.get("own_discards", []))
        for e in events:
            target = e.to_dict().get("target")
            if game == "palace" and e.kind == "bet" and seat in (e.seat, target):
                foe = target if e.seat == seat else e.seat
                assert isinstance(foe, int)
                foes.add(foe)
    if foes:
        first, _, _ = next(iter(replay_steps(GAMES[game], record)))
        for row in first.view(None).to_dict()["players"]:
            if row["seat"] in foes:
                foes_view = first.view(row["seat"]).to_dict()["players"]
                mine |= set(next(p["palace"] for p in foes_view if p["seat"] == row["seat"]))
    return mine


def play(
    socket: Any, token: str | None, seen: list[Message], rng: random.Random, *, host: bool
) -> None:
    """Act randomly from the listed choices until the table has played enough hands."""
    snap = hello(socket, token)
    seen.append(snap)
    while True:
        if snap["table"]["hand_number"] > HANDS:
            if host:
                command(socket, snap, "pause")
            return
        if snap["legal"]:
            command(socket, snap, "act", action=random_choice(snap["legal"], rng))
        snap = socket.receive_json()
        seen.append(snap)
        while snap["type"] != "snapshot":
            snap = socket.receive_json()
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
    checked = 0
    for name, messages in seen.items():
        person = None if tokens[name] is None else token_hash(str(tokens[name]))
        for message in messages:
            checked += check_message(store, table_id, game, person, message)
    assert checked > 3 * HANDS
    for number in store.finished_hands(table_id):
        stored = store.load_hand(table_id, number)
        assert stored is not None
        replay_dict(stored[1])  # every stored record is a valid parlour.hand/1 record
        check_downloads(client, store, table_id, game, number, tokens)


def check_downloads(
    client: TestClient,
    store: Store,
    table_id: str,
    game: str,
    number: int,
    tokens: dict[str, str | None],
) -> None:
    """A finished hand's download and step-by-step replay hold only cards the asker saw."""
    stored = store.load_hand(table_id, number)
    assert stored is not None
    _, record, _, people = stored
    for token in tokens.values():
        headers = {} if token is None else {"x-parlour-token": token}
        person = None if token is None else token_hash(token)
        seat = next((int(s) for s, p in people.items() if p == person), None)
        allowed = set(public_cards(game, record))
        if seat is not None:
            allowed |= own_cards(game, record, seat)
        for query in ("", "?steps=1"):
            response = client.get(f"/api/tables/{table_id}/hands/{number}{query}", headers=headers)
            assert response.status_code == 200
            leaked = cards_anywhere(response.json()) - allowed
            assert not leaked, f"hand {number}{query}: seat {seat} was sent {sorted(leaked)}"


#: A card anywhere in a message's text, inside sentences too ("You get hole card Th.").
_CARD_WORD = re.compile(r"(?<![A-Za-z0-9])(?:[2-9TJQKA]|10)[cdhs](?![A-Za-z0-9])")


def cards_anywhere(message: object) -> set[str]:
    """Every card named anywhere in ``message``: card fields and the log's sentences alike."""
    return set(_CARD_WORD.findall(json.dumps(message)))


def check_message(
    store: Store, table_id: str, game: str, person: str | None, message: Message
) -> int:
    """Assert every card in one message is allowed; 1 if it held any card."""
    cards = cards_anywhere(message)
    if not cards:
        return 0
    number = message["table"]["hand_number"]
    stored = store.load_hand(table_id, number)
    assert stored is not None
    _, record, _, people = stored
    allowed = set(public_cards(game, record))
    for earlier in range(1, number):  # the log keeps earlier hands' public events
        previous = store.load_hand(table_id, earlier)
        assert previous is not None
        allowed |= public_cards(game, previous[1])
    seat = next((int(s) for s, p in people.items() if p == person), None)
    if seat is not None:
        allowed |= own_cards(game, record, seat)
    leaked = cards - allowed
    assert not leaked, f"hand {number}: seat {seat} was sent {sorted(leaked)}"
    return 1
