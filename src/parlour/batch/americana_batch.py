"""``play_americana``: many Americana hands in one call (the public front of the kernels)."""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import americana as am
from parlour.batch import americana_loop as loop
from parlour.batch import inputs
from parlour.batch import threads as runner
from parlour.batch.ranking import Tables, load_tables
from parlour.batch.result import Batch
from parlour.cards import DECK_32
from parlour.games.americana import AmericanaOptions, options_from_dict

Ints = npt.NDArray[np.int64]
_TIE_BREAKS = ("seed", "ranks_then_suit", "split")
#: Action codes first allotted per hand (random heads-up limit play makes about four).
CODES_PER_HAND = 8


@functools.cache
def tables() -> Tables:
    """The evaluator's tables, loaded once per process."""
    return load_tables()


def option_array(options: AmericanaOptions) -> Ints:
    """The options as the kernels read them (``O_*`` order)."""
    return np.array(
        [
            am.STRUCTURES.index(options.structure),
            options.ante,
            options.bet,
            options.raise_cap,
            _TIE_BREAKS.index(options.tie_break),
            int(options.show_all),
        ],
        np.int64,
    )


def americana_options(options: Mapping[str, Any] | AmericanaOptions | None) -> AmericanaOptions:
    """Options from a record-style mapping (checked), or as given."""
    if isinstance(options, AmericanaOptions):
        return options
    return options_from_dict(dict(options or {}))


def play_americana(
    hands: int,
    *,
    players: int | None = None,
    stacks: int | Sequence[int] | npt.ArrayLike = 100,
    buttons: int | npt.ArrayLike | None = None,
    options: Mapping[str, Any] | AmericanaOptions | None = None,
    seed: int = 0,
    first_hand: int = 0,
    threads: int = 1,
    policy: Callable[..., Any] | None = None,
    policy_seats: Sequence[int] | None = None,
    keep: bool = True,
) -> Batch:
    """Play ``hands`` independent hands of Americana; every rule and option.

    ``stacks``: chips of every seat before the ante: one number (``players`` seats, 2 by
    default), one per seat, or one row per hand. ``buttons``: the dealer's seat per hand
    (default: hand number modulo the seats). Seats with ``policy_seats`` (all, by default)
    ask ``policy``, a numba-compiled array policy (see docs/batch.md); the others, or all
    without a policy, play the uniform random policy of ``random_action``. Hand number
    ``first_hand + i`` draws from its own stream of ``seed``, so results do not depend on
    ``threads``. ``keep=False`` skips shuffles and action codes (no records).
    """
    hands = inputs.count(hands)
    opts = americana_options(options)
    table = inputs.table_stacks(stacks, players, hands, am.MAX_SEATS)
    inputs.check_dealt(table, opts.ante, "A-10")
    seats = table.shape[1]
    button = inputs.table_buttons(buttons, hands, first_hand, seats)
    flags = inputs.seat_flags(policy, policy_seats, seats)
    out = _out(hands, seats, keep=keep)
    option_row = option_array(opts)
    deck = np.array(DECK_32, np.int64)
    many = table.shape[0] > 1
    mixed = np.uint64(seed & 0xFFFFFFFFFFFFFFFF)
    t = tables()

    def block(begin: int, end: int, rows: slice, offsets: Ints, bufs: runner.Buffers) -> int:
        view = _rows(out, rows, offsets, bufs[0])
        args = (
            begin,
            end,
            first_hand + rows.start,
            mixed,
            option_row,
            table[rows] if many else table,
            button[rows],
            deck,
            t.keys,
            t.tab,
            view,
            int(keep),
            np.zeros(am.WIDTH, np.int64),
            np.zeros(1, np.uint64),
        )
        if policy is None:
            return int(loop.play_random(*args))
        return int(loop.play_policy(*args, policy, flags))

    played = threads_run(block, hands, threads, per_hand=(CODES_PER_HAND if keep else 0,))
    size = am.DECK_SIZE if keep else 0
    return Batch(
        game="americana",
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
        endings=out.showdown,
        ending_names=("fold", "showdown"),
        offsets=played.offsets[:, 0],
        codes=played.bufs[0],
        shuffle_offsets=np.arange(hands + 1, dtype=np.int64) * size,
        shuffle_sizes=np.full((hands, 1), size, np.int64),
        shuffles=out.decks.reshape(-1),
        kept=keep,
        cpu_seconds=played.cpu,
    )


def threads_run(
    block: runner.Block, hands: int, count: int, *, per_hand: tuple[int, ...]
) -> runner.Played:
    """Run ``block`` over the hands; an illegal policy row becomes a clear error."""

    def illegal(hand: int) -> Exception:
        return ValueError(f"the array policy chose a row that is not legal, in hand {hand}")

    return runner.run(block, hands, count, per_hand=per_hand, on_error=illegal)


def _out(hands: int, seats: int, *, keep: bool) -> loop.Out:
    pots = seats  # nested eligible sets, one per pot: at most one pot per seat
    return loop.Out(
        final=np.zeros((hands, seats), np.int64),
        returned=np.zeros((hands, seats), np.int64),
        pots=np.zeros(hands, np.int64),
        pot_amount=np.zeros((hands, pots), np.int64),
        pot_eligible=np.zeros((hands, pots), np.int64),
        pot_winners=np.zeros((hands, pots), np.int64),
        showdown=np.zeros(hands, np.int8),
        decks=np.zeros((hands if keep else 0, am.DECK_SIZE), np.int8),
        offsets=np.zeros((1, 1), np.int64),
        codes=np.zeros(0, np.int64),
        decisions=np.zeros(hands, np.int64),
    )


def _rows(out: loop.Out, rows: slice, offsets: Ints, codes: Ints) -> loop.Out:
    """The block's view of the shared result: its rows, its own offsets and codes."""
    decks = out.decks[rows] if out.decks.shape[0] else out.decks
    return loop.Out(
        out.final[rows],
        out.returned[rows],
        out.pots[rows],
        out.pot_amount[rows],
        out.pot_eligible[rows],
        out.pot_winners[rows],
        out.showdown[rows],
        decks,
        offsets,
        codes,
        out.decisions[rows],
    )
