"""Finished hands as one person may see them: step-by-step frames and a redacted record.

A full hand record holds every shuffle, so it shows every card, including mucked hands and
the palaces of battles the viewer was not in. Handing it out would break R-4, so each
viewer gets the record with every card they never saw written as ``"??"``. What a seat
saw is what the engine says (:func:`parlour.events.seen_cards`, as
:func:`parlour.records.redacted` uses it), in the one replay that also makes the frames.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from parlour.events import Event, seen_cards
from parlour.records import REDACTED, read_record, walk
from parlour.server.errors import CommandError
from parlour.server.snapshot import told
from parlour.server.storage import Store


@dataclass(frozen=True, slots=True)
class Viewed:
    """A finished hand as one seat (``None``: a spectator) saw it."""

    frames: list[dict[str, Any]]
    record: dict[str, Any]


def viewed(record: dict[str, Any], seat: int | None) -> Viewed:
    """Replay ``record`` once: the frames ``seat`` saw and the record redacted for it.

    A frame is one step: its action, the events the seat was shown (with their sentence
    for the seat) and the seat's view after it.
    """
    parsed = read_record(record)
    names = {s.seat: s.name or f"Seat {s.seat + 1}" for s in parsed.seats}
    game = parsed.game.name
    events: list[Event] = []
    frames = []
    for hand, step in walk(parsed):
        view = hand.view(seat)
        shown = [e for e in step.events if e.visible_to(seat)]
        events.extend(step.events)
        frames.append(
            {
                "action": None if step.action is None else step.action.to_dict(),
                "events": [told(game, e, names, seat) for e in shown],
                "view": view.to_dict(),
            }
        )
    known = {str(c) for c in seen_cards(events, seat)}
    shuffles = [[c if c in known else REDACTED for c in order] for order in record["shuffles"]]
    return Viewed(frames, {**record, "shuffles": shuffles})


#: Finished hands' views kept in memory (a replay of a long Palace hand is not free).
CACHE_SIZE = 256
#: Replays computed at once (in worker threads, never on the event loop).
REPLAYS_AT_ONCE = 2


class HandCache:
    """Finished hands per (table, hand, viewer seat), each replayed once and kept.

    A finished hand never changes, so its download and its frames for one seat are
    computed once, in a worker thread, and shared by everyone who asks, however many at
    once (they wait for the one replay). The least recently used are dropped past
    :data:`CACHE_SIZE`, so memory stays bounded.
    """

    def __init__(self) -> None:
        self._done: OrderedDict[tuple[str, int, int | None], asyncio.Future[tuple[str, str]]] = (
            OrderedDict()
        )
        self._gate = asyncio.Semaphore(REPLAYS_AT_ONCE)

    async def viewed(
        self, store: Store, table_id: str, number: int, person: str | None, *, steps: bool
    ) -> str:
        """The JSON text of hand ``number`` as ``person`` may see it: the redacted record,
        or (``steps``) its frames. Raises ``CommandError("no_hand")`` for no finished hand."""
        stored = await asyncio.to_thread(store.load_hand, table_id, number)
        if stored is None or not stored[2]:
            raise CommandError("no_hand")
        _, record, _, people = stored
        seat = next((int(s) for s, held in people.items() if held == person), None)
        key = (table_id, number, seat)
        found = self._done.get(key)
        if found is None:
            found = asyncio.get_running_loop().create_future()
            self._done[key] = found
            if len(self._done) > CACHE_SIZE:
                self._done.popitem(last=False)
            try:
                async with self._gate:
                    found.set_result(await asyncio.to_thread(_encoded, record, seat, number))
            except BaseException as error:
                self._done.pop(key, None)
                found.set_exception(error)
                raise
        else:
            self._done.move_to_end(key)
        record_text, frames_text = await asyncio.shield(found)
        return frames_text if steps else record_text

    async def page(self, store: Store, table_id: str, page: int, per_page: int) -> dict[str, Any]:
        """One page of the table's finished hands, newest first (CONTRACTS.md section 2)."""
        rows, total = await asyncio.to_thread(store.hand_page, table_id, page, per_page)
        return {
            "hands": [_line(number, ended, record) for number, ended, record in rows],
            "page": page,
            "pages": max(1, -(-total // per_page)),
            "total": total,
        }


def _encoded(record: dict[str, Any], seat: int | None, number: int) -> tuple[str, str]:
    seen = viewed(record, seat)
    steps = {"number": number, "seat": seat, "frames": seen.frames}
    return json.dumps(seen.record), json.dumps(steps, separators=(",", ":"))


def _line(number: int, ended: float | None, record: dict[str, Any]) -> dict[str, Any]:
    """A hand's line in the list: when it ended, who won chips, and the pot."""
    names = {s["seat"]: s.get("name") or f"Seat {s['seat'] + 1}" for s in record["seats"]}
    pots = record.get("outcome", {}).get("pots", [])
    seats = sorted({w for pot in pots for w in pot["winners"]})
    return {
        "number": number,
        "ended_at": ended,
        "winners": [names.get(s, f"Seat {s + 1}") for s in seats],
        "winner_seats": seats,
        "pot": sum(int(pot["amount"]) for pot in pots),
    }
