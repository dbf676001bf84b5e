"""Battle arithmetic and comparison (P-31 to P-39), as small pure functions.

The engine keeps the battle's state; these functions answer its questions: what a base
is, which extras and raises are allowed, and who wins when the hands are compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from parlour.cards import Card
from parlour.evaluation import standard_value_unchecked

#: The evaluator takes at most nine cards: banner, palace and five soldiers by default.
EVALUATOR_LIMIT = 9


def base(soldiers: int, small_bet: int) -> int:
    """P-31: a player's base is (their soldiers + 1) x SB."""
    return (soldiers + 1) * small_bet


def extra_range(
    stack: int, bet: int, defender_stack: int, big_bet: int, *, no_limit: bool
) -> tuple[int, int]:
    """P-32, P-45: the allowed positive extras ``lo..hi`` on top of a bet of ``bet``.

    ``(0, 0)`` when no extra is allowed: in limit, when the attacker's bet already takes
    every chip, or against a defender with no chips. Below BB only exactly all-in.
    """
    room = stack - bet
    if not no_limit or room <= 0 or defender_stack <= 0:
        return (0, 0)
    return (min(big_bet, room), room)


def limit_raise(soldiers: int, small_bet: int, big_bet: int) -> int:
    """P-33: the limit raise is BB, or 2 x SB for a raiser who has no soldiers.

    The seeds: "raise the big bet or double the small bet (if they have no soldier
    cards)"; the two differ only when BB is not 2 x SB.
    """
    return big_bet if soldiers else 2 * small_bet


def raise_range(
    stack: int,
    owed: int,
    opponent_stack: int,
    last_raise: int,
    raises: int,
    big_bet: int,
    raise_cap: int,
    *,
    no_limit: bool,
    limit_size: int,
) -> tuple[int, int] | None:
    """P-33, P-34, P-45: the allowed raises ``lo..hi`` over ``owed``, or ``None``.

    Limit: one ``limit_size`` (:func:`limit_raise`), at most ``raise_cap`` raises.
    No-limit: at least BB and the previous raise. A smaller raise only puts the player
    exactly all-in; no raise against a battler with no chips.
    """
    room = stack - owed
    if room <= 0 or opponent_stack <= 0:
        return None
    if not no_limit:
        if raises >= raise_cap:
            return None
        size = min(limit_size, room)
        return (size, size)
    least = max(big_bet, last_raise)
    return (room, room) if room < least else (least, room)


def own_suit_count(cards: Sequence[Card], suit: int) -> int:
    """P-39: how many of ``cards`` are of the player's own banner ``suit``."""
    return sum(1 for c in cards if c & 3 == suit)


def battle_result(
    cards_a: Sequence[Card], suit_a: int, cards_b: Sequence[Card], suit_b: int
) -> int:
    """Compare two battlers: positive if A wins, negative if B wins, 0 for a full tie.

    P-37, P-38: each plays its best hand counting no card of the opponent's banner suit
    (short hands allowed); P-39: equal hands go to more cards of one's own banner suit.
    """
    a = hand_value([c for c in cards_a if c & 3 != suit_b])
    b = hand_value([c for c in cards_b if c & 3 != suit_a])
    if a != b:
        return 1 if a > b else -1
    return own_suit_count(cards_a, suit_a) - own_suit_count(cards_b, suit_b)


def battle_value(cards: Sequence[Card], exclude: int | None) -> int:
    """The value of ``cards`` in a battle against banner suit ``exclude`` (P-37, P-38).

    Unlike :func:`parlour.evaluation.palace_value` it takes any number of cards, as a
    player may hold more than nine for a moment (captures before the trim, P-40) or for
    good (``max_soldiers`` above five); bots and notes value hands through it for that.
    """
    kept = list(cards) if exclude is None else [c for c in cards if c & 3 != exclude]
    return hand_value(kept)


def hand_value(cards: Sequence[Card]) -> int:
    """The value of the best five of ``cards`` (fewer: a short hand, P-38); bigger is better.

    Battles pass only the cards that count (P-37), so dropping the excluded suit before
    evaluating is the exclusion itself. Beyond the evaluator's nine cards (possible only
    with ``max_soldiers`` above five) the best of every five-card subset is taken.
    """
    if len(cards) <= EVALUATOR_LIMIT:
        return standard_value_unchecked(cards)
    return max(standard_value_unchecked(five) for five in combinations(cards, 5))
