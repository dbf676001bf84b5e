"""``parlour replay FILE [--json]``: replay hand records and print what happened.

Exit 0 when every record is well-formed, legal and complete; exit 1 with one message per
bad record on standard error naming the record (its line), the index of the first bad
action (HAND-RECORD.md "Replaying") and why.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from parlour.errors import RecordError
from parlour.events import Event
from parlour.records import Replay, iter_file, make_record, replay_dict


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``parlour replay``."""
    parser.add_argument("file", type=Path, help="a .json record or a .jsonl file of records")
    parser.add_argument(
        "--json", action="store_true", help="print each record with its outcome, one per line"
    )


def run(args: argparse.Namespace) -> int:
    """Replay every record of the file; the exit code says whether all were good."""
    path: Path = args.file
    try:
        records = list(iter_file(path))
    except OSError as exc:
        print(f"parlour replay: cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return 1
    bad = 0
    for number, data in records:
        where = f"{path}: record at line {number}"
        if isinstance(data, json.JSONDecodeError):
            print(f"{where}: index -1: not valid JSON: {data.msg}", file=sys.stderr)
            bad += 1
            continue
        try:
            result = replay_dict(data)
        except RecordError as exc:
            print(f"{where}: index {exc.index}: {exc}", file=sys.stderr)
            bad += 1
            continue
        if args.json:
            print(json.dumps(_with_outcome(result), separators=(",", ":")))
        else:
            _print_hand(number, result)
    if not records:
        print(f"{path}: no records", file=sys.stderr)
        return 1
    return 1 if bad else 0


def _with_outcome(result: Replay) -> dict[str, Any]:
    record = result.record
    return make_record(record.game.name, record.options, record.seats, record.button, result.hand)


def _print_hand(number: int, result: Replay) -> None:
    record = result.record
    names = {s.seat: s.name or f"seat {s.seat}" for s in record.seats}
    stacks = ", ".join(f"{names[s.seat]} {s.stack}" for s in record.seats)
    print(f"# hand at line {number}: {record.game.name}, button seat {record.button}; {stacks}")
    for event in result.events:
        print("  " + describe(event, names))
    outcome = result.hand.outcome
    assert outcome is not None
    final = ", ".join(
        f"{names[s.seat]} {n}" for s, n in zip(record.seats, outcome.stacks, strict=True)
    )
    print(f"  final stacks: {final}")


def describe(event: Event, names: dict[int, str]) -> str:
    """One readable line for an event of either game."""
    who = names.get(event.seat, f"seat {event.seat}") if event.seat is not None else ""
    cards = " ".join(str(c) for c in event.cards)
    data = event.data
    kind = event.kind
    if kind == "antes":
        return f"antes: {event.amount} chips from seats {', '.join(map(str, data['seats']))}"
    if kind == "upcards" and "seats" in data:
        pairs = ", ".join(
            f"{names.get(s, s)} {c}" for s, c in zip(data["seats"], event.cards, strict=True)
        )
        return f"upcards: {pairs}"
    if kind == "award":
        winners = " and ".join(names.get(s, str(s)) for s in data.get("winners", ()))
        eligible = ", ".join(map(str, data.get("eligible", ())))
        return f"pot of {event.amount} (seats {eligible}) won by {winners}"
    if kind == "return":
        return f"{who} gets {event.amount} back (not called)"
    parts = [f"{who}: {kind.replace('_', ' ')}" if who else kind.replace("_", " ")]
    if "to" in data:
        parts.append(f"to {data['to']}")
    elif event.amount:
        parts.append(str(event.amount))
    if cards:
        parts.append(cards)
    extra = {k: v for k, v in data.items() if k not in ("to", "seats")}
    if extra:
        parts.append(json.dumps(extra, default=str))
    return " ".join(parts)
