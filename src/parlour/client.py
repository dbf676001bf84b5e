"""Play at a parlour server table from Python, for bots that people write themselves.

A bot joins a table by its link as a person does: it asks for a seat with a name, the
host approves it, and from then on it receives the complete snapshot a browser receives
(its own view of the hand, its legal choices, the log, ...) and answers with an action in
its hand-record form, without the seat. The server decides legality; the bot never sees
another seat's hidden card (R-4). The wire protocol is in docs/server.md, for bots
written in other languages.

>>> from parlour.client import play, random_legal
>>> def decide(snapshot, rng):  # doctest: +SKIP
...     return random_legal(snapshot["legal"], rng)
>>> play("http://127.0.0.1:8000/t/AbC123xyz", "My bot", decide, hands=10)  # doctest: +SKIP
"""

from __future__ import annotations

import json
import random
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias
from urllib.parse import urlsplit

from parlour.errors import ParlourError

Message: TypeAlias = dict[str, Any]
#: A bot: the snapshot of its turn and a random source in, an action (record form) out.
Decide: TypeAlias = Callable[[Message, random.Random], Mapping[str, Any]]


#: Refusals that say "not now" (the table moved on, the server is busy, the table moves to
#: another process or waits for its database): the next snapshot asks again.
PASSING = frozenset({"stale", "rate_limited", "moved", "stalled"})
#: Refusals that mean the command was not carried out and no snapshot will follow (the
#: table is moving to another process, or the message was dropped over the rate): the bot
#: connects again and decides afresh, or a table with no turn clock would wait for ever.
RETRY = frozenset({"moved", "rate_limited"})


class ClientError(ParlourError):
    """The server refused the bot (a bad link, a refused seat, an illegal action)."""


@dataclass
class Played:
    """What a bot's session came to: hands it was dealt in, its decisions, its stack."""

    hands: int
    decisions: int
    stack: int | None
    token: str


def table_of(link: str) -> tuple[str, str]:
    """The server's base URL and the table id of a table link (``http://host/t/ID``)."""
    parts = urlsplit(link)
    path = parts.path.rstrip("/").split("/")
    if parts.scheme not in ("http", "https") or len(path) < 2 or path[-2] != "t" or not path[-1]:
        raise ClientError(f"not a table link: {link!r}; it looks like http://HOST:PORT/t/ID")
    return f"{parts.scheme}://{parts.netloc}", path[-1]


