"""The task that owns one table: the single writer of its state.

People (through their connections, on this process or another), bots, clock expiries and
the dealer all act through :meth:`TableRunner.handle`; after every change the runner has
the writer store what must survive a restart (an action row, the state only if it
changed), and only once that is stored does it answer, raise ``seq`` and publish a fresh
snapshot, so no action a client was shown as accepted can be lost.

A database that does not answer stalls only this table: the runner tells its viewers,
tries again by itself and carries on when the database is back. A lost lease (another
process took the table over) ends the runner without writing anything.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from parlour.server import snapshot
from parlour.server.autoplay import BotBench
from parlour.server.clock import BANK_REFILL, TurnClock, expiry_action
from parlour.server.errors import CommandError
from parlour.server.hub import encode
from parlour.server.room import Room
from parlour.server.seating import BOT_PREFIX
from parlour.server.settings import Settings
from parlour.server.storage import Change
from parlour.server.writer import Unavailable, Writer

log = logging.getLogger(__name__)

#: Sends a table's viewers their texts: table id, and each viewer's JSON text by person.
Publish = Callable[[str, Callable[[str | None], str]], None]
#: How many finished hands' numbers the snapshot lists (the hand list endpoint pages them all).
RECENT_HANDS = 30
#: Seconds between cancellations of a table's task that has not ended (see ``stop``).
STOP_RETRY = 0.05

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
    """Owns a :class:`Room`; every change goes through its queue, one at a time."""

    def __init__(
        self,
        room: Room,
        writer: Writer,
        settings: Settings,
        *,
        owner: str,
        present: Callable[[], set[str]],
        send: Publish,
        recent: list[int] | None = None,
    ) -> None:
        self.table = room
        self.writer = writer
        self.settings = settings
        self.owner = owner
        self.present = present
        self.send = send
        # Sequence numbers go on from the clock, so they keep rising across a restart or a
        # takeover and a client never mistakes a new snapshot for an old one.
        self.seq = int(time.time() * 1000)
        # The first seq of the decision now awaited: an act chosen from any snapshot since
        # is not stale, however many chats, arrivals or host changes came in between.
        self.decision_seq = self.seq
        self.decision_key: tuple[int, int] | None = None
        self.clock: TurnClock | None = None
        self.clock_key: tuple[int, int] | None = None
        self.auto_at: float | None = None
        self.deal_at: float | None = None
        self.hands = list(recent or [])
        self.rng = random.Random()
        self.bots = BotBench(room.config.game, room.options.to_dict())
        self.queue: asyncio.Queue[Command] = asyncio.Queue()
        #: Commands taken from the queue while the database was away, to run first.
        self.deferred: deque[Command] = deque()
        self.task: asyncio.Task[None] | None = None
        self.thinking: set[asyncio.Task[None]] = set()
        self.stalled = False
        #: When the table last had a person present (the monotonic clock), for expiry.
        self.active_at = time.monotonic()
        self.stored_state: dict[str, Any] | None = None
        #: The hand in progress as stored: (number, actions stored, shuffles stored).
        self.stored_hand: tuple[int, int, int] | None = None
        self._current: snapshot.Frame | None = None
        #: The seated people present when last published.
        self.presence_seen: frozenset[str] = frozenset()
        #: Called once when the task ends (the lobby forgets the runner).
        self.on_end: Callable[[], None] = lambda: None

    def mark_stored(self, state: dict[str, Any] | None) -> None:
        """Say what the database already holds (a table just created or restored)."""
        self.stored_state = state
        hand = self.table.hand
        if hand is not None:
            number = self.table.hand_number
            self.stored_hand = (number, len(hand.actions), len(hand.shuffles))

    # Outside world.

    def start(self) -> None:
        """Start the table's task."""
        self._schedule(time.monotonic())
        self.task = asyncio.create_task(self.run(), name=f"table {self.table.id}")
        self.task.add_done_callback(self._ended)

    def _ended(self, task: asyncio.Task[None]) -> None:
        """Refuse what is still queued once the task has ended (stopped, or lease lost)."""
        if not task.cancelled() and task.exception() is not None:
            log.warning("table %s stopped: %r", self.table.id, task.exception())
        while self.deferred:
            _answer(self.deferred.popleft(), CommandError("moved", "process"))
        while not self.queue.empty():
            _answer(self.queue.get_nowait(), CommandError("moved", "process"))
        self.on_end()

    async def stop(self) -> None:
        """Stop the table's task.

        Cancelled until it ends: on Python 3.11 ``asyncio.wait_for`` swallows a cancellation
        that arrives as the command it waits for does, and the table's loop would go on
        while this waited for it for ever (and with it the lease keeper that closes idle
        tables).
        """
        for thought in list(self.thinking):
            thought.cancel()
        task = self.task
        while task is not None and not task.done():
            task.cancel()
            await asyncio.wait({task}, timeout=STOP_RETRY)
        if task is not None and not task.cancelled():
            with contextlib.suppress(Exception):
                task.exception()  # retrieved, so asyncio does not report it as lost

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

    def snapshot_for(self, person: str | None) -> str:
        """The complete snapshot of ``person`` right now, as JSON text.

        One :class:`~parlour.server.snapshot.Frame` serves every viewer of a change: a
        crowd arriving to watch (or a thousand idle sockets) costs the table one text, and
        a change sent to its viewers encodes what they share once.
        """
        if person is not None and self._stranger(person):
            person = None  # a token that holds nothing here sees what a spectator sees
        return self._frame().text(person)

    def _frame(self) -> snapshot.Frame:
        """The frame of the table as it is now (kept until the next change raises ``seq``)."""
        frame = self._current
        if frame is None or frame.seq != self.seq:
            frame = self._current = snapshot.Frame(
                self.table,
                seq=self.seq,
                clock=self.clock,
                connected=self.present(),
                hands=self.hands[-RECENT_HANDS:],
            )
        return frame

    def _stranger(self, person: str) -> bool:
        """Whether ``person`` has no seat, request, host rights or last hand here."""
        table = self.table
        return (
            person != table.host
            and table.seat_of(person) is None
            and all(r.person != person for r in table.requests)
            and person not in table.last_people.values()
        )

    def publish(self) -> None:
        """Send every connection its snapshot."""
        with self.table.frozen():
            self.send(self.table.id, self.snapshot_for)

    # The loop.

    async def run(self) -> None:
        """Take commands and timers one at a time, until stopped or the lease is lost."""
        while True:
            wake = min(
                (t for t in (self.auto_at, self.deal_at, self._deadline()) if t is not None),
                default=None,
            )
            timeout = None if wake is None else max(0.0, wake - time.monotonic())
            try:
                command = await self._next_command(timeout)
            except TimeoutError:
                if self._safely(self._on_timer):
                    await self._settled()
                continue
            if command.internal and self._quiet(command.message):
                _answer(command, self._internal(command.message.get("type"), command.person, {}))
                continue
            try:
                result = self.handle(command.person, command.message, internal=command.internal)
            except CommandError as error:
                _answer(command, error)
                continue
            except Exception as error:
                # A bug must cost one command, never the table.
                log.exception("table %s: command %r failed", self.table.id, command.message)
                _answer(command, CommandError("server", detail=repr(error)))
                continue
            if command.person is not None and not command.person.startswith(BOT_PREFIX):
                self.active_at = time.monotonic()
            self._safely(self._changed)
            try:
                await self._settled()
            except BaseException:
                _answer(command, CommandError("moved", "process"))
                raise
            _answer(command, result)

    def _quiet(self, message: Mapping[str, Any]) -> bool:
        """Whether an internal command changes nothing anyone sees (nothing to store or send):
        a snapshot asked for, or a presence report that leaves the seated people's
        presence as it was (a flood of hellos then costs no snapshot for the others)."""
        kind = message.get("type")
        if kind == "snapshot":
            return True
        if kind != "presence":
            return False
        seen = frozenset(p for p in self.present() if self.table.seat_of(p) is not None)
        if seen == self.presence_seen:
            return True
        self.presence_seen = seen
        return False

    def _on_timer(self) -> bool:
        changed = self._tick(time.monotonic())
        self._changed()
        return changed

    async def _settled(self) -> None:
        """Store the change (waiting out a database that does not answer), then publish."""
        await self._commit()
        self.seq += 1
        hand = self.table.hand
        key = None if hand is None else (self.table.hand_number, len(hand.actions))
        if key != self.decision_key:
            self.decision_key, self.decision_seq = key, self.seq
        self.publish()

    async def _commit(self) -> None:
        change = self._collect()
        if change.empty():
            return
        delay = 0.05
        started = time.monotonic()
        while True:
            try:
                await self.writer.write(change)
                break
            except Unavailable as error:
                if not self.stalled:
                    self.stalled = True
                    log.warning("table %s waits for the database: %s", self.table.id, error)
                    self.send_error(CommandError("stalled"))
                await self._wait_out(delay)
                delay = min(2 * delay, 1.0)
        self._stored(change)
        if self.stalled:
            self.stalled = False
            self.clock_key = None  # the turn clock starts again: the wait was nobody's fault
            self._schedule(time.monotonic())
            away = f"{time.monotonic() - started:.0f}"
            self.table.note("notice.database_back", seconds=away)

    async def _wait_out(self, seconds: float) -> None:
        """Wait before trying the database again, answering meanwhile what needs no write.

        A snapshot asked for now (a new connection, a hello, the lobby's summary) is refused
        as ``stalled`` at once rather than left waiting with no answer: the change under way
        is not stored, so it may not be shown, and the state before it is gone. Presence is
        noted (the next snapshot shows it). Every other command waits its turn, in order.
        """
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                command = await asyncio.wait_for(self.queue.get(), left)
            except TimeoutError:
                return
            kind = command.message.get("type")
            if command.internal and kind == "snapshot":
                _answer(command, CommandError("stalled"))
            elif command.internal and kind == "presence":
                self._quiet(command.message)
                _answer(command, None)
            else:
                self.deferred.append(command)

    def send_error(self, error: CommandError) -> None:
        """Tell every viewer of the table something that is not a change of the table."""
        text = encode(error.to_dict())
        self.send(self.table.id, lambda _person: text)

    def _collect(self) -> Change:
        """What this change must store: new action rows, hands begun or ended, the state."""
        table = self.table
        change = Change(table.id, self.owner)
        state = table.to_dict()
        if state != self.stored_state:
            change.state = state
        change.ended = [(f.number, f.record, f.people) for f in table.finished]
        hand = table.hand
        if hand is None:
            return change
        number = table.hand_number
        stored = self.stored_hand
        if stored is None or stored[0] != number:  # just dealt: the record so far heads it
            change.started.append((number, table.record(), table.hand_people()))
            stored = (number, len(hand.actions), len(hand.shuffles))
        _, done, shuffled = stored
        shuffles = [[str(c) for c in order] for order in hand.shuffles[shuffled:]]
        for index in range(done, len(hand.actions)):
            row_shuffles, shuffles = (shuffles, []) if index == done else ([], shuffles)
            change.actions.append((number, index, hand.actions[index].to_dict(), row_shuffles))
        return change

    def _stored(self, change: Change) -> None:
        """Remember what the database now holds."""
        if change.state is not None:
            self.stored_state = change.state
        for number, _, _ in change.ended:
            self.hands.append(number)
            del self.hands[:-RECENT_HANDS]
        ended = {number for number, _, _ in change.ended}
        self.table.finished = [f for f in self.table.finished if f.number not in ended]
        hand = self.table.hand
        if hand is None:
            self.stored_hand = None
        else:
            self.stored_hand = (self.table.hand_number, len(hand.actions), len(hand.shuffles))

    def _safely(self, step: Callable[[], object]) -> bool:
        """Run a step of the loop; a bug in it pauses the table instead of ending its task.

        Without this an exception would end the table's only writer and freeze the table
        for good; a timer that fails again at once would spin. Paused, the table keeps its
        state and chips, says why, and the host can resume it. Returns whether the table
        changed (the step says so; a pause is a change).
        """
        try:
            return step() is not False
        except Exception:
            log.exception("table %s: a step of the table failed; pausing it", self.table.id)
            self.table.paused = True
            self.clock = self.clock_key = self.auto_at = self.deal_at = None
            self.table.note("notice.server_error")
            return True

    async def _next_command(self, timeout: float | None) -> Command:
        """The next queued command; raises ``TimeoutError`` when a timer falls due first.

        Waiting commands always come first: with a timer already due, ``wait_for`` would
        time out before even looking at the queue, starving people behind fast bots.
        """
        if self.deferred:
            return self.deferred.popleft()
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
            raise CommandError("bad_seq")
        if kind in HOST_COMMANDS:
            if person is None or person != self.table.host:
                raise CommandError("not_host")
            return self._host(kind, message)
        if kind in SEAT_COMMANDS:
            seat = self.table.seat_of(person)
            if seat is None:
                raise CommandError("no_seat", "yours")
            return self._seat(kind, seat, seq, message)
        raise CommandError("unknown")

    def _internal(self, kind: object, person: str | None, message: Mapping[str, Any]) -> Any:
        if kind == "request_seat":
            address = str(message.get("address", ""))
            return self.table.request_seat(message["name"], str(person), address).id
        if kind == "snapshot":
            return self.snapshot_for(person)
        if kind == "bot_act":
            hand = self.table.hand
            if hand is None or message["key"] != (self.table.hand_number, len(hand.actions)):
                raise CommandError("stale", "bot")
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
        table.note("notice.paused" if table.paused else "notice.resumed")
        return None

    def _seat(self, kind: str, seat: int, seq: int, message: Mapping[str, Any]) -> Any:
        table = self.table
        if kind == "act":
            if seq < self.decision_seq:
                raise CommandError("stale", "moved_on")
            if table.paused:
                raise CommandError("paused")
            action = message.get("action")
            if not isinstance(action, dict):
                raise CommandError("bad_action")
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
            self.table.spend_bank(seat, used)
        self.table.act(seat, action)

    # Timers.

    def _deadline(self) -> float | None:
        return None if self.clock is None else self.clock.deadline()

    def _tick(self, now: float) -> bool:
        """Do what fell due; whether the table changed (a bot starting to think does not)."""
        table = self.table
        hand = table.hand
        if hand is None:
            waiting = table.waiting
            dealt = self.deal_at is not None and now >= self.deal_at and self._can_deal()
            if dealt:
                self._deal()
            self.deal_at = None
            return dealt or table.waiting != waiting  # "dealing waits" is news too
        seat = hand.to_act
        if seat is None:
            return False
        if self.auto_at is not None and now >= self.auto_at:
            return self._auto(seat)
        if self.clock is not None and now >= self.clock.deadline():
            table.session.sit_out(seat)
            table.note("notice.timed_out", name=table.seats[seat].name)
            self._act(seat, expiry_action(table.game, hand.legal_actions(), seat).to_dict())
            return True
        return False

    def _auto(self, seat: int) -> bool:
        """Act for a player who sits out or is leaving (a change), or set a bot thinking."""
        table = self.table
        assert table.hand is not None
        player = table.seats[seat]
        if player.bot is None:
            action = expiry_action(table.game, table.hand.legal_actions(), seat)
            self._act(seat, action.to_dict())
            return True
        key = (table.hand_number, len(table.hand.actions))
        self.auto_at = None
        think = self.bots.think(table.game, table.hand, seat, player.bot, self.rng)
        task = asyncio.create_task(self._decide(think, seat, key))
        self.thinking.add(task)
        task.add_done_callback(self.thinking.discard)
        return False

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
        self.table.refill_banks(BANK_REFILL)

    def _can_deal(self) -> bool:
        return self.table.can_deal(self.present())

    # After every change.

    def _changed(self) -> None:
        """Reschedule the bots, the clock and the deal after a change."""
        self._schedule(time.monotonic())

    def _schedule(self, now: float) -> None:
        """Set the next bot move, turn clock, or deal."""
        table = self.table
        hand = table.hand
        if hand is None or hand.to_act is None or table.paused:
            self.clock = self.clock_key = self.auto_at = None
            if hand is None and self.deal_at is None and self._can_deal():
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
