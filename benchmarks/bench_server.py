"""The server under human-like load and under attack (issue 16), on real sockets.

``run(quick)`` returns two sections (``python benchmarks/bench_server.py [--quick]`` prints
them):

- ``load``: tables of six human-like players (websocket clients that act a uniform 0.3 to
  1.2 s after their turn comes, like people) and one spectator each, no bots, no clock.
  For a growing number of tables it measures, over a window, the time from an action being
  sent to each viewer of that table receiving the snapshot that shows it (every viewer,
  the actor included), and the server processes' CPU use. The knee is the first table
  count whose p99 passes 250 ms. Measured for one process on SQLite (the default), one
  process on PostgreSQL and Redis, and ``--workers 2`` on PostgreSQL and Redis (one port):
  the ratio of players carried under 100 ms p99 by two processes over one on the same
  database says how far the second core helps, and ``bound_two_to_one`` how far it can on
  this machine, where the load generator, PostgreSQL and Redis share the same two cores.
- ``abuse``: ten normal tables of four human-like players are measured while attackers
  on other loopback addresses (127.0.0.2 and up) flood hellos and messages, send a
  chunked giant body, flood downloads, hold a thousand idle sockets and create tables
  thousands of times; for each attack: the normal tables' p99 during it, the server's
  memory, and the p99 in the second after it stops.

The load generator runs on the same machine as the server (2 shared cores): its own CPU
use competes with the server's, so the figures are a floor of what the server does alone.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx2 as httpx
import uvloop
from websockets.asyncio.client import ClientConnection, connect

import cpu_budget
from parlour.client import random_legal
from parlour.server.memory import settle_after_start
from parlour.server.process import free_port, start_server, wait_until_up, worker_pids

GOAL_MS = 250.0
T = TypeVar("T")
TICKS = os.sysconf("SC_CLK_TCK")
#: The default limits per address (every person plays from a loopback address of their own).
DEFAULT_LIMITS: dict[str, Any] = {
    "messages_per_second": 20.0,
    "message_burst": 60,
    "connects_per_second": 5.0,
    "connect_burst": 20,
}


# ----------------------------------------------------------------------- measuring


@dataclass
class Table:
    """One table's clients and the action whose snapshot they are waiting for."""

    table_id: str
    viewers: int = 7
    sent_at: float = 0.0
    seq_before: int = -1
    waiting: set[int] = field(default_factory=set)


@dataclass
class Meter:
    """Latencies from an action to each viewer's snapshot, and actions sent, while ``on``."""

    on: bool = False
    samples: list[float] = field(default_factory=list)
    actions: int = 0

    def take(self) -> list[float]:
        """The samples so far, and start afresh."""
        out, self.samples, self.actions = self.samples, [], 0
        return out


SEQ_AT = len('{"type":"snapshot","seq":')
NOT_MY_TURN = '"legal":[]'


def seq_of(text: str) -> int | None:
    """A snapshot's seq read from its head without parsing the rest (``None``: not a
    snapshot). The server writes ``type`` and ``seq`` first; a client that reads only what
    it needs keeps the load generator's CPU off the server's cores."""
    if not text.startswith('{"type":"snapshot","seq":'):
        return None
    return int(text[SEQ_AT : text.index(",", SEQ_AT)])


async def viewer(
    address: str,
    table: Table,
    index: int,
    token: str | None,
    meter: Meter,
    stop: asyncio.Event,
    local: str = "127.0.0.1",
) -> None:
    """A person (``token``) or a spectator at a table: acts like a person on its turn."""
    rng = random.Random(index)
    async with connect(address, max_size=1 << 22, local_addr=(local, 0)) as ws:
        await ws.recv()
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acting: list[asyncio.Task[None]] = []
        try:
            # No timeout per message: a task and a timer for every snapshot would cost the
            # load generator more than reading it; the viewer is cancelled when the run ends.
            async for text in ws:
                now = time.monotonic()
                seq = seq_of(str(text))
                if seq is None:
                    continue
                if index in table.waiting and seq > table.seq_before:
                    table.waiting.discard(index)
                    if meter.on:
                        meter.samples.append(now - table.sent_at)
                # Only the seat to act parses its snapshot (one viewer in seven, once a turn).
                mine = token is not None and NOT_MY_TURN not in text
                if mine and (not acting or acting[-1].done()):
                    acting[:] = [asyncio.create_task(act(ws, table, json.loads(text), rng, meter))]
                if stop.is_set():
                    break
        finally:  # also when cancelled at the run's end: no move may outlive its socket
            for task in acting:
                task.cancel()


