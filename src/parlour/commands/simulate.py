"""``parlour simulate``: many hands of any registered game, by random play or by bots.

Without ``--bots`` every player uses the game's uniform random policy
(``random_action``) in a table session; busted players rebuy their starting stack so
the session keeps its players.

With ``--bots montecarlo,rules,random`` (one bot per seat) each hand is dealt from a seed
derived from ``--seed`` and starts with fresh stacks; the command shows a progress bar
on stderr, then per bot the hands, chips won per hand, big bets per 100 hands and a 95%
confidence interval, and the paired difference of every two bots. ``--duplicate``
replays each deal with the seats rotated, ``--workers`` spreads the deals over
processes (the results do not change), ``--plot`` draws the cumulative winnings.

In both modes ``--records`` writes every hand as a complete record (``.jsonl``) that
``parlour replay`` accepts.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any, TextIO

from parlour.commands.tableflags import add_option_flags, options_from_flags
from parlour.errors import OptionError
from parlour.games import all_metadata, game_names, get_game, metadata
from parlour.session import TableSession, seat_specs
from parlour.shuffles import SeededShuffler


def add_parser(parser: argparse.ArgumentParser) -> None:
    """Arguments of ``parlour simulate``."""
    parser.add_argument("--game", choices=game_names(), default="americana")
    parser.add_argument(
        "--players", type=int, help="players at the table (default 2; with --bots, one per bot)"
    )
    parser.add_argument("--hands", type=int, default=1000, help="hands to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of shuffles and choices")
    parser.add_argument(
        "--stack",
        type=int,
        help="starting stack of each player (default 100; with --bots, 100 big bets)",
    )
    parser.add_argument(
        "--options",
        default="{}",
        help='table options as JSON, e.g. \'{"structure": "no_limit"}\' (the option flags '
        "below set them one by one)",
    )
    parser.add_argument("--records", type=Path, help="write every hand's record here (.jsonl)")
    parser.add_argument(
        "--bots", help=f"comma-separated bots, one per seat, from: {', '.join(_all_bot_kinds())}"
    )
    parser.add_argument(
        "--workers", type=int, default=1, help="with --bots: processes to use (0: every core)"
    )
    parser.add_argument(
        "--duplicate",
        action="store_true",
        help="with --bots: replay each deal with the seats rotated to cancel card luck",
    )
    parser.add_argument("--plot", type=Path, help="with --bots: draw cumulative winnings (PNG)")
    parser.add_argument(
        "--backend",
        choices=["pool", "ray"],
        default="pool",
        help="with --bots: run the deals on a process pool or on Ray (the cluster extra)",
    )
    parser.add_argument(
        "--address", help="with --backend ray: an existing Ray cluster (default: a local Ray)"
    )
    add_option_flags(parser, all_metadata())


def run(args: argparse.Namespace) -> int:
    """Play the hands, write the records, print a summary."""
    if args.bots is not None:
        return run_bots(args)
    if args.workers != 1 or args.duplicate or args.plot is not None or args.backend != "pool":
        print(
            "parlour simulate: --workers, --duplicate, --plot and --backend need --bots",
            file=sys.stderr,
        )
        return 2
    args.players = 2 if args.players is None else args.players
    args.stack = 100 if args.stack is None else args.stack
    if args.hands < 0 or args.stack <= 0:
        print("parlour simulate: --hands must be >= 0 and --stack > 0", file=sys.stderr)
        return 2
    crowd = _crowd_problem(args.game, args.players)
    if crowd:
        print(f"parlour simulate: {crowd}", file=sys.stderr)
        return 2
    try:
        game = get_game(args.game)
        options = game.options_from_dict(_options(args))
        session = TableSession(
            game,
            options,
            seat_specs([args.stack] * args.players),
            shuffler=SeededShuffler(random.Random(args.seed)),
        )
    except (OptionError, ValueError) as exc:
        print(f"parlour simulate: {exc}", file=sys.stderr)
        return 2
    least = metadata(args.game).min_stack(options.to_dict())
    if args.stack < least:
        print(f"parlour simulate: {_short_stack(args.stack, least)}", file=sys.stderr)
        return 2
    policy = session.random_policy(random.Random(args.seed + 1))
    out = args.records.open("w", encoding="utf-8") if args.records else None
    decisions = 0
    start = time.perf_counter()
    try:
        for _ in range(args.hands):
            for seat in range(args.players):  # the bust and the short buy in again
                if seat not in session.players:
                    session.join(seat, args.stack, f"P{seat}")
                elif session.players[seat].stack < least:
                    session.rebuy(seat, args.stack - session.players[seat].stack)
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


def run_bots(args: argparse.Namespace) -> int:
    """``--bots`` mode: seeded hands between bots, with statistics."""
    from parlour.simulation.match import Match
    from parlour.simulation.pool import run as run_match
    from parlour.simulation.report import report

    bots = tuple(b.strip() for b in args.bots.split(",") if b.strip())
    problem = _bot_problem(args, bots)
    if problem:
        print(f"parlour simulate: {problem}", file=sys.stderr)
        return 2
    try:
        options = _options(args)
        match = Match(
            args.game, bots, args.seed, args.duplicate, args.stack, tuple(options.items())
        )
        match.make_bots()
        least = metadata(args.game).min_stack(match.table_options.to_dict())
        if args.stack is not None and args.stack < least:
            raise ValueError(_short_stack(args.stack, least))
    except (OptionError, ValueError, AttributeError) as exc:
        print(f"parlour simulate: {exc}", file=sys.stderr)
        return 2
    out = args.records.open("w", encoding="utf-8") if args.records else None
    bar = _ProgressBar(match.deals_for(args.hands) * match.hands_per_deal)
    start = time.perf_counter()
    on_records = None if out is None else lambda rs: _write(out, rs)
    try:
        if args.backend == "ray":
            from parlour.simulation import ray_backend

            results = ray_backend.run(
                match,
                args.hands,
                address=args.address,
                num_cpus=args.workers or None,
                on_records=on_records,
                on_progress=bar.update,
            )
        else:
            results = run_match(
                match,
                args.hands,
                workers=args.workers,
                on_records=on_records,
                on_progress=bar.update,
            )
    except ImportError:
        print("parlour simulate: --backend ray needs the cluster extra (ray)", file=sys.stderr)
        return 2
    finally:
        bar.close()
        if out is not None:
            out.close()
    seconds = time.perf_counter() - start
    mode = f", duplicate ({match.hands_per_deal} seats per deal)" if match.duplicate else ""
    print(
        f"{args.game}: {results.hands} hands{mode}, seed {args.seed}, "
        f"{args.workers or 'all'} worker(s): {seconds:.1f} s "
        f"({results.hands / max(seconds, 1e-9):,.0f} hands/s); big bet = {match.big_bet} chips"
    )
    print(report(results))
    if args.records:
        print(f"records written to {args.records}")
    if args.plot is not None:
        from parlour.simulation.plot import plot

        try:
            plot(results, args.plot)
        except RuntimeError as exc:
            print(f"parlour simulate: {exc}", file=sys.stderr)
            return 2
        print(f"plot written to {args.plot}")
    return 0


def _bot_problem(args: argparse.Namespace, bots: tuple[str, ...]) -> str | None:
    """What is wrong with the ``--bots`` arguments, if anything."""
    kinds = metadata(args.game).bot_kinds
    unknown = [b for b in bots if b not in kinds]
    if unknown:
        return f"unknown bot(s) {', '.join(unknown)}; known: {', '.join(kinds)}"
    if len(bots) < 2:
        return "--bots needs at least two bots, one per seat"
    if args.players is not None and args.players != len(bots):
        return f"--players {args.players} but {len(bots)} bots: give one bot per seat"
    crowd = _crowd_problem(args.game, len(bots))
    if crowd:
        return crowd.replace("--players", "--bots")
    if args.hands < 1:
        return "--hands must be at least 1"
    if args.workers < 0:
        return "--workers must be 0 (every core) or more"
    if args.stack is not None and args.stack <= 0:
        return "--stack must be positive"
    return None


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The table options: ``--options`` JSON, then the option flags over it."""
    given = json.loads(args.options)
    if not isinstance(given, dict):
        raise ValueError(f"--options must be a JSON object, got {args.options}")
    return {**given, **options_from_flags(args, metadata(args.game))}


