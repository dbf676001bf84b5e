"""Americana (RULES.md Part 2) compiled: one table's state as a flat row of int64.

This is the reference engine's logic (:mod:`parlour.games.americana`) step for step,
written over integers so numba can compile it: the same positions (players dealt in,
clockwise from the dealer's left), the same legality numbers (``owed``, ``lo``, ``hi``)
and the same order of legal choices, so the random policy draws exactly as
``random_action`` does. The differential tests replay every hand with the reference
engine and require the same outcome.

A table's state is one row of ``int64`` (the ``S_*`` scalars, then per-position arrays at
the ``P_*`` offsets, then the result at the ``R_*`` offsets): each thread works through
one table at a time, so keeping a table's fields together keeps them in cache; the
results of many hands are struct-of-arrays (see :mod:`parlour.batch.result`).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch import rng
from parlour.batch.jit import kernel
from parlour.batch.levels import add_level
from parlour.batch.ranking import Int32s, americana_value, card_order, visible_value

Ints = npt.NDArray[np.int64]

MAX_SEATS = 6
DECK_SIZE = 32

# ---- options (an int64 array, in this order)
O_STRUCTURE, O_ANTE, O_BET, O_CAP, O_TIE, O_SHOW_ALL = 0, 1, 2, 3, 4, 5
OPTION_COUNT = 6
LIMIT, POT_LIMIT, NO_LIMIT = 0, 1, 2
STRUCTURES = ("limit", "pot_limit", "no_limit")

# ---- action kinds (the low bits of an action code, see parlour.batch.codes)
FOLD, CHECK, CALL, BRING_IN, BET, RAISE = 0, 1, 2, 3, 4, 5
KINDS = ("fold", "check", "call", "bring_in", "bet", "raise")

# ---- scalars of a table's row
S_N = 0  # players dealt in
S_SEATS = 1  # seats at the table (0 .. seats-1)
S_BUTTON = 2
S_POT = 3
S_BET_TO = 4
S_MIN_RAISE = 5
S_RAISES = 6
S_STREET = 7
S_NEXT = 8  # index of the next card to deal
S_ACTOR = 9  # position to act, -1 once the hand is over
S_FORCED = 10  # 1 while the bring-in is owed
S_AGGRESSOR = 11
S_OWED = 12
S_LO = 13
S_HI = 14
S_ACTIONS = 15  # decisions taken (also past the capacity of the codes row)
S_POTS = 16  # pots in the result
S_SHOWDOWN = 17
# ---- per position (MAX_SEATS each)
P_STACK = 18
P_BETS = P_STACK + MAX_SEATS
P_CONTRIB = P_BETS + MAX_SEATS
P_LIVE = P_CONTRIB + MAX_SEATS
P_ACTED = P_LIVE + MAX_SEATS
P_RAISE_OK = P_ACTED + MAX_SEATS
P_SEAT = P_RAISE_OK + MAX_SEATS  # position -> table seat
P_UPS = P_SEAT + MAX_SEATS  # upcards dealt so far
P_UP = P_UPS + MAX_SEATS  # 4 upcards per position
DECK = P_UP + 4 * MAX_SEATS
# ---- the result, by table seat
R_START = DECK + DECK_SIZE
R_FINAL = R_START + MAX_SEATS
R_RETURNED = R_FINAL + MAX_SEATS
R_POT_AMOUNT = R_RETURNED + MAX_SEATS  # up to MAX_SEATS pots
R_POT_ELIGIBLE = R_POT_AMOUNT + MAX_SEATS  # bit mask of seats
R_POT_WINNERS = R_POT_ELIGIBLE + MAX_SEATS
# ---- scratch space for the end of the hand (no allocation in the hot loop)
X_VALUE = R_POT_WINNERS + MAX_SEATS
X_HIGH = X_VALUE + MAX_SEATS
X_WON = X_HIGH + MAX_SEATS
X_BACK = X_WON + MAX_SEATS
X_ORDER = X_BACK + MAX_SEATS
X_LEVEL = X_ORDER + MAX_SEATS
X_CARDS = X_LEVEL + MAX_SEATS
WIDTH = X_CARDS + 5


@kernel
def start(s: Ints, opts: Ints, stacks: Ints, button: int, keys: Ints, tab: Int32s) -> None:
    """Seat the table, take antes, deal from ``s[DECK:]`` and open round 1 (A-10 to A-12).

    ``stacks`` are the chips of seats ``0 .. len(stacks)-1`` before the ante; the caller
    has checked that at least two can pay it. The deck must already be in the row.
    """
    seats = stacks.shape[0]
    ante = opts[O_ANTE]
    s[S_SEATS] = seats
    s[S_BUTTON] = button
    n = 0
    for k in range(1, seats + 1):
        seat = (button + k) % seats
        chips = stacks[seat]
        s[R_START + seat] = chips
        if chips >= ante:  # who cannot pay the full ante sits out
            s[P_SEAT + n] = seat
            s[P_STACK + n] = chips - ante
            n += 1
    s[S_N] = n
    s[S_POT] = ante * n
    for q in range(n):
        s[P_BETS + q] = 0
        s[P_CONTRIB + q] = ante
        s[P_LIVE + q] = 1
        s[P_ACTED + q] = 0
        s[P_RAISE_OK + q] = 1
        s[P_UPS + q] = 1
        s[P_UP + 4 * q] = s[DECK + n + q]  # hole cards first, then first upcards
    s[S_NEXT] = 2 * n
    s[S_STREET] = 1
    s[S_ACTIONS] = 0
    s[S_POTS] = 0
    s[S_SHOWDOWN] = 0
    s[S_AGGRESSOR] = -1
    s[S_RAISES] = 0
    s[S_OWED] = 0
    s[S_LO] = 0
    s[S_HI] = 0
    bet = opts[O_BET]
    s[S_BET_TO] = bet
    s[S_MIN_RAISE] = bet
    first = 0
    best = -1
    for q in range(n):  # the highest single upcard, rank then suit
        order = card_order(s[P_UP + 4 * q], keys, tab)
        if order > best:
            best = order
            first = q
    if s[P_STACK + first] > 0:
        s[S_FORCED] = 1
        s[S_ACTOR] = first
        prepare(s, opts, first)
        return
    s[S_FORCED] = 0  # no chips, the bring-in is posted as nothing
    s[P_ACTED + first] = 1
    advance(s, opts, first, keys, tab)


@kernel
def prepare(s: Ints, opts: Ints, p: int) -> None:
    """What ``p`` may do: chips to call (``S_OWED``), the bet/raise range (0: none)."""
    stack = s[P_STACK + p]
    bet_to = s[S_BET_TO]
    mine = s[P_BETS + p]
    owed = bet_to - mine
    s[S_OWED] = owed if owed < stack else stack
    s[S_LO] = 0
    s[S_HI] = 0
    if stack <= owed or s[P_RAISE_OK + p] == 0:
        return
    structure = opts[O_STRUCTURE]
    if bet_to > 0 and structure == LIMIT and s[S_RAISES] >= opts[O_CAP]:
        return
    n = s[S_N]
    answer = False
    for q in range(n):
        if q != p and s[P_LIVE + q] != 0 and s[P_STACK + q] > 0:
            answer = True
            break
    if not answer:
        return  # nobody else could answer a bet or raise
    lo = bet_to + s[S_MIN_RAISE]
    if structure == NO_LIMIT:
        hi = mine + stack
    elif structure == LIMIT:
        hi = lo
    else:
        hi = bet_to + s[S_POT] + owed if bet_to > 0 else s[S_POT]
        if hi < lo:
            hi = lo
    allin = mine + stack
    if allin < lo:
        lo = allin
        hi = allin
    elif allin < hi:
        hi = allin
    s[S_LO] = lo
    s[S_HI] = hi


@kernel
def choice_count(s: Ints) -> int:
    """How many legal choices the player to act has (each a distinct kind)."""
    if s[S_FORCED] != 0:
        return 2 if s[S_HI] > 0 else 1
    return 3 if s[S_HI] > 0 else 2


@kernel
def choice_kind(s: Ints, k: int) -> int:
    """The kind of legal choice number ``k``, in the reference engine's order:
    bring in, raise when forced; else fold, check or call, then bet or raise."""
    if s[S_FORCED] != 0:
        return BRING_IN if k == 0 else RAISE
    if k == 0:
        return FOLD
    if k == 1:
        return CALL if s[S_OWED] > 0 else CHECK
    return RAISE if s[S_BET_TO] > 0 else BET


@kernel
def random_decision(s: Ints, state: npt.NDArray[np.uint64]) -> tuple[int, int]:
    """``random_action``: a uniform legal choice, a bet or raise total uniform in range."""
    kind = choice_kind(s, rng.below(state, choice_count(s)))
    if kind in (BET, RAISE):
        lo = s[S_LO]
        return kind, lo + rng.below(state, s[S_HI] - lo + 1)
    return kind, 0


@kernel
def is_legal(s: Ints, kind: int, to: int) -> bool:
    """Whether (``kind``, ``to``) is among the legal choices now."""
    if s[S_ACTOR] < 0:
        return False
    for k in range(choice_count(s)):
        if choice_kind(s, k) == kind:
            if kind in (BET, RAISE):
                return bool(s[S_LO] <= to <= s[S_HI])
            return True
    return False


@kernel
def apply(s: Ints, opts: Ints, kind: int, to: int, keys: Ints, tab: Int32s) -> None:
    """Apply the decision of the player to act (known legal) and what follows it."""
    p = s[S_ACTOR]
    s[S_ACTIONS] += 1
    if kind == FOLD:
        s[P_LIVE + p] = 0
        live = 0
        for q in range(s[S_N]):
            live += s[P_LIVE + q]
        if live == 1:
            s[S_ACTOR] = -1
            finish(s, opts, 0, keys, tab)
            return
    elif kind == CHECK:
        s[P_ACTED + p] = 1
    elif kind in (CALL, BRING_IN):
        paid = s[S_OWED]
        s[P_STACK + p] -= paid
        s[P_BETS + p] += paid
        s[P_CONTRIB + p] += paid
        s[S_POT] += paid
        s[P_ACTED + p] = 1
        s[S_FORCED] = 0
    else:
        bet_or_raise(s, p, to)
    advance(s, opts, p, keys, tab)


@kernel
def bet_or_raise(s: Ints, p: int, to: int) -> None:
    """Put ``p``'s round total to ``to``; a full raise reopens, a short one does not (A-22)."""
    paid = to - s[P_BETS + p]
    s[P_STACK + p] -= paid
    s[P_BETS + p] = to
    s[P_CONTRIB + p] += paid
    s[S_POT] += paid
    bet_to = s[S_BET_TO]
    n = s[S_N]
    if to >= bet_to + s[S_MIN_RAISE]:
        if bet_to > 0:
            s[S_RAISES] += 1
        s[S_MIN_RAISE] = to - bet_to
        for q in range(n):
            s[P_RAISE_OK + q] = 1
            s[P_ACTED + q] = 0  # everyone must answer a full bet or raise
    else:
        for q in range(n):
            if s[P_ACTED + q] != 0:
                s[P_RAISE_OK + q] = 0
    s[S_BET_TO] = to
    s[P_ACTED + p] = 1
    s[S_FORCED] = 0
    s[S_AGGRESSOR] = p


