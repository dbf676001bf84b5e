"""The ASGI application: routes, static client, and the lobby's life cycle."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Mapping
from typing import Any

from starlette.applications import Starlette
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles

from parlour.games import GAMES
from parlour.games.protocol import Game
from parlour.server import routes
from parlour.server.hub import Hub
from parlour.server.lobby import Lobby
from parlour.server.settings import Settings
from parlour.server.sockets import table_socket
from parlour.server.storage import Store


def create_app(settings: Settings, games: Mapping[str, Game] | None = None) -> Starlette:
    """Build the app; the database is opened and tables restored when it starts."""
    chosen = GAMES if games is None else games

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.database_url)
        lobby = Lobby(store, Hub(), settings, chosen)
        lobby.load()
        lobby.start()
        app.state.lobby = lobby
        try:
            yield
        finally:
            await lobby.stop()
            store.close()

    api: list[Any] = [
        Route("/", routes.index_page),
        Route("/t/{table_id}", routes.table_page),
        Route("/api/games", routes.list_games),
        Route("/api/tables", routes.list_tables, methods=["GET"]),
        Route("/api/tables", routes.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}", routes.table_summary),
        Route("/api/tables/{table_id}/join", routes.join_table, methods=["POST"]),
        Route("/api/tables/{table_id}/hands/{number}", routes.hand_record),
        WebSocketRoute("/ws/tables/{table_id}", table_socket),
        Mount("/static", StaticFiles(directory=routes.WEB), name="static"),
    ]
    return Starlette(routes=api, lifespan=lifespan)
