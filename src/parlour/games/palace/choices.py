"""Legal choices as data: what the player to act may do, with amounts and ranges.

A choice is a small immutable record (a ``NamedTuple``, cheap to build on the hot path)
with ``allows(action)``, ``sample(rng)`` and ``to_dict()``. Trims and discards are not
listed subset by subset (a winner holding eleven soldiers has 2048 subsets): a
:class:`CardChoice` describes them as "any subset of these soldiers of ``least`` to
``most`` cards" and ``contains(cards)`` tests one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, TypeAlias

from parlour.cards import Card
from parlour.games.palace.actions import (
    Action,
    Bet,
    Buy,
    Call,
    Discard,
    Fold,
    Raise,
    Stay,
    Trim,
)
from parlour.games.palace.battle import base, extra_range, limit_raise, raise_range
from parlour.games.palace.phase import BATTLE, OVER, TRIM

if TYPE_CHECKING:
    from parlour.games.palace.hand import PalaceHand

_PLAIN: dict[str, type[Buy | Stay | Fold | Call]] = {
    "buy": Buy,
    "stay": Stay,
    "fold": Fold,
    "call": Call,
}


class Plain(NamedTuple):
    """``buy``, ``stay``, ``fold`` or ``call``; ``amount`` is the chips it costs now."""

    do: str
    seat: int
    amount: int = 0

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is this choice."""
        return action.do == self.do and action.seat == self.seat

    def sample(self, rng: random.Random) -> Action:
        """The action (there is only one)."""
        return _PLAIN[self.do](self.seat)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"seat": self.seat, "do": self.do, "amount": self.amount}


class CardChoice(NamedTuple):
    """``trim`` or ``discard``: any subset of ``soldiers`` of ``least`` to ``most`` cards.

    ``amount`` is the fee (0 for a trim, P-19; the discard fee, P-20).
    """

    do: str
    seat: int
    soldiers: tuple[Card, ...]
    least: int
    most: int
    amount: int = 0

    def contains(self, cards: Sequence[Card]) -> bool:
        """Whether discarding exactly ``cards`` is allowed (distinct soldiers, right count)."""
        chosen = set(cards)
        return (
            len(chosen) == len(cards)
            and self.least <= len(cards) <= self.most
            and chosen.issubset(self.soldiers)
        )

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is a trim or discard this choice admits."""
        if action.do != self.do or action.seat != self.seat:
            return False
        assert isinstance(action, Trim | Discard)
        return self.contains(action.cards)

    def sample(self, rng: random.Random) -> Action:
        """A subset whose size is uniform in ``least..most``, its cards uniform."""
        size = self.least + int(rng.random() * (self.most - self.least + 1))
        cards = tuple(rng.sample(self.soldiers, size))
        return Trim(self.seat, cards) if self.do == "trim" else Discard(self.seat, cards)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "do": self.do,
            "soldiers": [str(c) for c in self.soldiers],
            "least": self.least,
            "most": self.most,
            "amount": self.amount,
        }


class BetChoice(NamedTuple):
    """Attack ``target``: the attacker pays ``bet`` (its own base, P-31, all-in if short)
    and the defender owes ``call`` (its own base) plus the extra.

    ``extra`` may be 0, or (no-limit, P-32, P-45) any value in ``min_extra..max_extra``;
    both are 0 when no extra is allowed.
    """

    do: str
    seat: int
    target: int
    bet: int
    call: int
    min_extra: int = 0
    max_extra: int = 0

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is a bet on this target with an allowed extra."""
        if action.do != "bet" or action.seat != self.seat:
            return False
        assert isinstance(action, Bet)
        extra = action.extra
        return action.target == self.target and (
            extra == 0 or (self.min_extra <= extra <= self.max_extra and self.max_extra > 0)
        )

    def sample(self, rng: random.Random) -> Action:
        """A bet on this target; the extra uniform among 0 and the allowed range."""
        if not self.max_extra:
            return Bet(self.seat, self.target, 0)
        pick = int(rng.random() * (self.max_extra - self.min_extra + 2))
        return Bet(self.seat, self.target, 0 if pick == 0 else self.min_extra + pick - 1)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "do": "bet",
            "target": self.target,
            "bet": self.bet,
            "call": self.call,
            "min_extra": self.min_extra,
            "max_extra": self.max_extra,
        }


