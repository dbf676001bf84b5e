"""Random-play throughput of the Americana engine against PokerKit (PEERS.md §1.8, §4.6).

Run ``python benchmarks/engine.py [--seconds S] [--rounds N]``. Within one run it measures:

* Americana hands per second, heads-up and 6-handed: start a hand, then the uniform random
  policy (``random_action``: a uniform legal kind, a uniform size) until the hand ends;
* the same policy on PokerKit's ``FixedLimitSevenCardStud`` with every non-decision step
  automated (the PEERS.md set-up), and the ratio;
* copies per second of a mid-hand state: ``AmericanaHand.copy()`` against PokerKit's
  ``copy.deepcopy(state)``;
* Palace figures (4 and 10 players) when ``benchmarks/palace_random.py`` exists.

Each figure is the best of ``--rounds`` runs, the engines interleaved so that load from
other processes hits both alike; ratios are taken from the same run.
"""

from __future__ import annotations

import argparse
import copy
import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from parlour.cards import DECK_32, Card
from parlour.games import americana
from parlour.games.americana import AmericanaHand
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler, Shuffler

STACK = 100


class BatchShuffler:
    """Seeded uniform shuffles drawn from NumPy 4,096 at a time.

    Same contract as :class:`parlour.shuffles.SeededShuffler` (a new uniform order of the
    given cards, reproducible from the seed) at a fraction of ``random.shuffle``'s cost,
    for simulations that shuffle millions of decks.
    """

    def __init__(self, seed: int) -> None:
        self._rng = np.random.default_rng(seed)
        self._rows: list[list[int]] = []
        self._size = 0

    def __call__(self, cards: Sequence[Card]) -> list[Card]:
        if not self._rows or len(cards) != self._size:
            self._size = len(cards)
            base = np.tile(np.arange(self._size), (4096, 1))
            self._rows = self._rng.permuted(base, axis=1).tolist()
        return list(map(cards.__getitem__, self._rows.pop()))


# ---------------------------------------------------------------- Americana


def americana_hands(
    players: int, seconds: float, seed: int = 1, *, batch: bool = False
) -> tuple[float, float]:
    """Random Americana hands per second and decisions per hand (limit, stacks 100).

    ``batch`` shuffles with :class:`BatchShuffler` instead of ``SeededShuffler``.
    """
    options = americana.options_from_dict({})
    seats = [SeatSpec(i, STACK) for i in range(players)]
    rng = random.Random(seed)
    shuffler: Shuffler = (
        BatchShuffler(seed + 1) if batch else SeededShuffler(random.Random(seed + 1))
    )
    start_hand = americana.start_hand
    random_action = americana.random_action
    hands = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for k in range(100):
            hand = start_hand(options, seats, k % players, shuffler)
            while not hand.is_over:
                seat = hand.to_act
                assert seat is not None
                hand.apply(random_action(hand.legal_actions(), seat, rng))
                decisions += 1
        hands += 100
    return hands / (time.perf_counter() - start), decisions / hands


def americana_mid_hand(players: int, seed: int = 1) -> AmericanaHand:
    """An Americana hand after a few random decisions, still in progress."""
    rng = random.Random(seed)
    options = americana.options_from_dict({})
    seats = [SeatSpec(i, STACK) for i in range(players)]
    while True:
        hand = americana.start_hand(options, seats, 0, SeededShuffler(rng))
        for _ in range(3):
            if hand.is_over:
                break
            seat = hand.to_act
            assert seat is not None
            hand.apply(americana.random_action(hand.legal_actions(), seat, rng))
        if not hand.is_over:
            return hand


def copies(make_copy: Callable[[], object], seconds: float) -> float:
    """Calls of ``make_copy`` per second."""
    count = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        for _ in range(50):
            make_copy()
        count += 50
    return count / (time.perf_counter() - start)


# ---------------------------------------------------------------- PokerKit


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


def stud_state(players: int, automations: tuple[Any, ...]) -> Any:
    """A fresh PokerKit 7-stud state: ante 1, bring-in 2, bets 4/8, stacks 100."""
    from pokerkit import FixedLimitSevenCardStud

    return FixedLimitSevenCardStud.create_state(
        automations, True, 1, 2, 4, 8, [STACK] * players, players
    )


