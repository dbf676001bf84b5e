"""One viewer's complete picture of a table: what their seat may see, and nothing more.

A snapshot is everything a client needs after any change (R-4 / P-41 are enforced by the
engine's ``view(seat)`` and by each event's audience): table, seats, the viewer's view of
the hand, their legal choices, the clock, the log, finished hands and the ledger.

:func:`build` gives one viewer's snapshot as a dict. A change is sent to every viewer of a
table, so :class:`Frame` renders it for all of them at once: the parts every viewer shares
(table, seats, clock, finished hands, ledger, settlement) are built and encoded once, each
log event's sentence once per seat that may see it, and each viewer's text is those pieces
joined around their own parts (who they are, their view of the hand, their choices). Its
text is byte for byte the encoding of :func:`build`'s dict.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Collection
from typing import Any

import orjson

from parlour.events import Event
from parlour.games.protocol import Hand
from parlour.i18n.message import spoken
from parlour.narration import message
from parlour.narration.strength import note_messages
from parlour.server.clock import TurnClock
from parlour.server.room import LOG_SHOWN, Room
from parlour.server.seating import BOT_PREFIX
from parlour.server.settlement import payments

HANDS_SHOWN = 30


def viewer_seat(table: Room, person: str | None) -> int | None:
    """The seat whose eyes ``person`` has in the current hand (``None``: spectator).

    Between hands it is the seat they held in the hand just finished, whose events
    (a palace shown to them in its last battle, P-41) are still on the log.
    """
    if table.hand is None:
        return next((int(s) for s, p in table.last_people.items() if p == person), None)
    seat = table.seat_of(person)
    return seat if seat is not None and table.in_hand(seat) else None


def log_part(table: Room, seat: int | None) -> list[dict[str, Any]]:
    """The newest log events ``seat`` may see, each with its sentence in ``text``.

    The sentence is told to the viewer ("You call 4."); names come from the players seated
    now and, for those who have left since, from the hand they played.
    """
    names = log_names(table)
    shown = [e for e in table.log if e.visible_to(seat)][-LOG_SHOWN:]
    return [told(table.config.game, event, names, seat) for event in shown]


def log_names(table: Room) -> dict[int, str]:
    """The names the log's sentences use: seated players now, and for those who have left
    since, the names they played the hand under."""
    hand = table.hand or table.last_hand
    names = {s.seat: s.name for s in hand.seats if s.name} if hand is not None else {}
    names.update((number, player.name) for number, player in table.seats.items())
    return names


def window_start(log: list[Event], seat: int | None) -> int:
    """Where in ``log`` the newest ``LOG_SHOWN`` events ``seat`` may see begin."""
    seen = 0
    for index in range(len(log) - 1, -1, -1):
        if log[index].visible_to(seat):
            seen += 1
            if seen == LOG_SHOWN:
                return index
    return 0


def told_once(table: Room, event: Event, names: dict[int, str], seat: int | None) -> bytes:
    """An event told to ``seat``, encoded, remembered while the names stay the same (a log
    event is told again with every change, to every viewer). Only the encoding is kept:
    a memo of the sentences' dictionaries too cost a table about 2 MB."""
    memo = table.told
    known = memo.get((id(event), seat))
    if known is None or known[0] is not event:
        encoded = kept(encode(told(table.config.game, event, names, seat)))
        known = memo[id(event), seat] = (event, encoded)
    encoded_text: bytes = known[1]
    return encoded_text


def told(game: str, event: Event, names: dict[int, str], seat: int | None) -> dict[str, Any]:
    """An event's JSON form with its sentence for the viewer at ``seat``: in English as
    ``text``, and as ``code`` and ``params`` for the viewer's own language (``tcode``)."""
    said = message(game, event, names, seat)
    if said is None:
        return {**event.to_dict(), "text": event.kind}
    return {**event.to_dict(), "text": str(said), **said.to_dict()}