class RaiseChoice(NamedTuple):
    """Inside a battle: pay ``call`` plus a raise ``by`` in ``min_by..max_by`` (P-33, P-34)."""

    do: str
    seat: int
    call: int
    min_by: int
    max_by: int

    def allows(self, action: Action) -> bool:
        """Whether ``action`` is a raise of an allowed size."""
        if action.do != "raise" or action.seat != self.seat:
            return False
        assert isinstance(action, Raise)
        return self.min_by <= action.by <= self.max_by

    def sample(self, rng: random.Random) -> Action:
        """A raise of a size uniform in its range."""
        return Raise(self.seat, self.min_by + int(rng.random() * (self.max_by - self.min_by + 1)))

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "seat": self.seat,
            "do": "raise",
            "call": self.call,
            "min_by": self.min_by,
            "max_by": self.max_by,
        }


Choice: TypeAlias = Plain | CardChoice | BetChoice | RaiseChoice


def random_action(choices: Sequence[Choice], seat: int, rng: random.Random) -> Action:
    """A uniform choice among the legal kinds of action (one target uniform among the bets),
    sizes and subsets uniform in their ranges."""
    kinds: list[str] = []
    for choice in choices:
        if choice.do not in kinds:
            kinds.append(choice.do)
    kind = kinds[int(rng.random() * len(kinds))]
    same = [c for c in choices if c.do == kind]
    picked = same[int(rng.random() * len(same))]
    if picked.seat != seat:
        raise ValueError(f"the choices belong to seat {picked.seat}, not {seat}")
    return picked.sample(rng)


def legal_choices(hand: PalaceHand) -> tuple[Choice, ...]:
    """Every choice the player to act has in ``hand`` (empty when the hand is over).

    A turn offers Buy (P-19, P-45: paid in full, a card to draw, P-17), Discard (P-20),
    Stay and Fold, and a Bet on each live player of another suit (P-24, P-30); in P-62's
    forced battle only Fold and Bet. A trim offers any subset leaving at most
    ``max_soldiers`` (P-19, P-40); a battle, fold, call and raise (P-33 to P-35).
    """
    phase = hand.phase
    if phase == OVER:
        return ()
    p = hand.actor
    seat = hand.seat_of[p]
    if phase == TRIM:
        held = tuple(hand.soldiers[p])
        least = max(0, len(held) - hand.options.max_soldiers)
        return (CardChoice("trim", seat, held, least, len(held)),)
    if phase == BATTLE:
        return _battle_choices(hand, p, seat)
    choices: list[Choice] = []
    stack = hand.stack[p]
    sb = hand.sb
    if not hand.forced:
        if stack >= sb and (hand.draw or hand.discards):
            choices.append(_plain("buy", seat, sb))
        mine = hand.soldiers[p]
        fee = hand.options.discard_fee
        if mine and stack >= fee:
            choices.append(CardChoice("discard", seat, tuple(mine), 1, len(mine), fee))
        choices.append(_plain("stay", seat, 0))
    choices.append(_plain("fold", seat, 0))
    stacks, soldiers = hand.stack, hand.soldiers
    bet = min(base(len(soldiers[p]), sb), stack)
    own, live, suit = hand.suit[p], hand.live, hand.suit
    no_limit = hand.options.no_limit
    for t in hand.order:
        if live[t] and suit[t] != own:
            lo, hi = (
                extra_range(stack, bet, stacks[t], hand.bb, no_limit=True) if no_limit else (0, 0)
            )
            call = (len(soldiers[t]) + 1) * sb  # the defender's base, P-31
            choices.append(BetChoice("bet", seat, hand.seat_of[t], bet, call, lo, hi))
    return tuple(choices)


#: Plain choices made so far, by (do, seat, amount): immutable, so each is made once.
_PLAINS: dict[tuple[str, int, int], Plain] = {}


def _plain(do: str, seat: int, amount: int) -> Plain:
    """``Plain(do, seat, amount)``, the same (equal, immutable) record each time."""
    key = (do, seat, amount)
    made = _PLAINS.get(key)
    if made is None:
        if len(_PLAINS) >= 4096:  # amounts vary with the stakes: keep the memo small
            _PLAINS.clear()
        made = _PLAINS[key] = Plain(do, seat, amount)
    return made


def _battle_choices(hand: PalaceHand, p: int, seat: int) -> tuple[Choice, ...]:
    attacking = p == hand.attacker
    owed = hand.owed_a if attacking else hand.owed_d
    other = hand.defender if attacking else hand.attacker
    stack = hand.stack[p]
    choices: list[Choice] = [_plain("fold", seat, 0), _plain("call", seat, min(owed, stack))]
    sizes = raise_range(
        stack,
        owed,
        hand.stack[other],
        hand.last_raise,
        hand.raises,
        hand.bb,
        hand.options.raise_cap,
        no_limit=hand.options.no_limit,
        limit_size=limit_raise(len(hand.soldiers[p]), hand.sb, hand.bb),
    )
    if sizes is not None:
        choices.append(RaiseChoice("raise", seat, owed, sizes[0], sizes[1]))
    return tuple(choices)
