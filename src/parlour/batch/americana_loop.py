"""The Americana batch loop: many independent hands, one after another, in one call.

Hand ``i`` is dealt from stream ``deals[i]`` and chooses from stream ``choices[i]`` (see
:mod:`parlour.batch.rng`). :func:`play` plays hands ``begin .. end-1`` of the output
arrays and writes, per hand, the final stacks, pots and returned chips, and (when
``out.decks`` has rows: records kept) the deck and the action codes.

Action codes go into a flat buffer, hand after hand; ``offsets[i]`` is where hand ``i``'s
codes start. When the buffer cannot hold a hand the loop stops before that hand and
returns its index, so the caller can grow the buffer and call again from there: the hand
is played again from its own random stream, identically.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from parlour.batch import americana as am
from parlour.batch import americana_obs as obs_
from parlour.batch import codes, rng
from parlour.batch.jit import kernel
from parlour.batch.ranking import Int32s

Ints = npt.NDArray[np.int64]
Bytes = npt.NDArray[np.int8]
#: A policy that chose an illegal row stops the run: the loop returns -2 - hand index.
ILLEGAL = -2
#: The 32-card deck is cards 20 (7c) to 51 (As), in order.
FIRST_CARD = 20


class Out(NamedTuple):
    """Per-hand results (struct of arrays, one row per hand)."""

    final: Ints  # (N, seats) stacks after the hand
    returned: Ints  # (N, seats) chips handed back unwon
    pots: Ints  # (N,) number of pots
    pot_amount: Ints  # (N, 6)
    pot_eligible: Ints  # (N, 6) bit masks of seats
    pot_winners: Ints  # (N, 6)
    endings: Bytes  # (N,) 1 when the hand ended in a showdown, 0 when all but one folded
    decks: Bytes  # (N, 32) the shuffle, when kept
    offsets: Ints  # (N + 1, 1) start of each hand's codes in ``codes``
    codes: Ints  # flat action codes, when kept
    decisions: Ints  # (N,) decisions per hand


@kernel
def deal(
    s: Ints, state: npt.NDArray[np.uint64], seed: np.uint64, deal_id: int, choices: int
) -> None:
    """Shuffle the 32 cards (7c to As, numbers 20 to 51) into the row from deal
    ``deal_id``'s stream, then seed ``state`` with choice stream ``choices``."""
    state[0] = rng.hand_stream(seed, deal_id)
    for k in range(am.DECK_SIZE):
        s[am.DECK + k] = FIRST_CARD + k
    rng.shuffle(state, s, am.DECK, am.DECK_SIZE)
    state[0] = rng.choice_stream(seed, choices)


@kernel
def store(s: Ints, i: int, out: Out) -> None:
    """Copy the finished hand's result into row ``i`` of ``out``."""
    seats = s[am.S_SEATS]
    for seat in range(seats):
        out.final[i, seat] = s[am.R_FINAL + seat]
        out.returned[i, seat] = s[am.R_RETURNED + seat]
    pots = s[am.S_POTS]
    out.pots[i] = pots
    for k in range(pots):
        out.pot_amount[i, k] = s[am.R_POT_AMOUNT + k]
        out.pot_eligible[i, k] = s[am.R_POT_ELIGIBLE + k]
        out.pot_winners[i, k] = s[am.R_POT_WINNERS + k]
    out.endings[i] = s[am.S_SHOWDOWN]
    out.decisions[i] = s[am.S_ACTIONS]
    if out.decks.shape[0] > 0:
        for k in range(am.DECK_SIZE):
            out.decks[i, k] = s[am.DECK + k]


@kernel
def play(
    begin: int,
    end: int,
    deals: Ints,
    choices: Ints,
    seed: np.uint64,
    opts: Ints,
    stacks: Ints,
    buttons: Ints,
    keys: Ints,
    tab: Int32s,
    out: Out,
    s: Ints,
    state: npt.NDArray[np.uint64],
    policy: Callable[..., Any],
    policy_seats: Ints,
    observation: npt.NDArray[np.float32],
    mask: npt.NDArray[np.int8],
    totals: Ints,
) -> int:
    """Play hands ``begin .. end-1``; the index reached (see the module's docstring).

    Seats flagged in ``policy_seats`` (one row for every hand, or one row per hand) ask
    ``policy`` (see :func:`parlour.batch.jit.policy_function`); the others play the
    random policy. ``policy(observation, mask, state)`` gets the codec's float32
    observation, the int8 mask of legal rows and the hand's choice stream (a uint64
    array of one), and returns a row. An illegal row stops the loop: it returns
    ``ILLEGAL - i`` for hand ``i``. ``s`` (a table's row), ``state`` (a random stream),
    ``observation``, ``mask`` and ``totals`` are the caller's scratch (see
    :func:`scratch`).
    """
    room = out.codes.shape[0]
    keep = out.decks.shape[0] > 0
    at = out.offsets[begin, 0]
    for i in range(begin, end):
        deal(s, state, seed, deals[i], choices[i])
        am.start(s, opts, stacks[i if stacks.shape[0] > 1 else 0], buttons[i], keys, tab)
        while s[am.S_ACTOR] >= 0:
            seat = s[am.P_SEAT + s[am.S_ACTOR]]
            if policy_seats[i if policy_seats.shape[0] > 1 else 0, seat] != 0:
                obs_.encode(s, opts, seat, observation)
                obs_.targets(s, totals, mask)
                row = policy(observation, mask, state)
                if row < 0 or row >= obs_.ROWS or mask[row] == 0:
                    return ILLEGAL - i
                kind, to = obs_.decode(s, row, totals)
            else:
                kind, to = am.random_decision(s, state)
            if keep:
                if at >= room:
                    return i
                out.codes[at] = codes.encode(kind, seat, to)
                at += 1
            am.apply(s, opts, kind, to, keys, tab)
        store(s, i, out)
        out.offsets[i + 1, 0] = at
    return end


def scratch(seats: int, opts: Ints) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8], Ints]:
    """The policy loop's scratch for ``seats`` players: observation, mask, row totals."""
    del opts
    return (
        np.zeros(obs_.observation_size(seats), np.float32),
        np.zeros(obs_.ROWS, np.int8),
        np.zeros(obs_.ROWS, np.int64),
    )