def hand_part(table: Room, person: str | None) -> dict[str, Any]:
    """The viewer's view of the hand in progress and, on their turn, their legal choices.

    Between hands it is the view of the hand just finished (its showdown stays on the
    felt), seen from the seat the viewer held in it.
    """
    hand = table.hand
    seat = viewer_seat(table, person)
    if hand is None:
        last = table.last_hand
        if last is None:
            return {"view": None, "legal": [], "to_act": None, "notes": {}, "note_messages": {}}
        return {**viewed(table, last, seat), "legal": [], "to_act": None}
    legal = [c.to_dict() for c in hand.legal_actions()] if hand.to_act == seat else []
    return {**viewed(table, hand, seat), "legal": legal, "to_act": hand.to_act}


def viewed(table: Room, hand: Hand, seat: int | None) -> dict[str, Any]:
    """The view of ``hand`` from ``seat`` and, by seat, what the cards it shows are worth:
    in English (``notes``) and as messages for the viewer's language (``note_messages``)."""
    view = hand.view(seat)
    notes = {str(s): spoken(note) for s, note in note_messages(view).items()}
    return {
        "view": view.to_dict(),
        "notes": {s: english for s, (english, _) in notes.items()},
        "note_messages": {s: wire for s, (_, wire) in notes.items()},
    }


def seats_part(table: Room, connected: Collection[str]) -> list[dict[str, Any]]:
    """Every seat as everyone may see it (names, stacks, bots, presence)."""
    return [
        {
            "seat": seat,
            "name": p.name,
            "stack": p.stack,
            "bot": p.bot,
            "sitting_out": p.sitting_out,
            "leaving": p.leaving,
            "host": p.person == table.host,
            "connected": p.bot is not None or p.person in connected,
            "in_hand": table.in_hand(seat),
            "pending_stack": p.pending_stack,
            "muted": p.muted,
        }
        for seat, p in sorted(table.seats.items())
    ]


def ledger_part(table: Room) -> list[dict[str, Any]]:
    """Buy-ins, cash-outs and current stacks per person (the home game's settlement sheet)."""
    stacks = {p.person: p.stack for p in table.seats.values()}
    rows = []
    for person, account in table.ledger.items():
        stack = stacks.get(person, 0)
        rows.append(
            {
                "name": account.name,
                "buy_in": account.buy_in,
                "cashed_out": account.cashed_out,
                "stack": stack,
                "seated": person in stacks,
                "net": stack + account.cashed_out - account.buy_in,
                "bot": person.startswith(BOT_PREFIX),
            }
        )
    return rows


