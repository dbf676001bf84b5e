"""Test helpers: make tables over HTTP and play them over websockets like a browser would."""

from __future__ import annotations

import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import anyio
from starlette.testclient import TestClient
from starlette.testclient import WebSocketTestSession as Socket

from parlour.client import random_legal

Message = dict[str, Any]

#: How long a test waits for a message the server owes it before failing (not hanging).
PATIENCE = 30.0


class Deadline:
    """A limit on a wait made of many reads: calling it fails once ``seconds`` have passed,
    so a loop written ``while in_time() and ...`` ends in a failure, never in a hang."""

    def __init__(self, seconds: float = 120.0) -> None:
        self.at = time.monotonic() + seconds

    def __call__(self) -> bool:
        if time.monotonic() > self.at:
            raise AssertionError("the awaited state never came")
        return True


def receive(socket: Socket, seconds: float = PATIENCE) -> Message:
    """The next message from the server, or a failure after ``seconds`` (never a hang).

    Starlette's ``receive_json`` waits for ever; a message that never comes would hang the
    whole run instead of failing the one test that waited for it.
    """

    async def next_message() -> Any:
        with anyio.fail_after(seconds):
            return await socket._send_rx.receive()

    try:
        message = socket.portal.call(next_message)
    except TimeoutError:
        raise AssertionError(f"no message from the server within {seconds:.0f} s") from None
    socket._raise_on_close(message)
    decoded: Message = json.loads(message["text"])
    return decoded


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
    first = receive(socket)
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
    seconds: float = PATIENCE,
) -> Message:
    """Read messages until one is ``wanted`` (keeping all of them in ``seen``); fails after
    ``limit`` messages or ``seconds``, whichever comes first."""
    deadline = time.monotonic() + seconds
    for _ in range(limit):
        message = receive(socket, max(0.0, deadline - time.monotonic()))
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
