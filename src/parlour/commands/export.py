"""``parlour export``: hand records as readable text or as PHH (Poker Hand History).

``parlour export --format text FILE`` writes each hand of a ``.json``/``.jsonl`` record
file as a hand history people can read (Americana as online rooms write stud hands,
Palace as a narration). ``--format phh`` writes Americana in PHH (one hand: a ``.phh``
document; several: ``.phhs`` tables ``[1]``, ``[2]``, ...). See docs/export.md.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from parlour.export.history import history_text, read_records, replay
from parlour.export.phh import dumps, dumps_all, to_phh


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``parlour export``."""
    parser.add_argument("file", type=Path, metavar="FILE", help="hand records (.json, .jsonl)")
    parser.add_argument("--format", choices=["text", "phh"], default="text")
    parser.add_argument("-o", "--output", type=Path, help="write here instead of stdout")


def run(args: argparse.Namespace) -> int:
    """Export every record; exit 1 naming the first record that cannot be exported."""
    texts: list[str] = []
    phh: list[dict[str, object]] = []
    try:
        for number, record in enumerate(read_records(args.file), 1):
            try:
                history = replay(record)
                if args.format == "phh":
                    phh.append(to_phh(history))
                    for line in history.unchecked():  # PHH has no place for them
                        print(f"parlour export: record {number}: {line}", file=sys.stderr)
                else:
                    texts.append(history_text(history, number))
            except (KeyError, TypeError, ValueError) as exc:
                print(f"parlour export: record {number}: {exc}", file=sys.stderr)
                return 1
    except (OSError, ValueError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        print(f"parlour export: cannot read {args.file}: {reason}", file=sys.stderr)
        return 1
    if args.format == "phh":
        out = dumps(phh[0]) if len(phh) == 1 else dumps_all(phh)
    else:
        out = "\n".join(texts)
    if args.output is None:
        sys.stdout.write(out)
    else:
        args.output.write_text(out, encoding="utf-8")
    return 0