def _all_bot_kinds() -> list[str]:
    """Every kind of bot some game has, in the order the games list them."""
    kinds: list[str] = []
    for meta in all_metadata():
        kinds += [k for k in meta.bot_kinds if k not in kinds]
    return kinds


def _short_stack(stack: int, least: int) -> str:
    return f"--stack {stack} is less than the ante of {least}: nobody could be dealt in"


def _crowd_problem(game: str, players: int) -> str | None:
    """Why ``players`` cannot sit at a table of ``game``, if they cannot."""
    seats = metadata(game).seats
    if players not in seats:
        return f"--players must be {seats.describe()} for {game}, got {players}"
    return None


def _write(out: TextIO, records: list[dict[str, Any]]) -> None:
    for record in records:
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


class _ProgressBar:
    """A one-line progress bar on stderr, redrawn when the share done changes."""

    def __init__(self, total: int, width: int = 30) -> None:
        self.total = total
        self.width = width
        self.shown = -1

    def update(self, done: int) -> None:
        filled = self.width * done // max(self.total, 1)
        if filled != self.shown or done == self.total:
            self.shown = filled
            bar = "#" * filled + "." * (self.width - filled)
            print(f"\r[{bar}] {done}/{self.total} hands", end="", file=sys.stderr, flush=True)

    def close(self) -> None:
        if self.shown >= 0:
            print(file=sys.stderr)