def stud_step(state: Any, rng: random.Random) -> None:
    """One uniform random decision among PokerKit's legal kinds."""
    kinds = []
    if state.can_fold():
        kinds.append(state.fold)
    if state.can_check_or_call():
        kinds.append(state.check_or_call)
    if state.can_post_bring_in():
        kinds.append(state.post_bring_in)
    if state.can_complete_bet_or_raise_to():
        kinds.append(state.complete_bet_or_raise_to)
    kinds[int(rng.random() * len(kinds))]()


def pokerkit_hands(players: int, seconds: float, seed: int = 1) -> tuple[float, float]:
    """PokerKit 7-stud random hands per second and decisions per hand."""
    automations = _automations()
    rng = random.Random(seed)
    hands = decisions = 0
    start = time.perf_counter()
    end = start + seconds
    while time.perf_counter() < end:
        state = stud_state(players, automations)
        while state.status:
            stud_step(state, rng)
            decisions += 1
        hands += 1
    return hands / (time.perf_counter() - start), decisions / max(hands, 1)


def pokerkit_mid_hand(players: int, seed: int = 1) -> Any:
    """A PokerKit state after a few random decisions, still in progress."""
    rng = random.Random(seed)
    automations = _automations()
    while True:
        state = stud_state(players, automations)
        for _ in range(3):
            if not state.status:
                break
            stud_step(state, rng)
        if state.status:
            return state


# ---------------------------------------------------------------- Palace (another engineer)


def palace_runner() -> Callable[[int, float], float] | None:
    """``run_palace(players, seconds) -> hands/s`` from benchmarks/palace_random.py, if any."""
    path = Path(__file__).with_name("palace_random.py")
    if not path.exists():
        return None
    spec = importlib.util.spec_from_file_location("palace_random", path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    run: Callable[[int, float], float] = module.run_palace
    return run


# ---------------------------------------------------------------- report


def best(runs: list[float]) -> float:
    """The best of several runs (load from other processes only slows a run down)."""
    return max(runs)


def main() -> int:
    """Measure and print every figure."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="length of one run")
    parser.add_argument("--rounds", type=int, default=3, help="runs per figure (best kept)")
    args = parser.parse_args()
    seconds, rounds = args.seconds, args.rounds
    _check_deck()
    print(f"random play, uniform legal kinds, best of {rounds} x {seconds:g} s (one core)")
    for players in (2, 6):
        ours: list[float] = []
        batched: list[float] = []
        theirs: list[float] = []
        per_hand = (0.0, 0.0)
        for _ in range(rounds):
            rate, ours_dec = americana_hands(players, seconds)
            ours.append(rate)
            batched.append(americana_hands(players, seconds, batch=True)[0])
            rate, theirs_dec = pokerkit_hands(players, seconds)
            theirs.append(rate)
            per_hand = (ours_dec, theirs_dec)
        a, b, p = best(ours), best(batched), best(theirs)
        print(
            f"  {players} players: Americana {a:,.0f} hands/s ({per_hand[0]:.1f} decisions/hand;"
            f" {b:,.0f} with the NumPy batch shuffler) | PokerKit 7-stud {p:,.0f} hands/s"
            f" ({per_hand[1]:.1f}) | ratio {a / p:.1f}x ({b / p:.1f}x)"
        )
    hand = americana_mid_hand(2)
    state = pokerkit_mid_hand(2)
    ours_copy = best([copies(hand.copy, seconds / 2) for _ in range(rounds)])
    theirs_copy = best([copies(lambda: copy.deepcopy(state), seconds / 2) for _ in range(rounds)])
    print(
        f"  mid-hand copy: AmericanaHand.copy() {ours_copy:,.0f}/s | PokerKit deepcopy "
        f"{theirs_copy:,.0f}/s | ratio {ours_copy / theirs_copy:.0f}x"
    )
    # ---- Palace figures: benchmarks/palace_random.py defines run_palace(players, seconds).
    run_palace = palace_runner()
    if run_palace is None:
        print("  Palace: benchmarks/palace_random.py not found")
    else:
        for players in (4, 10):
            rate = best([run_palace(players, seconds) for _ in range(rounds)])
            print(f"  Palace {players} players: {rate:,.0f} hands/s")
    return 0


def _check_deck() -> None:
    """The benchmark shuffles the real 32-card deck once per hand, as play does."""
    order: list[Card] = SeededShuffler(0)(DECK_32)
    assert sorted(order) == sorted(DECK_32)


if __name__ == "__main__":
    raise SystemExit(main())
