"""Palace Poker (RULES.md Part 1, as revised on 2026-12-01) compiled: one table's state
as a flat row of int64.

This is the reference engine's logic (:mod:`parlour.games.palace`: ``start``, ``flow``,
``battle``, ``settle`` and :func:`parlour.pots.cut`) step for step over integers: the
same positions (table seats), the same order of legal choices and the same moments at
which the rules shuffle (R-3), so records rebuilt from a batch replay through the
reference engine. Differences that cannot change an outcome are deliberate: the discard
pile is a set of cards (a bit mask; the rules only ever shuffle it whole), and the order
in which a reshuffle receives its cards is not kept (the record keeps the order the
shuffle produced).

Positions are seats ``0 .. seats-1``; ``P_ORDER`` lists the players dealt in, clockwise
from the dealer's left, and ``P_SLOT`` gives each one's place in it.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch import rng
from parlour.batch.jit import kernel
from parlour.batch.levels import add_level
from parlour.batch.ranking import NO_EXCLUSION, Int32s, standard_value

Ints = npt.NDArray[np.int64]
U64s = npt.NDArray[np.uint64]

MAX_SEATS = 10
DECK_SIZE = 52
PALACE_SIZE = 3
GROUP_SIZE = 4  # P-10: deal positions 1-4 are group A, 5-8 group B, 9 on group C
HOLD = 52  # room for soldiers per position (every card, whatever max_soldiers is)

# ---- options (an int64 array, in this order)
O_NO_LIMIT, O_SB, O_BB, O_ANTE, O_FEE, O_MAX_SOLDIERS, O_CAP = range(7)
OPTION_COUNT = 7

# ---- action kinds (codes, see parlour.batch.codes)
BUY, TRIM, DISCARD, STAY, FOLD, BET, CALL, RAISE = range(8)
KINDS = ("buy", "trim", "discard", "stay", "fold", "bet", "call", "raise")

# ---- phases, as the reference engine numbers them
TURN, TRIM_PHASE, BATTLE, OVER = 0, 1, 2, 3

# ---- how the hand ended (kept for statistics)
END_LAST, END_ONE_SUIT, END_BATTLE_TIE, END_SHOWDOWN, END_COMPARISON = range(5)

# ---- scalars of a table's row
S_N = 0  # players dealt in
S_SEATS = 1
S_BUTTON = 2
S_PHASE = 3
S_ACTOR = 4
S_PASSIVE = 5  # bit per position: passive since the last Buy or Bet (P-63)
S_AFTER = 6
S_FORCED = 7  # P-62: the last two must battle
S_ATTACKER = 8
S_DEFENDER = 9
S_OWED_A = 10
S_OWED_D = 11
S_LAST_RAISE = 12
S_RAISES = 13
S_UNCALLED = 14
S_UNCALLED_BY = 15
S_DRAW_AT = 16  # next card of the draw pile (in DECK)
S_DRAW_END = 17
S_DISCARDS = 18  # bit per card: the discard pile (P-16)
S_ACTIONS = 19
S_POTS = 20
S_SHOWN = 21  # bit per position: palaces shown to everyone (P-62, P-63)
S_HOW = 22
S_SIZES_AT = 23  # where the next shuffle's size goes in the output buffer
S_CARDS_AT = 24  # where the next shuffle's cards go in the output buffer
S_STATUS = 25  # 0 fine, 1 an output buffer is full (play the hand again)
# ---- per position (MAX_SEATS each)
P_STACK = 32
P_PAID = P_STACK + MAX_SEATS
P_BACK = P_PAID + MAX_SEATS  # uncalled chips handed back during the hand (P-35)
P_LIVE = P_BACK + MAX_SEATS
P_BANNER = P_LIVE + MAX_SEATS  # -1: none (captured or gone)
P_SUIT = P_BANNER + MAX_SEATS
P_SLOT = P_SUIT + MAX_SEATS
P_ORDER = P_SLOT + MAX_SEATS  # the positions dealt in, clockwise from the dealer's left
P_SEEN = P_ORDER + MAX_SEATS  # bit per position whose palace this one has seen (P-41)
P_OWN = P_SEEN + MAX_SEATS  # bit per card: what this one put on the discard pile
P_PALACE = P_OWN + MAX_SEATS  # three per position; -1 once gone
P_COUNT = P_PALACE + PALACE_SIZE * MAX_SEATS  # soldiers held
P_SOLDIERS = P_COUNT + MAX_SEATS  # HOLD per position, in the order they came
DECK = P_SOLDIERS + HOLD * MAX_SEATS  # the stock, then the palace deck and draw pile
REJECTS = DECK + DECK_SIZE
S_REJECTS = REJECTS + DECK_SIZE  # rejects held
# ---- the result, by seat
R_START = S_REJECTS + 1
R_FINAL = R_START + MAX_SEATS
R_RETURNED = R_FINAL + MAX_SEATS
R_POT_AMOUNT = R_RETURNED + MAX_SEATS
R_POT_ELIGIBLE = R_POT_AMOUNT + MAX_SEATS
R_POT_WINNERS = R_POT_ELIGIBLE + MAX_SEATS
# ---- scratch
X_CARDS = R_POT_WINNERS + MAX_SEATS  # a hand being valued, with room for five more
X_KEPT = X_CARDS + DECK_SIZE + 8
X_VALUE = X_KEPT + DECK_SIZE + 8
X_LEVEL = X_VALUE + MAX_SEATS
X_PICK = X_LEVEL + MAX_SEATS + 1  # indices for sampling a subset of soldiers
X_KINDS = X_PICK + HOLD  # the legal kinds of a turn
WIDTH = X_KINDS + 8


# ------------------------------------------------------------------ small helpers


@kernel
def base(s: Ints, p: int, sb: int) -> int:
    """P-31: a player's base is (soldiers + 1) x SB."""
    return int(s[P_COUNT + p] + 1) * sb


