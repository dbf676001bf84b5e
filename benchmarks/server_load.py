"""How many tables one server process carries: a loopback load test.

Run ``python benchmarks/server_load.py`` (``--tables 1 10 40``, ``--viewers 3``,
``--seconds 10``). It starts ``parlour serve``'s app in its own process on SQLite with no
pauses between bot moves, creates tables of four ``rules`` bots, connects ``--viewers``
spectator websockets to each (as friends' browsers would be), and for each table count
measures for ``--seconds``: hands finished per second, snapshots delivered per second,
how late snapshots arrive (the gap between two snapshots to one viewer, median and 99th
percentile) and the server's resident memory. At the default pacing (a bot move every
0.8 s, 3 s between hands) a table makes about one change a second, so the snapshots a
process delivers per second, divided by (viewers x 1), is the number of such tables it
can carry; the figure is printed.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx2 as httpx
from websockets.asyncio.client import connect

from parlour.server.process import free_port, start_server


def rss_mib(pid: int) -> float:
    """Resident memory of a process (Linux)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def start_table(base: str, game: str) -> str:
    """A table of four rules bots, its host sitting out; the table id."""
    body = {"game": game, "host_name": "Host", "bots": ["rules"] * 4, "clock_seconds": 0}
    async with httpx.AsyncClient() as client:
        answer = (await client.post(f"{base}/api/tables", json=body)).json()
    async with connect(f"{base.replace('http', 'ws')}/ws/tables/{answer['id']}") as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "hello", "token": answer["token"]}))
        snap = json.loads(await ws.recv())
        await ws.send(json.dumps({"type": "sit_out", "seq": snap["seq"]}))
        await ws.send(json.dumps({"type": "resume", "seq": snap["seq"]}))
        await ws.recv()
    table_id: str = answer["id"]
    return table_id


async def watch(url: str, until: float, gaps: list[float], counts: list[int]) -> None:
    """A spectator: count snapshots and the gaps between them until ``until``."""
    async with connect(url, max_size=1 << 22) as ws:
        last = time.monotonic()
        while (now := time.monotonic()) < until:
            try:
                await asyncio.wait_for(ws.recv(), timeout=until - now)
            except TimeoutError:
                break
            now = time.monotonic()
            gaps.append(now - last)
            counts.append(1)
            last = now


async def hands_played(base: str, tables: list[str]) -> int:
    """The sum of the tables' hand numbers."""
    async with httpx.AsyncClient() as client:
        total = 0
        for table in tables:
            answer = (await client.get(f"{base}/api/tables/{table}")).json()
            total += int(answer["table"]["hand_number"])
        return total


async def measure(base: str, pid: int, count: int, viewers: int, seconds: float) -> None:
    """Start ``count`` tables, watch them, print the figures."""
    tables = [await start_table(base, ("palace", "americana")[i % 2]) for i in range(count)]
    await asyncio.sleep(1.0)  # let play settle before timing
    before = await hands_played(base, tables)
    gaps: list[float] = []
    counts: list[int] = []
    until = time.monotonic() + seconds
    socket_base = base.replace("http", "ws")
    await asyncio.gather(
        *(
            watch(f"{socket_base}/ws/tables/{t}", until, gaps, counts)
            for t in tables
            for _ in range(viewers)
        )
    )
    hands = await hands_played(base, tables) - before
    rate = len(counts) / seconds
    gaps.sort()
    p99 = gaps[int(len(gaps) * 0.99)] if gaps else float("nan")
    print(
        f"{count:>4} tables x {viewers} viewers: {hands / seconds:8.1f} hands/s, "
        f"{rate:9,.0f} snapshots/s delivered, gap median {statistics.median(gaps) * 1000:6.1f} ms"
        f" p99 {p99 * 1000:7.1f} ms, server RSS {rss_mib(pid):6.1f} MiB; "
        f"at ~1 change/s per table: about {rate / viewers:,.0f} tables of {viewers} viewers"
    )


def main() -> None:
    """Parse arguments, run the server, measure each table count."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[1, 10, 40])
    parser.add_argument("--viewers", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    print(f"parlour server load test: {os.cpu_count()} cores, Python {sys.version.split()[0]}")
    with tempfile.TemporaryDirectory() as folder:
        for count in args.tables:  # a fresh server per count, so tables do not pile up
            port = free_port()
            database = f"sqlite:///{Path(folder) / f'load-{count}.db'}"
            server = start_server(
                database,
                port,
                bot_delay=0.0,
                next_hand_delay=0.0,
                messages_per_second=1000.0,
                message_burst=1000,
            )
            try:
                asyncio.run(
                    measure(
                        f"http://127.0.0.1:{port}", server.pid, count, args.viewers, args.seconds
                    )
                )
            finally:
                server.terminate()
                server.wait(timeout=10)


if __name__ == "__main__":
    main()