async def act(
    ws: ClientConnection, table: Table, snap: dict[str, Any], rng: random.Random, meter: Meter
) -> None:
    """Think like a person (0.3 to 1.2 s), then act; every viewer now waits for the result."""
    await asyncio.sleep(rng.uniform(0.3, 1.2))
    legal = snap["legal"]
    passive = [c for c in legal if c["do"] in ("check", "call", "bring_in", "stay")]
    choice = (
        {"do": passive[0]["do"]} if passive and rng.random() < 0.8 else random_legal(legal, rng)
    )
    table.seq_before = snap["seq"]
    table.waiting = set(range(table.viewers))
    table.sent_at = time.monotonic()
    if meter.on:
        meter.actions += 1
    await ws.send(json.dumps({"type": "act", "seq": snap["seq"], "action": choice}))


def person(n: int) -> str:
    """The loopback address of person ``n``: every person has one, as at home."""
    return f"127.1.{n // 250}.{1 + n % 250}"


async def post(url: str, body: dict[str, Any], local: str) -> dict[str, Any]:
    """POST ``body`` from the address ``local``; the JSON answer."""
    transport = httpx.AsyncHTTPTransport(local_address=local)
    async with httpx.AsyncClient(transport=transport, timeout=60) as client:
        answer: dict[str, Any] = (await client.post(url, json=body)).json()
        return answer


async def human_table(
    base: str,
    first: int,
    people: int,
    meter: Meter,
    stop: asyncio.Event,
    tasks: list[asyncio.Task[None]],
) -> Table:
    """A table of ``people`` human-like players (persons ``first`` on, each from an address
    of their own) and a spectator, dealing."""
    body = {"game": "americana", "host_name": "P0", "bots": [], "clock_seconds": 0}
    made = await post(f"{base}/api/tables", body, person(first))
    tokens = [made["token"]]
    for n in range(1, people):
        join = f"{base}/api/tables/{made['id']}/join"
        tokens.append((await post(join, {"name": f"P{n}"}, person(first + n)))["token"])
    address = f"{base.replace('http', 'ws')}/ws/tables/{made['id']}"
    async with connect(address, local_addr=(person(first), 0)) as host:
        await host.recv()
        await host.send(json.dumps({"type": "hello", "token": tokens[0]}))
        snap = json.loads(await host.recv())
        while len(snap["requests"]) < people - 1:
            snap = json.loads(await host.recv())
        for request in snap["requests"]:
            command = {"type": "approve", "seq": snap["seq"], "request": request["id"]}
            await host.send(json.dumps(command))
        while len(snap.get("seats", [])) < people:
            snap = json.loads(await host.recv())
        await host.send(json.dumps({"type": "resume", "seq": snap["seq"]}))
        await host.recv()
    table = Table(made["id"], viewers=people + 1)
    for index, token in enumerate([*tokens, None]):
        local = person(first + index)
        tasks.append(asyncio.create_task(viewer(address, table, index, token, meter, stop, local)))
    return table


def stop_server(server: subprocess.Popen[bytes]) -> None:
    """Stop a server and its workers (killed if a clean stop takes over 30 s)."""
    server.terminate()
    try:
        server.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()


