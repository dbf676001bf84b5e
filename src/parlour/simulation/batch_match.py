"""Matches the compiled batch engine can play: every bot ``random`` or an array policy.

Such a match is played by :mod:`parlour.batch` instead of one hand at a time through the
reference engine, with the same meaning (a :class:`~parlour.simulation.match.Match`):
fresh stacks every hand, the button on seat ``deal % seats``, bot ``i`` in seat
``(i + rotation) % seats`` with the rotation ``deal % seats`` (or every rotation of the
deal, in duplicate mode, sharing its shuffles), the same per-hand winnings, statistics
and records. The random numbers come from the batch engine's own streams (the deal
number for the shuffles, deal and rotation for the choices), so a seed gives the same
results on any number of workers or machines, but not the reference path's results.

An array policy is named ``module:function`` (an importable numba-compiled function of
``(observation, mask, state)``, see docs/batch.md); one match uses at most one.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from parlour.simulation.match import Match

Ints = npt.NDArray[np.int64]
#: Deals per chunk when the batch engine plays (the per-call cost is small against them).
BATCH_CHUNK = 16_384


def is_policy_name(name: str) -> bool:
    """Whether a bot name names an array policy (``module:function``)."""
    return ":" in name


def load_policy(name: str) -> Callable[..., Any]:
    """The array policy ``module:function``; ``ValueError`` saying what is wrong."""
    module_name, _, attribute = name.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as error:
        raise ValueError(
            f"array policy {name!r}: cannot import {module_name!r} ({error})"
        ) from None
    policy = getattr(module, attribute, None)
    if policy is None:
        raise ValueError(f"array policy {name!r}: {module_name} has no {attribute!r}")
    from parlour.batch.jit import is_compiled

    if not is_compiled(policy):
        raise ValueError(
            f"array policy {name!r} must be a numba-compiled function (@numba.njit) of "
            "(observation, mask, state) returning a row"
        )
    return policy  # type: ignore[no-any-return]


def batch_problem(match: Match) -> str | None:
    """Why the batch engine cannot play ``match``, or ``None`` when it can."""
    kinds = [b for b in match.bots if b != "random" and not is_policy_name(b)]
    if kinds:
        return f"the batch engine plays only random bots and array policies, not {kinds[0]!r}"
    if len({b for b in match.bots if is_policy_name(b)}) > 1:
        return "the batch engine plays at most one array policy per match"
    try:
        import parlour.batch  # noqa: F401
    except ImportError as error:
        return str(error)
    for name in match.bots:
        if is_policy_name(name):
            try:
                load_policy(name)
            except ValueError as error:
                return str(error)
    return None


def policy_of(match: Match) -> tuple[Callable[..., Any] | None, int]:
    """The match's array policy and the index of a bot that plays it (-1: none)."""
    for i, name in enumerate(match.bots):
        if is_policy_name(name):
            return load_policy(name), i
    return None, -1


def play_chunk(match: Match, start: int, stop: int, *, keep_records: bool) -> Any:
    """Deals ``start .. stop-1`` of ``match`` on the batch engine: a ``ChunkResult``."""
    from parlour.batch import play_americana, play_palace
    from parlour.simulation.pool import ChunkResult

    seats = len(match.bots)
    deals = np.arange(start, stop, dtype=np.int64)
    rotations = (
        np.tile(np.arange(seats, dtype=np.int64), deals.size) if match.duplicate else deals % seats
    )
    deal_of = np.repeat(deals, seats) if match.duplicate else deals
    policy, _ = policy_of(match)
    # bot i sits in seat (i + r) % seats, so seat s holds bot (s - r) % seats
    seat_bot = (np.arange(seats)[None, :] - rotations[:, None]) % seats
    plays_policy = np.array([is_policy_name(b) for b in match.bots])
    play = play_americana if match.game == "americana" else play_palace
    batch = play(
        deal_of.size,
        stacks=[match.chips] * seats,
        buttons=deal_of % seats,
        options=dict(match.options),
        seed=match.seed,
        deals=deal_of,
        choices=deal_of * seats + rotations,
        policy=policy,
        policy_seats=plays_policy[seat_bot].astype(np.int64) if policy is not None else None,
        keep=keep_records,
    )
    won = batch.final - match.chips
    bot_seat = (np.arange(seats)[None, :] + rotations[:, None]) % seats
    winnings: Ints = np.take_along_axis(won, bot_seat, axis=1).astype(np.int64)
    records = list(batch.records()) if keep_records else []
    return ChunkResult(winnings, records)