@kernel
def advance(s: Ints, opts: Ints, p: int, keys: Ints, tab: Int32s) -> None:
    """The next player to act after ``p``, or the end of the round."""
    n = s[S_N]
    bet_to = s[S_BET_TO]
    q = p
    for _ in range(n - 1):
        q = q + 1 if q + 1 < n else 0
        if (
            s[P_LIVE + q] != 0
            and s[P_STACK + q] > 0
            and (s[P_ACTED + q] == 0 or s[P_BETS + q] < bet_to)
        ):
            s[S_ACTOR] = q
            prepare(s, opts, q)
            return
    end_round(s, opts, keys, tab)


@kernel
def end_round(s: Ints, opts: Ints, keys: Ints, tab: Int32s) -> None:
    """Deal the next upcards and find who opens (A-13, A-14), or show down after round 4."""
    n = s[S_N]
    while True:
        if s[S_STREET] == 4:
            s[S_ACTOR] = -1
            finish(s, opts, 1, keys, tab)
            return
        s[S_STREET] += 1
        k = s[S_NEXT]
        for q in range(n):  # one upcard each, clockwise from the dealer's left
            if s[P_LIVE + q] != 0:
                s[P_UP + 4 * q + s[P_UPS + q]] = s[DECK + k]
                s[P_UPS + q] += 1
                k += 1
        s[S_NEXT] = k
        with_chips = 0
        for q in range(n):
            s[P_BETS + q] = 0
            s[P_ACTED + q] = 0
            s[P_RAISE_OK + q] = 1
            if s[P_LIVE + q] != 0 and s[P_STACK + q] > 0:
                with_chips += 1
        s[S_BET_TO] = 0
        s[S_RAISES] = 0
        s[S_AGGRESSOR] = -1
        bet = opts[O_BET]
        s[S_MIN_RAISE] = bet if s[S_STREET] == 2 or opts[O_STRUCTURE] != LIMIT else 2 * bet
        if with_chips < 2:
            continue  # no betting; deal on
        q = opener(s, keys, tab)
        s[S_ACTOR] = q
        prepare(s, opts, q)
        return


