"""``parlour serve --workers N``: N server processes behind one port on one machine.

The parent process holds the port and hands each connection to the worker that owns the
table it asks for (:mod:`parlour.server.switchboard`), so a 2-core machine uses both cores
and a table's viewers are served where the table runs. The workers share one PostgreSQL
database (each table owned by one of them through its lease) and Redis (commands,
snapshots and presence for the connections that reach another worker than the owner: a
worker being restarted, a table taken over). A worker that dies is started again under
the same name and takes its tables straight back; the others take them over if it cannot.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import multiprocessing
import signal
import socket
import sys
from typing import Any

from parlour.server.settings import Settings
from parlour.server.switchboard import HandedServer, Switchboard

#: Seconds between a worker's death and its restart (a worker that dies at once each time
#: is not restarted in a tight loop).
RESTART_AFTER = 1.0
#: Seconds between looks at whether every worker is alive.
WATCH_EVERY = 0.2


def listening_socket(host: str, port: int) -> socket.socket:
    """The server's one listening socket, bound to ``host:port``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def run_worker(settings: Settings, options: dict[str, Any], line: socket.socket) -> None:
    """One worker: the app, serving the connections the parent hands down ``line``."""
    import uvicorn

    from parlour.server.app import create_app

    config = uvicorn.Config(create_app(settings), **options)
    HandedServer(config, line).run()


class Workers:
    """Starts the workers, restarts any that dies, and stops them all."""

    def __init__(self, settings: Settings, count: int, options: dict[str, Any]) -> None:
        self.settings = settings
        self.count = count
        self.options = options
        self.board = Switchboard(listening_socket(settings.host, settings.port), count)
        self.running: dict[int, Any] = {}
        self._context = multiprocessing.get_context("spawn")

    def start(self, index: int) -> None:
        """Start worker ``index`` (again) and connect its line to the switchboard."""
        named = dataclasses.replace(
            self.settings,
            node=f"{self.settings.node or socket.gethostname()}:w{index}",
            worker_index=index,
            worker_count=self.count,
        )
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        process = self._context.Process(
            target=run_worker, args=(named, self.options, theirs), daemon=False
        )
        process.start()
        theirs.close()  # the child has its own copy now
        self.running[index] = process
        self.board.connect(index, ours)

    async def watch(self) -> None:
        """Restart any worker that died (its connections go to the others meanwhile)."""
        while True:
            await asyncio.sleep(WATCH_EVERY)
            for index, process in list(self.running.items()):
                if not process.is_alive():
                    self.board.connect(index, None)
                    await asyncio.sleep(RESTART_AFTER)
                    self.start(index)

    def stop(self) -> None:
        """Ask every worker to stop, wait for them (15 s each at most), then close the port."""
        for process in self.running.values():
            process.terminate()
        for process in self.running.values():
            process.join(timeout=15)
        for index in range(self.count):
            self.board.connect(index, None)
        self.board.listener.close()


def serve(settings: Settings, workers: int, options: dict[str, Any]) -> int:
    """Run ``workers`` workers behind the switchboard until SIGTERM or SIGINT (2 at once
    when the port cannot be had)."""
    try:
        pool = Workers(settings, workers, options)
    except OSError as error:
        where = f"{settings.host}:{settings.port}"
        print(f"parlour serve: cannot listen on {where}: {error.strerror}", file=sys.stderr)
        return 2
    for index in range(workers):
        pool.start(index)
    try:
        asyncio.run(_front(pool))
    finally:
        pool.stop()
    return 0


async def _front(pool: Workers) -> None:
    """Hand on connections and watch the workers until told to stop."""
    loop = asyncio.get_running_loop()
    stopping = asyncio.Event()
    for number in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(number, stopping.set)
    told = loop.create_task(stopping.wait())
    tasks = [loop.create_task(pool.board.run()), loop.create_task(pool.watch()), told]
    await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    for task in tasks:
        task.cancel()
    for task in tasks:
        with contextlib.suppress(asyncio.CancelledError):
            await task  # re-raises what stopped the switchboard or the watch, if anything
