"""How a Palace hand moves: the opening, turns, battles and the end (P-8 to P-64).

These are the hand's transitions, functions over a
:class:`~parlour.games.palace.hand.PalaceHand` (its one state definition). Those after
the opening run on an action already checked against the legal choices, so they assume
legality and stay lean.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeAlias

from parlour.cards import Card
from parlour.errors import ShuffleError
from parlour.events import Event
from parlour.games.palace import events as ev
from parlour.games.palace.actions import Action, Bet, Discard, Raise, Trim
from parlour.games.palace.battle import base, battle_result, hand_value
from parlour.games.palace.deal import deal
from parlour.games.palace.phase import BATTLE, OVER, TRIM, TURN
from parlour.games.palace.reveal import battle_hands, showdown_hands
from parlour.games.palace.settle import settle

if TYPE_CHECKING:
    from parlour.games.palace.hand import PalaceHand

#: How a pot is decided: from its eligible positions to its winners.
Winners: TypeAlias = Callable[[tuple[int, ...]], Sequence[int]]


class ReshuffleError(ShuffleError):
    """A discard-pile reshuffle (P-17) failed; ``index`` is the index of the Buy that needed it."""

    def __init__(self, message: str, index: int) -> None:
        self.index = index
        super().__init__(message)


def open_hand(hand: PalaceHand) -> list[Event]:
    """Antes (P-8), the deal (P-9 to P-16) and the first turn (P-18); returns the events."""
    events: list[Event] = []
    ante = hand.options.ante
    order, seat_of, stack, paid, live = hand.order, hand.seat_of, hand.stack, hand.paid, hand.live
    ante_paid = ev.ante_paid
    for p in order:
        amount = min(ante, stack[p])  # _pay's all-in rule (P-8 deals in only who can pay)
        stack[p] -= amount
        paid[p] += amount
        live[p] = True
        events.append(ante_paid(seat_of[p], (), ante))
    dealt = deal(order, seat_of, hand.shuffler, hand.shuffles)
    events += dealt.events
    banner, suit = hand.banner, hand.suit
    for p, card in dealt.banners.items():
        banner[p] = card
        suit[p] = card & 3
    palace = hand.palace
    for p, cards in dealt.palaces.items():
        palace[p] = cards
    hand.draw = dealt.draw
    pass_turn(hand, order[-1], events)
    return events


def reshuffle_if_needed(hand: PalaceHand, events: list[Event]) -> None:
    """P-17: a Buy with an empty draw pile first shuffles the discard pile into it.

    Raises :class:`ReshuffleError` (changing nothing) when the shuffle cannot be made.
    """
    if hand.draw:
        return
    try:
        order = hand.shuffler(hand.discards)
    except ShuffleError as exc:
        raise ReshuffleError(str(exc), len(hand.actions)) from exc
    hand.shuffles.append(tuple(order))
    order.reverse()
    hand.draw = order
    hand.discards = []
    hand.discarder = []
    events.append(ev.DiscardsReshuffled(amount=len(order)))


def play(hand: PalaceHand, action: Action, events: list[Event]) -> None:
    """Carry out ``action`` (already known legal) for the player to act."""
    p = hand.actor
    do = action.do
    if do == "stay":
        hand.passive |= 1 << p
        events.append(ev.stayed(hand.seat_of[p]))
        pass_turn(hand, p, events)
    elif do == "buy":
        _buy(hand, p, events)
    elif do == "trim":
        assert isinstance(action, Trim)
        _throw(hand, p, action.cards, events, "trim")
        pass_turn(hand, hand.after, events)
    elif do == "discard":
        assert isinstance(action, Discard)
        _pay(hand, p, hand.options.discard_fee)
        _throw(hand, p, action.cards, events, "discard")
        hand.passive |= 1 << p
        pass_turn(hand, p, events)
    elif do == "fold":
        if hand.phase == BATTLE:
            _battle_fold(hand, p, events)
        else:
            hand.passive |= 1 << p
            events.append(ev.folded(hand.seat_of[p]))
            _leave(hand, p, with_banner=True)
            if not _ended(hand, events):
                pass_turn(hand, p, events)
    elif do == "bet":
        assert isinstance(action, Bet)
        _bet(hand, p, hand.pos_of[action.target], action.extra, events)
    elif do == "call":
        owed = hand.owed_a if p == hand.attacker else hand.owed_d
        paid = _pay(hand, p, owed)
        hand.uncalled = 0
        events.append(ev.called(hand.seat_of[p], (), paid))
        _compare(hand, p, events)
    else:
        assert isinstance(action, Raise)
        _raise(hand, p, action.by, events)


def pass_turn(hand: PalaceHand, after: int, events: list[Event]) -> None:
    """Give the turn to the next player in the hand left of ``after`` (P-18, P-42).

    P-63 first: a complete passive round ends the hand in a showdown, however many are
    left (two included). Otherwise, two players left after someone left must battle from
    now on (P-62): only Bet or Fold, and a skipped turn no longer counts toward a passive
    round. Players with no chips are skipped, each skip counting as a Stay outside a
    forced battle (P-25); the hand ends when nobody in the hand can act.
    """
    order, live, stack = hand.order, hand.live, hand.stack
    n = len(order)
    start = hand.slot[after]
    everyone = 0  # the positions still in the hand, one bit each
    for p in order:
        if live[p]:
            everyone |= 1 << p
    if not hand.forced:
        if hand.passive & everyone == everyone:
            _final_comparison(hand, events)
            return
        hand.forced = n > 2 and everyone.bit_count() == 2
    for step in range(1, n + 1):
        p = order[(start + step) % n]
        if not live[p]:
            continue
        if not hand.forced and hand.passive & everyone == everyone:
            break
        if stack[p] > 0:
            hand.phase = TURN
            hand.actor = p
            return
        if not hand.forced:
            hand.passive |= 1 << p
        events.append(ev.skipped(hand.seat_of[p]))
    _final_comparison(hand, events)


def _pay(hand: PalaceHand, p: int, amount: int) -> int:
    """Take up to ``amount`` from ``p`` into the pot (all-in if short, P-45)."""
    paid = min(amount, hand.stack[p])
    hand.stack[p] -= paid
    hand.paid[p] += paid
    return paid


def _buy(hand: PalaceHand, p: int, events: list[Event]) -> None:
    """P-19: pay SB, take the top card as a soldier; the trim decision follows."""
    _pay(hand, p, hand.sb)
    card = hand.draw.pop()
    hand.soldiers[p].append(card)
    hand.passive = 0
    hand.phase = TRIM
    hand.after = p
    events.append(ev.bought(hand.seat_of[p], (card,), hand.sb))


def _throw(
    hand: PalaceHand, p: int, cards: tuple[Card, ...], events: list[Event], kind: str
) -> None:
    """Move soldiers face down to the discard pile; only their owner sees the faces (P-16)."""
    held = hand.soldiers[p]
    for c in cards:
        held.remove(c)
    hand.discards.extend(cards)
    hand.discarder.extend([p] * len(cards))
    seat = hand.seat_of[p]
    thrown, faces = ev.THROWN_BUILDERS[kind]
    events.append(thrown(seat, (), len(cards)))
    if cards:
        events.append(faces(seat, cards, 0, frozenset((seat,))))


def _leave(hand: PalaceHand, p: int, *, with_banner: bool) -> None:
    """Take ``p`` out of the hand; its palace (and, unless captured, the rest) to the discards."""
    hand.live[p] = False
    cards = list(hand.palace[p])
    if with_banner:
        cards += hand.soldiers[p]
        banner = hand.banner[p]
        if banner is not None:
            cards.append(banner)
        hand.soldiers[p] = []
        hand.banner[p] = None
    hand.palace[p] = ()
    hand.discards.extend(cards)
    hand.discarder.extend([p] * len(cards))


def _bet(hand: PalaceHand, p: int, t: int, extra: int, events: list[Event]) -> None:
    """P-24, P-30 to P-32: open a battle; the defender decides, or (no chips) compare at once."""
    paid = _pay(hand, p, base(len(hand.soldiers[p]), hand.sb)) + _pay(hand, p, extra)
    hand.passive = 0
    hand.attacker, hand.defender = p, t
    hand.owed_a, hand.owed_d = 0, base(len(hand.soldiers[t]), hand.sb) + extra
    hand.last_raise = extra
    hand.raises = 0
    hand.uncalled, hand.uncalled_by = extra, p
    hand.after = p
    events.append(ev.attacked(hand.seat_of[p], (), paid, None, hand.seat_of[t], extra))
    if hand.stack[t] == 0:
        _compare(hand, t, events)
    else:
        hand.phase = BATTLE
        hand.actor = t


def _raise(hand: PalaceHand, p: int, by: int, events: list[Event]) -> None:
    """P-33, P-34: pay what is owed plus ``by``; the other battler decides."""
    attacking = p == hand.attacker
    owed = hand.owed_a if attacking else hand.owed_d
    paid = _pay(hand, p, owed + by)
    if attacking:
        hand.owed_a, hand.owed_d = 0, by
    else:
        hand.owed_a, hand.owed_d = by, 0
    hand.last_raise = by
    hand.raises += 1
    hand.uncalled, hand.uncalled_by = by, p
    hand.actor = hand.defender if attacking else hand.attacker
    events.append(ev.raised(hand.seat_of[p], (), paid, None, by))


def _battle_fold(hand: PalaceHand, p: int, events: list[Event]) -> None:
    """P-35: the folder is out; the last uncalled raise (or extra) goes back to its maker."""
    winner = hand.defender if p == hand.attacker else hand.attacker
    events.append(ev.folded(hand.seat_of[p]))
    if hand.uncalled and hand.uncalled_by == winner:
        hand.stack[winner] += hand.uncalled
        hand.paid[winner] -= hand.uncalled
        hand.back[winner] += hand.uncalled
        events.append(ev.uncalled_returned(hand.seat_of[winner], (), hand.uncalled))
        hand.uncalled = 0
    _battle_won(hand, winner, p, events)


def _cards(hand: PalaceHand, p: int) -> list[Card]:
    banner = hand.banner[p]
    assert banner is not None
    return [banner, *hand.palace[p], *hand.soldiers[p]]


def _compare(hand: PalaceHand, caller: int, events: list[Event]) -> None:
    """P-36 to P-39, P-41: show palaces as allowed, then settle the battle."""
    a, d = hand.attacker, hand.defender
    other = d if caller == a else a
    _show(hand, other, caller, events)
    result = battle_result(_cards(hand, a), hand.suit[a], _cards(hand, d), hand.suit[d])
    winner = a if result > 0 else d if result < 0 else -1
    if winner in (-1, caller):
        _show(hand, caller, other, events)
    events.extend(battle_hands(hand, a, d))
    if winner >= 0:
        _battle_won(hand, winner, d if winner == a else a, events)
        return
    events.append(ev.battle_tied(None, (), 0, None, (hand.seat_of[a], hand.seat_of[d])))
    if sum(hand.live) == 2:
        _finish(hand, "battle_tie", events, lambda eligible: eligible)
        return
    _leave(hand, a, with_banner=True)
    _leave(hand, d, with_banner=True)
    if not _ended(hand, events):
        pass_turn(hand, a, events)


def _show(hand: PalaceHand, owner: int, viewer: int, events: list[Event]) -> None:
    """P-41: ``viewer`` sees ``owner``'s palace (an event only ``viewer`` receives)."""
    hand.seen[viewer] |= 1 << owner
    seat = hand.seat_of[viewer]
    events.append(ev.palace_shown(hand.seat_of[owner], hand.palace[owner], 0, frozenset((seat,))))


