"""Who sits at a Palace hand and who is dealt in (P-1, P-8), checked before anything moves."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from parlour.games.palace.meta import SEATS
from parlour.seats import SeatSpec

MAX_SEATS = SEATS.max


def check_table(specs: Sequence[SeatSpec], button: int) -> None:
    """Raise ``ValueError`` for more than ten seats, seats out of order or a bad button."""
    numbers = [s.seat for s in specs]
    if len(specs) > MAX_SEATS:
        raise ValueError(f"Palace Poker seats at most {MAX_SEATS} players, got {len(specs)} (P-1)")
    if any(a >= b for a, b in itertools.pairwise(numbers)):
        raise ValueError(f"seats must be in increasing seat number, got {numbers}")
    if button not in numbers:
        raise ValueError(f"button {button!r} is not one of the seats {numbers}")


def dealt_in(specs: Sequence[SeatSpec], button: int, ante: int) -> tuple[int, ...]:
    """Positions dealt in, clockwise from the dealer's left (P-8: the full ante, a chip).

    Raises ``ValueError`` when fewer than two can pay.
    """
    n = len(specs)
    at = next(i for i, s in enumerate(specs) if s.seat == button)
    ring = [*range(at + 1, n), *range(at + 1)]  # clockwise from the dealer's left
    order = tuple([p for p in ring if specs[p].stack >= ante and specs[p].stack > 0])
    if len(order) < 2:
        raise ValueError(
            f"only {len(order)} player(s) can pay the ante of {ante}; a hand needs two (P-8)"
        )
    return order
