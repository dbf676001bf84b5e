"""The hands a comparison was decided by, told only to those the rules let see them.

A battle (P-36 to P-39) and the end of a hand by a passive round or a comparison (P-62,
P-63) are decided by hands that include palaces, which P-41 lets only some players see.
So each hand is its own event, with the cards that counted and, in a battle, the suit left
out (P-37), and its audience is exactly the seats that know the owner's palace: the
owner, anyone P-41 showed it to (now or earlier in the hand), or everyone once the final
comparison has shown it to all. Narration names the hand from these cards; a reader who
did not see a palace never receives the hand made with it (R-4).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from parlour.cards import Card
from parlour.games.palace.events import BattleHand, ShowdownHand, battle_hand, showdown_hand

if TYPE_CHECKING:
    from parlour.games.palace.hand import PalaceHand

#: Suit letters by suit number, as card notation writes them.
SUIT_LETTERS = "cdhs"


def own_cards(hand: PalaceHand, p: int) -> list[Card]:
    """Position ``p``'s cards: banner, palace, soldiers (a captured banner is a soldier)."""
    banner = hand.banner[p]
    return [*([] if banner is None else [banner]), *hand.palace[p], *hand.soldiers[p]]


def knowers(hand: PalaceHand, p: int) -> frozenset[int] | None:
    """The seats that know ``p``'s palace (``None``: everyone, it was shown to all)."""
    if hand.shown >> p & 1:
        return None
    seats = {hand.seat_of[p]}
    seats.update(hand.seat_of[v] for v in hand.order if hand.seen[v] >> p & 1)
    return frozenset(seats)


def battle_hands(hand: PalaceHand, a: int, d: int) -> list[BattleHand]:
    """One :class:`BattleHand` per battler: the cards that count against the other."""
    events = []
    for p, foe in ((a, d), (d, a)):
        excluded = hand.suit[foe]
        counting = tuple(c for c in own_cards(hand, p) if c & 3 != excluded)
        events.append(
            battle_hand(
                hand.seat_of[p],
                counting,
                0,
                knowers(hand, p),
                hand.seat_of[foe],
                SUIT_LETTERS[excluded],
            )
        )
    return events


def showdown_hands(hand: PalaceHand, left: list[int]) -> list[ShowdownHand]:
    """One public :class:`ShowdownHand` per player left: all their own cards (P-63)."""
    return [showdown_hand(hand.seat_of[p], tuple(own_cards(hand, p))) for p in left]
