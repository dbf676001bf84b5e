"""A coarse summary of an Americana decision, the same for the solver and the bot.

The ``cfr`` bot plays a policy found by Monte Carlo CFR on heads-up limit Americana
(docs/research.md). Full Americana has far too many information states to visit, so the
solver and the bot both see a decision through :func:`americana_key`: the round; what the
seat holds and what the best opponent shows (made-hand class from rank counts); who has
the highest card; the hole card's rank band; which of fold, the passive choice and a
raise are open and whether a call (or the bring-in) is owed; the pot's size band; the
number of live opponents. It is read from the seat's view only (R-4), so the bot can
compute it at a table.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any, Final

from parlour.cards import Card

#: Pot size bands, in bring-ins (upper bounds; above the last is the last band + 1).
POT_BANDS: Final = (3, 6, 12, 24)


def made_class(cards: Sequence[Card]) -> int:
    """0 high card, 1 pair, 2 two pair, 3 three of a kind, 4 full house or four of a kind."""
    counts = sorted(Counter(c >> 2 for c in cards).values(), reverse=True)
    if not counts:
        return 0
    if counts[0] >= 4 or (counts[0] == 3 and len(counts) > 1 and counts[1] >= 2):
        return 4
    if counts[0] == 3:
        return 3
    if counts[0] == 2:
        return 2 if len(counts) > 1 and counts[1] == 2 else 1
    return 0


def americana_key(view: Any, bring_in: int) -> str:
    """The abstract information state of the seat to act (see the module); the pot is
    counted in ``bring_in`` units (a table option, known to every player)."""
    me = next(s for s in view.seats if s.seat == view.seat)
    mine = (*((me.hole,) if me.hole is not None else ()), *me.upcards)
    others = [s.upcards for s in view.seats if s.in_hand and s.seat != view.seat]
    theirs = max((made_class(up) for up in others), default=0)
    my_top = max(c >> 2 for c in mine)
    their_top = max((c >> 2 for up in others for c in up), default=0)
    top = ">" if my_top > their_top else "=" if my_top == their_top else "<"
    hole = 0 if me.hole is None else (2 if me.hole >> 2 >= 11 else 1 if me.hole >> 2 >= 8 else 0)
    kinds = {c.do for c in view.legal_actions}
    moves = (
        f"{int('fold' in kinds)}{int(bool(kinds & {'check', 'call', 'bring_in'}))}"
        f"{int(bool(kinds & {'bet', 'raise'}))}{int(bool(kinds & {'call', 'bring_in'}))}"
    )
    pot = sum(1 for band in POT_BANDS if view.pot > band * bring_in)
    return f"{view.street}|{made_class(mine)}{theirs}{top}{hole}|{moves}|{pot}|{len(others)}"
