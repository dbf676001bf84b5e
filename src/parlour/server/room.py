"""A table at the server: a :class:`parlour.session.TableSession` and the people around it.

The session owns what the rules own: seats and stacks, the first dealer and the button,
who is dealt in, changes that wait for the end of a hand, the hand records. The room adds
what a home game online needs: who holds each seat (a token hash or a bot), the host,
seat requests, the ledger of buy-ins and cash-outs, time banks, mutes and the log.

The room's runner task is its only writer. Every method either changes the state or
raises :class:`CommandError` and changes nothing. No I/O and no clock here.
"""

from __future__ import annotations

import contextlib
import unicodedata
from collections.abc import Collection, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from parlour.errors import ParlourError
from parlour.events import Event
from parlour.games.protocol import Game, Hand
from parlour.records import hand_to_record, read_record
from parlour.server.chat import chat_event
from parlour.server.config import TableConfig, config_from_stored
from parlour.server.errors import CommandError
from parlour.server.notices import notice
from parlour.server.seating import BOT_PREFIX, Account, Occupant, Request, SeatRow, new_id
from parlour.session import Change, Player, TableSession
from parlour.shuffles import Shuffler

LOG_LIMIT = 300
#: The newest log events a viewer is shown (of those they may see).
LOG_SHOWN = 120
#: Seat requests waiting at once (each is stored and shown to the host).
MAX_REQUESTS = 10
#: Seat requests waiting at once from one client address at one table, so one script
#: cannot take every place in the queue and lock friends out.
MAX_REQUESTS_PER_ADDRESS = 2


@dataclass(frozen=True, slots=True)
class Finished:
    """A hand that just ended: its number, its full record and who held each seat."""

    number: int
    record: dict[str, Any]
    people: dict[str, str]


