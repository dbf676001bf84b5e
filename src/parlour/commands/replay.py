"""``parlour replay FILE [--json]``: replay hand records and print what happened.

Exit 0 when every record is well-formed, legal and complete; exit 1 with one message per
bad record on standard error naming the record (its line), the index of the first bad
action (HAND-RECORD.md "Replaying") and why.

A player's copy of a record (cards it never saw as ``??``, as the server hands it out) is
replayed with those cards unknown (:mod:`parlour.records.unseen`): the hand is told as its
viewer saw it, ending with the checks that were made and, plainly, those that could not be.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from parlour.errors import RecordError
from parlour.export.history import History, history_text
from parlour.records import REDACTED, Replay, iter_file, make_record, replay_dict


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
    """The record with its outcome; a copy keeps its ``??`` and gets an outcome only if known."""
    record = result.record
    out = make_record(record.game.name, record.options, record.seats, record.button, result.hand)
    unseen = result.unseen
    if unseen is not None:
        out["shuffles"] = [
            [REDACTED if c is None else str(c) for c in order] for order in record.shuffles
        ]
        if not unseen.outcome_known:
            out.pop("outcome", None)
    return out


def _print_hand(number: int, result: Replay) -> None:
    """The hand as a readable history (the same text as ``parlour export``), then the stacks."""
    history = History(result)
    print(history_text(history, number))
    outcome = result.hand.outcome
    assert outcome is not None
    final = ", ".join(
        f"{history.name(s.seat)} {n}" for s, n in zip(history.seats, outcome.stacks, strict=True)
    )
    print(f"final stacks: {final}\n")
