"""The front of ``--workers``: which worker each request goes to, and table ids' homes."""

from __future__ import annotations

import asyncio
import contextlib
import socket

import pytest

from parlour.server.homes import ALPHABET, Home, home_of
from parlour.server.switchboard import Switchboard, table_named


def board(count: int) -> Switchboard:
    """A switchboard over an unbound socket (choosing needs no connection)."""
    listener = socket.socket()
    listener.close()
    return Switchboard(listener, count)


@pytest.mark.parametrize(
    ("line", "table"),
    [
        (b"GET /ws/tables/abcdefghijkl HTTP/1.1\r\nHost: x\r\n", "abcdefghijkl"),
        (b"GET /api/tables/abcdefghij-_/hands/3?steps=1 HTTP/1.1\r\n", "abcdefghij-_"),
        (b"POST /api/tables/abcdefghijkl/join HTTP/1.1\r\n", "abcdefghijkl"),
        (b"GET /t/abcdefghijkl HTTP/1.1\r\n", "abcdefghijkl"),
        (b"GET /t/abcdefghijkl?lang=fr HTTP/1.1\r\n", "abcdefghijkl"),
        (b"GET /api/tables?page=2 HTTP/1.1\r\n", None),
        (b"POST /api/tables HTTP/1.1\r\n", None),
        (b"GET / HTTP/1.1\r\n", None),
        (b"GET /static/table.js HTTP/1.1\r\n", None),
        (b"GET /ws/tables/abc", None),  # the line is not in yet
        (b"\x16\x03\x01\x02\x00", None),  # a TLS hello: nothing to read
    ],
)
def test_a_request_line_names_its_table(line: bytes, table: str | None) -> None:
    assert table_named(line) == table


def test_a_table_s_requests_go_to_its_home_and_the_rest_in_turn() -> None:
    front = board(3)
    for index in range(3):
        table_id = Home(index, 3).new_table_id()
        for path in (b"/ws/tables/", b"/t/", b"/api/tables/"):
            assert front.choose(b"GET " + path + table_id.encode() + b" HTTP/1.1\r\n") == index
    others = [front.choose(b"GET / HTTP/1.1\r\n") for _ in range(6)]
    assert sorted(others) == [0, 0, 1, 1, 2, 2]


@pytest.mark.parametrize("count", [1, 2, 3, 5, 64])
def test_every_id_character_has_one_home_and_new_ids_land_at_home(count: int) -> None:
    homes = [Home(index, count) for index in range(count)]
    assert sorted("".join(h.characters for h in homes)) == sorted(ALPHABET)
    for home in homes:
        for _ in range(20):
            table_id = home.new_table_id()
            assert len(table_id) == 12
            assert home.owns(table_id)
            assert home_of(table_id, count) == home.index


def test_ids_that_are_no_table_s_have_no_home() -> None:
    assert home_of("short", 2) is None
    assert home_of("abcdefghijk!", 2) is None
    with pytest.raises(ValueError, match="worker 2 of 2 is not a worker"):
        Home(2, 2)


async def _handed(line: socket.socket, seconds: float = 5.0) -> socket.socket:
    """The connection the switchboard passed down ``line`` (a worker's end)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while loop.time() < deadline:
        try:
            _, fds, _, _ = socket.recv_fds(line, 16, 4)
        except BlockingIOError:
            await asyncio.sleep(0.01)
            continue
        return socket.socket(fileno=fds[0])
    raise AssertionError("nothing was handed on")


async def _front(count: int) -> tuple[Switchboard, list[socket.socket], asyncio.Task[None], int]:
    """A switchboard on a loopback port with ``count`` workers' lines; their far ends."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    front = Switchboard(listener, count)
    far = []
    for index in range(count):
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        theirs.setblocking(False)
        front.connect(index, ours)
        far.append(theirs)
    task = asyncio.create_task(front.run())
    return front, far, task, listener.getsockname()[1]


async def _close(front: Switchboard, far: list[socket.socket], task: asyncio.Task[None]) -> None:
    """Stop the switchboard and close every socket the test made."""
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError):
        await task
    for index, line in enumerate(far):
        front.connect(index, None)
        line.close()
    front.listener.close()


async def _client(port: int, sent: bytes) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(sent)
    await writer.drain()
    return reader, writer


def test_a_connection_reaches_its_table_s_worker_with_its_request_unread() -> None:
    async def scenario() -> None:
        front, far, task, port = await _front(2)
        table_id = Home(1, 2).new_table_id()
        request = f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: x\r\n\r\n".encode()
        reader, writer = await _client(port, request)
        handed = await _handed(far[1])
        handed.setblocking(True)
        assert handed.recv(4096) == request  # peeked, not read: the worker reads it whole
        handed.sendall(b"answer")
        assert await reader.readexactly(6) == b"answer"  # the client talks to the worker
        writer.close()
        handed.close()
        await _close(front, far, task)

    asyncio.run(scenario())


def test_a_down_worker_s_connections_go_to_the_next_and_silent_ones_to_nobody() -> None:
    async def scenario() -> None:
        front, far, task, port = await _front(2)
        far[0].close()  # worker 0 died
        table_id = Home(0, 2).new_table_id()
        _, writer = await _client(port, f"GET /t/{table_id} HTTP/1.1\r\n\r\n".encode())
        (await _handed(far[1])).close()
        _, silent = await _client(port, b"")
        silent.close()  # left before saying anything: handed to no worker
        await asyncio.sleep(0.2)
        with pytest.raises(BlockingIOError):
            socket.recv_fds(far[1], 16, 4)
        writer.close()
        await _close(front, far, task)

    asyncio.run(scenario())