def _battle_won(hand: PalaceHand, w: int, loser: int, events: list[Event]) -> None:
    """P-40: the loser is out; the winner captures soldiers and banner, then trims."""
    captured = hand.soldiers[loser]
    banner = hand.banner[loser]
    if banner is not None:
        captured.append(banner)
    hand.soldiers[w].extend(captured)
    hand.soldiers[loser] = []
    hand.banner[loser] = None
    _leave(hand, loser, with_banner=False)
    events.append(ev.battle_won(hand.seat_of[w], tuple(captured), 0, None, hand.seat_of[loser]))
    if _ended(hand, events):
        return
    hand.phase = TRIM
    hand.actor = w
    hand.after = hand.attacker


def _ended(hand: PalaceHand, events: list[Event]) -> bool:
    """P-60, P-61: end at once with one player left or only one banner suit left."""
    left = [p for p in hand.order if hand.live[p]]
    if len(left) == 1:
        _finish(hand, "last_standing", events, lambda eligible: eligible)
        return True
    suit = hand.suit[left[0]]
    if all(hand.suit[p] == suit for p in left):
        _finish(hand, "one_suit", events, lambda eligible: eligible)
        return True
    return False


def _final_comparison(hand: PalaceHand, events: list[Event]) -> None:
    """The hand ends by a passive round (P-63) or because nobody can act (P-25).

    Outside a forced battle it is P-63's normal showdown among the players left, however
    many: the best five of all their own cards, no suit exclusion, no banner tie-break;
    exact ties split. In a forced battle (P-62) neither of the last two can pay: they are
    compared as in a battle (P-37 to P-39; a full tie splits). Palaces are shown to all.
    """
    left = [p for p in hand.order if hand.live[p]]
    for p in left:
        hand.shown |= 1 << p
        events.append(ev.palace_shown(hand.seat_of[p], hand.palace[p]))
    if hand.forced:
        a, b = left
        result = battle_result(_cards(hand, a), hand.suit[a], _cards(hand, b), hand.suit[b])
        best = [a] if result > 0 else [b] if result < 0 else []

        def battle_winners(eligible: tuple[int, ...]) -> list[int]:
            return [p for p in eligible if p in best] or list(eligible)

        compared = battle_hands(hand, a, b)
        events.extend(compared)
        _finish(hand, "comparison", events, battle_winners, tuple(compared))
        return
    values = {p: hand_value(_cards(hand, p)) for p in left}

    def showdown_winners(eligible: tuple[int, ...]) -> list[int]:
        top = max(values[p] for p in eligible)
        return [p for p in eligible if values[p] == top]

    shown = showdown_hands(hand, left)
    events.extend(shown)
    _finish(hand, "showdown", events, showdown_winners, tuple(shown))


def _finish(
    hand: PalaceHand,
    how: str,
    events: list[Event],
    winners_of: Winners,
    hands: tuple[ev.BattleHand | ev.ShowdownHand, ...] = (),
) -> None:
    """Pay out every pot (P-46, P-64) and close the hand.

    ``hands`` are the hands a final comparison showed to all, named in ``hand_over``.
    """
    outcome = settle(
        hand.stack, hand.paid, hand.back, hand.live, hand.seat_of, hand.slot, winners_of
    )
    hand.outcome = outcome
    hand.phase = OVER
    hand.stack = list(outcome.stacks)
    # The P-35 returns were told when they happened; the ending names them apart.
    uncalled = tuple([(hand.seat_of[p], back) for p, back in enumerate(hand.back) if back])
    events.append(ev.hand_over(None, (), 0, None, how, outcome, uncalled, hands))
