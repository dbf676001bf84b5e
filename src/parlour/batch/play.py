"""Playing many hands of either game in one call: the checks, the threads, the result.

:func:`play` takes a game's :class:`Engine` (its compiled loops and how its results are
laid out) and the caller's inputs, checks them, runs the loops on threads and returns a
:class:`~parlour.batch.result.Batch`. :func:`parlour.batch.play_americana` and
:func:`parlour.batch.play_palace` are this with their game's engine.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import inputs
from parlour.batch import threads as runner
from parlour.batch.jit import policy_function
from parlour.batch.ranking import Tables, load_tables
from parlour.batch.result import Batch

Ints = npt.NDArray[np.int64]


@functools.cache
def tables() -> Tables:
    """The evaluator's tables, packed for the kernels once per process."""
    return load_tables()


@functools.cache
def stand_in() -> Any:
    """The array policy passed when there is none (no seat is flagged to ask it)."""
    from parlour.batch.policies import lowest

    return policy_function(lowest)


@dataclass(frozen=True)
class Engine:
    """What :func:`play` needs to know about one game's kernels."""

    game: str
    most: int  # seats at most
    ante_rule: str  # the rule that deals in only who can pay the ante
    width: int  # a table's state row
    streams: int  # random streams a table holds at once
    per_hand: tuple[int, ...]  # first room per hand in each growable buffer
    ending_names: tuple[str, ...]
    new_out: Callable[[int, int, bool], Any]  # (hands, seats, keep) -> the game's Out
    rows: Callable[[Any, slice, Ints, runner.Buffers], Any]  # a block's view of Out
    shuffles: Callable[[Any, runner.Played, int, bool], tuple[Ints, Ints, Any]]
    loop: Callable[..., int]  # the compiled loop over hands
    scratch: Callable[[int, Ints], tuple[Any, ...]]  # (seats, options) -> the loop's scratch


@dataclass(frozen=True)
class Table:
    """The checked inputs: options (as the game's object and as the kernels' row),
    stacks, buttons, the deal and choice stream of every hand, the policy seats."""

    options: Any
    option_row: Ints
    stacks: Ints  # (1 or N, seats)
    buttons: Ints  # (N,)
    deals: Ints  # (N,)
    choices: Ints  # (N,)
    flags: Ints  # (1 or N, seats)


def streams(given: npt.ArrayLike | None, hands: int, first: int, name: str) -> Ints:
    """One stream number per hand: ``first + i`` by default."""
    if given is None:
        return np.arange(first, first + hands, dtype=np.int64)
    array = np.asarray(given)
    if array.shape != (hands,) or array.dtype.kind not in "iu":
        raise ValueError(f"{name} must be {hands} integers, one per hand")
    if hands and array.min() < 0:
        raise ValueError(f"{name} must not be negative")
    return np.ascontiguousarray(array, dtype=np.int64)


def play(
    engine: Engine,
    table: Table,
    *,
    seed: int,
    first_hand: int,
    threads: int,
    policy: Callable[..., Any] | None,
    keep: bool,
) -> Batch:
    """Play every hand of ``table`` with ``engine``'s loops on ``threads`` threads."""
    hands = table.buttons.shape[0]
    seats = table.stacks.shape[1]
    out = engine.new_out(hands, seats, keep)
    # without a policy every flag is 0: the loop never calls the stand-in
    function = stand_in() if policy is None else policy_function(policy)
    mixed = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    t = tables()
    many = table.stacks.shape[0] > 1
    many_flags = table.flags.shape[0] > 1

    def block(begin: int, end: int, rows: slice, offsets: Ints, bufs: runner.Buffers) -> int:
        args = (
            begin,
            end,
            table.deals[rows],
            table.choices[rows],
            mixed,
            table.option_row,
            table.stacks[rows] if many else table.stacks,
            table.buttons[rows],
            t.keys,
            t.tab,
            engine.rows(out, rows, offsets, bufs),
            np.zeros(engine.width, np.int64),
            np.zeros(engine.streams, np.uint64),
        )
        flags = table.flags[rows] if many_flags else table.flags
        scratch = engine.scratch(seats, table.option_row)
        return int(engine.loop(*args, function, flags, *scratch))

    def stopped(hand: int) -> Exception:
        return ValueError(
            f"hand {first_hand + hand} stopped: the array policy chose a row its mask did not "
            "allow (or, a bug, the hand never ended)"
        )

    per_hand = engine.per_hand if keep else tuple(0 for _ in engine.per_hand)
    played = runner.run(block, hands, threads, per_hand=per_hand, on_error=stopped)
    shuffle_offsets, shuffle_sizes, shuffles = engine.shuffles(out, played, hands, keep)
    return Batch(
        game=engine.game,
        options=table.options.to_dict(),
        seed=seed,
        first_hand=first_hand,
        start=np.broadcast_to(table.stacks, (hands, seats)),
        buttons=table.buttons,
        final=out.final,
        returned=out.returned,
        pots=out.pots,
        pot_amount=out.pot_amount,
        pot_eligible=out.pot_eligible,
        pot_winners=out.pot_winners,
        decisions=out.decisions,
        endings=out.endings,
        ending_names=engine.ending_names,
        offsets=played.offsets[:, 0],
        codes=played.bufs[0],
        shuffle_offsets=shuffle_offsets,
        shuffle_sizes=shuffle_sizes,
        shuffles=shuffles,
        kept=keep,
        cpu_seconds=played.cpu,
    )


def check(
    engine: Engine,
    hands: int,
    options: Any,
    option_row: Ints,
    ante: int,
    *,
    players: int | None,
    stacks: int | Sequence[int] | npt.ArrayLike,
    buttons: int | npt.ArrayLike | None,
    first_hand: int,
    deals: npt.ArrayLike | None,
    choices: npt.ArrayLike | None,
    policy: Callable[..., Any] | None,
    policy_seats: npt.ArrayLike | None,
) -> Table:
    """Every input checked and shaped, or a ``ValueError`` saying what is wrong."""
    hands = inputs.count(hands)
    if isinstance(first_hand, bool) or not isinstance(first_hand, int) or first_hand < 0:
        raise ValueError(f"first_hand must be a non-negative integer, got {first_hand!r}")
    table = inputs.table_stacks(stacks, players, hands, engine.most)
    inputs.check_dealt(table, ante, engine.ante_rule)
    seats = table.shape[1]
    return Table(
        options=options,
        option_row=option_row,
        stacks=table,
        buttons=inputs.table_buttons(buttons, hands, first_hand, seats),
        deals=streams(deals, hands, first_hand, "deals"),
        choices=streams(choices, hands, first_hand, "choices"),
        flags=inputs.seat_flags(policy, policy_seats, seats, hands),
    )
