"""Test helpers: make tables over HTTP and play them over websockets like a browser would."""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from typing import Any

from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from parlour.client import random_legal

Message = dict[str, Any]


@contextlib.contextmanager
def from_address(client: TestClient, address: str) -> Iterator[None]:
    """Connections and requests made inside come from client ``address`` (limits are
    per address, and every test client request otherwise comes from one)."""
    transport: Any = client._transport  # the test client's only way to set the address
    before = transport.client
    transport.client = (address, 50000)
    try:
        yield
    finally:
        transport.client = before


def create_table(client: TestClient, **fields: Any) -> tuple[str, str]:
    """Create a table (defaults: Americana, one random bot, no clock); its id and host token."""
    body: dict[str, Any] = {
        "game": "americana",
        "host_name": "Host",
        "bots": ["random"],
        "clock_seconds": 0,
        **fields,
    }
    response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    answer: dict[str, str] = response.json()
    return answer["id"], answer["token"]


def join(client: TestClient, table_id: str, name: str) -> str:
    """Ask for a seat; the secret token."""
    response = client.post(f"/api/tables/{table_id}/join", json={"name": name})
    assert response.status_code == 200, response.text
    token: str = response.json()["token"]
    return token


def hello(socket: Socket, token: str | None) -> Message:
    """Identify on a fresh connection; the first snapshot that knows who we are."""
    first = socket.receive_json()
    assert first["type"] == "snapshot"
    socket.send_json({"type": "hello", "token": token})
    return until(
        socket,
        lambda m: (
            m["type"] == "snapshot"
            and (token is None or m["you"]["seat"] is not None or m["you"]["request"] is not None)
        ),
    )


def until(
    socket: Socket,
    wanted: Callable[[Message], bool],
    limit: int = 500,
    seen: list[Message] | None = None,
) -> Message:
    """Read messages until one is ``wanted`` (keeping all of them in ``seen``)."""
    for _ in range(limit):
        message: Message = socket.receive_json()
        if seen is not None:
            seen.append(message)
        if wanted(message):
            return message
    raise AssertionError("the wanted message never came")


def command(socket: Socket, snap: Message, type_: str, **fields: Any) -> None:
    """Send a command of type ``type_`` carrying the snapshot's seq."""
    socket.send_json({"type": type_, "seq": snap["seq"], **fields})


def random_choice(legal: list[Message], rng: random.Random) -> Message:
    """A legal action built from the listed choices, as a client would (sizes in range)."""
    return random_legal(legal, rng)


def passive_choice(legal: list[Message]) -> Message:
    """Check, stay, call or bring in when possible (keeps test hands short and cheap)."""
    for kind in ("check", "stay", "call", "bring_in", "fold"):
        if any(c["do"] == kind for c in legal):
            return {"do": kind}
    choice = legal[0]
    if "soldiers" in choice:
        return {"do": choice["do"], "cards": choice["soldiers"][: choice["least"]]}
    return random_choice(legal, random.Random(0))