@kernel
def pay(s: Ints, p: int, amount: int) -> int:
    """Take up to ``amount`` from ``p`` into the pot (all-in if short, P-45)."""
    paid = min(amount, int(s[P_STACK + p]))
    s[P_STACK + p] -= paid
    s[P_PAID + p] += paid
    return paid


@kernel
def live_mask(s: Ints) -> int:
    """Bit per position still in the hand."""
    mask = 0
    for k in range(s[S_N]):
        p = s[P_ORDER + k]
        if s[P_LIVE + p] != 0:
            mask |= 1 << p
    return mask


@kernel
def popcount(mask: int) -> int:
    """The number of bits set."""
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@kernel
def discard_card(s: Ints, p: int, card: int) -> None:
    """``p`` puts ``card`` face down on the discard pile (P-16); only ``p`` knows it."""
    s[S_DISCARDS] |= 1 << card
    s[P_OWN + p] |= 1 << card


@kernel
def remove_soldier(s: Ints, p: int, card: int) -> None:
    """Take ``card`` out of ``p``'s soldiers, keeping the others in order."""
    at = P_SOLDIERS + HOLD * p
    count = s[P_COUNT + p]
    j = 0
    while s[at + j] != card:
        j += 1
    for k in range(j, count - 1):
        s[at + k] = s[at + k + 1]
    s[P_COUNT + p] = count - 1


# ------------------------------------------------------------------ shuffles and the deal


@kernel
def record_shuffle(
    s: Ints, cards: Ints, at: int, count: int, state: U64s, out_cards: Ints, out_sizes: Ints
) -> bool:
    """Shuffle ``cards[at:at+count]`` (R-3) and append the order to the hand's shuffles
    (unless the buffers are empty: no records kept).

    False (and ``S_STATUS`` 1) when the output buffers are full: the caller stops and
    plays the hand again once they have grown.
    """
    rng.shuffle(state, cards, at, count)
    if out_sizes.shape[0] == 0:
        return True
    where = s[S_CARDS_AT]
    k = s[S_SIZES_AT]
    if where + count > out_cards.shape[0] or k >= out_sizes.shape[0]:
        s[S_STATUS] = 1
        return False
    for j in range(count):
        out_cards[where + j] = cards[at + j]
    out_sizes[k] = count
    s[S_CARDS_AT] = where + count
    s[S_SIZES_AT] = k + 1
    return True


