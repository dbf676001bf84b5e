"""``play_palace``: many Palace Poker hands in one call (the public front of the kernels)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import palace as pa
from parlour.batch import palace_loop as loop
from parlour.batch import threads as runner
from parlour.batch.palace_obs import MAX_SOLDIERS
from parlour.batch.play import Engine, check, play
from parlour.batch.result import Batch
from parlour.games.palace import PalaceOptions, options_from_dict

Ints = npt.NDArray[np.int64]


def option_array(options: PalaceOptions) -> Ints:
    """The options as the kernels read them (``O_*`` order)."""
    return np.array(
        [
            int(options.no_limit),
            options.small_bet,
            options.big_bet,
            options.ante,
            options.discard_fee,
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


def _out(hands: int, seats: int, keep: bool) -> loop.Out:  # noqa: FBT001
    del keep  # the buffers say it: they are empty when no records are kept
    pots = seats  # nested eligible sets, one per pot: at most one pot per seat
    empty = np.zeros(0, np.int64)
    return loop.Out(
        final=np.zeros((hands, seats), np.int64),
        returned=np.zeros((hands, seats), np.int64),
        pots=np.zeros(hands, np.int64),
        pot_amount=np.zeros((hands, pots), np.int64),
        pot_eligible=np.zeros((hands, pots), np.int64),
        pot_winners=np.zeros((hands, pots), np.int64),
        endings=np.zeros(hands, np.int8),
        decisions=np.zeros(hands, np.int64),
        offsets=np.zeros((1, 3), np.int64),
        codes=empty,
        cards=empty,
        sizes=empty,
    )


def _rows(out: loop.Out, rows: slice, offsets: Ints, bufs: runner.Buffers) -> loop.Out:
    """A block's view of the shared result: its rows, its own offsets and buffers."""
    return out._replace(
        final=out.final[rows],
        returned=out.returned[rows],
        pots=out.pots[rows],
        pot_amount=out.pot_amount[rows],
        pot_eligible=out.pot_eligible[rows],
        pot_winners=out.pot_winners[rows],
        endings=out.endings[rows],
        decisions=out.decisions[rows],
        offsets=offsets,
        codes=bufs[0],
        cards=bufs[1],
        sizes=bufs[2],
    )


def _shuffles(out: loop.Out, played: runner.Played, hands: int, keep: bool) -> Any:  # noqa: FBT001
    """Every shuffle of every hand (R-3), sizes as one padded row per hand."""
    del out, keep
    flat, offsets = played.bufs[2], played.offsets[:, 2]
    counts = np.diff(offsets)
    widest = int(counts.max()) if hands else 0
    sizes = np.zeros((hands, widest), np.int64)
    for k in range(widest):
        has = counts > k
        sizes[has, k] = flat[offsets[:-1][has] + k]
    return played.offsets[:, 1], sizes, played.bufs[1].astype(np.int8)


ENGINE = Engine(
    game="palace",
    most=pa.MAX_SEATS,
    ante_rule="P-8",
    width=pa.WIDTH,
    streams=2,  # the deal's shuffles (P-17 reshuffles come mid-hand) and the choices
    per_hand=(24, 110, 3),  # action codes, shuffled cards, shuffle sizes
    ending_names=("last_standing", "one_suit", "battle_tie", "showdown", "comparison"),
    new_out=_out,
    rows=_rows,
    shuffles=_shuffles,
    loop=loop.play,
    scratch=loop.scratch,
)


def play_palace(
    hands: int,
    *,
    players: int | None = None,
    stacks: int | Sequence[int] | npt.ArrayLike = 100,
    buttons: int | npt.ArrayLike | None = None,
    options: Mapping[str, Any] | PalaceOptions | None = None,
    seed: int = 0,
    first_hand: int = 0,
    deals: npt.ArrayLike | None = None,
    choices: npt.ArrayLike | None = None,
    threads: int = 1,
    policy: Callable[..., Any] | None = None,
    policy_seats: npt.ArrayLike | None = None,
    keep: bool = True,
) -> Batch:
    """Play ``hands`` independent hands of Palace Poker; every rule and option.

    The arguments are those of :func:`parlour.batch.play_americana` (2 to 10 seats).
    """
    opts = palace_options(options)
    if policy is not None and opts.max_soldiers > MAX_SOLDIERS:
        raise ValueError(
            f"array policies use the RL codec's action table, which supports max_soldiers up "
            f"to {MAX_SOLDIERS}; got {opts.max_soldiers}"
        )
    table = check(
        ENGINE,
        hands,
        opts,
        option_array(opts),
        opts.ante,
        players=players,
        stacks=stacks,
        buttons=buttons,
        first_hand=first_hand,
        deals=deals,
        choices=choices,
        policy=policy,
        policy_seats=policy_seats,
    )
    return play(
        ENGINE, table, seed=seed, first_hand=first_hand, threads=threads, policy=policy, keep=keep
    )
