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
from typing import Any, NamedTuple, TypeAlias

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