@kernel
def start(
    s: Ints,
    opts: Ints,
    stacks: Ints,
    button: int,
    state: U64s,
    out_cards: Ints,
    out_sizes: Ints,
    cards_at: int,
    sizes_at: int,
    keys: Ints,
    tab: Int32s,
) -> None:
    """Seat the table, take antes (P-8), deal banners and palaces (P-9 to P-16), and give
    the first turn (P-18). The shuffles go to ``out_cards[cards_at:]`` and their sizes to
    ``out_sizes[sizes_at:]``; ``S_STATUS`` is 1 if they did not fit."""
    seats = stacks.shape[0]
    ante = opts[O_ANTE]
    s[S_SEATS] = seats
    s[S_BUTTON] = button
    s[S_STATUS] = 0
    n = 0
    for p in range(seats):
        s[R_START + p] = stacks[p]
        s[P_STACK + p] = stacks[p]
        s[P_PAID + p] = 0
        s[P_BACK + p] = 0
        s[P_LIVE + p] = 0
        s[P_BANNER + p] = -1
        s[P_SUIT + p] = -1
        s[P_SEEN + p] = 0
        s[P_OWN + p] = 0
        s[P_COUNT + p] = 0
        s[P_SLOT + p] = MAX_SEATS + p
        for j in range(PALACE_SIZE):
            s[P_PALACE + PALACE_SIZE * p + j] = -1
    for k in range(1, seats + 1):
        p = (button + k) % seats
        if stacks[p] >= ante and stacks[p] > 0:  # P-8
            s[P_ORDER + n] = p
            s[P_SLOT + p] = n
            s[P_STACK + p] -= ante
            s[P_PAID + p] = ante
            s[P_LIVE + p] = 1
            n += 1
    s[S_N] = n
    for name in (S_PASSIVE, S_FORCED, S_OWED_A, S_OWED_D, S_LAST_RAISE, S_RAISES, S_UNCALLED):
        s[name] = 0
    s[S_ATTACKER] = -1
    s[S_DEFENDER] = -1
    s[S_UNCALLED_BY] = -1
    s[S_DISCARDS] = 0
    s[S_ACTIONS] = 0
    s[S_POTS] = 0
    s[S_SHOWN] = 0
    s[S_HOW] = -1
    s[S_SIZES_AT] = sizes_at
    s[S_CARDS_AT] = cards_at
    if not deal(s, state, out_cards, out_sizes):
        return
    s[S_PHASE] = TURN
    s[S_ACTOR] = s[P_ORDER]
    s[S_AFTER] = s[P_ORDER + n - 1]
    pass_turn(s, opts, s[S_AFTER], keys, tab)


@kernel
def deal(s: Ints, state: U64s, out_cards: Ints, out_sizes: Ints) -> bool:
    """Banners (P-9 to P-13), then palaces from a new shuffle (P-14, P-15); False when
    the shuffles did not fit the output buffers."""
    n = s[S_N]
    for c in range(DECK_SIZE):
        s[DECK + c] = c
    if not record_shuffle(s, s, DECK, DECK_SIZE, state, out_cards, out_sizes):
        return False
    top = 0  # next card of the stock
    end = DECK_SIZE
    rejects = 0
    taken = 0
    for k in range(n):
        if k % GROUP_SIZE == 0:
            taken = 0
        p = s[P_ORDER + k]
        while True:
            if top == end:  # P-12: the stock ran out; the rejects, shuffled, are the stock
                for j in range(rejects):
                    s[DECK + j] = s[REJECTS + j]
                if not record_shuffle(s, s, DECK, rejects, state, out_cards, out_sizes):
                    return False
                top = 0
                end = rejects
                rejects = 0
            card = s[DECK + top]
            top += 1
            if taken >> (card & 3) & 1:
                s[REJECTS + rejects] = card
                rejects += 1
                continue
            taken |= 1 << (card & 3)
            s[P_BANNER + p] = card
            s[P_SUIT + p] = card & 3
            break
    # P-14: every card that is not an accepted banner, shuffled anew
    count = 0
    for j in range(top, end):
        s[DECK + count] = s[DECK + j]
        count += 1
    for j in range(rejects):
        s[DECK + count] = s[REJECTS + j]
        count += 1
    if not record_shuffle(s, s, DECK, count, state, out_cards, out_sizes):
        return False
    at = 0
    for j in range(PALACE_SIZE):  # P-15: one card at a time from the dealer's left
        for k in range(n):
            s[P_PALACE + PALACE_SIZE * s[P_ORDER + k] + j] = s[DECK + at]
            at += 1
    s[S_DRAW_AT] = at
    s[S_DRAW_END] = count
    return True


