"""One table's state and the rules of seating, hosting and dealing (no I/O, no clock).

The table's runner task is its only writer. Every method either changes the state or
raises :class:`CommandError` and changes nothing.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from parlour.errors import ParlourError
from parlour.events import Event, Notice
from parlour.games.protocol import Game, Hand
from parlour.seats import SeatSpec
from parlour.server.chat import chat_event
from parlour.server.config import TableConfig, config_from_stored
from parlour.server.errors import CommandError
from parlour.server.resume import record_seats, replay_steps, start_events, write_record
from parlour.server.seating import BOT_PREFIX, Account, Player, Request, new_id
from parlour.shuffles import SecureShuffler, Shuffler

LOG_LIMIT = 300
#: Seat requests waiting at once (each is stored and shown to the host).
MAX_REQUESTS = 10


def notice(text: str) -> Event:
    """A public line in the table's log that is not part of a hand."""
    return Notice(text=text)


class Table:
    """Seats, requests, host, ledger, button and the hand in progress."""

    def __init__(self, table_id: str, config: TableConfig, game: Game) -> None:
        self.id = table_id
        self.config = config
        self.game = game
        self.options = game.options_from_dict(config.options)
        self.seats: dict[int, Player] = {}
        self.requests: list[Request] = []
        self.ledger: dict[str, Account] = {}
        self.host: str | None = None
        self.button: int | None = None
        self.hand_number = 0
        self.paused = False
        self.hand: Hand | None = None
        self.hand_seats: list[SeatSpec] = []
        self.last_hand: Hand | None = None
        self.last_people: dict[str, str] = {}
        self.log: list[Event] = []
        self.finished: list[dict[str, Any]] = []

    # Seating.

    def free_seat(self) -> int:
        """The lowest empty seat; refuses when the table is full."""
        for seat in range(self.config.seats):
            if seat not in self.seats:
                return seat
        raise CommandError("full", "the table is full")

    def sit(self, name: str, person: str, stack: int, bot: str | None = None) -> int:
        """Seat someone with a buy-in of ``stack`` and record it in the ledger."""
        seat = self.free_seat()
        bank = float(self.config.time_bank_seconds)
        self.seats[seat] = Player(name, person, stack, bot=bot, bank=bank)
        self.ledger.setdefault(person, Account(name)).buy_in += stack
        self.note(f"{name} sits in seat {seat + 1} with {stack}.")
        return seat

    def request_seat(self, name: str, person: str) -> Request:
        """Ask the host for a seat (a second request from the same person replaces the first)."""
        if self.seat_of(person) is not None:
            raise CommandError("seated", "you already have a seat")
        self.requests = [r for r in self.requests if r.person != person]
        self._check_request(name)
        request = Request(new_id(), name, person)
        self.requests.append(request)
        self.note(f"{name} asks for a seat.")
        if self.host is None:
            # Nobody can approve at a table its people have all left: the first to come
            # back sits down and hosts it.
            self.approve(request.id, None)
            self.host = person
            self.note(f"{name} is now the host.")
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
        self.note(f"The host declined {request.name}.")

    def add_bot(self, kind: str) -> int:
        """The host seats a bot of ``kind`` with the starting stack."""
        kinds = self.game.META.bot_kinds
        if kind not in kinds:
            raise CommandError("bad_bot", f"bot kind must be one of {kinds}")
        count = sum(1 for p in self.seats.values() if p.bot) + 1
        name = f"{kind.capitalize()} bot {count}"
        return self.sit(name, f"{BOT_PREFIX}{new_id()}", self.config.starting_stack, bot=kind)

    def set_stack(self, seat: object, stack: object) -> None:
        """The host changes a stack: now between hands, otherwise when the hand ends."""
        number, player = self._taken(seat)
        chips = _chips(stack)
        if self.in_hand(number):
            player.pending_stack = chips
            self.note(f"The host set {player.name}'s stack to {chips} from the next hand.")
        else:
            self._restack(player, chips)

    def remove(self, seat: object) -> None:
        """Free a seat (host removing a player or bot, or a player leaving).

        A player in the hand in progress is folded for when their turn comes and leaves
        when the hand ends, so the hand's chips stay whole.
        """
        number, player = self._taken(seat)
        if self.in_hand(number):
            player.leaving = True
            self.note(f"{player.name} will leave after this hand.")
            if player.person == self.host:
                self.pass_host()
            return
        self._cash_out(number)

    def set_sitting_out(self, seat: int, *, out: bool) -> None:
        """A player sits out (auto check/fold, not dealt in) or comes back."""
        _, player = self._taken(seat)
        player.sitting_out = out
        self.note(f"{player.name} {'sits out' if out else 'is back'}.")

    def chat(self, seat: int, text: object) -> None:
        """A seated player says ``text`` to the table, unless the host has muted them."""
        _, player = self._taken(seat)
        if player.muted:
            raise CommandError("muted", "the host has muted you")
        self.log.append(chat_event(seat, player.name, text))
        del self.log[:-LOG_LIMIT]

    def mute(self, seat: object, muted: object) -> None:
        """The host mutes a player's chat, or lets them speak again."""
        _, player = self._taken(seat)
        if not isinstance(muted, bool):
            raise CommandError("bad_mute", "mute needs 'muted': true or false")
        player.muted = muted
        self.note(f"The host {'muted' if muted else 'unmuted'} {player.name}.")

    def pass_host(self) -> None:
        """Give host rights to the first seated person when the host has left."""
        seated = [p.person for _, p in sorted(self.seats.items()) if not p.bot and not p.leaving]
        if self.host in seated:
            return
        self.host = seated[0] if seated else None
        if self.host is not None:
            self.note(f"{self.seat_player(self.host).name} is now the host.")

    # Queries.

    def seat_of(self, person: str | None) -> int | None:
        """The seat a person holds, if any."""
        for seat, player in self.seats.items():
            if player.person == person:
                return seat
        return None

    def seat_player(self, person: str) -> Player:
        """The player a person is (they must be seated)."""
        seat = self.seat_of(person)
        assert seat is not None
        return self.seats[seat]

    def in_hand(self, seat: int) -> bool:
        """Whether ``seat`` was dealt into the hand in progress."""
        return self.hand is not None and any(s.seat == seat for s in self.hand_seats)

    def can_deal(self) -> bool:
        """Whether a new hand can start now."""
        ready = [
            p for p in self.seats.values() if p.stack > 0 and not p.sitting_out and not p.leaving
        ]
        return self.hand is None and not self.paused and len(ready) >= 2

    def hand_people(self) -> dict[str, str]:
        """Who holds each seat dealt into the hand in progress (seat as text -> person)."""
        return {str(s.seat): self.seats[s.seat].person for s in self.hand_seats}

    def chips(self) -> int:
        """Chips at the table (stacks as of the start of the hand in progress)."""
        return sum(p.stack for p in self.seats.values())

    # Hands.

    def deal(self, shuffler: Shuffler | None = None) -> list[Event]:
        """Start the next hand: queued stacks applied, button moved, players dealt in."""
        self._apply_pending_stacks()
        dealt = sorted(
            s for s, p in self.seats.items() if p.stack > 0 and not p.sitting_out and not p.leaving
        )
        shuffler = shuffler or SecureShuffler()
        if self.button is None:  # a new table: the game chooses its first dealer (P-6)
            self.button = self.game.first_dealer(dealt, shuffler)
        else:  # the button moves one seat to the left (A-53, P-7)
            self.button = next((s for s in dealt if s > self.button), dealt[0])
        self.hand_seats = [SeatSpec(s, self.seats[s].stack, self.seats[s].name) for s in dealt]
        self.hand = self.game.start_hand(self.options, self.hand_seats, self.button, shuffler)
        self.hand_number += 1
        # The last hand's public events stay readable; private ones go, because their
        # seats may now belong to someone else.
        self.log = [e for e in self.log if e.audience is None]
        self.log.append(notice(f"Hand {self.hand_number} begins."))
        events = start_events(self.hand)
        self.log.extend(events)
        return events

    def act(self, seat: int, data: Mapping[str, Any]) -> list[Event]:
        """Apply one decision of ``seat`` (the seat is taken from the connection, not the data)."""
        hand = self.hand
        if hand is None or hand.to_act != seat:
            raise CommandError("not_your_turn", "it is not your turn")
        try:
            action = self.game.action_from_dict({**data, "seat": seat})
            events = hand.apply(action)
        except (ParlourError, ValueError, TypeError, KeyError) as error:
            raise CommandError("illegal", str(error)) from error
        self.log.extend(events)
        del self.log[:-LOG_LIMIT]
        return events

    def record(self) -> dict[str, Any]:
        """The hand in progress (or just finished) as a hand record."""
        assert self.hand is not None
        assert self.button is not None
        return write_record(
            self.config.game, self.options.to_dict(), self.hand_seats, self.button, self.hand
        )

    def finish(self) -> dict[str, Any]:
        """Settle a finished hand: stacks from its outcome, leavers cashed out; its record."""
        assert self.hand is not None
        assert self.hand.outcome is not None
        record = self.record()
        self.last_hand, self.last_people = self.hand, self.hand_people()
        for spec, stack in zip(self.hand_seats, self.hand.outcome.stacks, strict=True):
            self.seats[spec.seat].stack = stack
        self.hand = None
        self.hand_seats = []
        for seat in [s for s, p in self.seats.items() if p.leaving]:
            self._cash_out(seat)
        self._apply_pending_stacks()
        self.note(f"Hand {self.hand_number} is over.")
        return record

    def restore(self, record: dict[str, Any]) -> None:
        """Resume the hand in progress by replaying its record so far."""
        self.hand_seats = []
        for hand, _action, events in replay_steps(self.game, record):
            self.hand = hand
            self.log.extend(events)
        self.hand_seats = record_seats(record)
        self.button = record["button"]
        del self.log[:-LOG_LIMIT]

    def note(self, text: str) -> None:
        """Add a public notice to the log."""
        self.log.append(notice(text))
        del self.log[:-LOG_LIMIT]

    # Storage.

    def to_dict(self) -> dict[str, Any]:
        """Everything needed to rebuild the table between hands."""
        return {
            "config": self.config.to_dict(),
            "seats": {str(s): p.to_dict() for s, p in self.seats.items()},
            "requests": [r.to_dict() for r in self.requests],
            "ledger": {k: a.to_dict() for k, a in self.ledger.items()},
            "host": self.host,
            "button": self.button,
            "hand_number": self.hand_number,
            "paused": self.paused,
        }

    @classmethod
    def from_dict(cls, table_id: str, data: dict[str, Any], games: Mapping[str, Game]) -> Table:
        """Rebuild a stored table (the hand in progress is restored separately)."""
        config = config_from_stored(data["config"])
        table = cls(table_id, config, games[config.game])
        table.seats = {int(s): Player.from_dict(p) for s, p in data["seats"].items()}
        table.requests = [Request(**r) for r in data["requests"]]
        table.ledger = {k: Account(**a) for k, a in data["ledger"].items()}
        table.host = data["host"]
        table.button = data["button"]
        table.hand_number = data["hand_number"]
        table.paused = data["paused"]
        return table

    # Helpers.

    def _check_request(self, name: str) -> None:
        """Refuse a request no seat can answer, one too many, or a name already in use
        (names say who pays whom and who said what, so two people may not share one)."""
        if len(self.seats) >= self.config.seats:
            raise CommandError("full", "the table is full")
        if len(self.requests) >= MAX_REQUESTS:
            raise CommandError("busy", "too many people are waiting for a seat; try later")
        taken = {_same(p.name) for p in self.seats.values()}
        taken |= {_same(r.name) for r in self.requests}
        if _same(name) in taken:
            raise CommandError("name_taken", f"someone at this table is already called {name}")

    def _request(self, request_id: object) -> Request:
        for request in self.requests:
            if request.id == request_id:
                return request
        raise CommandError("no_request", "no such seat request")

    def _taken(self, seat: object) -> tuple[int, Player]:
        if not isinstance(seat, int) or isinstance(seat, bool) or seat not in self.seats:
            raise CommandError("no_seat", "nobody sits in that seat")
        return seat, self.seats[seat]

    def _restack(self, player: Player, chips: int) -> None:
        self.ledger.setdefault(player.person, Account(player.name)).buy_in += chips - player.stack
        self.note(f"The host set {player.name}'s stack from {player.stack} to {chips}.")
        player.stack = chips
        player.pending_stack = None

    def _apply_pending_stacks(self) -> None:
        for player in self.seats.values():
            if player.pending_stack is not None:
                self._restack(player, player.pending_stack)

    def _cash_out(self, seat: int) -> None:
        player = self.seats.pop(seat)
        self.ledger.setdefault(player.person, Account(player.name)).cashed_out += player.stack
        self.note(f"{player.name} leaves with {player.stack}.")
        if player.person == self.host:
            self.pass_host()


def _same(name: str) -> str:
    """A name as compared for uniqueness: "Ann", "ANN" and Ann in fullwidth letters are one."""
    return unicodedata.normalize("NFKC", name).casefold()


def _chips(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise CommandError("bad_stack", "a stack must be a whole number from 0 to 1000000000")
    return value