def cpu_seconds(pids: list[int]) -> float:
    """User plus system CPU time of processes (Linux)."""
    total = 0
    for pid in pids:
        with contextlib.suppress(OSError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
    return total / TICKS


def rss_mib(pids: list[int]) -> float:
    """Resident memory of processes (Linux)."""
    total = 0.0
    for pid in pids:
        with contextlib.suppress(OSError):
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1]) / 1024
    return total


def backing_pids() -> list[int]:
    """PostgreSQL's and Redis's processes (their CPU is the cluster's cost beside the server's;
    other users of the same database would count too)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if (entry / "comm").read_text().strip() in ("postgres", "redis-server"):
                    found.append(int(entry.name))
    return found


def server_pids(root: int) -> list[int]:
    """The server process and its workers."""
    pids = [root]
    with contextlib.suppress(OSError):
        for child in Path(f"/proc/{root}/task/{root}/children").read_text().split():
            pids.append(int(child))
    return pids


def client_run(work: Coroutine[Any, Any, T]) -> T:
    """Run the load generator's ``work`` on uvloop, the loop the server runs on: the
    clients' own overhead competes with the server for the same two cores."""
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(work)


def percentile(values: list[float], share: float) -> float:
    """The ``share`` quantile of ``values`` in milliseconds (nan when empty)."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return 1000 * ordered[min(len(ordered) - 1, int(share * len(ordered)))]


# ----------------------------------------------------------------------- load


async def load_steps(
    base: str, pids: list[int], steps: list[int], seconds: float
) -> list[dict[str, Any]]:
    """Add tables up to each count of ``steps``; measure latency and CPU at each."""
    meter, stop = Meter(), asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    rows: list[dict[str, Any]] = []
    tables = 0
    for count in steps:
        while tables < count:
            await human_table(base, 7 * tables, 6, meter, stop, tasks)
            tables += 1
        await asyncio.sleep(2.0)  # let the new tables deal and settle
        # The load generator's own collections would be counted as the server's latency.
        settle_after_start()
        meter.take()
        meter.on = True
        backing = backing_pids()
        cpu, wall, mine = cpu_seconds(pids), time.monotonic(), time.process_time()
        behind = cpu_seconds(backing)
        await asyncio.sleep(seconds)
        cpu, wall = cpu_seconds(pids) - cpu, time.monotonic() - wall
        mine, behind = time.process_time() - mine, cpu_seconds(backing) - behind
        actions = meter.actions
        samples = meter.take()
        rows.append(
            {
                "tables": count,
                "players": 6 * count,
                "viewers": 7 * count,
                "actions_per_s": round(actions / wall, 1),
                "snapshots_per_s": round(len(samples) / wall, 1),
                "p50_ms": round(percentile(samples, 0.5), 1),
                "p99_ms": round(percentile(samples, 0.99), 1),
                "server_cpu_share": round(cpu / wall, 2),
                "server_cpu_ms_per_action": round(1000 * cpu / actions, 2) if actions else None,
                "clients_cpu_share": round(mine / wall, 2),
                "database_redis_cpu_share": round(behind / wall, 2),
                "server_rss_mib": round(rss_mib(pids), 1),
            }
        )
        print(f"  {rows[-1]}", file=sys.stderr, flush=True)
        if rows[-1]["p99_ms"] > GOAL_MS:
            break
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return rows


def summarise(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The knee (first count past 250 ms p99), the most players under 100 ms p99, and the
    server's CPU per action (median, min and max over the steps: a figure the other
    programs on the machine disturb far less than latency)."""
    under = [r for r in rows if r["p99_ms"] <= 100]
    knee = next((r["tables"] for r in rows if r["p99_ms"] > GOAL_MS), None)
    per_action = [r["server_cpu_ms_per_action"] for r in rows if r["server_cpu_ms_per_action"]]
    return {
        "steps": rows,
        "knee_tables": knee,
        "knee_players": None if knee is None else 6 * knee,
        "players_under_100ms": max((r["players"] for r in under), default=0),
        "cpu_ms_per_snapshot": round(
            statistics.median(
                1000 * r["server_cpu_share"] / r["snapshots_per_s"]
                for r in rows
                if r["snapshots_per_s"]
            ),
            3,
        ),
        "cpu_ms_per_action": {
            "median": round(statistics.median(per_action), 2),
            "min": min(per_action),
            "max": max(per_action),
        }
        if per_action
        else None,
        "generator_cpu_ms_per_action": per_action_of(rows, "clients_cpu_share"),
        "database_redis_cpu_ms_per_action": per_action_of(rows, "database_redis_cpu_share"),
    }


