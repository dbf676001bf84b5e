"""The front of ``parlour serve --workers N``: each connection goes to its table's worker.

The parent process accepts every connection on the one port, peeks at its request line
(without reading it: ``MSG_PEEK``) and hands the socket itself to a worker over a Unix
socket (``SCM_RIGHTS``). A request naming a table (``/ws/tables/{id}``,
``/api/tables/{id}...``, ``/t/{id}``) goes to the table's home worker
(:mod:`parlour.server.homes`), which owns it, so the table's viewers are served by the
process that runs it and nothing about them crosses Redis; any other request goes to the
workers in turn. The worker serves the socket with uvicorn's own protocol, exactly as if
it had accepted it. When the home worker is down (being restarted), the next one takes
the connection and reaches the table through Redis, as any process can.

Peeking costs the parent a few system calls per connection, not per message: the
websockets then run between the browser and the worker with the parent out of the way.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import socket
from typing import Any

import uvicorn

from parlour.server.homes import home_of

log = logging.getLogger(__name__)

#: The request line names a table here.
_TABLE_PATH = re.compile(rb"^[A-Z]{3,8} /(?:ws/tables|api/tables|t)/([A-Za-z0-9_-]{1,32})[/? #]")
#: Bytes of the request looked at: a request line is far shorter.
HEAD_BYTES = 2048
#: Seconds a new connection has to send its request line before it is handed on unread.
HEAD_SECONDS = 3.0
#: Connections waiting for their request line at once; more are handed on unread.
MAX_WAITING = 2000
#: Seconds the front waits after a failed accept (no descriptor free) before the next.
ACCEPT_PAUSE = 0.1
#: Seconds a worker may leave a handed socket unclaimed before the next worker is tried.
HAND_SECONDS = 5.0


def table_named(head: bytes) -> str | None:
    """The table id in an HTTP request's first line, if it names one."""
    found = _TABLE_PATH.match(head)
    return None if found is None else found.group(1).decode()


class Switchboard:
    """Accepts on the listening socket and hands each connection to a worker's line."""

    def __init__(self, listener: socket.socket, count: int) -> None:
        self.listener = listener
        self.count = count
        #: The parent's end of each worker's Unix socket (``None``: the worker is down).
        self.lines: list[socket.socket | None] = [None] * count
        self._turn = 0
        self._waiting = 0
        self._tasks: set[asyncio.Task[None]] = set()

    def connect(self, index: int, line: socket.socket | None) -> None:
        """Worker ``index`` is reached through ``line`` from now on (``None``: it is down)."""
        old, self.lines[index] = self.lines[index], line
        if old is not None:
            old.close()
        if line is not None:
            line.settimeout(0.0)  # non-blocking

    async def run(self) -> None:
        """Accept and hand on connections until cancelled."""
        loop = asyncio.get_running_loop()
        self.listener.settimeout(0.0)  # non-blocking
        while True:
            try:
                connection, _ = await loop.sock_accept(self.listener)
            except OSError as error:  # out of descriptors under a flood: not a reason to stop
                log.warning("accepting a connection failed: %s", error)
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            task = loop.create_task(self._route(connection))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _route(self, connection: socket.socket) -> None:
        try:
            head: bytes | None = b""
            if self._waiting < MAX_WAITING:
                self._waiting += 1
                try:
                    head = await _peek_head(connection)
                finally:
                    self._waiting -= 1
            if head is not None:
                await self._hand(connection, self.choose(head))
        except Exception:  # one connection's trouble must never stop the switchboard
            log.exception("a connection could not be handed to a worker")
        finally:
            connection.close()  # the worker holds its own copy

    def choose(self, head: bytes) -> int:
        """The worker for a connection whose request starts with ``head``."""
        table_id = table_named(head)
        home = None if table_id is None else home_of(table_id, self.count)
        if home is not None:
            return home
        self._turn = (self._turn + 1) % self.count
        return self._turn

    async def _hand(self, connection: socket.socket, first: int) -> None:
        """Give the socket to worker ``first``, or to the next one up if it is down."""
        for step in range(self.count):
            line = self.lines[(first + step) % self.count]
            if line is not None and await _send(line, connection):
                return
        log.warning("no worker is up to take a connection; it is closed")


