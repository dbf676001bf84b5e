"""HTTP endpoints: the pages, the lobby API, joining, and finished hands per viewer.

Every endpoint that costs work checks its client address's rate limit first, before it
reads the body or touches a table. The seat token travels only in the ``X-Parlour-Token``
header, never in a URL (CONTRACTS.md section 2).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.websockets import WebSocket

from parlour.howto.book import render_book
from parlour.howto.languages import DEFAULT, LANGUAGES
from parlour.howto.page import GAMES as HOWTO_GAMES
from parlour.howto.page import render_page, unknown_game_page
from parlour.i18n import negotiate
from parlour.server.config import config_from_dict, player_name
from parlour.server.errors import CommandError
from parlour.server.gateway import Gateway
from parlour.server.history import HandCache
from parlour.server.lobby import Lobby, pages
from parlour.server.ratelimit import Limiter
from parlour.server.seating import new_token, token_hash
from parlour.server.settings import Settings
from parlour.server.words import catalog_json

WEB = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16384
TOKEN_HEADER = "x-parlour-token"
#: Hand numbers fit the database's 32-bit integer column.
MAX_HAND_NUMBER = 2**31 - 1
#: Lines per page of the lobby list and of a table's hand list, unless asked otherwise.
PER_PAGE = 20
MAX_PER_PAGE = 100
#: The longest language preference read (a browser sends a few tags).
PREFER_LIMIT = 200

#: The notice an English page carries when asked for a language no page is written in.
NO_LANGUAGE = 'There is no page in "{lang}"; here it is in English.'

STATUS = {"no_table": 404, "no_hand": 404, "closed": 410, "rate_limited": 429}
STATUS |= {"too_many_tables": 429, "unavailable": 503, "moved": 503, "stalled": 503}


class Services:
    """What the endpoints use, kept on ``app.state.services``."""

    def __init__(self, lobby: Lobby, gateway: Gateway, settings: Settings) -> None:
        self.lobby = lobby
        self.gateway = gateway
        self.settings = settings
        self.hands = HandCache()
        self.creates = Limiter(settings.creates_per_minute / 60, int(settings.creates_per_minute))
        self.joins = Limiter(settings.joins_per_minute / 60, int(settings.joins_per_minute))
        burst = max(1, int(2 * settings.downloads_per_second))
        self.downloads = Limiter(settings.downloads_per_second, burst)
        self.messages = Limiter(settings.messages_per_second, settings.message_burst)
        self.connects = Limiter(settings.connects_per_second, settings.connect_burst)
        self.listing: Any = None  # set by the app: an async callable giving every table


def services_of(connection: HTTPConnection) -> Services:
    """The services the app was built with."""
    services: Services = connection.app.state.services
    return services


def address_of(connection: HTTPConnection) -> str:
    """The client's address (behind a trusted proxy, the one it forwarded)."""
    return connection.client.host if connection.client else ""


def refuse(error: CommandError, status: int | None = None) -> JSONResponse:
    """An error answer in the same shape as the websocket's."""
    code = status or STATUS.get(error.code, 400)
    headers = {"retry-after": "1"} if code in (429, 503) else None
    return JSONResponse(error.to_dict(), code, headers=headers)


async def database_away(connection: HTTPConnection, error: Exception) -> Response | None:
    """A read the database did not answer (it is unreachable, or dropped the connection
    mid-query): 503 ``unavailable`` with ``Retry-After``, never a 500; a socket is closed
    with 1013 (try again later) and the client reconnects. Writes never get here: the
    writer turns their failures into a stalled table that waits (see the runner)."""
    if isinstance(connection, WebSocket):
        with contextlib.suppress(Exception):
            await connection.close(code=1013, reason="the database is not answering")
        return None
    return refuse(CommandError("unavailable"))


def limited(limiter: Limiter, request: Request) -> None:
    """Refuse the request when its address is over ``limiter``'s rate."""
    if not limiter.take(address_of(request)):
        raise CommandError("rate_limited", "requests")


async def body_of(request: Request) -> dict[str, Any]:
    """The request's JSON object (its size was bounded by the guard as it streamed)."""
    raw = await request.body()
    if len(raw) > MAX_BODY:
        raise CommandError("too_large", "request")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as error:  # RecursionError: absurdly deep nesting
        raise CommandError("bad_json", "request") from error
    if not isinstance(data, dict):
        raise CommandError("bad_json", "object")
    return data


def page_of(request: Request) -> tuple[int, int]:
    """``page`` (from 1) and ``per_page`` (1 to 100) from the query; refuses other values."""
    try:
        page = int(request.query_params.get("page", "1"))
        per_page = int(request.query_params.get("per_page", str(PER_PAGE)))
    except ValueError:
        raise CommandError("bad_page", "numbers") from None
    if page < 1 or not 1 <= per_page <= MAX_PER_PAGE:
        raise CommandError("bad_page", "range", limit=MAX_PER_PAGE)
    return page, per_page


async def index_page(request: Request) -> Response:
    """The lobby page."""
    return FileResponse(WEB / "index.html")


async def table_page(request: Request) -> Response:
    """The table page (the client reads the table id from the address)."""
    return FileResponse(WEB / "table.html")