def per_action_of(rows: list[dict[str, Any]], share: str) -> float | None:
    """The median over the steps of a CPU share spent per action, in milliseconds."""
    values = [1000 * r[share] / r["actions_per_s"] for r in rows if r["actions_per_s"]]
    return round(statistics.median(values), 3) if values else None


def measure(
    workers: int,
    steps: list[int],
    seconds: float,
    *,
    shared: bool,
    budget: float | None = None,
) -> dict[str, Any]:
    """One process on SQLite (``shared`` false), or ``workers`` processes on PostgreSQL and
    Redis (one process so is the like-for-like baseline of two); with ``budget``, each
    worker held to that many cores (:mod:`cpu_budget`; the front process shares the
    first worker's budget)."""
    limits = {"next_hand_delay": 1.0, **DEFAULT_LIMITS}
    if not shared:
        with tempfile.TemporaryDirectory() as folder:
            port = free_port()
            server = start_server(f"sqlite:///{Path(folder) / 'load.db'}", port, **limits)
            try:
                base = f"http://127.0.0.1:{port}"
                return summarise(client_run(load_steps(base, [server.pid], steps, seconds)))
            finally:
                stop_server(server)
    with cluster() as (url, redis_url):
        port = free_port()
        server = start_server(url, port, workers=workers, redis_url=redis_url, wait=False, **limits)
        try:
            wait_until_up(port, server)
            time.sleep(1.0)  # every worker up, not only the first to answer
            base = f"http://127.0.0.1:{port}"
            pids = server_pids(server.pid)
            with contextlib.ExitStack() as held:
                if budget is not None:
                    confine(held.enter_context(cpu_budget.budget(budget)), server.pid, pids)
                return summarise(client_run(load_steps(base, pids, steps, seconds)))
        finally:
            stop_server(server)


def confine(held: cpu_budget.Budget, root: int, pids: list[int]) -> None:
    """Each worker in a budget group of its own, the front process (and multiprocessing's
    resource tracker) in the first worker's: the server as a whole gets exactly its
    number of workers times the budget."""
    workers = worker_pids(root)
    if not workers:  # one process, no front
        held.confine(pids)
        return
    rest = [pid for pid in pids if pid not in workers]
    held.confine([*rest, workers[0]])
    for pid in workers[1:]:
        held.confine([pid])


def measure_load(quick: bool) -> dict[str, Any]:
    """One process on SQLite, then two workers on PostgreSQL and Redis."""
    steps = [10, 40] if quick else [20, 50, 85, 120, 170, 200, 240, 280, 330, 380]
    seconds = 4.0 if quick else 10.0
    out: dict[str, Any] = {"goal_ms": GOAL_MS, "window_s": seconds}
    out["one_process"] = measure(1, steps, seconds, shared=False)
    out["one_process_shared"] = measure(1, steps, seconds, shared=True)
    out["two_processes"] = measure(2, steps, seconds, shared=True)
    one, two = out["one_process_shared"], out["two_processes"]
    out["ratio_two_to_one"] = two_to_one(one, two)["ratio_two_to_one"]
    cpu_one = one["cpu_ms_per_action"]["median"]
    cpu_two = two["cpu_ms_per_action"]["median"]
    out["cpu_per_action_two_to_one"] = round(cpu_two / cpu_one, 2)
    out["bound_two_to_one"] = two_to_one_bound(one, two)
    return out


