"""``play_palace``: many Palace Poker hands in one call (the public front of the kernels)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import inputs
from parlour.batch import palace as pa
from parlour.batch import palace_loop as loop
from parlour.batch import threads as runner
from parlour.batch.americana_batch import tables
from parlour.batch.result import Batch
from parlour.games.palace import PalaceOptions, options_from_dict

Ints = npt.NDArray[np.int64]
#: How a hand ends, in the reference engine's words, by ``palace.END_*``.
ENDINGS = ("last_standing", "one_suit", "battle_tie", "showdown", "comparison")
#: First room per hand in the three buffers: action codes, shuffled cards, shuffle sizes.
PER_HAND = (24, 110, 3)


def option_array(options: PalaceOptions) -> Ints:
    """The options as the kernels read them (``O_*`` order)."""
    return np.array(
        [
            int(options.no_limit),
            options.small_bet,
            options.bb,
            options.ante_amount,
            options.fee,
            options.max_soldiers,
            options.raise_cap,
        ],
        np.int64,
    )


def palace_options(options: Mapping[str, Any] | PalaceOptions | None) -> PalaceOptions:
    """Options from a record-style mapping (checked), or as given."""
    if isinstance(options, PalaceOptions):
        return options
    return options_from_dict(dict(options or {}))


def play_palace(
    hands: int,
    *,
    players: int | None = None,
    stacks: int | Sequence[int] | npt.ArrayLike = 100,
    buttons: int | npt.ArrayLike | None = None,
    options: Mapping[str, Any] | PalaceOptions | None = None,
    seed: int = 0,
    first_hand: int = 0,
    threads: int = 1,
    policy: Callable[..., Any] | None = None,
    policy_seats: Sequence[int] | None = None,
    keep: bool = True,
) -> Batch:
    """Play ``hands`` independent hands of Palace Poker; every rule and option.

    The arguments are those of :func:`parlour.batch.play_americana` (2 to 10 seats).
    """
    hands = inputs.count(hands)
    opts = palace_options(options)
    table = inputs.table_stacks(stacks, players, hands, pa.MAX_SEATS)
    inputs.check_dealt(table, opts.ante_amount, "P-8")
    seats = table.shape[1]
    button = inputs.table_buttons(buttons, hands, first_hand, seats)
    flags = inputs.seat_flags(policy, policy_seats, seats)
    out = _out(hands, seats)
    option_row = option_array(opts)
    many = table.shape[0] > 1
    mixed = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    t = tables()

    def block(begin: int, end: int, rows: slice, offsets: Ints, bufs: runner.Buffers) -> int:
        view = _rows(out, rows, offsets, bufs)
        args = (
            begin,
            end,
            first_hand + rows.start,
            mixed,
            option_row,
            table[rows] if many else table,
            button[rows],
            t.keys,
            t.tab,
            view,
            np.zeros(pa.WIDTH, np.int64),
            np.zeros(1, np.uint64),
        )
        if policy is None:
            return int(loop.play_random(*args))
        return int(loop.play_policy(*args, policy, flags))  # type: ignore[attr-defined]

    per_hand = PER_HAND if keep else (0, 0, 0)
    played = runner.run(block, hands, threads, per_hand=per_hand, on_error=_error)
    sizes = _sizes(played.bufs[2], played.offsets[:, 2])
    return Batch(
        game="palace",
        options=opts.to_dict(),
        seed=seed,
        first_hand=first_hand,
        start=np.broadcast_to(table, (hands, seats)),
        buttons=button,
        final=out.final,
        returned=out.returned,
        pots=out.pots,
        pot_amount=out.pot_amount,
        pot_eligible=out.pot_eligible,
        pot_winners=out.pot_winners,
        decisions=out.decisions,
        endings=out.how,
        ending_names=ENDINGS,
        offsets=played.offsets[:, 0],
        codes=played.bufs[0],
        shuffle_offsets=played.offsets[:, 1],
        shuffle_sizes=sizes,
        shuffles=played.bufs[1].astype(np.int8),
        kept=keep,
        cpu_seconds=played.cpu,
    )


def _error(hand: int) -> Exception:
    return ValueError(f"hand {hand} stopped: an illegal policy row, or a hand that never ends")


def _sizes(flat: Ints, offsets: Ints) -> Ints:
    """Ragged shuffle sizes as one row per hand, padded with 0."""
    hands = offsets.shape[0] - 1
    counts = np.diff(offsets)
    widest = int(counts.max()) if hands else 0
    out = np.zeros((hands, widest), np.int64)
    for k in range(widest):
        has = counts > k
        out[has, k] = flat[offsets[:-1][has] + k]
    return out


def _out(hands: int, seats: int) -> loop.Out:
    pots = seats  # nested eligible sets, one per pot: at most one pot per seat
    empty = np.zeros(0, np.int64)
    return loop.Out(
        final=np.zeros((hands, seats), np.int64),
        returned=np.zeros((hands, seats), np.int64),
        pots=np.zeros(hands, np.int64),
        pot_amount=np.zeros((hands, pots), np.int64),
        pot_eligible=np.zeros((hands, pots), np.int64),
        pot_winners=np.zeros((hands, pots), np.int64),
        how=np.zeros(hands, np.int8),
        decisions=np.zeros(hands, np.int64),
        offsets=np.zeros((1, 3), np.int64),
        codes=empty,
        cards=empty,
        sizes=empty,
    )


def _rows(out: loop.Out, rows: slice, offsets: Ints, bufs: runner.Buffers) -> loop.Out:
    """The block's view of the shared result: its rows, its own offsets and buffers."""
    return loop.Out(
        out.final[rows],
        out.returned[rows],
        out.pots[rows],
        out.pot_amount[rows],
        out.pot_eligible[rows],
        out.pot_winners[rows],
        out.how[rows],
        out.decisions[rows],
        offsets,
        bufs[0],
        bufs[1],
        bufs[2],
    )