@kernel
def reshuffle(s: Ints, state: U64s, out_cards: Ints, out_sizes: Ints) -> bool:
    """P-17: the discard pile, shuffled, becomes the draw pile."""
    count = 0
    pile = s[S_DISCARDS]
    for c in range(DECK_SIZE):
        if pile >> c & 1:
            s[DECK + count] = c
            count += 1
    if not record_shuffle(s, s, DECK, count, state, out_cards, out_sizes):
        return False
    s[S_DISCARDS] = 0
    for p in range(s[S_SEATS]):
        s[P_OWN + p] = 0
    s[S_DRAW_AT] = 0
    s[S_DRAW_END] = count
    return True


# ------------------------------------------------------------------ legal choices


@kernel
def can_buy(s: Ints, opts: Ints, p: int) -> bool:
    """P-17, P-19, P-45: Buy is paid in full and needs a card to draw."""
    cards_left = bool(s[S_DRAW_END] > s[S_DRAW_AT]) or bool(s[S_DISCARDS] != 0)
    return bool(s[P_STACK + p] >= opts[O_SB]) and cards_left


@kernel
def can_discard(s: Ints, opts: Ints, p: int) -> bool:
    """P-20: a soldier to discard and the fee in full."""
    return bool(s[P_COUNT + p] > 0) and bool(s[P_STACK + p] >= opts[O_FEE])


@kernel
def targets(s: Ints, p: int) -> int:
    """Bit per position ``p`` may attack (P-30): in the hand, another banner suit."""
    mask = 0
    own = s[P_SUIT + p]
    for k in range(s[S_N]):
        t = s[P_ORDER + k]
        if s[P_LIVE + t] != 0 and s[P_SUIT + t] != own:
            mask |= 1 << t
    return mask


@kernel
def turn_kinds(s: Ints, opts: Ints, p: int) -> int:
    """The legal kinds of ``p``'s turn, in the reference order, into ``s[X_KINDS:]``;
    their number."""
    count = 0
    if s[S_FORCED] == 0:
        if can_buy(s, opts, p):
            s[X_KINDS + count] = BUY
            count += 1
        if can_discard(s, opts, p):
            s[X_KINDS + count] = DISCARD
            count += 1
        s[X_KINDS + count] = STAY
        count += 1
    s[X_KINDS + count] = FOLD
    count += 1
    if targets(s, p) != 0:
        s[X_KINDS + count] = BET
        count += 1
    return count


@kernel
def extra_range(s: Ints, opts: Ints, p: int, t: int) -> tuple[int, int]:
    """P-32, P-45: the allowed positive extras of ``p`` attacking ``t`` (``(0, 0)``: none)."""
    stack = s[P_STACK + p]
    bet = min(base(s, p, opts[O_SB]), stack)
    room = stack - bet
    if opts[O_NO_LIMIT] == 0 or room <= 0 or s[P_STACK + t] <= 0:
        return 0, 0
    return min(opts[O_BB], room), room


@kernel
def raise_range(s: Ints, opts: Ints, p: int) -> tuple[int, int]:
    """P-33, P-34, P-45: the allowed raises of battler ``p`` (``(0, 0)``: none)."""
    attacking = p == s[S_ATTACKER]
    owed = s[S_OWED_A] if attacking else s[S_OWED_D]
    other = s[S_DEFENDER] if attacking else s[S_ATTACKER]
    room = s[P_STACK + p] - owed
    if room <= 0 or s[P_STACK + other] <= 0:
        return 0, 0
    if opts[O_NO_LIMIT] == 0:
        if s[S_RAISES] >= opts[O_CAP]:
            return 0, 0
        size = opts[O_BB] if s[P_COUNT + p] > 0 else 2 * opts[O_SB]  # P-33
        size = min(size, room)
        return size, size
    least = max(opts[O_BB], s[S_LAST_RAISE])
    if room < least:
        return room, room
    return least, room


# ------------------------------------------------------------------ the random policy


@kernel
def random_subset(s: Ints, p: int, size: int, state: U64s) -> int:
    """A uniform subset of ``size`` of ``p``'s soldiers, as a card mask (``rng.sample``)."""
    count = s[P_COUNT + p]
    for j in range(count):
        s[X_PICK + j] = j
    mask = 0
    for j in range(size):
        k = j + rng.below(state, count - j)
        s[X_PICK + j], s[X_PICK + k] = s[X_PICK + k], s[X_PICK + j]
        mask |= 1 << s[P_SOLDIERS + HOLD * p + s[X_PICK + j]]
    return mask