#: Cores each server process may use in the budget runs: half of one, so that with two
#: processes the load generator, PostgreSQL and Redis still have a core of their own.
BUDGET_CORES = 0.5


def measure_budget(quick: bool, seconds: float, repeats: int) -> dict[str, Any]:
    """One process and two, each held to half a core, on PostgreSQL and Redis, ``repeats``
    times in turn: a knee is set by the first 10-second window whose p99 passes 250 ms, and
    one spike on a shared machine moves it, so the ratios are quoted as medians."""
    steps = [10, 30] if quick else [20, 50, 85, 120, 150, 180, 210, 240, 280, 330, 380]
    runs: list[dict[str, Any]] = []
    for _ in range(repeats):
        one = measure(1, steps, seconds, shared=True, budget=BUDGET_CORES)
        two = measure(2, steps, seconds, shared=True, budget=BUDGET_CORES)
        runs.append({"one": one, "two": two, **two_to_one(one, two)})
    out: dict[str, Any] = {"cores_per_process": BUDGET_CORES, "window_s": seconds, "runs": runs}
    for key in ("ratio_two_to_one", "knee_ratio_two_to_one"):
        values: list[float] = [run[key] for run in runs if run[key] is not None]
        if values:
            out[key] = {
                "median": statistics.median(values),
                "min": min(values),
                "max": max(values),
            }
    return out


def two_to_one(one: dict[str, Any], two: dict[str, Any]) -> dict[str, float | None]:
    """Two processes over one: players under 100 ms p99, and players at the knee."""
    under_one, under_two = one["players_under_100ms"], two["players_under_100ms"]
    knee_one, knee_two = one["knee_players"], two["knee_players"]
    return {
        "ratio_two_to_one": round(under_two / under_one, 2) if under_one else None,
        "knee_ratio_two_to_one": round(knee_two / knee_one, 2) if knee_one and knee_two else None,
    }


def two_to_one_bound(one: dict[str, Any], two: dict[str, Any]) -> float | None:
    """The most actions per second two processes can carry over one on this machine's two
    cores, from the CPU each action costs: one process has a core of its own (the load
    generator runs on the other), two share both cores with the load generator, PostgreSQL
    and Redis. Far below 2 when the generator's own cost is not small beside the server's."""
    generator = float(two["generator_cpu_ms_per_action"] or "nan")
    backing = float(two["database_redis_cpu_ms_per_action"] or "nan")
    if generator != generator or backing != backing:  # not measured (NaN)
        return None
    cost_one = float(one["cpu_ms_per_action"]["median"])
    cost_two = float(two["cpu_ms_per_action"]["median"]) + generator + backing
    return round(min(2.0, 2 * cost_one / cost_two), 2)


@contextlib.contextmanager
def cluster() -> Any:
    """A PostgreSQL schema and a Redis prefix of their own, removed afterwards."""
    import psycopg
    import redis

    schema = f"parlour_bench_{secrets.token_hex(4)}"
    admin = psycopg.connect("postgresql://postgres@127.0.0.1:5432/test", autocommit=True)
    admin.execute(f'CREATE SCHEMA "{schema}"')
    prefix = f"parlour-bench-{schema}:"
    try:
        yield (
            f"postgresql+psycopg://postgres@127.0.0.1:5432/test?options=-csearch_path%3D{schema}",
            f"redis://127.0.0.1:6379/0?prefix={prefix}",
        )
    finally:
        admin.execute(f'DROP SCHEMA "{schema}" CASCADE')
        admin.close()
        keys = redis.Redis()
        for key in keys.scan_iter(f"{prefix}*"):
            keys.delete(key)
        keys.close()


# ----------------------------------------------------------------------- abuse


def attacker(n: int) -> str:
    """The loopback address of attacker ``n`` (never the normal players' 127.0.0.1)."""
    return f"127.0.{1 + n // 250}.{2 + n % 250}"


