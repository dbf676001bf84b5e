"""``parlour serve``: the web server for playing in the browser with friends."""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from typing import Any

from parlour.server.settings import REDIS_ENV, Settings, default_database_url, uvicorn_options


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
    parser.add_argument(
        "--redis",
        default=None,
        help="Redis URL shared by several server processes (default: $PARLOUR_REDIS_URL); "
        "needs a PostgreSQL database",
    )
    parser.add_argument(
        "--workers",
        type=_workers,
        default=1,
        help="server processes behind the one port (needs PostgreSQL and Redis)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=None,
        help="addresses of reverse proxies whose X-Forwarded-For is trusted (e.g. 127.0.0.1)",
    )
    parser.add_argument(
        "--idle-minutes",
        type=float,
        default=120.0,
        help="close a table nobody has been at for this long (its hands stay downloadable)",
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


def _workers(text: str) -> int:
    """A number of worker processes, 1 to 64."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 1 <= count <= 64:
        raise argparse.ArgumentTypeError(f"{count} workers: choose 1 to 64")
    return count


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
    """Check the database (and Redis), then serve until interrupted."""
    from parlour.server.storage import DatabaseError, Store

    redis_url = args.redis or os.environ.get(REDIS_ENV) or None
    settings = Settings(
        database_url=args.database or default_database_url(),
        host=args.host,
        port=args.port,
        redis_url=redis_url,
        idle_minutes=args.idle_minutes,
        tune_collector=True,
    )
    missing = missing_driver(settings.database_url)
    if missing:
        print(f"parlour serve: {missing}", file=sys.stderr)
        return 2
    if redis_url and importlib.util.find_spec("redis") is None:
        print(
            "parlour serve: Redis needs its client: pip install 'parlour[scale]'",
            file=sys.stderr,
        )
        return 2
    try:  # a wrong URL is said plainly here rather than as a server start-up traceback
        store = Store(settings.database_url)
        shared = store.shared
        store.close()
    except DatabaseError as error:
        print(f"parlour serve: {error}", file=sys.stderr)
        return 2
    if (args.workers > 1 or redis_url) and not (shared and redis_url):
        print(
            "parlour serve: several processes need a PostgreSQL database and Redis "
            "(--database postgresql://... --redis redis://...); SQLite serves one process",
            file=sys.stderr,
        )
        return 2
    options: dict[str, Any] = uvicorn_options()
    if args.forwarded_allow_ips:
        options |= {"proxy_headers": True, "forwarded_allow_ips": args.forwarded_allow_ips}
    print(f"parlour: serving on http://{settings.host}:{settings.port}/", flush=True)
    if args.workers > 1:
        from parlour.server.workers import serve

        return serve(settings, args.workers, options)
    import uvicorn

    from parlour.server.app import create_app

    uvicorn.run(create_app(settings), host=settings.host, port=settings.port, **options)
    return 0
