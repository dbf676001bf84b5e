"""``parlour serve --workers N``: N server processes behind one port on one machine.

Each worker binds the same port with ``SO_REUSEPORT``, so the kernel spreads new
connections across them and a 2-core machine uses both cores. The workers share one
PostgreSQL database (each table owned by one of them through its lease) and Redis
(commands, snapshots and presence between them), so a browser connected to any worker
plays at any table. A worker that dies is started again under the same name and takes its
tables straight back; the others take them over if it cannot.
"""

from __future__ import annotations

import dataclasses
import multiprocessing
import signal
import socket
import time
from typing import Any

from parlour.server.settings import Settings

#: Seconds between a worker's death and its restart (a worker that dies at once each time
#: is not restarted in a tight loop).
RESTART_AFTER = 1.0


def listening_socket(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` that other workers may bind too (SO_REUSEPORT)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    sock.listen(2048)
    sock.set_inheritable(True)
    return sock


def run_worker(settings: Settings, options: dict[str, Any]) -> None:
    """One worker: the app on its own SO_REUSEPORT socket (runs in a child process)."""
    import uvicorn

    from parlour.server.app import create_app

    sock = listening_socket(settings.host, settings.port)
    config = uvicorn.Config(create_app(settings), **options)
    uvicorn.Server(config).run(sockets=[sock])


def serve(settings: Settings, workers: int, options: dict[str, Any]) -> int:
    """Run ``workers`` workers until interrupted, restarting any that dies."""
    context = multiprocessing.get_context("spawn")
    running: dict[int, Any] = {}
    stopping = False

    def start(index: int) -> None:
        named = dataclasses.replace(settings, node=f"{settings.node or _host()}:w{index}")
        process = context.Process(target=run_worker, args=(named, options), daemon=False)
        process.start()
        running[index] = process

    def stop(*_: Any) -> None:
        nonlocal stopping
        stopping = True

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for index in range(workers):
        start(index)
    while not stopping:
        time.sleep(0.2)
        for index, process in list(running.items()):
            if not process.is_alive() and not stopping:
                time.sleep(RESTART_AFTER)
                start(index)
    for process in running.values():
        process.terminate()
    for process in running.values():
        process.join(timeout=15)
    return 0


def _host() -> str:
    return f"{socket.gethostname()}"
