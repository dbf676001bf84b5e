"""What an array policy sees in Americana: the RL codec's observation, mask and action rows.

The same numbers as :class:`parlour.rl.americana_codec.AmericanaCodec` builds from a
seat's view (docs/rl.md), computed from the compiled state: a policy trained in the
vector environment plays unchanged in batch simulations, and the tests hold the two
encodings equal. Only what the seat may see goes in (R-4): its own hole card, everyone's
upcards, chips.

Rows (``Discrete(6)``): 0 fold; 1 check, call or bring in; 2 the smallest bet or raise;
3 half the pot; 4 the pot; 5 the largest. A sizing row whose total equals a lower row's
is masked.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch import americana as am
from parlour.batch.jit import kernel

Ints = npt.NDArray[np.int64]
Floats = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

ROWS = 6
#: The 32-card deck starts at card 20 (the sevens), so a card's one-hot index is card - 20.
FIRST_CARD = 20


@kernel
def observation_size(seats: int) -> int:
    """The codec's observation length for ``seats`` players: 47 + 37 per seat."""
    return 47 + 37 * seats


@kernel
def position_of(s: Ints, seat: int) -> int:
    """The position of table seat ``seat`` among the players dealt in, or -1."""
    for q in range(s[am.S_N]):
        if s[am.P_SEAT + q] == seat:
            return q
    return -1


@kernel
def encode(s: Ints, opts: Ints, seat: int, obs: Floats) -> None:
    """Write ``seat``'s observation into ``obs`` (see AmericanaCodec.encode)."""
    seats = s[am.S_SEATS]
    bet = float(opts[am.O_BET])
    over = s[am.S_ACTOR] < 0
    for k in range(obs.shape[0]):
        obs[k] = 0.0
    me = position_of(s, seat)
    if me >= 0:
        obs[s[am.DECK + me] - FIRST_CARD] = 1.0
    actor_seat = -1 if over else s[am.P_SEAT + s[am.S_ACTOR]]
    cards_at = 32
    street_at = 32 + 32 * seats
    seats_at = street_at + 4
    table_at = seats_at + 5 * seats
    ranks_at = table_at + 3
    my_bet = 0
    for k in range(seats):
        other = (seat + k) % seats
        q = position_of(s, other)
        row = seats_at + 5 * k
        if q < 0:
            obs[row + 1] = s[am.R_START + other] / bet
            continue
        for j in range(s[am.P_UPS + q]):
            obs[cards_at + 32 * k + s[am.P_UP + 4 * q + j] - FIRST_CARD] = 1.0
        round_bet = 0 if over else s[am.P_BETS + q]
        if k == 0:
            my_bet = round_bet
        obs[row] = float(s[am.P_LIVE + q])
        obs[row + 1] = s[am.P_STACK + q] / bet
        obs[row + 2] = round_bet / bet
        obs[row + 3] = s[am.P_CONTRIB + q] / bet
        obs[row + 4] = 1.0 if other == actor_seat else 0.0
    street = s[am.S_STREET]
    if 1 <= street <= 4:
        obs[street_at + street - 1] = 1.0
    current = 0 if over else s[am.S_BET_TO]
    obs[table_at] = s[am.S_POT] / bet
    obs[table_at + 1] = current / bet
    obs[table_at + 2] = max(current - my_bet, 0) / bet
    if me >= 0:
        obs[ranks_at + (s[am.DECK + me] >> 2) - 5] += 0.25
        for j in range(s[am.P_UPS + me]):
            obs[ranks_at + (s[am.P_UP + 4 * me + j] >> 2) - 5] += 0.25


@kernel
def targets(s: Ints, totals: Ints, mask: Mask) -> None:
    """The legal rows of the player to act into ``mask``; each sizing row's total into
    ``totals`` (the codec's ``_targets``)."""
    for row in range(ROWS):
        mask[row] = 0
    if s[am.S_ACTOR] < 0:
        return
    count = am.choice_count(s)
    sized = False
    for k in range(count):
        kind = am.choice_kind(s, k)
        if kind == am.FOLD:
            mask[0] = 1
        elif kind == am.BET or kind == am.RAISE:
            sized = True
        else:
            mask[1] = 1
    if not sized:
        return
    p = s[am.S_ACTOR]
    lo = s[am.S_LO]
    hi = s[am.S_HI]
    current = s[am.S_BET_TO]
    mine = s[am.P_BETS + p]
    owed = max(current - mine, 0)
    base = max(current, mine)
    pot = s[am.S_POT]
    for row in range(2, 6):
        if row == 2:
            wanted = lo
        elif row == 5:
            wanted = hi
        else:
            wanted = base + int((0.5 if row == 3 else 1.0) * (pot + owed))
        to = min(max(wanted, lo), hi)
        fresh = True
        for lower in range(2, row):
            if mask[lower] != 0 and totals[lower] == to:
                fresh = False
        if fresh:
            mask[row] = 1
            totals[row] = to


@kernel
def decode(s: Ints, row: int, totals: Ints) -> tuple[int, int]:
    """The decision (kind, total) of a legal ``row`` (``totals`` from :func:`targets`)."""
    count = am.choice_count(s)
    for k in range(count):
        kind = am.choice_kind(s, k)
        if row == 0 and kind == am.FOLD:
            return kind, 0
        if row == 1 and (kind == am.CHECK or kind == am.CALL or kind == am.BRING_IN):
            return kind, 0
        if row >= 2 and (kind == am.BET or kind == am.RAISE):
            return kind, totals[row]
    return -1, 0