async def hello_flood(base: str, table_id: str, stop: asyncio.Event) -> None:
    """40 sockets sending hellos with made-up tokens, 10 a second each (the issue's attack)."""

    async def one(n: int) -> None:
        address = f"{base.replace('http', 'ws')}/ws/tables/{table_id}"
        with contextlib.suppress(Exception):
            async with connect(address, local_addr=(attacker(0), 0)) as ws:
                while not stop.is_set():
                    await ws.send(json.dumps({"type": "hello", "token": secrets.token_hex(8)}))
                    await asyncio.sleep(0.1)

    await asyncio.gather(*(one(n) for n in range(40)))


async def message_flood(base: str, table_id: str, stop: asyncio.Event) -> None:
    """Ten sockets sending junk as fast as they can."""

    async def one() -> None:
        address = f"{base.replace('http', 'ws')}/ws/tables/{table_id}"
        with contextlib.suppress(Exception):
            async with connect(address, local_addr=(attacker(1), 0)) as ws:
                while not stop.is_set():
                    for _ in range(200):
                        await ws.send('{"type": "chat", "seq": 0, "text": "spam"}')
                    await asyncio.sleep(0)  # let the attacker's own stop signal in

    await asyncio.gather(*(one() for _ in range(10)))


async def giant_body(base: str, table_id: str, stop: asyncio.Event) -> None:
    """Chunked uploads of up to 200 MiB, one after another."""
    transport = httpx.AsyncHTTPTransport(local_address=attacker(2))

    async def chunks() -> Any:
        for _ in range(200 * 16):
            if stop.is_set():
                return
            yield b"x" * 65536

    async with httpx.AsyncClient(transport=transport, timeout=30) as client:
        while not stop.is_set():
            with contextlib.suppress(httpx.HTTPError):
                await client.post(f"{base}/api/tables", content=chunks())


async def download_flood(base: str, table_id: str, stop: asyncio.Event) -> None:
    """Twenty clients downloading and replaying finished hands without pause."""
    transport = httpx.AsyncHTTPTransport(local_address=attacker(3))
    async with httpx.AsyncClient(transport=transport, timeout=30) as client:

        async def one(n: int) -> None:
            while not stop.is_set():
                with contextlib.suppress(httpx.HTTPError):
                    await client.get(f"{base}/api/tables/{table_id}/hands/{1 + n % 3}?steps=1")

        await asyncio.gather(*(one(n) for n in range(20)))


async def idle_sockets(base: str, table_id: str, stop: asyncio.Event) -> None:
    """A thousand sockets from 16 addresses that say nothing."""
    address = f"{base.replace('http', 'ws')}/ws/tables/{table_id}"
    held: list[ClientConnection] = []
    for n in range(1000):
        with contextlib.suppress(Exception):
            held.append(await connect(address, local_addr=(attacker(10 + n % 16), 0)))
    await stop.wait()
    await asyncio.gather(*(ws.close() for ws in held), return_exceptions=True)


async def creation_flood(base: str, table_id: str, stop: asyncio.Event) -> None:
    """Thousands of table creations from one address."""
    transport = httpx.AsyncHTTPTransport(local_address=attacker(4))
    body = {"game": "palace", "host_name": "Spam"}
    async with httpx.AsyncClient(transport=transport, timeout=30) as client:
        sent = 0
        while not stop.is_set() and sent < 5000:
            await asyncio.gather(
                *(client.post(f"{base}/api/tables", json=body) for _ in range(50)),
                return_exceptions=True,
            )
            sent += 50


ATTACKS: dict[str, Callable[[str, str, asyncio.Event], Coroutine[Any, Any, None]]] = {
    "hello_flood": hello_flood,
    "message_flood": message_flood,
    "chunked_giant_body": giant_body,
    "download_flood": download_flood,
    "idle_sockets_1000": idle_sockets,
    "table_creation_flood": creation_flood,
}


