"""The PEERS.md §1.8 reference: PokerKit's FixedLimitSevenCardStud under uniform random play.

Every non-decision step is automated; a hand is "create a state and play it to the end";
the policy chooses uniformly among the legal action kinds (fold, check/call, bring-in,
complete/raise), as the Americana benchmark does.
"""

from __future__ import annotations

import copy
import random
import time
from typing import Any

AUTOMATIONS: tuple[Any, ...] = ()


def _automations() -> tuple[Any, ...]:
    from pokerkit import Automation

    return (
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


def new_state(players: int) -> Any:
    """A fresh 7-stud state: ante 1, bring-in 2, bets 4/8, stacks 100."""
    from pokerkit import FixedLimitSevenCardStud

    return FixedLimitSevenCardStud.create_state(
        _automations(), True, 1, 2, 4, 8, [100] * players, players
    )


def step(state: Any, rng: random.Random) -> None:
    """One uniform random decision."""
    kinds = []
    if state.can_fold():
        kinds.append(0)
    if state.can_check_or_call():
        kinds.append(1)
    if state.can_post_bring_in():
        kinds.append(2)
    if state.can_complete_bet_or_raise_to():
        kinds.append(3)
    kind = kinds[int(rng.random() * len(kinds))]
    if kind == 0:
        state.fold()
    elif kind == 1:
        state.check_or_call()
    elif kind == 2:
        state.post_bring_in()
    else:
        state.complete_bet_or_raise_to()


def run(players: int, seconds: float, seed: int = 1) -> float:
    """Random hands per second for ``seconds``."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = new_state(players)
        while state.status:
            step(state, rng)
        hands += 1
    return hands / (time.perf_counter() - start)


def mid_hand(players: int, seed: int = 1) -> Any:
    """A state after a few decisions, for copy timing."""
    rng = random.Random(seed)
    while True:
        state = new_state(players)
        for _ in range(3):
            if not state.status:
                break
            step(state, rng)
        if state.status:
            return state


def copies_per_second(players: int, seconds: float) -> float:
    """``copy.deepcopy`` of a mid-hand state, per second."""
    state = mid_hand(players)
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            copy.deepcopy(state)
        count += 20
    return count / (time.perf_counter() - start)