def ask_for_seat(link: str, name: str) -> str:
    """Ask for a seat at the table with ``name``; the secret token that will hold it."""
    base, table_id = table_of(link)
    body = json.dumps({"name": name}).encode()
    request = urllib.request.Request(
        f"{base}/api/tables/{table_id}/join", body, {"content-type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            token: str = json.loads(answer.read())["token"]
            return token
    except urllib.error.HTTPError as error:
        raise ClientError(f"seat refused: {json.loads(error.read()).get('message')}") from None
    except urllib.error.URLError as error:
        raise ClientError(f"cannot reach {base}: {error.reason}") from None


def play(
    link: str,
    name: str,
    decide: Decide,
    *,
    hands: int | None = None,
    token: str | None = None,
    seed: int | None = None,
    idle_seconds: float = 120.0,
) -> Played:
    """Sit at the table and play with ``decide`` until ``hands`` hands have ended.

    ``token`` takes back a seat already held (after a restart of the bot, say); without
    it the bot asks for a new seat and waits for the host. A dropped connection (the
    server restarted, the table moved to another process) is opened again with the same
    token. Returns when the hands are played, when the bot loses its seat, or after
    ``idle_seconds`` with no message (or no server).
    """
    try:
        import websockets.sync.client  # noqa: F401 (checked here, used by _follow)
    except ImportError as error:
        raise ClientError(
            "parlour.client needs websockets: pip install 'parlour[client]'"
        ) from error

    base, table_id = table_of(link)
    token = token or ask_for_seat(link, name)
    rng = random.Random(seed)
    session = _Session(hands)
    address = f"{base.replace('http', 'ws', 1)}/ws/tables/{table_id}"
    quiet_since = time.monotonic()
    pause = 0.1
    while not session.done and time.monotonic() - quiet_since < idle_seconds:
        try:
            _follow(address, token, decide, rng, session, idle_seconds)
            quiet_since, pause = time.monotonic(), 0.1
        except (OSError, _Closed):
            # The server restarted or the table moved to another process: come back with
            # the same token (the seat is kept) after a short, growing pause.
            session.reconnected()
            time.sleep(pause)
            pause = min(2 * pause, 2.0)
    return Played(session.hands, session.decisions, session.stack, token)


def _follow(
    address: str,
    token: str,
    decide: Decide,
    rng: random.Random,
    session: _Session,
    idle_seconds: float,
) -> None:
    """Play over one connection until done, idle, or the connection drops (``_Closed``)."""
    from websockets.exceptions import ConnectionClosed, InvalidHandshake
    from websockets.sync.client import connect  # the server extra installs websockets

    try:
        with connect(address, open_timeout=10) as socket:
            # The server's first message is a spectator's snapshot, sent before our hello
            # is read: it says nothing about our seat.
            try:
                first: Message = json.loads(socket.recv(timeout=idle_seconds))
            except TimeoutError:
                session.done = True
                return
            if first.get("type") == "error" and first.get("code") not in PASSING:
                raise ClientError(f"the server refused: {first.get('message')}")
            socket.send(json.dumps({"type": "hello", "token": token}))
            while not session.done:
                try:
                    message: Message = json.loads(socket.recv(timeout=idle_seconds))
                except TimeoutError:
                    session.done = True
                    return
                if session.read(message):
                    action = dict(decide(message, rng))
                    socket.send(
                        json.dumps({"type": "act", "seq": message["seq"], "action": action})
                    )
                    session.decisions += 1
    except (ConnectionClosed, InvalidHandshake) as error:
        # InvalidHandshake: refused while starting (InvalidStatus), or killed halfway
        # through the handshake (InvalidMessage): either way, try again.
        raise _Closed from error


class _Closed(Exception):
    """The connection to the table dropped; the bot reconnects."""


class _Session:
    """Follows the snapshots: whether it is the bot's turn, the hands it played, when to stop."""

    def __init__(self, hands: int | None) -> None:
        self.wanted = hands
        self.dealt: set[int] = set()  # hand numbers the bot was dealt into
        self.hands = self.decisions = 0
        self.stack: int | None = None
        self.seated = self.asked = False
        self.done = False
        self.last_seq = -1

    def reconnected(self) -> None:
        """The connection dropped: a decision sent on it may have been lost, so the bot may
        decide again on the snapshot it gets back, even one it already acted on (had the
        action been taken, the snapshot would be newer)."""
        self.last_seq = -1

    def read(self, message: Message) -> bool:
        """Whether the bot must act on this message; raises :class:`ClientError` on a refusal."""
        if message.get("type") == "error":
            if message.get("code") in RETRY:
                raise _Closed(message.get("code"))
            if message.get("code") in PASSING:
                return False
            raise ClientError(f"the server refused: {message.get('message')}")
        if message.get("type") != "snapshot":
            return False
        seat, request = message["you"]["seat"], message["you"]["request"]
        if seat is None:
            # After a request was seen, no seat and no request means declined (or removed).
            self.done = self.seated or (self.asked and request is None)
            self.asked = self.asked or request is not None
            return False
        self.seated = self.asked = True
        row = next((s for s in message["seats"] if s["seat"] == seat), None)
        self.stack = None if row is None else int(row["stack"])
        number, playing = int(message["table"]["hand_number"]), message["table"]["in_progress"]
        if playing and row is not None and row["in_hand"]:
            self.dealt.add(number)
        self.hands = sum(1 for n in self.dealt if n < number or not playing)
        if self.wanted is not None and self.hands >= self.wanted:
            self.done = True
            return False
        fresh = message["seq"] > self.last_seq
        self.last_seq = max(self.last_seq, int(message["seq"]))
        return bool(message["legal"]) and fresh


def random_legal(legal: Sequence[Message], rng: random.Random) -> Message:
    """A uniformly chosen legal action, sizes uniform in range: the simplest bot there is."""
    choice = rng.choice(list(legal))
    action: Message = {"do": choice["do"]}
    if "min_to" in choice:
        action["to"] = rng.randint(choice["min_to"], choice["max_to"])
    elif "min_by" in choice:
        action["by"] = rng.randint(choice["min_by"], choice["max_by"])
    elif "target" in choice:
        action["target"] = choice["target"]
        if choice["max_extra"] and rng.random() < 0.5:
            action["extra"] = rng.randint(choice["min_extra"], choice["max_extra"])
    elif "soldiers" in choice:
        size = rng.randint(choice["least"], choice["most"])
        action["cards"] = rng.sample(choice["soldiers"], size)
    return action