def attack_in_process(name: str, base: str, target: str, halt: Any) -> None:
    """Run attack ``name`` until ``halt`` (a process event) is set."""

    async def attack() -> None:
        stop = asyncio.Event()

        async def watch() -> None:
            while not halt.is_set():
                await asyncio.sleep(0.05)
            stop.set()

        watcher = asyncio.create_task(watch())
        await ATTACKS[name](base, target, stop)
        await watcher

    asyncio.run(attack())


async def abuse(base: str, pids: list[int], seconds: float) -> dict[str, Any]:
    meter, stop = Meter(), asyncio.Event()
    tasks: list[asyncio.Task[None]] = []
    tables = [await human_table(base, 5 * n, 4, meter, stop, tasks) for n in range(10)]
    settle_after_start()  # the load generator's own collections are not the server's latency
    target = tables[0].table_id
    await asyncio.sleep(3 * seconds)  # a few hands finish, to be downloaded
    meter.on = True
    meter.take()
    await asyncio.sleep(seconds)
    out: dict[str, Any] = {
        "normal": {
            "p99_ms": round(percentile(meter.take(), 0.99), 1),
            "rss_mib": round(rss_mib(pids), 1),
        }
    }
    context = multiprocessing.get_context("spawn")
    for name in ATTACKS:
        halt = context.Event()
        peak = rss_mib(pids)
        # The attacker is a process of its own (another machine, in life), so its loops
        # never hold up the clients whose latency is measured here.
        running = context.Process(target=attack_in_process, args=(name, base, target, halt))
        running.start()
        meter.take()
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            await asyncio.sleep(0.2)
            peak = max(peak, rss_mib(pids))
        during = meter.take()
        halt.set()
        await asyncio.to_thread(running.join, 30)
        if running.is_alive():
            running.kill()
        meter.take()  # the second after the attacker stopped
        await asyncio.sleep(1.0)
        after = meter.take()
        out[name] = {
            "p99_during_ms": round(percentile(during, 0.99), 1),
            "p99_second_after_ms": round(percentile(after, 0.99), 1),
            "samples_during": len(during),
            "peak_rss_mib": round(peak, 1),
        }
        print(f"  {name}: {out[name]}", file=sys.stderr, flush=True)
    stop.set()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return out


def measure_abuse(quick: bool) -> dict[str, Any]:
    """One process on SQLite with the default limits."""
    seconds = 3.0 if quick else 6.0
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = start_server(
            f"sqlite:///{Path(folder) / 'abuse.db'}",
            port,
            next_hand_delay=1.0,
            **DEFAULT_LIMITS,
        )
        try:
            out = client_run(abuse(f"http://127.0.0.1:{port}", server_pids(server.pid), seconds))
        finally:
            stop_server(server)
    out["window_s"] = seconds
    return out


def run(quick: bool) -> dict[str, Any]:
    """Both sections, as the benchmarks runner takes them."""
    return {"load": measure_load(quick), "abuse": measure_abuse(quick)}


def main() -> None:
    """Print the figures as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--only", choices=["load", "abuse"])
    parser.add_argument("--workers", type=int, help="measure only this many processes")
    parser.add_argument("--steps", help="table counts, comma separated (with --workers)")
    parser.add_argument(
        "--shared", action="store_true", help="PostgreSQL and Redis even for one process"
    )
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--budget", type=float, help="cores each server process may use (with --workers)"
    )
    args = parser.parse_args()
    if args.workers:
        steps = [int(n) for n in (args.steps or "20,50,85").split(",")]
        shared = args.shared or args.workers > 1
        result: dict[str, Any] = {
            "load": measure(args.workers, steps, args.seconds, shared=shared, budget=args.budget)
        }
    elif args.only == "load":
        result = {"load": measure_load(args.quick)}
    elif args.only == "abuse":
        result = {"abuse": measure_abuse(args.quick)}
    else:
        result = run(args.quick)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
