"""Settling up a home game: who pays whom, from the ledger's nets, in few payments.

Only people settle: a bot's winnings or losses are nobody's money. When people's nets do
not add up to zero (bots won or lost chips), the larger side is settled only as far as
the smaller side reaches.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Payment:
    """``payer`` gives ``amount`` chips' worth to ``payee``."""

    payer: str
    payee: str
    amount: int

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"payer": self.payer, "payee": self.payee, "amount": self.amount}


def payments(nets: Sequence[tuple[str, int]]) -> list[Payment]:
    """Payments that square everyone's net (name, chips won, negative for lost).

    The biggest loser pays the biggest winner, again and again: each payment squares at
    least one of the two, so there are fewer payments than people.
    """
    owing = sorted(((-net, name) for name, net in nets if net < 0), reverse=True)
    owed = sorted(((net, name) for name, net in nets if net > 0), reverse=True)
    made: list[Payment] = []
    while owing and owed:
        (debt, payer), (credit, payee) = owing.pop(0), owed.pop(0)
        amount = min(debt, credit)
        made.append(Payment(payer, payee, amount))
        if debt > amount:
            owing = sorted([*owing, (debt - amount, payer)], reverse=True)
        if credit > amount:
            owed = sorted([*owed, (credit - amount, payee)], reverse=True)
    return made
