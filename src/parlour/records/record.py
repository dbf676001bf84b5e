"""The ``parlour.hand/1`` format (HAND-RECORD.md): read and validate a record, write one.

Common to both games: the header rules (fields, seats, button, players dealt in, shuffle
cards). Game-specific parsing (options, actions) is delegated to the game module found
in :data:`parlour.games.GAMES`. A player's copy of a record (a server download) writes
every card its viewer never saw as ``"??"``; such a shuffle is read with ``None`` in
those places and the record is :attr:`Record.redacted` (see :mod:`parlour.records.unseen`).
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from parlour.cards import Card, parse_card
from parlour.errors import OptionError, RecordError
from parlour.games import GAMES
from parlour.games.protocol import Action, Game, Hand, Options
from parlour.outcome import Outcome
from parlour.seats import SeatSpec

FORMAT: Final = "parlour.hand/1"
FIELDS: Final = ("format", "game", "options", "seats", "button", "shuffles", "actions", "outcome")
SEAT_FIELDS: Final = ("seat", "name", "stack")
#: How a player's copy of a record writes a card its owner never saw (R-4).
REDACTED: Final = "??"


@dataclass(frozen=True, slots=True)
class Record:
    """A validated record: the inputs of one hand, and the outcome it claims (if any)."""

    game: Game
    options: Options
    seats: tuple[SeatSpec, ...]
    button: int
    #: Every shuffle, top card first; ``None`` where a player's copy hides a card (``??``).
    shuffles: tuple[tuple[Card | None, ...], ...]
    actions: tuple[Action, ...]
    outcome: Outcome | None
    #: A malformed action, reported (at its index) only if replay gets that far.
    bad_action: RecordError | None = None

    @property
    def redacted(self) -> bool:
        """Whether some card is hidden as ``??`` (a player's copy, not the full record)."""
        return any(c is None for order in self.shuffles for c in order)

    def complete_shuffles(self) -> tuple[tuple[Card, ...], ...]:
        """The shuffles of a full record; raises :class:`RecordError` for a redacted one."""
        if self.redacted:
            raise RecordError("this record hides cards as '??'; its shuffles are not complete")
        return tuple(tuple(c for c in order if c is not None) for order in self.shuffles)


def read_record(data: object) -> Record:
    """Validate a record's header and parse its actions; raises :class:`RecordError`."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a record must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - set(FIELDS))
    if unknown:
        raise RecordError(f"unknown record field(s): {', '.join(unknown)}")
    for name in ("format", "game", "seats", "button", "shuffles"):
        if name not in data:
            raise RecordError(f"the record has no {name!r}")
    if data["format"] != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}, got {data['format']!r}")
    name = data["game"]
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError(f"game must be one of {', '.join(GAMES)}, got {name!r}")
    game = GAMES[name]
    try:
        options = game.options_from_dict(data.get("options", {}))
    except (OptionError, ValueError, TypeError) as exc:
        raise RecordError(f"bad options: {exc}") from None
    seats = _seats(data["seats"], game.META.seats.max, name)
    button = data["button"]
    if (
        isinstance(button, bool)
        or not isinstance(button, int)
        or button not in {s.seat for s in seats}
    ):
        raise RecordError(f"button {button!r} is not one of the listed seats")
    least = game.META.min_stack(options.to_dict())
    dealt = sum(1 for s in seats if s.stack >= least)
    if dealt < 2:
        raise RecordError(
            f"only {dealt} player(s) have the {least} chip(s) it takes to be dealt in "
            "(the ante, one chip at least); a hand needs two"
        )
    shuffles = _shuffles(data["shuffles"])
    actions, bad_action = _actions(game, data.get("actions", []))
    outcome = None
    if data.get("outcome") is not None:
        try:
            outcome = Outcome.from_dict(data["outcome"])
        except (ValueError, TypeError) as exc:
            raise RecordError(f"bad outcome: {exc}") from None
    return Record(game, options, seats, button, shuffles, actions, outcome, bad_action)


def make_record(
    game: str,
    options: Options,
    seats: Sequence[SeatSpec],
    button: int,
    hand: Hand,
) -> dict[str, Any]:
    """The record of ``hand`` (with its outcome once it is over), as a JSON-ready dict."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "game": game,
        "options": options.to_dict(),
        "seats": [s.to_dict() for s in seats],
        "button": button,
        "shuffles": [[str(c) for c in s] for s in hand.shuffles],
        "actions": [a.to_dict() for a in hand.actions],
    }
    if hand.outcome is not None:
        out["outcome"] = hand.outcome.to_dict()
    return out


def hand_to_record(hand: Hand) -> dict[str, Any]:
    """The record of ``hand`` so far (with its outcome once it is over)."""
    return make_record(hand.game, hand.options, hand.seats, hand.button, hand)


def iter_file(path: Path) -> Iterator[tuple[int, object]]:
    """``(line number, parsed JSON or the JSONDecodeError)`` for each record of a file.

    A ``.jsonl`` file holds one record per non-blank line; any other file is one record
    (line number 1).
    """
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".jsonl":
        for number, line in enumerate(text.splitlines(), start=1):
            if line.strip():
                yield number, _parse(line)
    else:
        yield 1, _parse(text)


def _parse(text: str) -> object:
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        return exc


def _seats(raw: object, most: int, game: str) -> tuple[SeatSpec, ...]:
    if not isinstance(raw, list) or not raw:
        raise RecordError("seats must be a non-empty list")
    if len(raw) > most:
        raise RecordError(f"{game} seats at most {most} players, the record lists {len(raw)}")
    seats: list[SeatSpec] = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise RecordError(f"a seat must be an object, got {item!r}")
        unknown = sorted(set(item) - set(SEAT_FIELDS))
        if unknown:
            raise RecordError(f"unknown seat field(s): {', '.join(unknown)}")
        if "seat" not in item or "stack" not in item:
            raise RecordError(f"seat {dict(item)} needs 'seat' and 'stack'")
        try:
            seats.append(SeatSpec(item["seat"], item["stack"], item.get("name")))
        except ValueError as exc:
            raise RecordError(str(exc)) from None
    numbers = [s.seat for s in seats]
    if any(b <= a for a, b in pairwise(numbers)):
        raise RecordError(f"seats must be listed in increasing seat number, got {numbers}")
    return tuple(seats)


def _shuffles(raw: object) -> tuple[tuple[Card | None, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise RecordError("shuffles must be a non-empty list of card lists")
    out: list[tuple[Card | None, ...]] = []
    for number, order in enumerate(raw):
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise RecordError(f"shuffle {number} must be a list of cards such as 'Th' (or '??')")
        try:
            cards = tuple(None if c == REDACTED else parse_card(c) for c in order)
        except ValueError as exc:
            raise RecordError(f"shuffle {number}: {exc}") from None
        known = [c for c in cards if c is not None]
        if len(set(known)) != len(known):
            twice = sorted({str(c) for c in known if known.count(c) > 1})
            raise RecordError(
                f"shuffle {number} is not a permutation: it lists {', '.join(twice)} more than once"
            )
        out.append(cards)
    return tuple(out)


def _actions(game: Game, raw: object) -> tuple[tuple[Action, ...], RecordError | None]:
    """The actions up to the first malformed one, and the error for that one (if any)."""
    if not isinstance(raw, list):
        raise RecordError("actions must be a list")
    out: list[Action] = []
    for index, item in enumerate(raw):
        try:
            out.append(game.action_from_dict(item))
        except ValueError as exc:
            shown = json.dumps(item, default=str)
            return tuple(out), RecordError(f"bad action {shown}: {exc}", index)
    return tuple(out), None
