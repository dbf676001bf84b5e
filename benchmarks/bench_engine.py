"""The reference engines (pure Python) in random play, against PokerKit; state copies.

Random play everywhere: a uniform choice among the legal kinds of action, a bet or
raise size uniform in its range (``random_action``); PokerKit gets the same rule over
its own legal kinds (fold, check or call, bring-in, complete/bet/raise at its size).
The policies do not offer the same kinds: parlour may fold when checking is free
(A-13), PokerKit never does, so parlour's hands are shorter; decisions per second is
reported beside hands per second for that reason.

* Americana heads-up and 6-handed (limit, ante 1, bring-in 2, stacks 100) against
  PokerKit five-card stud on a 32-card deck (7 to A), the same shape: one hole card and
  four upcards, antes, a bring-in, fixed limit with 4 raises a round. PokerKit has no
  32-card five-card stud of its own; it is built from PokerKit's ``State`` with its
  ``StandardHighHand`` (PokerKit does not know Americana's flush-over-full-house).
* Copies of a mid-hand state: parlour's hand-written ``AmericanaHand.copy()`` against
  ``copy.deepcopy`` of PokerKit's state, and, like for like, ``copy.deepcopy`` of
  parlour's state.
* Palace Poker, 4 and 10 players (default options, stacks 100): no peer plays it.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from itertools import product, starmap
from typing import Any

import measure
from parlour.games import americana, palace
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

STACK = 100


def americana_hands(players: int, hands: int, seed: int) -> int:
    """Play ``hands`` random hands; the decisions taken."""
    options = americana.options_from_dict({})
    seats = [SeatSpec(i, STACK) for i in range(players)]
    rng = random.Random(seed)
    shuffler = SeededShuffler(random.Random(seed + 1))
    start_hand = americana.start_hand
    random_action = americana.random_action
    decisions = 0
    for k in range(hands):
        hand = start_hand(options, seats, k % players, shuffler)
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            hand.apply(random_action(hand.legal_actions(), seat, rng))
            decisions += 1
    return decisions


def palace_hands(players: int, hands: int, seed: int) -> int:
    """Play ``hands`` random Palace hands; the decisions taken."""
    options = palace.options_from_dict({})
    seats = [SeatSpec(i, STACK) for i in range(players)]
    rng = random.Random(seed)
    shuffler = SeededShuffler(random.Random(seed + 1))
    decisions = 0
    for k in range(hands):
        hand = palace.start_hand(options, seats, k % players, shuffler)
        while hand.to_act is not None:
            hand.apply(palace.random_action(hand.legal_actions(), hand.to_act, rng))
            decisions += 1
    return decisions


def pokerkit_stud(players: int) -> Any:
    """A fresh PokerKit five-card stud state on the 32-card deck (see the docstring)."""
    from pokerkit import (
        Automation,
        BettingStructure,
        Card,
        Opening,
        Rank,
        StandardHighHand,
        State,
        Street,
        Suit,
    )

    ranks = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
    suits = (Suit.CLUB, Suit.DIAMOND, Suit.HEART, Suit.SPADE)
    deck = tuple(starmap(Card, product((*ranks, Rank.ACE), suits)))
    automations = (
        Automation.ANTE_POSTING,
        Automation.BET_COLLECTION,
        Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING,
        Automation.HOLE_DEALING,
        Automation.BOARD_DEALING,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING,
        Automation.CHIPS_PULLING,
    )
    streets = (
        Street(False, (False, True), 0, False, Opening.LOW_CARD, 2, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 2, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 4, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, 4, 4),
    )
    return State(
        automations,
        deck,  # type: ignore[arg-type]
        (StandardHighHand,),
        streets,
        BettingStructure.FIXED_LIMIT,
        True,
        (1,) * players,
        (0,) * players,
        1,
        (STACK,) * players,
        players,
    )


def pokerkit_step(state: Any, rng: random.Random) -> None:
    """One uniform random decision among PokerKit's legal kinds."""
    kinds: list[Callable[[], object]] = []
    if state.can_fold():
        kinds.append(state.fold)
    if state.can_check_or_call():
        kinds.append(state.check_or_call)
    if state.can_post_bring_in():
        kinds.append(state.post_bring_in)
    if state.can_complete_bet_or_raise_to():
        kinds.append(state.complete_bet_or_raise_to)
    kinds[int(rng.random() * len(kinds))]()