@kernel
def opener(s: Ints, keys: Ints, tab: Int32s) -> int:
    """A-13: the best visible hand acts first, or the first player with chips after it."""
    n = s[S_N]
    best = -1
    first = -1
    for q in range(n):
        if s[P_LIVE + q] != 0:
            value = visible_value(s, P_UP + 4 * q, s[P_UPS + q], keys, tab)
            if value > best:
                best = value
                first = q
    q = first
    while s[P_STACK + q] == 0 or s[P_LIVE + q] == 0:
        q = q + 1 if q + 1 < n else 0
    return q


@kernel
def finish(s: Ints, opts: Ints, showdown: int, keys: Ints, tab: Int32s) -> None:
    """Layer the pots (A-50), award them (A-32, A-51), return what nobody can win (A-15).

    Writes the result by table seat: final stacks, pots with eligible and winning seats
    as bit masks, returned chips.
    """
    n = s[S_N]
    seats = s[S_SEATS]
    s[S_SHOWDOWN] = showdown
    for q in range(n):
        s[X_VALUE + q] = 0
        s[X_WON + q] = 0
        s[X_BACK + q] = 0
    if showdown:
        tie = opts[O_TIE]
        for q in range(n):
            if s[P_LIVE + q] != 0:
                s[X_CARDS] = s[DECK + q]
                top = card_order(s[X_CARDS], keys, tab)
                for j in range(4):
                    s[X_CARDS + j + 1] = s[P_UP + 4 * q + j]
                    top = max(top, card_order(s[X_CARDS + j + 1], keys, tab))
                s[X_VALUE + q] = americana_value(s, X_CARDS, tie, keys, tab)
                s[X_HIGH + q] = top
    pots = layer(s, n)
    for k in range(pots):
        eligible = s[R_POT_ELIGIBLE + k]
        best = -1
        for q in range(n):
            if eligible >> q & 1 and s[X_VALUE + q] > best:
                best = s[X_VALUE + q]
        count = 0
        for q in range(n):
            if eligible >> q & 1 and s[X_VALUE + q] == best:
                s[X_ORDER + count] = q
                count += 1
        # odd chips to the tied players by their highest card, best first
        for a in range(1, count):
            b = a
            while b > 0 and s[X_HIGH + s[X_ORDER + b]] > s[X_HIGH + s[X_ORDER + b - 1]]:
                s[X_ORDER + b], s[X_ORDER + b - 1] = s[X_ORDER + b - 1], s[X_ORDER + b]
                b -= 1
        amount = s[R_POT_AMOUNT + k]
        share = amount // count
        odd = amount - share * count
        winners = 0
        for j in range(count):
            q = s[X_ORDER + j]
            s[X_WON + q] += share + (1 if j < odd else 0)
            winners |= 1 << s[P_SEAT + q]
        s[R_POT_WINNERS + k] = winners
        seat_mask = 0
        for q in range(n):
            if eligible >> q & 1:
                seat_mask |= 1 << s[P_SEAT + q]
        s[R_POT_ELIGIBLE + k] = seat_mask
    for seat in range(seats):
        s[R_FINAL + seat] = s[R_START + seat]
        s[R_RETURNED + seat] = 0
    for q in range(n):
        seat = s[P_SEAT + q]
        s[P_STACK + q] += s[X_WON + q] + s[X_BACK + q]
        s[R_FINAL + seat] = s[P_STACK + q]
        s[R_RETURNED + seat] = s[X_BACK + q]
    s[S_ACTOR] = -1


