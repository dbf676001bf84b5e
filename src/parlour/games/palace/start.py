"""Starting a Palace hand: the entry point the game registry and the records use.

The hand's constructor does the work (:class:`~parlour.games.palace.hand.PalaceHand`):
it checks the table, takes antes (P-8), deals (P-9 to P-16) and gives the first turn.
"""

from __future__ import annotations

from collections.abc import Sequence

from parlour.games.palace.hand import PalaceHand
from parlour.games.palace.options import PalaceOptions
from parlour.games.palace.seating import MAX_SEATS
from parlour.seats import SeatSpec
from parlour.shuffles import Shuffler

__all__ = ["MAX_SEATS", "start_hand"]


def start_hand(
    options: PalaceOptions, seats: Sequence[SeatSpec], button: int, shuffler: Shuffler
) -> PalaceHand:
    """Seat the players, take antes, deal, and give the first turn (dealer's left, P-18).

    ``seats`` are the seated players in increasing seat number; a player who cannot pay
    the full ante, or has no chips, is not dealt in (P-8). Raises ``ValueError`` for a bad
    table (more than ten seats, seats out of order, a button that is not a seat, fewer
    than two players dealt in) and :class:`parlour.errors.ShuffleError` when the shuffler
    fails. The events of the automatic start are in ``hand.start_events``.
    """
    return PalaceHand(options, seats, button, shuffler)