async def _peek_head(connection: socket.socket) -> bytes | None:
    """The first bytes of the request, once its first line is in or the time is up
    (``None``: the client left before sending anything)."""
    loop = asyncio.get_running_loop()
    connection.settimeout(0.0)  # non-blocking
    deadline = loop.time() + HEAD_SECONDS
    seen = b""
    while loop.time() < deadline:
        try:
            seen = connection.recv(HEAD_BYTES, socket.MSG_PEEK)
        except BlockingIOError:
            await _ready(connection, deadline - loop.time())
            continue
        except OSError:
            return None
        if not seen:
            return None
        if b"\n" in seen or len(seen) >= HEAD_BYTES:
            return seen
        # Part of the line is in: the socket stays readable, so wait for the rest a little.
        await asyncio.sleep(0.005)
    return seen


async def _ready(line: socket.socket, seconds: float, *, writable: bool = False) -> None:
    """Wait until the socket is readable (or writable), at most ``seconds``."""
    loop = asyncio.get_running_loop()
    ready = loop.create_future()

    def wake() -> None:
        if not ready.done():
            ready.set_result(None)

    (loop.add_writer if writable else loop.add_reader)(line.fileno(), wake)
    try:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(ready, max(seconds, 0.0))
    finally:
        (loop.remove_writer if writable else loop.remove_reader)(line.fileno())


async def _send(line: socket.socket, connection: socket.socket) -> bool:
    """Pass the connection's descriptor down ``line``; whether the worker got it."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + HAND_SECONDS
    while True:
        try:
            socket.send_fds(line, [b"c"], [connection.fileno()])
            return True
        except BlockingIOError:  # the worker is busy and its queue full: wait a little
            if loop.time() >= deadline:
                return False
            await _ready(line, deadline - loop.time(), writable=True)
        except OSError:  # the worker is gone
            return False


class HandedServer(uvicorn.Server):
    """A worker's uvicorn that serves the sockets its parent hands it instead of listening."""

    def __init__(self, config: uvicorn.Config, line: socket.socket) -> None:
        super().__init__(config)
        self.line = line
        self._tasks: set[asyncio.Task[Any]] = set()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        """Start the app, then take connections from the parent's line."""
        await super().startup(sockets=[])
        self.line.settimeout(0.0)  # non-blocking
        asyncio.get_running_loop().add_reader(self.line.fileno(), self._receive)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Take no more connections, then close the open ones as uvicorn does."""
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(self.line.fileno())
        await super().shutdown(sockets)

    def _receive(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            try:
                message, fds, _, _ = socket.recv_fds(self.line, 16, 16)
            except BlockingIOError:
                return
            except OSError:
                message, fds = b"", []
            if not message and not fds:  # the parent is gone: so is the port
                loop.remove_reader(self.line.fileno())
                self.should_exit = True
                return
            for fd in fds:
                task = loop.create_task(self._take(socket.socket(fileno=fd)))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _take(self, connection: socket.socket) -> None:
        connection.settimeout(0.0)  # non-blocking
        loop = asyncio.get_running_loop()
        try:
            await loop.connect_accepted_socket(self._protocol, connection)
        except OSError:  # the client left while the socket was on its way
            connection.close()

    def _protocol(self) -> asyncio.Protocol:
        protocol: asyncio.Protocol = self.config.http_protocol_class(  # type: ignore[call-arg]
            config=self.config,
            server_state=self.server_state,
            app_state=self.lifespan.state,
            _loop=asyncio.get_running_loop(),
        )
        return protocol
