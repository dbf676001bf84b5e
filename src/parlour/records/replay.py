"""Replaying a record through its engine, with HAND-RECORD.md's error indexes.

Error indexes (:class:`RecordError.index`): the index of a malformed or illegal action or
of an action after the end; ``len(actions)`` when the actions stop early; the index of the
action being applied when the engine needs a shuffle the record does not have or that is
not a permutation (a Palace Buy that reshuffles the discard pile: the engine only has to
call its shuffler inside ``apply``); -1 for the header, the first shuffles, a shuffle left
over and an outcome that differs.

:func:`play_through` is the loop itself, stopping at the first problem and keeping what
was played up to it; :func:`replay` is a full record's replay, raising on any problem. A
player's copy (some cards ``??``) is replayed by :mod:`parlour.records.unseen`, which
runs :func:`play_through` under arrangements of the cards it does not know.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from parlour.cards import Card
from parlour.errors import IllegalActionError, RecordError, ShuffleError
from parlour.events import Event, seen_cards
from parlour.games.protocol import Action, Hand
from parlour.records.record import Record
from parlour.shuffles import RecordedShuffler, Shuffler

if TYPE_CHECKING:
    from parlour.records.unseen import Unseen


class ReplayShuffler(Shuffler, Protocol):
    """A shuffler that hands back recorded orders and knows how many it did not use."""

    @property
    def left_over(self) -> int:
        """How many recorded shuffles were never asked for."""
        ...


@dataclass(frozen=True, slots=True)
class Step:
    """One decision (``None`` for the automatic start of the hand) and the events it caused."""

    action: Action | None
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed record: the finished hand and its steps, the start first.

    ``unseen`` is set for a player's copy of a record: which cards stood in for the ones
    it hides, whose view it is, and which checks could and could not be made.
    """

    record: Record
    hand: Hand
    steps: tuple[Step, ...]
    unseen: Unseen | None = None

    @property
    def events(self) -> tuple[Event, ...]:
        """Every event of the hand, in order."""
        return tuple(e for step in self.steps for e in step.events)

    def seen_by(self, seat: int | None) -> frozenset[Card]:
        """Every card ``seat`` (``None``: a spectator) saw during the hand (R-4, P-41): what
        a copy of the record for that viewer may show (the rest written as ``"??"``)."""
        return seen_cards(self.events, seat)


@dataclass(frozen=True, slots=True)
class Run:
    """How far a replay got: the hand (``None`` if it could not start), steps, first error."""

    hand: Hand | None
    steps: tuple[Step, ...]
    error: RecordError | None


def play_through(record: Record, shuffler: ReplayShuffler) -> Run:
    """Replay ``record`` with ``shuffler`` until the end or the first problem."""
    steps: list[Step] = []
    try:
        hand = record.game.start_hand(record.options, record.seats, record.button, shuffler)
    except ShuffleError as exc:
        return Run(None, (), RecordError(f"bad shuffle: {exc}"))
    except ValueError as exc:
        return Run(None, (), RecordError(f"bad table: {exc}"))
    steps.append(Step(None, tuple(hand.start_events)))
    error = _apply_all(record, hand, shuffler, steps)
    return Run(hand, tuple(steps), error)


def _apply_all(
    record: Record, hand: Hand, shuffler: ReplayShuffler, steps: list[Step]
) -> RecordError | None:
    try:
        for step in _moves(record, hand):
            steps.append(step)
    except RecordError as error:
        return error
    if record.bad_action is not None:
        if hand.is_over:
            return RecordError(
                f"an action comes after the hand ended ({record.bad_action})",
                record.bad_action.index,
            )
        return record.bad_action
    if not hand.is_over:
        return RecordError(
            f"the actions stop before the hand ends (seat {hand.to_act} is to act)",
            len(record.actions),
        )
    if shuffler.left_over:
        return RecordError(f"{shuffler.left_over} shuffle(s) left over at the end of the hand")
    return _outcome_differs(record, hand)


def _moves(record: Record, hand: Hand) -> Iterator[Step]:
    """Apply the record's actions one at a time; raises :class:`RecordError` (with its
    index) at the first that fails."""
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
        yield Step(action, events)


def walk(record: Record, shuffler: Shuffler | None = None) -> Iterator[tuple[Hand, Step]]:
    """Play a full record one step at a time: the hand after its start, then after each
    action (the same hand object, moved on), so a caller can look at it between steps (a
    seat's view, say). A record of a hand still in progress may stop before it ends.
    Raises :class:`RecordError` at the first step that fails."""
    shuffler = shuffler or RecordedShuffler(record.complete_shuffles())
    try:
        hand = record.game.start_hand(record.options, record.seats, record.button, shuffler)
    except ShuffleError as exc:
        raise RecordError(f"bad shuffle: {exc}") from None
    except ValueError as exc:
        raise RecordError(f"bad table: {exc}") from None
    yield hand, Step(None, tuple(hand.start_events))
    for step in _moves(record, hand):
        yield hand, step


def resume(record: Record, then: Shuffler) -> Replay:
    """The hand of a record so far, ready to play on (shuffles past the record from
    ``then``): how a server restarted in the middle of a hand takes it up again. The
    replay's hand is still in progress unless the record's actions end it."""
    pairs = list(walk(record, RecordedShuffler(record.complete_shuffles(), then)))
    if record.bad_action is not None:
        raise record.bad_action
    return Replay(record, pairs[-1][0], tuple(step for _, step in pairs))


def _outcome_differs(record: Record, hand: Hand) -> RecordError | None:
    outcome = hand.outcome
    assert outcome is not None
    if record.outcome is not None and record.outcome.normalized() != outcome.normalized():
        return RecordError(
            f"the given outcome {json.dumps(record.outcome.to_dict())} differs from the "
            f"replayed one {json.dumps(outcome.to_dict())}"
        )
    return None


def replay_complete(record: Record) -> Replay:
    """Play a full record (no ``??``) through its engine; raises :class:`RecordError`."""
    run = play_through(record, RecordedShuffler(record.complete_shuffles()))
    if run.error is not None:
        raise run.error
    assert run.hand is not None
    return Replay(record, run.hand, run.steps)


def _show(action: Action) -> str:
    return json.dumps(action.to_dict())