def settle_part(ledger: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Who pays whom among the people of the ledger (bots' chips are nobody's money)."""
    # One person may hold several ledger rows (they left and came back under a new token);
    # the same name is the same person at a home game, so their rows settle as one.
    nets: dict[str, int] = {}
    for row in ledger:
        if not row["bot"]:
            nets[str(row["name"])] = nets.get(str(row["name"]), 0) + int(row["net"])
    return [p.to_dict() for p in payments(list(nets.items()))]


def you_part(table: Room, person: str | None) -> dict[str, Any]:
    """Who the viewer is at this table."""
    seat = table.seat_of(person)
    request = next((r for r in table.requests if r.person == person), None)
    return {
        "seat": seat,
        "host": person is not None and person == table.host,
        "request": None if request is None else request.id,
        "name": table.seats[seat].name if seat is not None else (request.name if request else None),
    }


def table_part(table: Room) -> dict[str, Any]:
    """The table itself: its settings and where play stands."""
    return {
        "id": table.id,
        **table.config.to_dict(),
        "paused": table.paused,
        "waiting": table.waiting,
        "hand_number": table.hand_number,
        "button": table.button,
        "in_progress": table.hand is not None,
    }


def build(
    table: Room,
    person: str | None,
    *,
    seq: int,
    clock: TurnClock | None,
    connected: Collection[str],
    hands: list[int],
) -> dict[str, Any]:
    """The complete snapshot for ``person`` (a token hash, or ``None`` for a spectator)."""
    seat = viewer_seat(table, person)
    you = you_part(table, person)
    ledger = ledger_part(table)
    now = time.monotonic()
    out: dict[str, Any] = {
        "type": "snapshot",
        "seq": seq,
        "table": table_part(table),
        "you": you,
        "seats": seats_part(table, connected),
        "requests": [{"id": r.id, "name": r.name} for r in table.requests] if you["host"] else [],
        "clock": None if clock is None else clock.to_dict(now),
        "log": log_part(table, seat),
        "hands": hands[-HANDS_SHOWN:],
        "ledger": ledger,
        "settle": settle_part(ledger),
    }
    out.update(hand_part(table, person))
    return out


def encode(value: object) -> bytes:
    """Compact JSON (orjson; integer keys written as text, as :mod:`json` does)."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS)


def kept(encoded: bytes) -> bytes:
    """A copy of orjson's output sized to its length, for bytes kept past this change.

    orjson writes into a buffer of at least 4 KiB and hands that buffer back as the bytes
    object: a 150-byte sentence kept in a memo held 4 KiB (seen as 72 MB over ten tables).
    """
    return bytes(memoryview(encoded))


def _field(name: str, value: object) -> bytes:
    return b'"' + name.encode() + b'":' + encode(value)


class Frame:
    """One change of a table as each of its viewers sees it, as JSON text.

    Built while the table stands still (:meth:`Room.frozen`); the shared parts are encoded
    at once, each viewer's text when first asked for and then kept, so a person with several
    sockets, or a crowd of spectators, costs one text.
    """

    def __init__(
        self,
        table: Room,
        *,
        seq: int,
        clock: TurnClock | None,
        connected: Collection[str],
        hands: list[int],
    ) -> None:
        self.table = table
        self.seq = seq
        ledger = ledger_part(table)
        self._head = b'{"type":"snapshot","seq":' + str(seq).encode() + b","
        self._table = _field("table", table_part(table))
        self._seats = _field("seats", seats_part(table, connected))
        self._clock = _field("clock", None if clock is None else clock.to_dict(time.monotonic()))
        self._tail = b",".join(
            [
                _field("hands", hands[-HANDS_SHOWN:]),
                _field("ledger", ledger),
                _field("settle", settle_part(ledger)),
            ]
        )
        self._names = log_names(table)
        self._texts: dict[str | None, str] = {}

    def text(self, person: str | None) -> str:
        """The snapshot of ``person`` (a token hash, ``None`` for a spectator)."""
        known = self._texts.get(person)
        if known is None:
            known = self._texts[person] = self._render(person).decode()
        return known

    def _render(self, person: str | None) -> bytes:
        table = self.table
        you = you_part(table, person)
        requests = [{"id": r.id, "name": r.name} for r in table.requests] if you["host"] else []
        hand = encode(hand_part(table, person))
        return b"".join(
            [
                self._head,
                self._table,
                b',"you":',
                encode(you),
                b",",
                self._seats,
                b',"requests":',
                encode(requests),
                b",",
                self._clock,
                b',"log":',
                self._log(viewer_seat(table, person)),
                b",",
                self._tail,
                b"," if len(hand) > 2 else b"",
                hand[1:-1],
                b"}",
            ]
        )

    def _log(self, seat: int | None) -> bytes:
        """The newest ``LOG_SHOWN`` events ``seat`` may see, encoded.

        Each seat's list is kept between changes (in the room's memo of told sentences,
        which is dropped when names change): a change adds its few new events and lets go
        of those that left the head of the room's log, instead of telling all again.
        """
        table = self.table
        log, dropped = table.log, table.log_dropped
        key = ("log", seat)
        kept = table.told.get(key)
        if kept is not None and kept[0] is log:  # the same list: only appends and trims since
            _, end, shown = kept
            start = max(0, end - dropped)
        else:  # tell only what will be shown, not the whole log
            start, shown = window_start(log, seat), deque()
        for index in range(start, len(log)):
            event = log[index]
            if event.visible_to(seat):
                shown.append((dropped + index, told_once(table, event, self._names, seat)))
        while shown and (shown[0][0] < dropped or len(shown) > LOG_SHOWN):
            shown.popleft()
        table.told[key] = (log, dropped + len(log), shown)
        return b"[" + b",".join(text for _, text in shown) + b"]"
