"""The table websocket: identify with a token, then send commands and receive snapshots.

Before the handshake is accepted: the Origin must be the server's own (or one allowed),
and the client address must be under its share of open sockets and of new ones a second.
Every incoming message is then checked against its address's rate (all its sockets
together) before any other work, then for size and JSON shape. A bad message earns an
error message on this connection only; nothing a client sends can crash the connection's
table. A ``hello`` costs no database work: presence lives in memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any
from urllib.parse import urlsplit

from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.server.errors import CommandError
from parlour.server.hub import Connection
from parlour.server.ratelimit import Limiter
from parlour.server.routes import Services, address_of, services_of
from parlour.server.seating import token_hash
from parlour.server.settings import Settings

#: Messages dropped over the rate limit in a row before the connection is closed.
FLOOD_CLOSE = 200


def parse(text: str, limit: int) -> dict[str, Any]:
    """One client message as a JSON object; refuses oversized or malformed text."""
    if len(text) > limit:
        raise CommandError("too_large", "message", limit=limit)
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly deep nesting
        raise CommandError("bad_json", "message") from error
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise CommandError("bad_message", "type")
    return message


def origin_allowed(websocket: WebSocket, settings: Settings) -> bool:
    """A browser's socket must come from a page of this server (or an allowed origin).

    Clients that are not browsers (``parlour.client``) send no Origin and are let in:
    the Origin check is what stops another web site from using a visitor's browser.
    """
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in settings.allowed_origins:
        return True
    host = websocket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


async def table_socket(websocket: WebSocket) -> None:
    """Serve one connection to one table until it closes."""
    services = services_of(websocket)
    settings = services.settings
    hub = services.lobby.hub
    address = address_of(websocket)
    if not origin_allowed(websocket, settings):
        await websocket.close(code=4403, reason="this page may not open a table's socket")
        return
    if (
        hub.count(address) >= settings.sockets_per_address
        or hub.count() >= settings.max_sockets
        or not services.connects.take(address)
    ):
        await websocket.close(code=4429, reason="too many open connections; close some")
        return
    table_id = websocket.path_params["table_id"]
    status = await services.gateway.status(table_id)
    await websocket.accept()
    if status != "open":
        refused = CommandError("no_table") if status is None else CommandError("closed")
        await websocket.send_json(refused.to_dict())
        await websocket.close(code=4404 if status is None else 4410)
        return
    connection = Connection(websocket, table_id, address)
    pump = asyncio.create_task(connection.pump())
    hub.add(connection)
    try:
        await services.gateway.presence(table_id)
        await _push_snapshot(connection, services)
        await _serve(websocket, connection, services)
    except (WebSocketDisconnect, CommandError):
        pass
    finally:
        hub.remove(connection)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump
        with contextlib.suppress(CommandError):
            await services.gateway.presence(table_id)


async def _serve(websocket: WebSocket, connection: Connection, services: Services) -> None:
    settings = services.settings
    limiter: Limiter = services.messages
    dropped = 0
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        if not limiter.take(connection.address):  # before any other work
            if not dropped:
                connection.push_error(CommandError("rate_limited", "messages"))
            dropped += 1
            if dropped >= FLOOD_CLOSE:
                await websocket.close(code=1008, reason="too many messages")
                return
            # Read no more from this socket for a while: the flood waits in its own TCP
            # buffers, not in the server, and other connections get the event loop.
            await asyncio.sleep(1 / settings.messages_per_second)
            continue
        dropped = 0
        text = received.get("text")
        if text is None:
            connection.push_error(CommandError("bad_message", "text"))
            continue
        try:
            await _dispatch(connection, services, parse(text, settings.max_message_bytes))
        except CommandError as error:
            connection.push_error(error)
            if error.code == "stale":
                await _push_snapshot(connection, services)


async def _dispatch(connection: Connection, services: Services, message: dict[str, Any]) -> None:
    """Identify the connection (``hello``) or hand a command to the table."""
    gateway = services.gateway
    if message["type"] == "hello":
        token = message.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise CommandError("bad_token")
        connection.person = token_hash(token) if token else None
        connection.greeted = True
        await gateway.presence(connection.table_id)
        await _push_snapshot(connection, services)
        return
    await gateway.submit(connection.table_id, connection.person, message)


async def _push_snapshot(connection: Connection, services: Services) -> None:
    """Send the connection its snapshot; while the table waits for the database, say so
    instead (the snapshot follows by itself once the table carries on)."""
    try:
        snap = await services.gateway.snapshot(connection.table_id, connection.person)
    except CommandError as error:
        if error.code != "stalled":
            raise
        connection.push_error(error)
        return
    connection.push_snapshot(snap)