async def rules_page(request: Request) -> Response:
    """A game's "How to play" page (``/rules/{game}?lang=pl``): the language asked for, else
    the browser's preferred one we have, else English; an unknown language gets the English
    page with a notice, an unknown game a 404 page linking the games there are."""
    game = request.path_params["game"]
    asked = request.query_params.get("lang")
    notice = ""
    if asked is None:
        lang = negotiate([request.headers.get("accept-language", "")])
    elif asked in LANGUAGES:
        lang = asked
    else:
        lang, notice = DEFAULT, NO_LANGUAGE.format(lang=asked[:20])
    if game not in HOWTO_GAMES:
        return HTMLResponse(unknown_game_page(game[:40], lang), status_code=404)
    headers = {"content-language": lang, "vary": "accept-language"}
    return HTMLResponse(render_page(game, lang, notice), headers=headers)


async def rulebook_page(request: Request) -> Response:
    """The rulebook, every rule with its own anchor (the pages link ``/rules/book#A-12``)."""
    return HTMLResponse(render_book())


async def list_games(request: Request) -> Response:
    """The games this server offers, each with its metadata (CONTRACTS.md section 1): seats,
    options with defaults and limits, constraints, bots, keys. The lobby form is built
    from it."""
    games = services_of(request).lobby.games
    return JSONResponse({"games": [games[name].META.to_json() for name in games]})


async def languages(request: Request) -> Response:
    """The browser's catalog in the language the viewer prefers (CONTRACTS.md, browser
    words): ``?prefer=pl-PL,en`` (the stored choice, then the browser's languages), else the
    ``Accept-Language`` header, else English. Built once per language and kept."""
    prefer = request.query_params.get("prefer") or request.headers.get("accept-language", "")
    return JSONResponse(
        catalog_json(negotiate([prefer[:PREFER_LIMIT]])),
        headers={"Cache-Control": "no-cache", "Vary": "Accept-Language"},
    )


async def list_tables(request: Request) -> Response:
    """Every open table for the lobby (full ones too, for spectators), paged."""
    try:
        page, per_page = page_of(request)
    except CommandError as error:
        return refuse(error)
    every: list[dict[str, Any]] = await services_of(request).listing()
    every.sort(key=lambda row: (row["seated"] >= row["seats"], row["name"].casefold(), row["id"]))
    start = (page - 1) * per_page
    return JSONResponse(
        {
            "tables": every[start : start + per_page],
            "page": page,
            "pages": pages(len(every), per_page),
            "total": len(every),
        }
    )


async def create_table(request: Request) -> Response:
    """Make a table; the answer holds the host's secret token and the link to share."""
    services = services_of(request)
    try:
        limited(services.creates, request)
        data = await body_of(request)
        config = config_from_dict(data, services.lobby.games)
        host = player_name(data.get("host_name"))
        table_id, token = await services.lobby.create(config, host, address_of(request))
    except CommandError as error:
        return refuse(error)
    return JSONResponse({"id": table_id, "token": token, "url": f"/t/{table_id}"}, 201)


async def join_table(request: Request) -> Response:
    """Ask for a seat with just a name; the answer holds the secret token for that seat.

    A client that already holds a token for this table (the host coming back, say) sends
    it in ``X-Parlour-Token`` and asks with it; the host is seated at once.
    """
    services = services_of(request)
    table_id = request.path_params["table_id"]
    try:
        limited(services.joins, request)
        name = player_name((await body_of(request)).get("name"))
        token = request.headers.get(TOKEN_HEADER) or new_token()
        message = {"type": "request_seat", "name": name, "address": address_of(request)}
        request_id = await services.gateway.submit(
            table_id, token_hash(token), message, internal=True
        )
    except CommandError as error:
        return refuse(error)
    return JSONResponse({"token": token, "request": request_id})


async def table_summary(request: Request) -> Response:
    """A table as a spectator sees it (its public snapshot)."""
    try:
        snap = await services_of(request).gateway.snapshot(request.path_params["table_id"], None)
    except CommandError as error:
        return refuse(error)
    return Response(snap, media_type="application/json")


async def _stored_table(request: Request) -> str:
    """The table named in the path, open or closed (hands outlive their table)."""
    table_id: str = request.path_params["table_id"]
    if await services_of(request).gateway.status(table_id) is None:
        raise CommandError("no_table")
    return table_id


async def hand_list(request: Request) -> Response:
    """Every finished hand of a table, newest first, paged (CONTRACTS.md section 2)."""
    services = services_of(request)
    try:
        limited(services.downloads, request)
        page, per_page = page_of(request)
        table_id = await _stored_table(request)
    except CommandError as error:
        return refuse(error)
    return JSONResponse(await services.hands.page(services.lobby.store, table_id, page, per_page))


async def hand_record(request: Request) -> Response:
    """A finished hand's record as the asking viewer may see it (``?steps=1``: frames)."""
    services = services_of(request)
    try:
        limited(services.downloads, request)
        number = int(request.path_params["number"])
        if not 1 <= number <= MAX_HAND_NUMBER:
            raise ValueError(number)
        table_id = await _stored_table(request)
    except CommandError as error:
        return refuse(error)
    except ValueError:
        return refuse(CommandError("no_hand", "hand"))
    token = request.headers.get(TOKEN_HEADER)
    person = token_hash(token) if token else None
    steps = bool(request.query_params.get("steps"))
    try:
        text = await services.hands.viewed(
            services.lobby.store, table_id, number, person, steps=steps
        )
    except CommandError as error:
        return refuse(error)
    headers = {}
    if not steps:
        headers["content-disposition"] = f'attachment; filename="{table_id}-hand-{number}.json"'
    return Response(text, media_type="application/json", headers=headers)