@kernel
def random_decision(s: Ints, opts: Ints, state: U64s) -> tuple[int, int]:
    """``random_action``: a uniform legal kind, then a uniform target, size or subset.

    Returns the kind and its number: a card mask (trim, discard), the target and extra
    packed as :func:`parlour.batch.codes.bet_arg` does (bet), ``by`` (raise).
    """
    p = s[S_ACTOR]
    phase = s[S_PHASE]
    if phase == TRIM_PHASE:
        count = s[P_COUNT + p]
        least = max(0, count - opts[O_MAX_SOLDIERS])
        size = least + rng.below(state, count - least + 1)
        return TRIM, random_subset(s, p, size, state)
    if phase == BATTLE:
        low, high = raise_range(s, opts, p)
        kind = rng.below(state, 3 if high > 0 else 2)
        if kind == 0:
            return FOLD, 0
        if kind == 1:
            return CALL, 0
        return RAISE, low + rng.below(state, high - low + 1)
    count = turn_kinds(s, opts, p)
    kind = s[X_KINDS + rng.below(state, count)]
    if kind == DISCARD:
        size = 1 + rng.below(state, s[P_COUNT + p])
        return DISCARD, random_subset(s, p, size, state)
    if kind == BET:
        mask = targets(s, p)
        t = nth_target(s, mask, rng.below(state, popcount(mask)))
        low, high = extra_range(s, opts, p, t)
        extra = 0
        if high > 0:
            chosen = rng.below(state, high - low + 2)
            extra = 0 if chosen == 0 else low + chosen - 1
        return BET, t | (extra << 4)
    return kind, 0


@kernel
def nth_target(s: Ints, mask: int, pick: int) -> int:
    """The ``pick``-th position of ``mask`` in deal order (the order of the bet choices)."""
    seen = 0
    for k in range(s[S_N]):
        t = int(s[P_ORDER + k])
        if mask >> t & 1:
            if seen == pick:
                return t
            seen += 1
    return -1


# ------------------------------------------------------------------ moving the hand


@kernel
def apply(
    s: Ints,
    opts: Ints,
    kind: int,
    arg: int,
    state: U64s,
    out_cards: Ints,
    out_sizes: Ints,
    keys: Ints,
    tab: Int32s,
) -> None:
    """Apply the decision of the player to act (known legal) and what follows it.

    A Buy that needs a reshuffle the buffers cannot hold sets ``S_STATUS`` and stops.
    """
    p = s[S_ACTOR]
    s[S_ACTIONS] += 1
    if kind == STAY:
        s[S_PASSIVE] |= 1 << p
        pass_turn(s, opts, p, keys, tab)
    elif kind == BUY:
        if s[S_DRAW_AT] == s[S_DRAW_END] and not reshuffle(s, state, out_cards, out_sizes):
            return
        pay(s, p, opts[O_SB])
        card = s[DECK + s[S_DRAW_AT]]
        s[S_DRAW_AT] += 1
        s[P_SOLDIERS + HOLD * p + s[P_COUNT + p]] = card
        s[P_COUNT + p] += 1
        s[S_PASSIVE] = 0
        s[S_PHASE] = TRIM_PHASE
        s[S_AFTER] = p
    elif kind == TRIM:
        throw(s, p, arg)
        pass_turn(s, opts, s[S_AFTER], keys, tab)
    elif kind == DISCARD:
        pay(s, p, opts[O_FEE])
        throw(s, p, arg)
        s[S_PASSIVE] |= 1 << p
        pass_turn(s, opts, p, keys, tab)
    elif kind == FOLD:
        if s[S_PHASE] == BATTLE:
            battle_fold(s, opts, p, keys, tab)
        else:
            s[S_PASSIVE] |= 1 << p
            leave(s, p, 1)
            if not ended(s, keys, tab):
                pass_turn(s, opts, p, keys, tab)
    elif kind == BET:
        bet(s, opts, p, arg & 15, arg >> 4, keys, tab)
    elif kind == CALL:
        owed = s[S_OWED_A] if p == s[S_ATTACKER] else s[S_OWED_D]
        pay(s, p, owed)
        s[S_UNCALLED] = 0
        compare(s, opts, p, keys, tab)
    else:
        raise_by(s, p, arg)


@kernel
def throw(s: Ints, p: int, cards: int) -> None:
    """Soldiers in the card mask ``cards`` go face down to the discard pile."""
    for c in range(DECK_SIZE):
        if cards >> c & 1:
            remove_soldier(s, p, c)
            discard_card(s, p, c)


