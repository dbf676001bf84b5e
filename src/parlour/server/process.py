"""The server in a child process on a loopback port, for restart tests, browser tests and
load tests: a real uvicorn, a real socket, and a process that can be killed."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

_SERVER = """
import sys, uvicorn
from parlour.server.app import create_app
from parlour.server.settings import Settings
url, port, bot, deal, rate, burst = sys.argv[1:7]
settings = Settings(database_url=url, bot_delay=float(bot), next_hand_delay=float(deal),
                    messages_per_second=float(rate), message_burst=int(burst))
uvicorn.run(create_app(settings), host="127.0.0.1", port=int(port), log_level="warning")
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
    bot_delay: float = 0.02,
    next_hand_delay: float = 0.05,
    messages_per_second: float = 10.0,
    message_burst: int = 30,
) -> subprocess.Popen[bytes]:
    """Start the server on ``url``'s database at ``port`` and return once it answers."""
    args = (url, port, bot_delay, next_hand_delay, messages_per_second, message_burst)
    process = subprocess.Popen([sys.executable, "-c", _SERVER, *map(str, args)])
    for _ in range(200):
        try:  # the standard library's client: this module needs only the server extra
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=1):
                return process
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            time.sleep(0.05)
    process.kill()
    raise RuntimeError(f"the server did not start on port {port}")
