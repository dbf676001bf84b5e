"""A real server process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import socket
import subprocess
import sys
import time

import httpx

SERVER = """
import sys, uvicorn
from parlour.server.app import create_app
from parlour.server.settings import Settings
settings = Settings(database_url=sys.argv[1], bot_delay=float(sys.argv[3]),
                    next_hand_delay=float(sys.argv[4]))
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning")
"""


def free_port() -> int:
    """A free loopback port."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def start_server(
    url: str, port: int, *, bot_delay: float = 0.02, next_hand_delay: float = 0.05
) -> subprocess.Popen[bytes]:
    """Start the server process and wait until it answers."""
    process = subprocess.Popen(
        [sys.executable, "-c", SERVER, url, str(port), str(bot_delay), str(next_hand_delay)]
    )
    for _ in range(200):
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.05)
    process.kill()
    raise AssertionError("the server did not start")
