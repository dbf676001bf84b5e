"""The task that owns one table: the single writer of its state.

People (through their connections), bots, clock expiries and the dealer all act through
:meth:`TableRunner.handle`; after every change the runner stores what must survive a
restart, raises ``seq`` and publishes a fresh snapshot to every connection.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.server import snapshot
from parlour.server.autoplay import BotBench
from parlour.server.clock import BANK_REFILL, TurnClock, expiry_action
from parlour.server.errors import CommandError
from parlour.server.hub import Hub
from parlour.server.settings import Settings
from parlour.server.storage import Store
from parlour.server.table import Table

log = logging.getLogger(__name__)

HOST_COMMANDS = frozenset(
    {"approve", "deny", "set_stack", "add_bot", "remove", "mute", "pause", "resume"}
)
SEAT_COMMANDS = frozenset({"act", "sit_out", "sit_in", "leave", "chat"})


@dataclass
class Command:
    """A message from ``person`` (a token hash, ``None`` for a spectator) awaiting its answer."""

    person: str | None
    message: Mapping[str, Any]
    internal: bool = False
    done: asyncio.Future[Any] = field(
        default_factory=lambda: asyncio.get_running_loop().create_future()
    )


def _answer(command: Command, result: object) -> None:
    """Resolve a command's future, unless its sender has gone (the future was cancelled)."""
    if command.done.done():
        return
    if isinstance(result, CommandError):
        command.done.set_exception(result)
    else:
        command.done.set_result(result)


