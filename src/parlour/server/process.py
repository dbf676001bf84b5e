"""The server in a child process on a loopback port, for restart tests, browser tests and
load tests: a real uvicorn, a real socket, and a process that can be killed."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

_SERVER = """
import json, sys
from parlour.server.settings import Settings, uvicorn_options
workers, fields = int(sys.argv[1]), json.loads(sys.argv[2])
settings = Settings(**fields)
options = uvicorn_options()
if workers > 1:
    from parlour.server.workers import serve
    serve(settings, workers, options)
else:
    import uvicorn
    from parlour.server.app import create_app
    uvicorn.run(create_app(settings), host="127.0.0.1", port=settings.port, **options)
"""


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    url: str,
    port: int,
    *,
    workers: int = 1,
    bot_delay: float = 0.02,
    next_hand_delay: float = 0.05,
    messages_per_second: float = 50.0,
    message_burst: int = 100,
    wait: bool = True,
    **settings: Any,
) -> subprocess.Popen[bytes]:
    """Start the server on ``url``'s database at ``port`` and return once it answers.

    ``settings`` are further :class:`~parlour.server.settings.Settings` fields (a Redis
    URL, a node name, limits); ``workers`` above one runs ``parlour serve --workers``.
    Every test client comes from 127.0.0.1, so the message limit per address is raised.
    """
    fields = {
        "database_url": url,
        "port": port,
        "bot_delay": bot_delay,
        "next_hand_delay": next_hand_delay,
        "messages_per_second": messages_per_second,
        "message_burst": message_burst,
        "connects_per_second": 1000.0,  # every test client connects from 127.0.0.1
        "connect_burst": 1000,
        "tune_collector": True,  # as parlour serve runs
        **settings,
    }
    process = subprocess.Popen(
        [sys.executable, "-c", _SERVER, str(workers), json.dumps(fields)], start_new_session=True
    )
    if wait:
        wait_until_up(port, process)
    return process


def wait_until_up(
    port: int, process: subprocess.Popen[bytes] | None = None, seconds: float = 90.0
) -> None:
    """Return once the server at ``port`` answers (fails after ``seconds`` or if it exits).

    The limit is generous: on a busy machine a server's imports, migrations and restored
    tables can take tens of seconds, and a test must fail only for a server that never
    comes up.
    """
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server on port {port} exited with {process.returncode}")
        try:  # the standard library's client: this module needs only the server extra
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    if process is not None:
        process.kill()
    raise RuntimeError(f"the server did not start on port {port}")


def worker_pids(parent: int) -> list[int]:
    """The worker processes of a ``--workers`` server started here (Linux): the parent's
    children that multiprocessing spawned, not its resource tracker. Empty for one process."""
    try:
        children = Path(f"/proc/{parent}/task/{parent}/children").read_text().split()
    except OSError:  # the server has ended
        return []
    return [int(pid) for pid in children if b"spawn_main" in _command_line(int(pid))]


def _command_line(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:  # it has just ended
        return b""