class Room:
    """Seats (through the session), people, requests, host, ledger and the log."""

    def __init__(
        self,
        table_id: str,
        config: TableConfig,
        game: Game,
        *,
        button: int | None = None,
        number: int = 0,
        shuffler: Shuffler | None = None,
    ) -> None:
        self.id = table_id
        self.config = config
        self.game = game
        self.session = TableSession(
            game,
            config.options,
            {},
            button=button,
            shuffler=shuffler,
            max_seats=config.seats,
            draw_later=True,
            busted_leave=False,
            number=number,
        )
        self.options = self.session.options
        self.occupants: dict[int, Occupant] = {}
        self.requests: list[Request] = []
        self.ledger: dict[str, Account] = {}
        self.host: str | None = None
        self.paused = False
        #: Whether dealing waits for a person to sit in or come back (issue 12).
        self.waiting = False
        self.last_hand: Hand | None = None
        self.last_people: dict[str, str] = {}
        self.log: list[Event] = []
        #: Events dropped from the head of ``log`` so far (``log[i]`` is event number
        #: ``log_dropped + i`` of this list), so a viewer's cached log knows what left.
        self.log_dropped = 0
        #: Hands that ended and are not stored yet (the runner takes them).
        self.finished: list[Finished] = []
        #: Stored changes that wait for the end of the hand being restored.
        self.queued: list[tuple[str, int, Any]] = []
        self._frozen: dict[int, SeatRow] | None = None
        #: Log sentences already told, by (event id, viewer seat), while names stay the same.
        self.told: dict[Any, Any] = {}

    # Seats as the table shows them.

    @property
    def seats(self) -> dict[int, SeatRow]:
        """Every taken seat: the session's player and who holds it, together."""
        if self._frozen is not None:
            return self._frozen
        return {seat: self._row(seat, p) for seat, p in self.session.players.items()}

    @contextlib.contextmanager
    def frozen(self) -> Iterator[None]:
        """Inside, the table does not change (snapshots are being built from it), so its
        seats are worked out once for every viewer instead of once per look."""
        self._frozen = None
        self._frozen = self.seats
        self.told = {} if self.told.get("names") != self._names() else self.told
        self.told["names"] = self._names()
        if self.told.get("log") is not self.log:
            self._forget_told()
        try:
            yield
        finally:
            self._frozen = None

    def _forget_told(self) -> None:
        """Keep only the told sentences of events a viewer may still be shown.

        Called when a new hand starts a new log list. Without it, the sentences of every
        event of every hand stayed remembered (with the events themselves) until 20,000
        of them: about 20 MB a table, 1.6 GB at 200 tables. A window of twice what a viewer
        is shown covers every seat's (a sentence forgotten too soon is only told again).
        """
        recent = {id(event) for event in self.log[-2 * LOG_SHOWN :]}
        self.told = {
            key: value
            for key, value in self.told.items()
            if key == "names" or (isinstance(key[0], int) and key[0] in recent)
        }
        self.told["log"] = self.log

    def _names(self) -> tuple[tuple[int, str], ...]:
        """The names of the seats now (the log's sentences depend on them)."""
        return tuple((s, str(p.name)) for s, p in sorted(self.session.players.items()))

    def _row(self, seat: int, player: Player) -> SeatRow:
        held = self.occupants[seat]
        return SeatRow(
            name=str(player.name),
            person=held.person,
            stack=player.stack,
            bot=held.bot,
            sitting_out=player.sitting_out,
            leaving=self.session.leaving(seat),
            pending_stack=self.session.pending(seat, "stack"),
            bank=held.bank,
            muted=held.muted,
        )

    @property
    def hand(self) -> Hand | None:
        """The hand in progress (``None`` between hands)."""
        return self.session.hand if self.session.in_hand else None

    @property
    def hand_number(self) -> int:
        """The number of the hand in progress or last dealt."""
        return self.session.number

    @property
    def button(self) -> int | None:
        """The dealer's seat (``None`` until the first dealer is drawn, P-6)."""
        return None if self.session.draw_later else self.session.button

    # Seating.

    def free_seat(self) -> int:
        """The lowest empty seat; refuses when the table is full."""
        for seat in range(self.config.seats):
            if seat not in self.session.players:
                return seat
        raise CommandError("full")

    def sit(self, name: str, person: str, stack: int, bot: str | None = None) -> int:
        """Seat someone with a buy-in of ``stack`` (it goes in the ledger)."""
        seat = self.free_seat()
        self.occupants[seat] = Occupant(person, bot, float(self.config.time_bank_seconds))
        self.session.join(seat, stack, name)
        self._settle()
        return seat

    def request_seat(self, name: str, person: str, address: str = "") -> Request:
        """Ask the host for a seat (a second request from the same person replaces the first).

        The host asking (with their own token, after leaving their seat) sits down at once.
        """
        if self.seat_of(person) is not None:
            raise CommandError("seated")
        self.requests = [r for r in self.requests if r.person != person]
        self._check_request(name, address)
        request = Request(new_id(), name, person, address)
        self.requests.append(request)
        self.note("notice.asks_seat", name=name)
        if person == self.host:
            self.approve(request.id, None)
        return request

    def approve(self, request_id: object, stack: object) -> int:
        """The host seats a waiting player (with the starting stack unless told otherwise)."""
        request = self._request(request_id)
        chips = self.config.starting_stack if stack is None else _chips(stack)
        seat = self.sit(request.name, request.person, chips)
        self.requests.remove(request)
        return seat

    def deny(self, request_id: object) -> None:
        """The host turns a seat request down."""
        request = self._request(request_id)
        self.requests.remove(request)
        self.note("notice.declined", name=request.name)

    def add_bot(self, kind: str) -> int:
        """The host seats a bot of ``kind`` with the starting stack."""
        kinds = self.game.META.bot_kinds
        if kind not in kinds:
            raise CommandError("bad_bot", kinds=str(kinds))
        count = sum(1 for held in self.occupants.values() if held.bot) + 1
        name = f"{kind.capitalize()} bot {count}"
        return self.sit(name, f"{BOT_PREFIX}{new_id()}", self.config.starting_stack, bot=kind)

    def set_stack(self, seat: object, stack: object) -> None:
        """The host changes a stack: now between hands, otherwise when the hand ends."""
        number, row = self._taken(seat)
        chips = _chips(stack)
        self.session.set_stack(number, chips)
        if self.session.dealt_in(number):
            self.note("notice.stack_next", name=row.name, chips=chips)
        self._settle()

    def remove(self, seat: object) -> None:
        """Free a seat (host removing a player or bot, or a player leaving).

        A player in the hand in progress is folded for when their turn comes and leaves
        when the hand ends, so the hand's chips stay whole.
        """
        number, row = self._taken(seat)
        self.session.leave(number)
        if self.session.leaving(number):
            self.note("notice.leaving", name=row.name)
            if row.person == self.host:
                self.pass_host()
        self._settle()

    def set_sitting_out(self, seat: int, *, out: bool) -> None:
        """A player sits out (auto check/fold, not dealt in) or comes back."""
        _, row = self._taken(seat)
        self.session.sit_out(seat, out=out)
        self.note("notice.sits_out" if out else "notice.is_back", name=row.name)

    def spend_bank(self, seat: int, seconds: float) -> None:
        """Take ``seconds`` of overtime from a seat's time bank."""
        held = self.occupants[seat]
        held.bank = max(0.0, held.bank - seconds)

    def refill_banks(self, seconds: float) -> None:
        """Give every seat ``seconds`` back, up to the table's full bank."""
        for held in self.occupants.values():
            held.bank = min(float(self.config.time_bank_seconds), held.bank + seconds)

    def chat(self, seat: int, text: object) -> None:
        """A seated player says ``text`` to the table, unless the host has muted them."""
        _, row = self._taken(seat)
        if row.muted:
            raise CommandError("muted")
        self.log.append(chat_event(seat, row.name, text))
        self.trim_log()

    def mute(self, seat: object, muted: object) -> None:
        """The host mutes a player's chat, or lets them speak again."""
        number, row = self._taken(seat)
        if not isinstance(muted, bool):
            raise CommandError("bad_mute")
        self.occupants[number].muted = muted
        self.note("notice.muted" if muted else "notice.unmuted", name=row.name)

    def pass_host(self) -> None:
        """Give host rights to the first seated person when the host has left.

        With no other person seated the host keeps the rights: they may come back with
        their token, and an abandoned table is never handed to whoever asks next.
        """
        rows = self.seats
        seated = [r.person for _, r in sorted(rows.items()) if not r.bot and not r.leaving]
        if self.host in seated or not seated:
            return
        self.host = seated[0]
        self.note("notice.new_host", name=self.seat_player(self.host).name)

    # Queries.

    def seat_of(self, person: str | None) -> int | None:
        """The seat a person holds, if any."""
        for seat, held in self.occupants.items():
            if held.person == person:
                return seat
        return None

    def seat_player(self, person: str) -> SeatRow:
        """The seat a person holds (they must be seated)."""
        seat = self.seat_of(person)
        assert seat is not None
        return self.seats[seat]

    def in_hand(self, seat: int) -> bool:
        """Whether ``seat`` was dealt into the hand in progress."""
        return self.session.dealt_in(seat)

    def people_present(self, connected: Collection[str]) -> bool:
        """Whether a person (not a bot) who would be dealt in is connected (issue 12)."""
        return any(
            self.occupants[seat].bot is None and self.occupants[seat].person in connected
            for seat in self.session.ready()
        )

    def can_deal(self, connected: Collection[str]) -> bool:
        """Whether a new hand can start now: two can pay, and a person is there to play.

        Bots alone never deal for ever: with nobody seated and present the table waits
        after the current hand, and deals again when someone sits in or comes back.
        """
        if self.hand is not None or self.paused or not self.session.can_deal():
            return False
        present = self.people_present(connected)
        if present != (not self.waiting):
            self.waiting = not present
            if self.waiting:
                self.note("notice.nobody")
        return present

    def hand_people(self) -> dict[str, str]:
        """Who holds each seat dealt into the hand in progress (seat as text -> person)."""
        return {str(s.seat): self.occupants[s.seat].person for s in self.session.hand_seats}

    def chips(self) -> int:
        """Chips at the table (stacks as of the start of the hand in progress)."""
        return sum(p.stack for p in self.session.players.values())

    # Hands.

    def deal(self) -> list[Event]:
        """Start the next hand (the session moves the button and deals in who is ready)."""
        try:
            hand = self.session.start_hand()
        except ValueError as error:
            raise CommandError("cannot_deal", str(error)) from error
        # The last hand's public events stay readable; private ones go, because their
        # seats may now belong to someone else.
        self.log = [e for e in self.log if e.audience is None]
        self.log.append(notice("notice.hand_begins", number=self.hand_number))
        events = list(hand.start_events)
        self.log.extend(events)
        self._after_hand()
        return events

    def act(self, seat: int, data: Mapping[str, Any]) -> list[Event]:
        """Apply one decision of ``seat`` (the seat is taken from the connection, not the data)."""
        hand = self.hand
        if hand is None or hand.to_act != seat:
            raise CommandError("not_your_turn")
        try:
            action = self.game.action_from_dict({**data, "seat": seat})
            events = self.session.apply(action)
        except (ParlourError, ValueError, TypeError, KeyError) as error:
            raise CommandError("illegal", str(error)) from error
        self.log.extend(events)
        self.trim_log()
        self._after_hand()
        return events

    def record(self) -> dict[str, Any]:
        """The hand in progress as a hand record so far (``parlour.hand/1``)."""
        assert self.hand is not None
        return hand_to_record(self.hand)

    def restore(self, data: Mapping[str, Any]) -> None:
        """Resume the hand in progress from its record so far (through ``parlour.records``)."""
        replayed = self.session.resume(read_record(data))
        self.log.append(notice("notice.hand_resumes", number=self.hand_number))
        self.log.extend(replayed.events)
        self.trim_log()
        self.requeue()
        self._after_hand()

    def trim_log(self) -> None:
        """Keep the newest ``LOG_LIMIT`` events, counting those dropped."""
        extra = len(self.log) - LOG_LIMIT
        if extra > 0:
            del self.log[:extra]
            self.log_dropped += extra

    def note(self, code: str, **params: str | int) -> None:
        """Add a public notice to the log, by its code (:mod:`parlour.server.notices`)."""
        self.log.append(notice(code, **params))
        self.trim_log()

    # Storage.

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to rebuild the table (stacks as of the hand in progress's start)."""
        rows = self.seats
        return {
            "config": self.config.to_dict(),
            "seats": {str(s): _stored_row(r) for s, r in rows.items()},
            "queued": [[k, s, v] for k, s, v in self.session.queued()],
            "requests": [r.to_dict() for r in self.requests],
            "ledger": {k: a.to_dict() for k, a in self.ledger.items()},
            "host": self.host,
            "button": self.button,
            "hand_number": self.hand_number,
            "paused": self.paused,
        }

    @classmethod
    def from_dict(cls, table_id: str, data: Mapping[str, Any], games: Mapping[str, Game]) -> Room:
        """Rebuild a stored table; ``restore`` then takes up its hand in progress, if any."""
        config = config_from_stored(data["config"])
        room = cls(
            table_id,
            config,
            games[config.game],
            button=data["button"],
            number=data["hand_number"],
        )
        for key, row in data["seats"].items():
            seat = int(key)
            held = Occupant(row["person"], row.get("bot"), row["bank"], row["muted"])
            room.occupants[seat] = held
            room.session.players[seat] = Player(row["name"], row["stack"], row["sitting_out"])
        room.requests = [Request(**r) for r in data["requests"]]
        room.ledger = {k: Account(**a) for k, a in data["ledger"].items()}
        room.host = data["host"]
        room.paused = data["paused"]
        room.queued = _queued(data)
        return room

    def requeue(self) -> None:
        """Ask the session again for the changes stored as waiting for the hand's end
        (after ``restore``: the seats they name are in the resumed hand again)."""
        for kind, seat, value in self.queued:
            if seat not in self.session.players:
                continue
            if kind == "leave":
                self.session.leave(seat)
            elif kind == "stack":
                self.session.set_stack(seat, int(value))
            elif kind == "rebuy":
                self.session.rebuy(seat, int(value))
        self.queued = []
        self._settle()

    # Helpers.

    def _after_hand(self) -> None:
        """Take a hand the session has just settled, and the changes it made."""
        for record in self.session.records:
            number = self.hand_number
            people = {str(s["seat"]): self.occupants[s["seat"]].person for s in record["seats"]}
            self.last_hand, self.last_people = self.session.hand, people
            self.finished.append(Finished(number, record, people))
            self.note("notice.hand_over", number=number)
        self.session.records.clear()  # stored by the runner, not kept for ever in memory
        self._settle()

    def _settle(self) -> None:
        """Bring the ledger and the seat holders in step with the session's changes."""
        changes, self.session.changes = self.session.changes, []
        for change in changes:
            self._apply(change)

    def _apply(self, change: Change) -> None:
        name = str(change.name)
        if change.kind == "leave":
            held = self.occupants.pop(change.seat)
            self.ledger.setdefault(held.person, Account(name)).cashed_out += change.before
            self.note("notice.leaves", name=name, chips=change.before)
            if held.person == self.host:
                self.pass_host()
            return
        person = self.occupants[change.seat].person
        self.ledger.setdefault(person, Account(name)).buy_in += change.after - change.before
        if change.kind == "join":
            self.note("notice.sits_in", name=name, seat=change.seat + 1, chips=change.after)
        elif change.before != change.after:
            self.note("notice.stack_set", name=name, before=change.before, after=change.after)

    def _check_request(self, name: str, address: str) -> None:
        """Refuse a request no seat can answer, one too many, or a name already in use
        (names say who pays whom and who said what, so two people may not share one)."""
        if len(self.session.players) >= self.config.seats:
            raise CommandError("full")
        if len(self.requests) >= MAX_REQUESTS:
            raise CommandError("busy", "queue")
        if address and sum(r.address == address for r in self.requests) >= (
            MAX_REQUESTS_PER_ADDRESS
        ):
            raise CommandError("busy", "address")
        taken = {_same(str(p.name)) for p in self.session.players.values()}
        taken |= {_same(r.name) for r in self.requests}
        if _same(name) in taken:
            raise CommandError("name_taken", name=name)

    def _request(self, request_id: object) -> Request:
        for request in self.requests:
            if request.id == request_id:
                return request
        raise CommandError("no_request")

    def _taken(self, seat: object) -> tuple[int, SeatRow]:
        players = self.session.players
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in players:
            raise CommandError("no_seat", "empty")
        return seat, self._row(seat, players[seat])


def _stored_row(row: SeatRow) -> dict[str, Any]:
    return {
        "name": row.name,
        "person": row.person,
        "stack": row.stack,
        "bot": row.bot,
        "sitting_out": row.sitting_out,
        "bank": row.bank,
        "muted": row.muted,
    }


def _queued(data: Mapping[str, Any]) -> list[tuple[str, int, Any]]:
    """Changes waiting for the hand's end, in the stored form (or the older seat flags)."""
    if "queued" in data:
        return [(k, s, v) for k, s, v in data["queued"]]
    out: list[tuple[str, int, Any]] = []
    for key, row in data["seats"].items():
        if row.get("pending_stack") is not None:
            out.append(("stack", int(key), row["pending_stack"]))
        if row.get("leaving"):
            out.append(("leave", int(key), None))
    return out


def _same(name: str) -> str:
    """A name as compared for uniqueness: "Ann", "ANN" and Ann in fullwidth letters are one."""
    return unicodedata.normalize("NFKC", name).casefold()


def _chips(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise CommandError("bad_stack")
    return value