@kernel
def layer(s: Ints, n: int) -> int:
    """Contributions into pots among the players still in (:func:`parlour.pots.layer`).

    Writes each pot's amount and eligible positions (a bit mask) into the result and the
    chips nobody else can win into ``X_BACK``; returns the number of pots.
    """
    count = 0
    for q in range(n):  # the distinct positive contributions, sorted
        c = s[P_CONTRIB + q]
        if c > 0:
            count = add_level(s, X_LEVEL, count, c)
    pots = 0
    previous = 0
    for j in range(count):
        level = s[X_LEVEL + j]
        share = level - previous
        payers = 0
        eligible = 0
        for q in range(n):
            if s[P_CONTRIB + q] >= level:
                payers += 1
                if s[P_LIVE + q] != 0:
                    eligible |= 1 << q
        if payers == 1 or eligible == 0:
            for q in range(n):
                if s[P_CONTRIB + q] >= level:
                    s[X_BACK + q] += share
        elif pots > 0 and s[R_POT_ELIGIBLE + pots - 1] == eligible:
            s[R_POT_AMOUNT + pots - 1] += share * payers
        else:
            s[R_POT_AMOUNT + pots] = share * payers
            s[R_POT_ELIGIBLE + pots] = eligible
            pots += 1
        previous = level
    s[S_POTS] = pots
    return pots
