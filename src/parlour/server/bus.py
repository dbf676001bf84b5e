"""Redis between server processes: commands to a table's owner, snapshots back, the lobby list.

Channels (every key starts with the prefix, ``parlour:`` unless the Redis URL's
``?prefix=`` says otherwise):
- ``cmd:{table}``: commands for the table, and presence reports, read by its owner only;
- ``out:{table}``: the owner's snapshots for viewers connected to other processes (one
  message per change: each viewer's JSON text by token hash, ``""`` for spectators, packed
  by :func:`pack` without re-encoding them), and
  ``owner`` announcements, after which the other processes report presence again;
- ``reply:{process}``: answers to one process's commands.
The hash ``lobby`` holds each open table's lobby line, written by its owner.

A command sent to a table nobody subscribes to (its owner just died) is refused at once
as ``moved``: the client tries again and reaches the new owner after the takeover.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

import orjson
import redis.asyncio as redis

from parlour.server.errors import CommandError
from parlour.server.lobby import Lobby, summary
from parlour.server.seating import new_id

log = logging.getLogger(__name__)

#: Seconds between presence reports and lobby lines (a report lives three times as long).
BEAT = 5.0
#: Seconds a command waits for its owner's answer.
ANSWER_WITHIN = 15.0


#: The first bytes of a packed message of snapshots (no JSON message starts so).
PACKED = b"S\n"


def dumps(message: dict[str, Any]) -> bytes:
    """A bus message as compact JSON."""
    return orjson.dumps(message)


def pack(texts: dict[str, str]) -> bytes:
    """Snapshot texts by viewer as one message: a JSON head naming each viewer and the
    length of their text, then the texts back to back. Snapshots are JSON already; wrapping
    them in JSON strings would escape every quote in them, and the other side would have to
    undo it, for every change of every table watched from another process."""
    bodies = [text.encode() for text in texts.values()]
    head = orjson.dumps([list(texts), [len(body) for body in bodies]])
    return b"".join([PACKED, head, b"\n", *bodies])


def unpack(data: bytes) -> dict[str, str]:
    """The texts by viewer of a message made by :func:`pack`."""
    end = data.index(b"\n", len(PACKED))
    names, sizes = orjson.loads(data[len(PACKED) : end])
    texts: dict[str, str] = {}
    at = end + 1
    for name, size in zip(names, sizes, strict=True):
        texts[name] = data[at : at + size].decode()
        at += size
    return texts


class Bus:
    """This process's link to the others through Redis."""

    def __init__(self, url: str, lobby: Lobby) -> None:
        parts = urlsplit(url)
        query = parse_qs(parts.query)
        self.prefix = query.pop("prefix", ["parlour:"])[0]
        plain = urlunsplit(parts._replace(query="&".join(f"{k}={v[0]}" for k, v in query.items())))
        self.redis = redis.Redis.from_url(plain)
        self.lobby = lobby
        self.process = f"{lobby.owner}/{new_id()}"
        self._pubsub = self.redis.pubsub()
        self._waiting: dict[str, asyncio.Future[Any]] = {}
        self._outbox: asyncio.Queue[tuple[str, str | bytes]] = asyncio.Queue()
        self._watched: dict[str, tuple[frozenset[str], bool]] = {}
        self._lines: dict[str, dict[str, Any]] = {}
        self._tasks: list[asyncio.Task[None]] = []
        self._spawned: set[asyncio.Future[Any]] = set()

    # Life cycle.

    async def start(self) -> None:
        """Subscribe to this process's answers and start the background work."""
        await self._pubsub.subscribe(self._key("reply", self.process))
        self.lobby.hub.forward = self._forward
        self.lobby.on_owned = self._owned
        for work in (self._listen(), self._send(), self._beat()):
            self._tasks.append(asyncio.create_task(work))

    async def stop(self) -> None:
        """Stop listening and close the connections."""
        for task in [*self._tasks, *self._spawned]:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        with contextlib.suppress(Exception):
            await self._pubsub.aclose()  # type: ignore[no-untyped-call]
            await self.redis.aclose()

    def _key(self, *parts: str) -> str:
        return self.prefix + ":".join(parts)

    # Commands to tables owned elsewhere.

    async def request(
        self, table_id: str, person: str | None, message: Mapping[str, Any], *, internal: bool
    ) -> Any:
        """Send a command to the table's owner and wait for its answer."""
        ident = new_id()
        done: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiting[ident] = done
        body = {
            "kind": "command",
            "id": ident,
            "reply": self.process,
            "person": person,
            "message": dict(message),
            "internal": internal,
        }
        try:
            if not await self.redis.publish(self._key("cmd", table_id), dumps(body)):
                raise CommandError("moved", "moving")
            return await asyncio.wait_for(done, ANSWER_WITHIN)
        except TimeoutError:
            raise CommandError("moved", "silent") from None
        finally:
            self._waiting.pop(ident, None)

    def watching(self, table_id: str, people: frozenset[str], *, spectators: bool) -> None:
        """Who watches ``table_id`` from this process (the owner builds their snapshots)."""
        if people or spectators:
            if table_id not in self._watched:
                self._spawn(self._pubsub.subscribe(self._key("out", table_id)))
            self._watched[table_id] = (people, spectators)
        elif self._watched.pop(table_id, None) is not None:
            self._spawn(self._pubsub.unsubscribe(self._key("out", table_id)))
        report: dict[str, Any] = {"kind": "presence", "process": self.process}
        report |= {"people": sorted(people), "spectators": spectators}
        self._outbox.put_nowait((self._key("cmd", table_id), dumps(report)))

    def _spawn(self, work: Any) -> None:
        task = asyncio.ensure_future(work)
        self._spawned.add(task)
        task.add_done_callback(self._spawned.discard)

    # The owner's side.

    def _owned(self, table_id: str, owned: bool) -> None:  # noqa: FBT001 (a callback)
        channel = self._key("cmd", table_id)
        if owned:
            self._spawn(self._pubsub.subscribe(channel))
            self._spawn(self._write_lines())  # a new table shows in every lobby at once
            self._outbox.put_nowait((self._key("out", table_id), dumps({"kind": "owner"})))
        else:
            self._spawn(self._pubsub.unsubscribe(channel))

    def _forward(self, table_id: str, texts: dict[str, str]) -> None:
        self._outbox.put_nowait((self._key("out", table_id), pack(texts)))

    async def _send(self) -> None:
        """Publish queued messages in order, batching those that wait together."""
        while True:
            batch = [await self._outbox.get()]
            while not self._outbox.empty() and len(batch) < 500:
                batch.append(self._outbox.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for channel, text in batch:
                        pipe.publish(channel, text)
                    await pipe.execute()
            except redis.RedisError as error:
                log.warning("redis publish failed: %s", error)
                await asyncio.sleep(0.5)

    async def _listen(self) -> None:
        while True:
            try:
                if not self._pubsub.subscribed:
                    await asyncio.sleep(0.05)
                    continue
                message = await self._pubsub.get_message(ignore_subscribe_messages=True, timeout=1)
            except redis.RedisError as error:
                log.warning("redis listen failed: %s", error)
                await asyncio.sleep(0.5)
                continue
            if message is not None:
                channel, data = message["channel"].decode(), message["data"]
                if data.startswith(PACKED):
                    self.lobby.hub.deliver(channel.rsplit(":", 1)[-1], unpack(data))
                else:
                    self._take(channel, orjson.loads(data))

    def _take(self, channel: str, body: dict[str, Any]) -> None:
        kind = body.get("kind")
        table_id = channel.rsplit(":", 1)[-1]
        if kind == "answer":
            done = self._waiting.get(body["id"])
            if done is not None and not done.done():
                if body.get("error"):
                    done.set_exception(CommandError.received({"code": body["error"], **body}))
                else:
                    done.set_result(body.get("result"))
        elif kind == "owner":
            if table_id in self._watched:
                people, spectators = self._watched[table_id]
                self.watching(table_id, people, spectators=spectators)
        elif kind == "presence":
            people = frozenset(body["people"])
            self.lobby.hub.report(table_id, body["process"], people, spectators=body["spectators"])
            self._spawn(self._presence(table_id))
        elif kind == "command":
            self._spawn(self._answer(table_id, body))

    async def _run(
        self, table_id: str, person: str | None, message: Mapping[str, Any], *, internal: bool
    ) -> Any:
        runner = self.lobby.runners.get(table_id)
        if runner is None:
            raise CommandError("moved", "moving")
        return await runner.submit(person, message, internal=internal)

    async def _presence(self, table_id: str) -> None:
        with contextlib.suppress(CommandError):
            await self._run(table_id, None, {"type": "presence"}, internal=True)

    async def _answer(self, table_id: str, body: dict[str, Any]) -> None:
        answer: dict[str, Any] = {"kind": "answer", "id": body["id"]}
        try:
            answer["result"] = await self._run(
                table_id, body["person"], body["message"], internal=bool(body["internal"])
            )
        except CommandError as error:
            answer |= {
                "error": error.code,
                "message": str(error),
                "params": error.to_dict()["params"],
            }
        self._outbox.put_nowait((self._key("reply", body["reply"]), dumps(answer)))

    # Presence and the lobby list, refreshed.

    async def _beat(self) -> None:
        while True:
            with contextlib.suppress(redis.RedisError):
                for table_id, (people, spectators) in list(self._watched.items()):
                    self.watching(table_id, people, spectators=spectators)
                await self._write_lines()
            await asyncio.sleep(BEAT)

    async def _write_lines(self) -> None:
        key = self._key("lobby")
        lines = {t: summary(r.table) for t, r in self.lobby.runners.items()}
        gone = [t for t in self._lines if t not in lines]
        stamp = time.time()
        fresh: dict[Any, Any] = {t: dumps({**line, "at": stamp}) for t, line in lines.items()}
        async with self.redis.pipeline(transaction=False) as pipe:
            if fresh:
                pipe.hset(key, mapping=fresh)
            if gone:
                pipe.hdel(key, *gone)
            await pipe.execute()
        self._lines = lines

    async def listing(self) -> list[dict[str, Any]]:
        """Every open table's lobby line, from every process (lines of tables whose owner
        has not refreshed them for a while are left out)."""
        await self._write_lines()  # this process's own tables as they are now
        stored = await self.redis.hgetall(self._key("lobby"))
        oldest = time.time() - 6 * BEAT
        lines = [orjson.loads(text) for text in stored.values()]
        return [
            {k: v for k, v in line.items() if k != "at"} for line in lines if line["at"] >= oldest
        ]
