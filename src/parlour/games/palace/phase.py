"""The phases of a Palace hand: the one place their values and names are defined.

A hand is always in exactly one phase: a player's ordinary turn (P-18), the free trim
after a Buy or a won battle (P-19, P-40), a battle awaiting a battler's decision
(P-33 to P-35), or over. ``Phase`` is an ``IntEnum`` so the engine compares it as cheaply
as an int; views and messages use its ``label`` ("turn", "trim", "battle", "over").
"""

from __future__ import annotations

from enum import IntEnum


class Phase(IntEnum):
    """What the hand awaits."""

    TURN = 0
    TRIM = 1
    BATTLE = 2
    OVER = 3

    @property
    def label(self) -> str:
        """The phase's name as views and records of choices write it."""
        return self.name.lower()


# The members as plain module names: the hot paths compare against these, since looking a
# member up on the enum class costs several times the comparison itself.
TURN = Phase.TURN
TRIM = Phase.TRIM
BATTLE = Phase.BATTLE
OVER = Phase.OVER