class TableRunner:
    """Owns a :class:`Table`; every change goes through its queue, one at a time."""

    def __init__(self, table: Table, store: Store, hub: Hub, settings: Settings) -> None:
        self.table = table
        self.store = store
        self.hub = hub
        self.settings = settings
        self.seq = 0
        # The first seq of the decision now awaited: an act chosen from any snapshot since
        # is not stale, however many chats, arrivals or host changes came in between.
        self.decision_seq = 0
        self.decision_key: tuple[int, int] | None = None
        self.clock: TurnClock | None = None
        self.clock_key: tuple[int, int] | None = None
        self.auto_at: float | None = None
        self.deal_at: float | None = None
        self.hands = store.finished_hands(table.id)
        self.rng = random.Random()
        self.bots = BotBench(table.config.game, table.options.to_dict())
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.thinking: set[asyncio.Task[None]] = set()

    # Outside world.

    def start(self) -> None:
        """Start the table's task."""
        self._schedule(time.monotonic())
        self.task = asyncio.create_task(self.run(), name=f"table {self.table.id}")

    async def stop(self) -> None:
        """Stop the table's task."""
        for task in list(self.thinking):
            task.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.task

    async def submit(
        self, person: str | None, message: Mapping[str, Any], *, internal: bool = False
    ) -> Any:
        """Queue a command and wait for its result; raises :class:`CommandError` if refused.

        ``internal`` marks the server's own commands (a checked seat request from HTTP, a
        presence change, a bot's decision); a client's message can never be one.
        """
        command = Command(person, message, internal=internal)
        await self.queue.put(command)
        return await command.done

    def snapshot_for(self, person: str | None) -> dict[str, Any]:
        """The complete snapshot of ``person`` right now."""
        return snapshot.build(
            self.table,
            person,
            seq=self.seq,
            clock=self.clock,
            connected=self.hub.connected(self.table.id),
            hands=self.hands,
        )

    def publish(self) -> None:
        """Send every connection its snapshot."""
        self.hub.publish(self.table.id, self.snapshot_for)

    # The loop.

    async def run(self) -> None:
        """Take commands and timers one at a time, forever."""
        while True:
            wake = min(
                (t for t in (self.auto_at, self.deal_at, self._deadline()) if t is not None),
                default=None,
            )
            timeout = None if wake is None else max(0.0, wake - time.monotonic())
            try:
                command = await self._next_command(timeout)
            except TimeoutError:
                self._safely(self._on_timer)
                continue
            try:
                result = self.handle(command.person, command.message, internal=command.internal)
            except CommandError as error:
                _answer(command, error)
                continue
            except Exception as error:
                # A bug must cost one command, never the table.
                log.exception("table %s: command %r failed", self.table.id, command.message)
                _answer(command, CommandError("server", f"server error: {error!r}"))
                continue
            _answer(command, result)
            self._safely(self._changed)

    def _on_timer(self) -> None:
        self._tick(time.monotonic())
        self._changed()

    def _safely(self, step: Callable[[], None]) -> None:
        """Run a step of the loop; a bug in it pauses the table instead of ending its task.

        Without this an exception would end the table's only writer and freeze the table
        for good; a timer that fails again at once would spin. Paused, the table keeps its
        state and chips, says why, and the host can resume it.
        """
        try:
            step()
        except Exception:
            log.exception("table %s: a step of the table failed; pausing it", self.table.id)
            self.table.paused = True
            self.clock = self.clock_key = self.auto_at = self.deal_at = None
            self.table.note("A server error paused the table; the host can resume it.")
            self.seq += 1
            with contextlib.suppress(Exception):
                self.publish()

    async def _next_command(self, timeout: float | None) -> Command:
        """The next queued command; raises ``TimeoutError`` when a timer falls due first.

        Waiting commands always come first: with a timer already due, ``wait_for`` would
        time out before even looking at the queue, starving people behind fast bots.
        """
        if not self.queue.empty():
            return self.queue.get_nowait()
        if timeout == 0.0:
            await asyncio.sleep(0)  # let connections and other tables run between moves
            raise TimeoutError
        return await asyncio.wait_for(self.queue.get(), timeout)

    def handle(
        self, person: str | None, message: Mapping[str, Any], *, internal: bool = False
    ) -> Any:
        """Check and apply one command; the answer goes back to the caller."""
        kind = message.get("type")
        if internal:
            return self._internal(kind, person, message)
        seq = message.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int) or seq > self.seq:
            raise CommandError("bad_seq", "a command must carry the seq of its snapshot")
        if kind in HOST_COMMANDS:
            if person is None or person != self.table.host:
                raise CommandError("not_host", "only the host can do that")
            return self._host(kind, message)
        if kind in SEAT_COMMANDS:
            seat = self.table.seat_of(person)
            if seat is None:
                raise CommandError("no_seat", "you have no seat at this table")
            return self._seat(kind, seat, seq, message)
        raise CommandError("unknown", "unknown command type")

    def _internal(self, kind: object, person: str | None, message: Mapping[str, Any]) -> Any:
        if kind == "request_seat":
            return self.table.request_seat(message["name"], str(person)).id
        if kind == "bot_act":
            hand = self.table.hand
            if hand is None or message["key"] != (self.table.hand_number, len(hand.actions)):
                raise CommandError("stale", "the bot thought too long")
            return self._act(message["seat"], message["action"])
        return None  # presence: only the snapshot changes

    def _host(self, kind: str, message: Mapping[str, Any]) -> Any:
        table = self.table
        if kind == "approve":
            return table.approve(message.get("request"), message.get("stack"))
        if kind == "deny":
            return table.deny(message.get("request"))
        if kind == "set_stack":
            return table.set_stack(message.get("seat"), message.get("stack"))
        if kind == "add_bot":
            return table.add_bot(str(message.get("kind")))
        if kind == "remove":
            return table.remove(message.get("seat"))
        if kind == "mute":
            return table.mute(message.get("seat"), message.get("muted"))
        table.paused = kind == "pause"
        table.note("The host paused the game." if table.paused else "The game is on.")
        return None

    def _seat(self, kind: str, seat: int, seq: int, message: Mapping[str, Any]) -> Any:
        table = self.table
        if kind == "act":
            if seq < self.decision_seq:
                raise CommandError("stale", "the table moved on; choose again")
            if table.paused:
                raise CommandError("paused", "the game is paused")
            action = message.get("action")
            if not isinstance(action, dict):
                raise CommandError("bad_action", "act needs an action object")
            return self._act(seat, action)
        if kind == "leave":
            return table.remove(seat)
        if kind == "chat":
            return table.chat(seat, message.get("text"))
        return table.set_sitting_out(seat, out=kind == "sit_out")

    def _act(self, seat: int, action: Mapping[str, Any]) -> None:
        """The one path by which people, bots and the clock move a hand."""
        if self.clock is not None and self.clock.seat == seat:
            used = max(0.0, time.monotonic() - self.clock.started - self.clock.turn_seconds)
            player = self.table.seats[seat]
            player.bank = max(0.0, player.bank - used)
        self.table.act(seat, action)

    # Timers.

    def _deadline(self) -> float | None:
        return None if self.clock is None else self.clock.deadline()

    def _tick(self, now: float) -> None:
        table = self.table
        hand = table.hand
        if hand is None:
            if self.deal_at is not None and now >= self.deal_at and table.can_deal():
                self._deal()
            self.deal_at = None
            return
        seat = hand.to_act
        if seat is None:
            return
        if self.auto_at is not None and now >= self.auto_at:
            self._auto(seat)
        elif self.clock is not None and now >= self.clock.deadline():
            table.seats[seat].sitting_out = True
            table.note(f"{table.seats[seat].name} ran out of time and sits out.")
            self._act(seat, expiry_action(table.game, hand.legal_actions(), seat).to_dict())

    def _auto(self, seat: int) -> None:
        """Act for a bot, or for a player who sits out or is leaving."""
        table = self.table
        assert table.hand is not None
        player = table.seats[seat]
        if player.bot is None:
            action = expiry_action(table.game, table.hand.legal_actions(), seat)
            self._act(seat, action.to_dict())
            return
        key = (table.hand_number, len(table.hand.actions))
        self.auto_at = None
        think = self.bots.think(table.game, table.hand, seat, player.bot, self.rng)
        task = asyncio.create_task(self._decide(think, seat, key))
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)

    async def _decide(self, think: Any, seat: int, key: tuple[int, int]) -> None:
        """Let a bot think in a worker thread, then act through the queue like anyone.

        A Monte Carlo bot can think for a good part of a second; on the event loop that
        would stall every table and connection of the server.
        """
        action = await asyncio.to_thread(think)
        message = {"type": "bot_act", "seat": seat, "key": key, "action": action.to_dict()}
        with contextlib.suppress(CommandError):
            await self.submit(None, message, internal=True)

    def _deal(self) -> None:
        self.table.deal()
        for player in self.table.seats.values():
            player.bank = min(float(self.table.config.time_bank_seconds), player.bank + BANK_REFILL)

    # After every change.

    def _changed(self) -> None:
        """Settle a finished hand, store, reschedule, and publish."""
        table = self.table
        now = time.monotonic()
        if table.hand is not None and table.hand.is_over:
            number = table.hand_number
            people = table.hand_people()
            record = table.finish()
            self.store.save(
                table.id, table.config.game, table.to_dict(), hand=(number, record, True, people)
            )
            self.hands.append(number)
        elif table.hand is not None:
            self.store.save(
                table.id,
                table.config.game,
                table.to_dict(),
                hand=(table.hand_number, table.record(), False, table.hand_people()),
            )
        else:
            self.store.save(table.id, table.config.game, table.to_dict())
        self._schedule(now)
        self.seq += 1
        hand = table.hand
        key = None if hand is None else (table.hand_number, len(hand.actions))
        if key != self.decision_key:
            self.decision_key, self.decision_seq = key, self.seq
        self.publish()

    def _schedule(self, now: float) -> None:
        """Set the next bot move, turn clock, or deal."""
        table = self.table
        hand = table.hand
        if hand is None or hand.to_act is None or table.paused:
            self.clock = self.clock_key = self.auto_at = None
            if hand is None and self.deal_at is None and table.can_deal():
                delay = self.settings.next_hand_delay if table.hand_number else 0.0
                self.deal_at = now + delay
            return
        seat = hand.to_act
        player = table.seats[seat]
        key = (table.hand_number, len(hand.actions))
        if player.bot is None and (player.sitting_out or player.leaving):
            self.clock, self.auto_at = None, now
        elif key != self.clock_key:
            self.clock = self.auto_at = None
            if player.bot is not None:
                self.auto_at = now + self.settings.bot_delay
            elif table.config.clock_seconds:
                self.clock = TurnClock(seat, now, float(table.config.clock_seconds), player.bank)
        self.clock_key = key
