"""The table websocket: identify with a token, then send commands and receive snapshots.

Every incoming message is checked here before it reaches the table: size, rate, JSON
shape. A bad message earns an error message on this connection only; nothing a client
sends can crash the connection's table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from parlour.server.errors import CommandError
from parlour.server.hub import Connection
from parlour.server.lobby import Lobby
from parlour.server.ratelimit import TokenBucket
from parlour.server.runner import TableRunner
from parlour.server.seating import token_hash


def parse(text: str, limit: int) -> dict[str, Any]:
    """One client message as a JSON object; refuses oversized or malformed text."""
    if len(text) > limit:
        raise CommandError("too_large", f"a message may be at most {limit} bytes")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly deep nesting
        raise CommandError("bad_json", "a message must be JSON") from error
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise CommandError("bad_message", "a message must be an object with a type")
    return message


async def table_socket(websocket: WebSocket) -> None:
    """Serve one connection to one table until it closes."""
    lobby: Lobby = websocket.app.state.lobby
    runner = lobby.runners.get(websocket.path_params["table_id"])
    await websocket.accept()
    if runner is None:
        await websocket.send_json({"type": "error", "code": "no_table", "message": "no such table"})
        await websocket.close(code=4404)
        return
    connection = Connection(websocket, runner.table.id)
    pump = asyncio.create_task(connection.pump())
    lobby.hub.add(connection)
    try:
        await _serve(websocket, connection, runner, lobby)
    except WebSocketDisconnect:
        pass
    finally:
        lobby.hub.remove(connection)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump
        if connection.person is not None:
            with contextlib.suppress(CommandError):
                await runner.submit(None, {"type": "presence"}, internal=True)


async def _serve(
    websocket: WebSocket, connection: Connection, runner: TableRunner, lobby: Lobby
) -> None:
    settings = lobby.settings
    bucket = TokenBucket(settings.messages_per_second, settings.message_burst)
    warned = False
    connection.push_snapshot(runner.snapshot_for(None))
    while True:
        received = await websocket.receive()
        if received["type"] == "websocket.disconnect":
            raise WebSocketDisconnect(received.get("code", 1000))
        if not bucket.take():
            if not warned:
                connection.push_error("rate_limited", "too many messages; slow down")
            warned = True
            continue
        warned = False
        text = received.get("text")
        if text is None:
            connection.push_error("bad_message", "messages must be text")
            continue
        try:
            await _dispatch(connection, runner, parse(text, settings.max_message_bytes))
        except CommandError as error:
            connection.push_error(error.code, str(error))
            if error.code == "stale":
                connection.push_snapshot(runner.snapshot_for(connection.person))


async def _dispatch(connection: Connection, runner: TableRunner, message: dict[str, Any]) -> None:
    """Identify the connection (``hello``) or hand a command to the table."""
    if message["type"] == "hello":
        token = message.get("token")
        if token is not None and (not isinstance(token, str) or len(token) > 200):
            raise CommandError("bad_token", "a token must be text")
        connection.person = token_hash(token) if token else None
        await runner.submit(connection.person, {"type": "presence"}, internal=True)
        connection.push_snapshot(runner.snapshot_for(connection.person))
        return
    await runner.submit(connection.person, message)
