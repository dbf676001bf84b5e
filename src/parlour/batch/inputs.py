"""Checking and shaping what a caller gives a batch run: stacks, buttons, policy seats.

Bad input gets a ``ValueError`` that says what was wrong, before any hand is played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from parlour.batch.jit import is_compiled

Ints = npt.NDArray[np.int64]


def table_stacks(
    stacks: int | Sequence[int] | npt.ArrayLike, players: int | None, hands: int, most: int
) -> Ints:
    """Stacks as ``(1, seats)`` (every hand alike) or ``(hands, seats)``."""
    array = np.asarray(stacks)
    if array.ndim == 0:
        count = 2 if players is None else players
        array = np.full((1, count), array)
    elif array.ndim == 1:
        array = array[None, :]
    elif array.ndim != 2 or array.shape[0] not in (1, hands):
        raise ValueError(
            f"stacks must be one number, one per seat, or one row per hand ({hands}), "
            f"got shape {array.shape}"
        )
    if array.dtype.kind not in "iu" and not (array.dtype.kind == "f" and _whole(array)):
        raise ValueError(f"stacks must be whole numbers of chips, got {array.dtype}")
    seats = array.shape[1]
    if players is not None and players != seats:
        raise ValueError(f"players={players} but the stacks are for {seats} seats")
    if not 2 <= seats <= most:
        raise ValueError(f"a table seats 2 to {most} players, got {seats}")
    if array.size and array.min() < 0:
        raise ValueError("stacks must not be negative")
    return np.ascontiguousarray(array, dtype=np.int64)


def _whole(array: npt.NDArray[Any]) -> bool:
    return bool(np.all(np.isfinite(array)) and np.all(array == np.round(array)))


def check_dealt(stacks: Ints, ante: int, rule: str) -> None:
    """Every hand must deal in at least two players (who can pay the ante, and have chips)."""
    dealt = ((stacks >= ante) & (stacks > 0)).sum(axis=1)
    short = np.flatnonzero(dealt < 2)
    if short.size:
        raise ValueError(
            f"hand {int(short[0])}: only {int(dealt[short[0]])} player(s) can pay the ante of "
            f"{ante}; a hand needs two ({rule})"
        )


def table_buttons(buttons: int | npt.ArrayLike | None, hands: int, first: int, seats: int) -> Ints:
    """One button per hand: by default it moves one seat per hand number."""
    if buttons is None:
        return np.ascontiguousarray((first + np.arange(hands, dtype=np.int64)) % seats)
    array = np.asarray(buttons)
    if array.ndim == 0:
        array = np.full(hands, array)
    if array.shape != (hands,) or array.dtype.kind not in "iu":
        raise ValueError(f"buttons must be one seat number or {hands} of them")
    if hands and (array.min() < 0 or array.max() >= seats):
        raise ValueError(f"a button must be a seat from 0 to {seats - 1}")
    return np.ascontiguousarray(array, dtype=np.int64)


def seat_flags(policy: object, policy_seats: npt.ArrayLike | None, seats: int, hands: int) -> Ints:
    """Which seats ask the array policy (1) rather than play at random (0): one row for
    every hand, or one row per hand. ``policy_seats``: seat numbers, or a 0/1 array of
    ``(seats,)`` or ``(hands, seats)``; all seats by default."""
    if policy is None:
        if policy_seats is not None:
            raise ValueError("policy_seats needs a policy")
        return np.zeros((1, seats), np.int64)
    if not is_compiled(policy):
        raise ValueError(
            "an array policy must be a numba-compiled function "
            "(@numba.njit, or a cfunc) of (observation, mask, state) returning a row"
        )
    if policy_seats is None:
        return np.ones((1, seats), np.int64)
    array = np.asarray(policy_seats)
    if array.ndim == 2:
        if array.shape != (hands, seats) or not np.isin(array, (0, 1)).all():
            raise ValueError(f"per-hand policy seats must be a 0/1 array of shape {(hands, seats)}")
        return np.ascontiguousarray(array, dtype=np.int64)
    flags = np.zeros((1, seats), np.int64)
    for seat in array.reshape(-1).tolist():
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise ValueError(f"policy seat {seat!r} is not a seat (0 to {seats - 1})")
        flags[0, seat] = 1
    return flags


def count(hands: int) -> int:
    """A number of hands: a non-negative integer."""
    if isinstance(hands, bool) or not isinstance(hands, int | np.integer) or hands < 0:
        raise ValueError(f"hands must be a non-negative integer, got {hands!r}")
    return int(hands)
