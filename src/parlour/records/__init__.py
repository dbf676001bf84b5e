"""Hand records (``parlour.hand/1``, HAND-RECORD.md): read, write, validate and replay.

- :mod:`.record` reads and validates a record's header and actions, and writes records;
- :mod:`.replay` plays a record through its engine with HAND-RECORD.md's error indexes;
- :mod:`.unseen` replays a player's copy, whose unseen cards are ``??``.

:func:`replay` and :func:`replay_dict` take either kind: a full record is replayed as
it is, a player's copy by :func:`parlour.records.unseen.replay_redacted`, and the result
says (:attr:`Replay.unseen`) which checks could not be made.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from parlour.records.record import (
    FIELDS,
    FORMAT,
    REDACTED,
    SEAT_FIELDS,
    Record,
    hand_to_record,
    iter_file,
    make_record,
    read_record,
)
from parlour.records.replay import (
    Replay,
    Run,
    Step,
    play_through,
    replay_complete,
    resume,
    walk,
)
from parlour.records.unseen import Unseen, replay_redacted


def replay(record: Record) -> Replay:
    """Play ``record`` through its engine; raises :class:`parlour.errors.RecordError`.

    A player's copy (cards hidden as ``??``) is replayed with those cards unknown.
    """
    return replay_redacted(record) if record.redacted else replay_complete(record)


def replay_dict(data: object) -> Replay:
    """Validate and replay a record given as a parsed JSON object."""
    return replay(read_record(data))


def redacted(data: Mapping[str, Any], seat: int | None) -> dict[str, Any]:
    """A player's copy of a complete record: every shuffled card ``seat`` (``None``: a
    spectator) never saw during the hand is written as ``"??"`` (R-4).

    What the seat saw is what the engine showed it (:meth:`Replay.seen_by`). Raises
    :class:`parlour.errors.RecordError` for a record that does not replay.
    """
    seen = {str(c) for c in replay_dict(data).seen_by(seat)}
    shuffles = [[c if c in seen else REDACTED for c in order] for order in data["shuffles"]]
    return {**data, "shuffles": shuffles}


__all__ = [
    "FIELDS",
    "FORMAT",
    "REDACTED",
    "SEAT_FIELDS",
    "Record",
    "Replay",
    "Run",
    "Step",
    "Unseen",
    "hand_to_record",
    "iter_file",
    "make_record",
    "play_through",
    "read_record",
    "redacted",
    "replay",
    "replay_complete",
    "replay_dict",
    "replay_redacted",
    "resume",
    "walk",
]
