"""The front of ``--workers``: which worker each request goes to, and table ids' homes."""

from __future__ import annotations

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
