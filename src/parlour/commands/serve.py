"""``parlour serve``: the web server for playing in the browser with friends."""

from __future__ import annotations

import argparse
import importlib.util
import sys

from parlour.server.settings import Settings, default_database_url


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Add the serve options."""
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=_port, default=8000, help="port to listen on (1-65535)")
    parser.add_argument(
        "--database",
        default=None,
        help="SQLAlchemy URL (default: $PARLOUR_DATABASE_URL, else SQLite "
        "in the user's data folder)",
    )


def _port(text: str) -> int:
    """A TCP port number, refused with the reason when it is not one."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"{port} is not a port (1 to 65535)")
    return port


def missing_driver(url: str) -> str | None:
    """Why ``url``'s database cannot be reached from this install, if its driver is missing.

    SQLite needs nothing; PostgreSQL needs psycopg, which the ``postgres`` extra installs
    (so people who only use SQLite do not have to).
    """
    if not url.split(":", 1)[0].startswith("postgresql"):
        return None
    if importlib.util.find_spec("psycopg") is not None:
        return None
    return (
        "a PostgreSQL database needs its driver, psycopg; install it with "
        "pip install 'parlour[postgres]'"
    )


def run(args: argparse.Namespace) -> int:
    """Check the database, then serve until interrupted."""
    import uvicorn

    from parlour.server.app import create_app
    from parlour.server.storage import DatabaseError, Store

    settings = Settings(
        database_url=args.database or default_database_url(), host=args.host, port=args.port
    )
    missing = missing_driver(settings.database_url)
    if missing:
        print(f"parlour serve: {missing}", file=sys.stderr)
        return 2
    try:  # a wrong URL is said plainly here rather than as a server start-up traceback
        Store(settings.database_url).close()
    except DatabaseError as error:
        print(f"parlour serve: {error}", file=sys.stderr)
        return 2
    print(f"parlour: serving on http://{settings.host}:{settings.port}/")
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level="warning",
        ws_max_size=1 << 20,
    )
    return 0