@kernel
def leave(s: Ints, p: int, with_banner: int) -> None:
    """``p`` is out; its palace (and, unless captured, soldiers and banner) discarded."""
    s[P_LIVE + p] = 0
    for j in range(PALACE_SIZE):
        at = P_PALACE + PALACE_SIZE * p + j
        if s[at] >= 0:
            discard_card(s, p, s[at])
            s[at] = -1
    if with_banner != 0:
        for j in range(s[P_COUNT + p]):
            discard_card(s, p, s[P_SOLDIERS + HOLD * p + j])
        s[P_COUNT + p] = 0
        if s[P_BANNER + p] >= 0:
            discard_card(s, p, s[P_BANNER + p])
        s[P_BANNER + p] = -1


@kernel
def pass_turn(s: Ints, opts: Ints, after: int, keys: Ints, tab: Int32s) -> None:
    """The turn to the next player in the hand left of ``after`` (P-18, P-42), or the end:
    a completed passive round (P-63), two left who must battle (P-62), skips (P-25)."""
    n = s[S_N]
    everyone = live_mask(s)
    if s[S_FORCED] == 0:
        if s[S_PASSIVE] & everyone == everyone:
            final_comparison(s, keys, tab)
            return
        s[S_FORCED] = 1 if n > 2 and popcount(everyone) == 2 else 0
    start_at = s[P_SLOT + after]
    for step in range(1, n + 1):
        p = s[P_ORDER + (start_at + step) % n]
        if s[P_LIVE + p] == 0:
            continue
        if s[S_FORCED] == 0 and s[S_PASSIVE] & everyone == everyone:
            break
        if s[P_STACK + p] > 0:
            s[S_PHASE] = TURN
            s[S_ACTOR] = p
            return
        if s[S_FORCED] == 0:
            s[S_PASSIVE] |= 1 << p
    final_comparison(s, keys, tab)


@kernel
def bet(s: Ints, opts: Ints, p: int, t: int, extra: int, keys: Ints, tab: Int32s) -> None:
    """P-24, P-30 to P-32: open a battle; the defender decides, or (no chips) compare."""
    sb = opts[O_SB]
    pay(s, p, base(s, p, sb))
    pay(s, p, extra)
    s[S_PASSIVE] = 0
    s[S_ATTACKER] = p
    s[S_DEFENDER] = t
    s[S_OWED_A] = 0
    s[S_OWED_D] = base(s, t, sb) + extra
    s[S_LAST_RAISE] = extra
    s[S_RAISES] = 0
    s[S_UNCALLED] = extra
    s[S_UNCALLED_BY] = p
    s[S_AFTER] = p
    if s[P_STACK + t] == 0:
        compare(s, opts, t, keys, tab)
    else:
        s[S_PHASE] = BATTLE
        s[S_ACTOR] = t


@kernel
def raise_by(s: Ints, p: int, by: int) -> None:
    """P-33, P-34: pay what is owed plus ``by``; the other battler decides."""
    attacking = p == s[S_ATTACKER]
    owed = s[S_OWED_A] if attacking else s[S_OWED_D]
    pay(s, p, owed + by)
    if attacking:
        s[S_OWED_A] = 0
        s[S_OWED_D] = by
        s[S_ACTOR] = s[S_DEFENDER]
    else:
        s[S_OWED_A] = by
        s[S_OWED_D] = 0
        s[S_ACTOR] = s[S_ATTACKER]
    s[S_LAST_RAISE] = by
    s[S_RAISES] += 1
    s[S_UNCALLED] = by
    s[S_UNCALLED_BY] = p


@kernel
def battle_fold(s: Ints, opts: Ints, p: int, keys: Ints, tab: Int32s) -> None:
    """P-35: the folder is out; the last uncalled raise (or extra) goes back to its maker."""
    winner = s[S_DEFENDER] if p == s[S_ATTACKER] else s[S_ATTACKER]
    uncalled = s[S_UNCALLED]
    if uncalled > 0 and s[S_UNCALLED_BY] == winner:
        s[P_STACK + winner] += uncalled
        s[P_PAID + winner] -= uncalled
        s[P_BACK + winner] += uncalled
        s[S_UNCALLED] = 0
    battle_won(s, winner, p, keys, tab)


