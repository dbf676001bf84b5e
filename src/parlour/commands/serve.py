"""``parlour serve``: the web server for playing in the browser with friends."""

from __future__ import annotations

import argparse

from parlour.server.settings import Settings, default_database_url


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Add the serve options."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port to listen on")
    parser.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL (default: $PARLOUR_DATABASE_URL, else SQLite "
        "in the user's data folder)",
    )


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted."""
    import uvicorn

    from parlour.server.app import create_app

    settings = Settings(
        database_url=args.database or default_database_url(), host=args.host, port=args.port
    )
    print(f"parlour: serving on http://{settings.host}:{settings.port}/")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws_max_size=1 << 20,
    )
    return 0
