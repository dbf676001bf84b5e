"""The server's outer wall: bounded request bodies and security headers on every answer.

A body is counted as it streams in, chunk by chunk, so a chunked upload with no declared
length cannot make the server hold more than ``limit`` bytes; past it the request is
answered ``413`` at once and the rest is never read. The app then gets the body whole
from memory, exactly as the client sent it (a wrapper that hands the app only part of a
body, or reads it twice, is what breaks joins).
"""

from __future__ import annotations

import json
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from parlour.server.errors import CommandError

#: The content security policy the browser client passes: scripts, styles, fonts and
#: images only from the server itself, websockets back to it, no framing, no plugins.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "font-src 'self'; connect-src 'self'; media-src 'self' data:; object-src 'none'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class Guard:
    """ASGI middleware: bound bodies while they stream, add security headers."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.limit:  # refused before it is read
            await _too_large(send, self.limit)
            return
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            body += message.get("body", b"")
            if len(body) > self.limit:
                await _too_large(send, self.limit)
                return
            if not message.get("more_body", False):
                break
        await self.app(scope, _replay(bytes(body), receive), send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the whole body once, then waits for a disconnect."""
    given = False

    async def replayed() -> Message:
        nonlocal given
        if not given:
            given = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replayed


def _with_headers(send: Send) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            names = {name.lower() for name, _ in headers}
            headers += [(k, v) for k, v in SECURITY_HEADERS if k not in names]
            message = {**message, "headers": headers}
        await send(message)

    return sending


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(CommandError("too_large", "limit", limit=limit).to_dict()).encode()
    headers: list[Any] = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})
