"""Hand records (``parlour.hand/1``, HAND-RECORD.md): write, read, validate and replay.

Common to both games: the header rules (fields, seats, button, players dealt in, shuffle
cards) and the replay loop with HAND-RECORD.md's error indexes. Game-specific parsing
(options, actions) is delegated to the game module found in :data:`parlour.games.GAMES`.

Error indexes (:class:`RecordError.index`): the index of a malformed or illegal action or
of an action after the end; ``len(actions)`` when the actions stop early; the index of the
action being applied when the engine needs a shuffle the record does not have or that is
not a permutation (a Palace Buy that reshuffles the discard pile: the engine only has to
call its shuffler inside ``apply``); -1 for the header, the first shuffles, a shuffle left
over and an outcome that differs.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any, Final

from parlour.cards import Card, parse_card
from parlour.errors import IllegalActionError, OptionError, RecordError, ShuffleError
from parlour.events import Event
from parlour.games import GAMES
from parlour.games.protocol import Action, Game, Hand, Options
from parlour.outcome import Outcome
from parlour.seats import SeatSpec
from parlour.shuffles import RecordedShuffler, Shuffler

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
    shuffles: tuple[tuple[Card, ...], ...]
    actions: tuple[Action, ...]
    outcome: Outcome | None
    #: A malformed action, reported (at its index) only if replay gets that far.
    bad_action: RecordError | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (``None`` for the automatic start of the hand) and the events it caused."""

    action: Action | None
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the hand (finished, unless resumed) and its steps, the start first."""

    record: Record
    hand: Hand
    steps: tuple[Step, ...]

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand, in order."""
        return tuple(e for step in self.steps for e in step.events)


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
    seats = _seats(data["seats"], game.MAX_SEATS, name)
    button = data["button"]
    if (
        isinstance(button, bool)
        or not isinstance(button, int)
        or button not in {s.seat for s in seats}
    ):
        raise RecordError(f"button {button!r} is not one of the listed seats")
    ante = getattr(options, "ante", 0)
    dealt = sum(1 for s in seats if s.stack > 0 and s.stack >= ante)
    if dealt < 2:
        raise RecordError(f"only {dealt} player(s) can pay the ante of {ante}; a hand needs two")
    shuffles = _shuffles(data["shuffles"])
    actions, bad_action = _actions(game, data.get("actions", []))
    outcome = None
    if data.get("outcome") is not None:
        try:
            outcome = Outcome.from_dict(data["outcome"])
        except (ValueError, TypeError) as exc:
            raise RecordError(f"bad outcome: {exc}") from None
    return Record(game, options, seats, button, shuffles, actions, outcome, bad_action)


def replay(record: Record) -> Replay:
    """Play ``record`` through its engine; raises :class:`RecordError` per HAND-RECORD.md."""
    shuffler = RecordedShuffler(record.shuffles)
    pairs = list(steps(record, shuffler))
    hand, played = pairs[-1][0], [step for _, step in pairs]
    if record.bad_action is not None:
        if hand.is_over:
            raise RecordError(
                f"an action comes after the hand ended ({record.bad_action})",
                record.bad_action.index,
            )
        raise record.bad_action
    if not hand.is_over:
        raise RecordError(
            f"the actions stop before the hand ends (seat {hand.to_act} is to act)",
            len(record.actions),
        )
    if shuffler.left_over:
        raise RecordError(f"{shuffler.left_over} shuffle(s) left over at the end of the hand")
    outcome = hand.outcome
    assert outcome is not None
    if record.outcome is not None and record.outcome.normalized() != outcome.normalized():
        raise RecordError(
            f"the given outcome {json.dumps(record.outcome.to_dict())} differs from the "
            f"replayed one {json.dumps(outcome.to_dict())}"
        )
    return Replay(record, hand, tuple(played))


def steps(record: Record, shuffler: Shuffler | None = None) -> Iterator[tuple[Hand, Step]]:
    """Play ``record`` one step at a time: the hand after its start, then after each action.

    The same hand object is yielded each time, moved on by one step, so a caller can look
    at it (a seat's view, say) between steps. ``shuffler`` defaults to the record's own
    shuffles; a record of a hand still in progress may stop before the hand ends. Raises
    :class:`RecordError` (with HAND-RECORD.md's index) at the first step that fails.
    """
    shuffler = shuffler or RecordedShuffler(record.shuffles)
    try:
        hand = record.game.start_hand(record.options, record.seats, record.button, shuffler)
    except ShuffleError as exc:
        raise RecordError(f"bad shuffle: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad table: {exc}") from None
    yield hand, Step(None, tuple(hand.start_events))
    for index, action in enumerate(record.actions):
        if hand.is_over:
            raise RecordError(f"action {_show(action)} comes after the hand ended", index)
        try:
            events = tuple(hand.apply(action))
        except IllegalActionError as exc:
            raise RecordError(str(exc), index) from None
        except ShuffleError as exc:
            raise RecordError(
                f"bad shuffle needed by action {_show(action)}: {exc}", index
            ) from None
        except ValueError as exc:  # an engine's own complaint about this action
            raise RecordError(f"action {_show(action)} was refused: {exc}", index) from None
        yield hand, Step(action, events)


def resume(record: Record, then: Shuffler) -> Replay:
    """The hand of a record so far, ready to play on (shuffles past the record from ``then``).

    This is how a server restarted in the middle of a hand takes it up again; the replay's
    hand is still in progress unless the record's actions end it.
    """
    pairs = list(steps(record, RecordedShuffler(record.shuffles, then)))
    if record.bad_action is not None:
        raise record.bad_action
    return Replay(record, pairs[-1][0], tuple(step for _, step in pairs))


def replay_dict(data: object) -> Replay:
    """Validate and replay a record given as a parsed JSON object."""
    return replay(read_record(data))


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


def _shuffles(raw: object) -> tuple[tuple[Card, ...], ...]:
    if not isinstance(raw, list) or not raw:
        raise RecordError("shuffles must be a non-empty list of card lists")
    out: list[tuple[Card, ...]] = []
    for number, order in enumerate(raw):
        if not isinstance(order, list) or not all(isinstance(c, str) for c in order):
            raise RecordError(f"shuffle {number} must be a list of cards such as 'Th'")
        if REDACTED in order:
            raise RecordError(
                f"shuffle {number} hides cards as {REDACTED!r}: this is a player's redacted copy "
                "of a hand (a server download), which cannot be replayed without every card"
            )
        try:
            out.append(tuple(parse_card(c) for c in order))
        except ValueError as exc:
            raise RecordError(f"shuffle {number}: {exc}") from None
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


def _show(action: Action) -> str:
    return json.dumps(action.to_dict())
