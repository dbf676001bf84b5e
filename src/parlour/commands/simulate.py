"""``parlour simulate``: random legal hands of any registered game in a table session.

Every player uses the game's uniform random policy (``random_action``); busted players
rebuy their starting stack so the session keeps its players. With ``--records`` every
hand is written as a complete record (``.jsonl``) that ``parlour replay`` accepts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

from parlour.errors import OptionError
from parlour.games import GAME_MODULES, get_game
from parlour.session import TableSession, seat_specs
from parlour.shuffles import SeededShuffler


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``parlour simulate``."""
    parser.add_argument("--game", choices=sorted(GAME_MODULES), default="americana")
    parser.add_argument("--players", type=int, default=2, help="players at the table")
    parser.add_argument("--hands", type=int, default=1000, help="hands to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of shuffles and choices")
    parser.add_argument("--stack", type=int, default=100, help="starting stack of each player")
    parser.add_argument(
        "--options", default="{}", help='table options as JSON, e.g. \'{"structure": "no_limit"}\''
    )
    parser.add_argument("--records", type=Path, help="write every hand's record here (.jsonl)")


def run(args: argparse.Namespace) -> int:
    """Play the hands, write the records, print a summary."""
    if args.hands < 0 or args.stack <= 0:
        print("parlour simulate: --hands must be >= 0 and --stack > 0", file=sys.stderr)
        return 2
    try:
        game = get_game(args.game)
        options = game.options_from_dict(json.loads(args.options))
        session = TableSession(
            game,
            options,
            seat_specs([args.stack] * args.players),
            shuffler=SeededShuffler(random.Random(args.seed)),
        )
    except (OptionError, ValueError) as exc:
        print(f"parlour simulate: {exc}", file=sys.stderr)
        return 2
    if args.players < 2:
        print("parlour simulate: --players must be at least 2", file=sys.stderr)
        return 2
    policy = session.random_policy(random.Random(args.seed + 1))
    out = args.records.open("w", encoding="utf-8") if args.records else None
    decisions = 0
    start = time.perf_counter()
    try:
        for _ in range(args.hands):
            for seat in range(args.players):
                if seat not in session.players:
                    session.join(seat, args.stack, f"P{seat}")
            record = session.play_hand(policy)
            decisions += len(record["actions"])
            if out is not None:
                out.write(json.dumps(record, separators=(",", ":")) + "\n")
    finally:
        if out is not None:
            out.close()
    seconds = time.perf_counter() - start
    rate = args.hands / seconds if seconds > 0 else 0.0
    print(
        f"{args.game}: {args.hands} hands, {args.players} players, seed {args.seed}: "
        f"{decisions} decisions, {seconds:.2f} s ({rate:,.0f} hands/s)"
    )
    if args.records:
        print(f"records written to {args.records}")
    return 0
