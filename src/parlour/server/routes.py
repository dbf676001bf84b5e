"""HTTP endpoints: the pages, the lobby API, joining, and finished hands per viewer."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response

from parlour.server import history
from parlour.server.config import config_from_dict, player_name
from parlour.server.errors import CommandError
from parlour.server.lobby import Lobby
from parlour.server.runner import TableRunner
from parlour.server.seating import new_token, token_hash

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16384


def lobby_of(request: Request) -> Lobby:
    """The lobby the app was built with."""
    lobby: Lobby = request.app.state.lobby
    return lobby


def refuse(error: CommandError, status: int = 400) -> JSONResponse:
    """An error answer in the same shape as the websocket's."""
    return JSONResponse({"type": "error", "code": error.code, "message": str(error)}, status)


#: Hand numbers fit the database's 32-bit integer column.
MAX_HAND_NUMBER = 2**31 - 1


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object; refuses oversized or malformed bodies."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:  # refused before it is read
        raise CommandError("too_large", "the request is too large")
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise CommandError("too_large", "the request is too large")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly deep nesting
        raise CommandError("bad_json", "the request is not JSON") from error
    if not isinstance(data, dict):
        raise CommandError("bad_json", "the request must be a JSON object")
    return data


def runner_of(request: Request) -> TableRunner:
    """The table named in the path."""
    runner = lobby_of(request).runners.get(request.path_params["table_id"])
    if runner is None:
        raise CommandError("no_table", "no such table")
    return runner


async def index_page(request: Request) -> Response:
    """The lobby page."""
    return FileResponse(WEB / "index.html")


async def table_page(request: Request) -> Response:
    """The table page (the client reads the table id from the address)."""
    return FileResponse(WEB / "table.html")


async def list_games(request: Request) -> Response:
    """The games this server offers, each with its metadata (CONTRACTS.md section 1): seats,
    options with defaults and limits, constraints, bots, keys. The lobby form is built
    from it."""
    games = lobby_of(request).games
    return JSONResponse({"games": [games[name].META.to_json() for name in games]})


async def list_tables(request: Request) -> Response:
    """Open tables for the lobby."""
    return JSONResponse({"tables": lobby_of(request).open_tables()})


async def create_table(request: Request) -> Response:
    """Make a table; the answer holds the host's secret token and the link to share."""
    try:
        data = await body_of(request)
        lobby = lobby_of(request)
        config = config_from_dict(data, lobby.games)
        host = player_name(data.get("host_name"))
    except CommandError as error:
        return refuse(error)
    table_id, token = lobby.create(config, host)
    return JSONResponse({"id": table_id, "token": token, "url": f"/t/{table_id}"}, 201)


async def join_table(request: Request) -> Response:
    """Ask for a seat with just a name; the answer holds the secret token for that seat."""
    try:
        runner = runner_of(request)
        name = player_name((await body_of(request)).get("name"))
        token = new_token()
        request_id = await runner.submit(
            token_hash(token), {"type": "request_seat", "name": name}, internal=True
        )
    except CommandError as error:
        return refuse(error, 404 if error.code == "no_table" else 400)
    return JSONResponse({"token": token, "request": request_id})


async def table_summary(request: Request) -> Response:
    """A table as a spectator sees it (its public snapshot)."""
    try:
        runner = runner_of(request)
    except CommandError as error:
        return refuse(error, 404)
    return JSONResponse(runner.snapshot_for(None))


def _viewer(request: Request, people: dict[str, str]) -> int | None:
    token = request.headers.get("x-parlour-token") or request.query_params.get("token")
    if not token:
        return None
    person = token_hash(token)
    return next((int(seat) for seat, held in people.items() if held == person), None)


async def hand_record(request: Request) -> Response:
    """A finished hand's record as the asking viewer may see it (``?steps=1``: frames)."""
    try:
        runner = runner_of(request)
        number = int(request.path_params["number"])
        if not 1 <= number <= MAX_HAND_NUMBER:
            raise ValueError(number)
    except (CommandError, ValueError):
        return refuse(CommandError("no_hand", "no such hand"), 404)
    stored = runner.store.load_hand(runner.table.id, number)
    if stored is None or not stored[2]:
        return refuse(CommandError("no_hand", "no such finished hand"), 404)
    _, record, _, people = stored
    seat = _viewer(request, people)
    game = runner.table.game
    if request.query_params.get("steps"):
        return JSONResponse(
            {"number": number, "seat": seat, "frames": history.frames(game, record, seat)}
        )
    body = history.redacted_record(game, record, seat)
    headers = {
        "content-disposition": f'attachment; filename="{runner.table.id}-hand-{number}.json"'
    }
    return JSONResponse(body, headers=headers)