def pokerkit_hands(players: int, hands: int, seed: int) -> int:
    """Play ``hands`` PokerKit hands; the decisions taken."""
    rng = random.Random(seed)
    decisions = 0
    for _ in range(hands):
        state = pokerkit_stud(players)
        while state.status:
            pokerkit_step(state, rng)
            decisions += 1
    return decisions


def mid_hands() -> tuple[Any, Any]:
    """An Americana hand and a PokerKit state, each after three random decisions."""
    rng = random.Random(1)
    options = americana.options_from_dict({})
    seats = [SeatSpec(i, STACK) for i in range(2)]
    while True:
        hand = americana.start_hand(options, seats, 0, SeededShuffler(rng))
        for _ in range(3):
            if not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.apply(americana.random_action(hand.legal_actions(), seat, rng))
        state = pokerkit_stud(2)
        for _ in range(3):
            if state.status:
                pokerkit_step(state, rng)
        if not hand.is_over and state.status:
            return hand, state


def random_play(
    play: Callable[[int, int, int], int], players: int, hands: int, repeats: int
) -> tuple[measure.Figure, measure.Figure]:
    """Hands/s and decisions/s of ``play`` (decisions counted in the timed runs)."""
    counts: list[int] = []
    runs = measure.seconds(lambda: counts.append(play(players, hands, len(counts))), repeats)
    per_hand = sum(counts) / (hands * len(counts))
    figure = measure.rate(hands, runs, "hands/s")
    return figure, measure.scaled(figure, per_hand, "decisions/s")


def copies(make: Callable[[], object], count: int, repeats: int, note: str) -> measure.Figure:
    """Copies per second."""

    def once() -> None:
        for _ in range(count):
            make()

    return measure.rate(count, measure.seconds(once, repeats), "copies/s", note=note)


def run(quick: bool) -> dict[str, Any]:
    """Every figure of the reference engines and their peer."""
    repeats = 3 if quick else 5
    scale = 1 if quick else 5
    out: dict[str, Any] = {}
    ratios: dict[str, Any] = {}
    for players in (2, 6):
        ours, ours_decisions = random_play(americana_hands, players, 2000 * scale, repeats)
        theirs, theirs_decisions = random_play(pokerkit_hands, players, 200 * scale, repeats)
        out[f"americana_{players}"] = ours
        out[f"americana_{players}_decisions"] = ours_decisions
        out[f"pokerkit_stud5_32_{players}"] = theirs
        out[f"pokerkit_stud5_32_{players}_decisions"] = theirs_decisions
        ratios[f"americana_{players}_hands"] = measure.ratio(ours, theirs)
        ratios[f"americana_{players}_decisions"] = measure.ratio(ours_decisions, theirs_decisions)
    hand, state = mid_hands()
    count = 20_000 if quick else 100_000
    own = copies(hand.copy, count, repeats, "AmericanaHand.copy(), written by hand")
    own_deep = copies(lambda: copy.deepcopy(hand), count // 50, repeats, "copy.deepcopy(hand)")
    peer_deep = copies(lambda: copy.deepcopy(state), count // 50, repeats, "PokerKit deepcopy")
    out["copy_americana"] = own
    out["deepcopy_americana"] = own_deep
    out["deepcopy_pokerkit"] = peer_deep
    ratios["copy_over_pokerkit_deepcopy"] = measure.ratio(
        own, peer_deep, "parlour's hand-written copy against PokerKit's deepcopy"
    )
    ratios["deepcopy_over_pokerkit_deepcopy"] = measure.ratio(own_deep, peer_deep, "like for like")
    for players in (4, 10):
        rate, decisions = random_play(palace_hands, players, 400 * scale, repeats)
        out[f"palace_{players}"] = rate
        out[f"palace_{players}_decisions"] = decisions
    out["ratios"] = ratios
    return out


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