@kernel
def gather(s: Ints, p: int, at: int) -> int:
    """Copy ``p``'s own cards (banner, palace, soldiers) to ``s[at:]``; their number."""
    count = 0
    if s[P_BANNER + p] >= 0:
        s[at] = s[P_BANNER + p]
        count = 1
    for j in range(PALACE_SIZE):
        card = s[P_PALACE + PALACE_SIZE * p + j]
        if card >= 0:
            s[at + count] = card
            count += 1
    for j in range(s[P_COUNT + p]):
        s[at + count] = s[P_SOLDIERS + HOLD * p + j]
        count += 1
    return count


@kernel
def value(s: Ints, p: int, exclude: int, keys: Ints, tab: Int32s) -> int:
    """The best hand of ``p``'s cards, none of suit ``exclude`` counting (P-37, P-38)."""
    count = gather(s, p, X_CARDS)
    return standard_value(s, X_CARDS, count, exclude, keys, tab, s, X_KEPT)


@kernel
def own_suit(s: Ints, p: int) -> int:
    """P-39: how many of ``p``'s cards are of its own banner suit."""
    suit = s[P_SUIT + p]
    count = gather(s, p, X_CARDS)
    same = 0
    for j in range(count):
        if s[X_CARDS + j] & 3 == suit:
            same += 1
    return same


@kernel
def battle_result(s: Ints, a: int, b: int, keys: Ints, tab: Int32s) -> int:
    """Positive if ``a`` wins the battle, negative if ``b`` does, 0 for a full tie."""
    first = value(s, a, s[P_SUIT + b], keys, tab)
    second = value(s, b, s[P_SUIT + a], keys, tab)
    if first != second:
        return 1 if first > second else -1
    return own_suit(s, a) - own_suit(s, b)


@kernel
def compare(s: Ints, opts: Ints, caller: int, keys: Ints, tab: Int32s) -> None:
    """P-36 to P-39, P-41: compare the battlers, settle the battle."""
    a = s[S_ATTACKER]
    d = s[S_DEFENDER]
    other = d if caller == a else a
    s[P_SEEN + caller] |= 1 << other
    result = battle_result(s, a, d, keys, tab)
    winner = a if result > 0 else (d if result < 0 else -1)
    if winner == -1 or winner == caller:
        s[P_SEEN + other] |= 1 << caller
    if winner >= 0:
        battle_won(s, winner, d if winner == a else a, keys, tab)
        return
    if popcount(live_mask(s)) == 2:
        finish(s, live_mask(s), END_BATTLE_TIE, 0, keys, tab)
        return
    leave(s, a, 1)
    leave(s, d, 1)
    if not ended(s, keys, tab):
        pass_turn(s, opts, a, keys, tab)


@kernel
def battle_won(s: Ints, w: int, loser: int, keys: Ints, tab: Int32s) -> None:
    """P-40: the loser is out; the winner captures soldiers and banner, then trims."""
    at = P_SOLDIERS + HOLD * w
    count = s[P_COUNT + w]
    for j in range(s[P_COUNT + loser]):
        s[at + count] = s[P_SOLDIERS + HOLD * loser + j]
        count += 1
    if s[P_BANNER + loser] >= 0:
        s[at + count] = s[P_BANNER + loser]
        count += 1
    s[P_COUNT + w] = count
    s[P_COUNT + loser] = 0
    s[P_BANNER + loser] = -1
    leave(s, loser, 0)
    if ended(s, keys, tab):
        return
    s[S_PHASE] = TRIM_PHASE
    s[S_ACTOR] = w
    s[S_AFTER] = s[S_ATTACKER]


@kernel
def ended(s: Ints, keys: Ints, tab: Int32s) -> bool:
    """P-60, P-61: one player left, or only one banner suit left, ends the hand at once."""
    left = live_mask(s)
    if popcount(left) == 1:
        finish(s, left, END_LAST, 0, keys, tab)
        return True
    suit = -1
    for k in range(s[S_N]):
        p = s[P_ORDER + k]
        if left >> p & 1:
            if suit == -1:
                suit = s[P_SUIT + p]
            elif s[P_SUIT + p] != suit:
                return False
    finish(s, left, END_ONE_SUIT, 0, keys, tab)
    return True


