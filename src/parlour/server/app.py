"""The ASGI application: routes, static client, and the life cycle of this process's tables."""

from __future__ import annotations

import contextlib
import socket
from collections.abc import AsyncIterator, Mapping
from typing import Any

import sqlalchemy as sa
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from parlour.games import GAMES
from parlour.games.protocol import Game
from parlour.server import routes
from parlour.server.gateway import Gateway
from parlour.server.guard import Guard
from parlour.server.hub import Hub
from parlour.server.lobby import Lobby
from parlour.server.memory import settle_after_start
from parlour.server.settings import Settings
from parlour.server.sockets import table_socket
from parlour.server.storage import Store


def node_name(settings: Settings) -> str:
    """This process's name in table leases."""
    return settings.node or f"{socket.gethostname()}:{settings.port}"


def create_app(settings: Settings, games: Mapping[str, Game] | None = None) -> Starlette:
    """Build the app; the database is opened and tables taken up when it starts."""
    chosen = GAMES if games is None else games

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        lobby = Lobby(store, Hub(), settings, chosen, owner=node_name(settings))
        bus = None
        if settings.redis_url:
            from parlour.server.bus import Bus  # only a cluster needs Redis installed

            bus = Bus(settings.redis_url, lobby)
        gateway = Gateway(lobby, bus)
        services = routes.Services(lobby, gateway, settings)
        services.listing = bus.listing if bus is not None else _local_listing(lobby)
        app.state.services = services
        app.state.lobby = lobby
        if bus is not None:
            await bus.start()
        await lobby.start()
        if settings.tune_collector:
            settle_after_start()
        try:
            yield
        finally:
            await lobby.stop()
            if bus is not None:
                await bus.stop()
            store.close()

    api: list[Any] = [
        Route("/", routes.index_page),
        Route("/t/{table_id}", routes.table_page),
        Route("/rules/book", routes.rulebook_page),
        Route("/rules/{game}", routes.rules_page),
        Route("/api/games", routes.list_games),
        Route("/api/i18n", routes.languages),
        Route("/api/tables", routes.list_tables, methods=["GET"]),
        Route("/api/tables", routes.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", routes.table_summary),
        Route("/api/tables/{table_id}/join", routes.join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/hands", routes.hand_list),
        Route("/api/tables/{table_id}/hands/{number}", routes.hand_record),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=routes.WEB), name="static"),
    ]
    guard = Middleware(Guard, limit=routes.MAX_BODY)
    # One handler for both kinds of connection (Starlette types them apart).
    away: dict[Any, Any] = {sa.exc.SQLAlchemyError: routes.database_away}
    return Starlette(routes=api, lifespan=lifespan, middleware=[guard], exception_handlers=away)


def _local_listing(lobby: Lobby) -> Any:
    async def listing() -> list[dict[str, Any]]:
        return lobby.summaries()

    return listing
