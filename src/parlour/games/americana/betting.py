"""Betting, as functions over the Americana state: a decision and what follows it (A-12 to
A-15, A-20 to A-23).

:func:`apply` checks a decision against the legality :func:`prepare` worked out, moves the
chips, and finds the next player to act (:func:`advance`), or ends the round
(:func:`parlour.games.americana.rounds.end_round`) or the hand
(:func:`parlour.games.americana.showdown.finish`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from parlour.errors import IllegalActionError
from parlour.events import Event
from parlour.games.americana import rounds, showdown
from parlour.games.americana.actions import Action, Bet, BringIn, Call, Check, Fold, Raise
from parlour.games.americana.events import (
    bet_placed,
    brought_in,
    called,
    checked,
    folded,
    raised,
)
from parlour.games.americana.showdown import CARD_ORDER
from parlour.games.protocol import Action as AnyAction

if TYPE_CHECKING:
    from parlour.games.americana.state import AmericanaHand

_KINDS: Final = frozenset((Fold, Check, Call, BringIn, Bet, Raise))


def open_round_one(hand: AmericanaHand) -> None:
    """A-12, A-23: the highest upcard brings in; with no chips it is posted as nothing."""
    bet = hand.options.bring_in
    hand.bet_to = bet
    hand.min_raise = bet
    up = hand.up
    first = 0
    best = -1
    for q in range(hand.n):
        order = CARD_ORDER[up[q][0]]  # the highest single upcard, rank then suit
        if order > best:
            best = order
            first = q
    if hand.stacks[first]:
        hand.forced = True
        hand.actor = first
        prepare(hand, first)
        return
    hand.forced = False
    hand.acted[first] = True
    events: list[Event] = [brought_in(hand.seat_of[first])]
    advance(hand, first, events)
    hand.start_extra = tuple(events)


def apply(hand: AmericanaHand, action: AnyAction) -> list[Event]:
    """Apply the decision of the seat to act and every automatic step after it.

    Raises :class:`IllegalActionError` (state unchanged) when ``action`` is not legal.
    """
    move: Action = action  # type: ignore[assignment]
    p = hand.actor
    reason = illegal(hand, move, p)
    if reason:
        raise IllegalActionError(
            move.to_dict() if hasattr(move, "to_dict") else move,
            reason,
            [c.to_dict() for c in hand.legal_actions()],
        )
    hand.actions.append(move)
    kind = type(move)
    if kind is Fold:
        hand.live[p] = False
        events: list[Event] = [folded(move.seat)]
        if hand.live.count(True) == 1:
            hand.actor = -1
            showdown.finish(hand, events, showdown_=False)
            return events
    elif kind is Check:
        hand.acted[p] = True
        events = [checked(move.seat)]
    elif kind is Call or kind is BringIn:
        paid = hand.owed
        hand.stacks[p] -= paid
        hand.bets[p] += paid
        hand.contrib[p] += paid
        hand.pot += paid
        hand.acted[p] = True
        hand.forced = False
        events = [(called if kind is Call else brought_in)(move.seat, (), paid)]
    else:
        to: int = move.to  # type: ignore[union-attr]
        events = [_bet_or_raise(hand, p, to, move.do)]
    advance(hand, p, events)
    return events


def illegal(hand: AmericanaHand, action: Action, p: int) -> str:
    """Why ``action`` is illegal now, or ``""`` when it is legal."""
    if p < 0:
        return "the hand is over"
    kind = type(action)
    if kind not in _KINDS:
        return "not an Americana action"
    if action.seat != hand.seat_of[p]:
        return f"it is seat {hand.seat_of[p]}'s turn"
    if kind is BringIn:
        return "" if hand.forced else "only the forced player brings in, in round 1"
    if hand.forced:
        if kind is Raise:
            return _outside(hand, action.to)  # type: ignore[union-attr]
        return "the bring-in is forced: bring in or open for more (A-12)"
    if kind is Fold:
        return ""
    if kind is Check:
        return "" if not hand.owed else "there is a bet to call"
    if kind is Call:
        return "" if hand.owed else "there is no bet to call: check"
    if kind is Bet:
        if hand.bet_to:
            return "there is already a bet: raise"
        return _outside(hand, action.to)  # type: ignore[union-attr]
    if kind is Raise:
        if not hand.bet_to:
            return "there is no bet to raise: bet"
        return _outside(hand, action.to)  # type: ignore[union-attr]
    return "not an Americana action"


def _outside(hand: AmericanaHand, to: int) -> str:
    if not hand.max_to:
        return "no bet or raise is allowed now"
    if hand.min_to <= to <= hand.max_to:
        return ""
    return f"the total must be from {hand.min_to} to {hand.max_to}"


def _bet_or_raise(hand: AmericanaHand, p: int, to: int, do: str) -> Event:
    """Put ``p``'s round total to ``to``; full or short (A-22) as its size says."""
    paid = to - hand.bets[p]
    hand.stacks[p] -= paid
    hand.bets[p] = to
    hand.contrib[p] += paid
    hand.pot += paid
    bet_to = hand.bet_to
    if to >= bet_to + hand.min_raise:
        if bet_to:
            hand.raises += 1
        hand.min_raise = to - bet_to
        hand.raise_ok = [True] * hand.n
        hand.acted = [False] * hand.n  # everyone must answer a full bet or raise
    else:
        acted = hand.acted
        ok = hand.raise_ok
        for q in range(hand.n):
            if acted[q]:
                ok[q] = False
    hand.bet_to = to
    hand.acted[p] = True
    hand.forced = False
    hand.aggressor = p
    return (raised if do == "raise" else bet_placed)(hand.seat_of[p], (), paid, None, to)


def advance(hand: AmericanaHand, p: int, events: list[Event]) -> None:
    """Find the next player to act after ``p``, or end the round (and maybe the hand)."""
    n = hand.n
    live = hand.live
    stacks = hand.stacks
    acted = hand.acted
    bets = hand.bets
    bet_to = hand.bet_to
    q = p
    for _ in range(n - 1):
        q = q + 1 if q + 1 < n else 0
        if live[q] and stacks[q] and (not acted[q] or bets[q] < bet_to):
            hand.actor = q
            prepare(hand, q)
            return
    rounds.end_round(hand, events)
    if hand.actor >= 0:
        prepare(hand, hand.actor)


def prepare(hand: AmericanaHand, p: int) -> None:
    """Work out what ``p`` may do: chips to call, and the bet/raise range (0: none)."""
    stack = hand.stacks[p]
    bet_to = hand.bet_to
    mine = hand.bets[p]
    owed = bet_to - mine
    hand.owed = owed if owed < stack else stack
    hand.min_to = hand.max_to = 0
    if stack <= owed or not hand.raise_ok[p]:
        return
    opts = hand.options
    structure = opts.structure
    if bet_to and structure == "limit" and hand.raises >= opts.raise_cap:
        return
    live = hand.live
    stacks = hand.stacks
    for q in range(hand.n):
        if q != p and live[q] and stacks[q]:
            break
    else:
        return  # nobody else could answer a bet or raise
    lo = bet_to + hand.min_raise
    if structure == "no_limit":
        hi = mine + stack
    elif structure == "limit":
        hi = lo
    else:
        hi = bet_to + hand.pot + owed if bet_to else hand.pot
        if hi < lo:
            hi = lo
    allin = mine + stack
    if allin < lo:
        lo = hi = allin
    elif allin < hi:
        hi = allin
    hand.min_to = lo
    hand.max_to = hi