@kernel
def final_comparison(s: Ints, keys: Ints, tab: Int32s) -> None:
    """A passive round (P-63) or nobody able to act (P-25) ends the hand: P-63's showdown
    (best five of all own cards, no exclusion), or in a forced battle (P-62) the last two
    compared as in a battle."""
    left = live_mask(s)
    s[S_SHOWN] |= left
    if s[S_FORCED] != 0:
        a = -1
        b = -1
        for k in range(s[S_N]):
            p = s[P_ORDER + k]
            if left >> p & 1:
                if a < 0:
                    a = p
                else:
                    b = p
        result = battle_result(s, a, b, keys, tab)
        best = (1 << a) if result > 0 else ((1 << b) if result < 0 else left)
        finish(s, best, END_COMPARISON, 0, keys, tab)
        return
    for k in range(s[S_N]):
        p = s[P_ORDER + k]
        if left >> p & 1:
            s[X_VALUE + p] = value(s, p, NO_EXCLUSION, keys, tab)
    finish(s, left, END_SHOWDOWN, 1, keys, tab)


@kernel
def finish(s: Ints, best: int, how: int, by_value: int, keys: Ints, tab: Int32s) -> None:
    """Pay out (P-46, P-64) and close the hand.

    Each pot goes to its eligible players that are in ``best``, or, when ``by_value``, to
    its eligible players with the highest ``X_VALUE``; to all of them if none is in
    ``best``. Odd chips go clockwise from the dealer's left.
    """
    s[S_HOW] = how
    s[S_PHASE] = OVER
    s[S_ACTOR] = -1
    for p in range(s[S_SEATS]):
        s[R_RETURNED + p] = 0
    pots = cut(s)
    for k in range(pots):
        eligible = s[R_POT_ELIGIBLE + k]
        if by_value != 0:
            top = -1
            for p in range(s[S_SEATS]):
                if eligible >> p & 1 and s[X_VALUE + p] > top:
                    top = s[X_VALUE + p]
            winners = 0
            for p in range(s[S_SEATS]):
                if eligible >> p & 1 and s[X_VALUE + p] == top:
                    winners |= 1 << p
        else:
            winners = eligible & best
            if winners == 0:
                winners = eligible
        s[R_POT_WINNERS + k] = winners
        amount = s[R_POT_AMOUNT + k]
        count = popcount(winners)
        share = amount // count
        odd = amount - share * count
        for j in range(s[S_N]):  # P-64: clockwise from the dealer's left
            p = s[P_ORDER + j]
            if winners >> p & 1:
                s[P_STACK + p] += share + (1 if odd > 0 else 0)
                odd -= 1
    for p in range(s[S_SEATS]):
        s[P_STACK + p] += s[R_RETURNED + p]
        s[R_RETURNED + p] += s[P_BACK + p]
        s[R_FINAL + p] = s[P_STACK + p]


@kernel
def cut(s: Ints) -> int:
    """P-46 (:func:`parlour.pots.cut`): one pot, cut only at the totals of players still in
    the hand with no chips left. Writes the pots (eligible positions as bit masks) and
    the chips handed back into ``R_RETURNED``; returns the number of pots."""
    seats = s[S_SEATS]
    levels = 0
    top = 0
    for p in range(seats):
        paid = s[P_PAID + p]
        top = max(top, paid)
        if s[P_LIVE + p] != 0 and s[P_STACK + p] == 0 and paid > 0:
            levels = add_level(s, X_LEVEL, levels, paid)
    if top > (s[X_LEVEL + levels - 1] if levels > 0 else 0):
        s[X_LEVEL + levels] = top
        levels += 1
    pots = 0
    previous = 0
    for j in range(levels):
        level = s[X_LEVEL + j]
        total = 0
        payers = 0
        payer = -1
        open_to = 0
        for p in range(seats):
            paid = s[P_PAID + p]
            share = min(paid, level) - min(paid, previous)
            if share > 0:
                total += share
                payers += 1
                payer = p
            if s[P_LIVE + p] != 0 and (s[P_STACK + p] > 0 or paid >= level):
                open_to |= 1 << p
        if open_to == 0 or (payers == 1 and open_to == 1 << payer):
            for p in range(seats):
                paid = s[P_PAID + p]
                s[R_RETURNED + p] += min(paid, level) - min(paid, previous)
        elif pots > 0 and s[R_POT_ELIGIBLE + pots - 1] == open_to:
            s[R_POT_AMOUNT + pots - 1] += total
        else:
            s[R_POT_AMOUNT + pots] = total
            s[R_POT_ELIGIBLE + pots] = open_to
            pots += 1
        previous = level
    s[S_POTS] = pots
    return pots
