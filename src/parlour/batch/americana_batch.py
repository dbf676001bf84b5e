"""``play_americana``: many Americana hands in one call (the public front of the kernels)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch import americana as am
from parlour.batch import americana_loop as loop
from parlour.batch import threads as runner
from parlour.batch.play import Engine, check, play
from parlour.batch.result import Batch
from parlour.games.americana import AmericanaOptions, options_from_dict

Ints = npt.NDArray[np.int64]
_TIE_BREAKS = ("seed", "ranks_then_suit", "split")


def option_array(options: AmericanaOptions) -> Ints:
    """The options as the kernels read them (``O_*`` order)."""
    return np.array(
        [
            am.STRUCTURES.index(options.structure),
            options.ante,
            options.bring_in,
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


def _out(hands: int, seats: int, keep: bool) -> loop.Out:  # noqa: FBT001
    pots = seats  # nested eligible sets, one per pot: at most one pot per seat
    return loop.Out(
        final=np.zeros((hands, seats), np.int64),
        returned=np.zeros((hands, seats), np.int64),
        pots=np.zeros(hands, np.int64),
        pot_amount=np.zeros((hands, pots), np.int64),
        pot_eligible=np.zeros((hands, pots), np.int64),
        pot_winners=np.zeros((hands, pots), np.int64),
        endings=np.zeros(hands, np.int8),
        decks=np.zeros((hands if keep else 0, am.DECK_SIZE), np.int8),
        offsets=np.zeros((1, 1), np.int64),
        codes=np.zeros(0, np.int64),
        decisions=np.zeros(hands, np.int64),
    )


def _rows(out: loop.Out, rows: slice, offsets: Ints, bufs: runner.Buffers) -> loop.Out:
    """A block's view of the shared result: its rows, its own offsets and codes."""
    decks = out.decks[rows] if out.decks.shape[0] else out.decks
    return out._replace(
        final=out.final[rows],
        returned=out.returned[rows],
        pots=out.pots[rows],
        pot_amount=out.pot_amount[rows],
        pot_eligible=out.pot_eligible[rows],
        pot_winners=out.pot_winners[rows],
        endings=out.endings[rows],
        decks=decks,
        offsets=offsets,
        codes=bufs[0],
        decisions=out.decisions[rows],
    )


def _shuffles(out: loop.Out, played: runner.Played, hands: int, keep: bool) -> Any:  # noqa: FBT001
    """One shuffle of the 32 cards per hand (A-11, R-3), from the decks."""
    size = am.DECK_SIZE if keep else 0
    offsets = np.arange(hands + 1, dtype=np.int64) * size
    return offsets, np.full((hands, 1), size, np.int64), out.decks.reshape(-1)


ENGINE = Engine(
    game="americana",
    most=am.MAX_SEATS,
    ante_rule="A-10",
    width=am.WIDTH,
    streams=1,
    per_hand=(8,),  # action codes: random heads-up limit play makes about four
    ending_names=("fold", "showdown"),
    new_out=_out,
    rows=_rows,
    shuffles=_shuffles,
    loop=loop.play,
    scratch=loop.scratch,
)


def play_americana(
    hands: int,
    *,
    players: int | None = None,
    stacks: int | Sequence[int] | npt.ArrayLike = 100,
    buttons: int | npt.ArrayLike | None = None,
    options: Mapping[str, Any] | AmericanaOptions | None = None,
    seed: int = 0,
    first_hand: int = 0,
    deals: npt.ArrayLike | None = None,
    choices: npt.ArrayLike | None = None,
    threads: int = 1,
    policy: Callable[..., Any] | None = None,
    policy_seats: npt.ArrayLike | None = None,
    keep: bool = True,
) -> Batch:
    """Play ``hands`` independent hands of Americana; every rule and option.

    ``stacks``: chips of every seat before the ante: one number (``players`` seats, 2 by
    default), one per seat, or one row per hand. ``buttons``: the dealer's seat per hand
    (default: hand number modulo the seats). Hand ``i`` is number ``first_hand + i``; it
    is dealt from stream ``deals[i]`` and chooses from stream ``choices[i]`` of ``seed``
    (both default to its number; hands sharing a deal get the same cards, as duplicate
    play wants), so results depend on nothing else, ``threads`` included. Seats in
    ``policy_seats`` (all, by default; a ``(hands, seats)`` 0/1 array gives them per
    hand) ask ``policy``, a numba-compiled array policy (docs/batch.md); the others, or
    all without a policy, play ``random_action``'s uniform random policy. ``keep=False``
    skips the decks and action codes: no records, less memory, a little faster.
    """
    opts = americana_options(options)
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
