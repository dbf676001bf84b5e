"""The compiled batch engine: random play against OpenSpiel's C++, and threads.

Figures (all random play: a uniform choice among the legal kinds, sizes uniform):

* Americana heads-up limit (ante 1, bring-in 2, stacks 100), one thread, hands kept in
  full (decks and action codes, from which records are rebuilt), played in calls of
  65,536 hands; process CPU time, so the Python around the kernel counts. Also without
  keeping records (``keep=False``) and in decisions per second.
* OpenSpiel's ``universal_poker``, heads-up limit hold'em (the ACPC game), random
  playouts in C++: ``RandomRolloutEvaluator`` run once by an ``MCTSBot`` of one
  simulation, so every playout runs in C++ with no Python between them. The playouts
  start at the first decision (hole cards dealt; board cards and betting random), which
  leaves the peer a little less work than a whole hand. Also a Python loop over
  ``state.apply_action`` (the same rule: uniform over legal actions), for its decisions
  per playout.
* Palace Poker 4 and 10 players (default options, stacks 100), one thread.
* Two threads against one, both games: the same hands on ``threads=2`` and ``threads=1``.
  Measured as CPU time per thread (``time.thread_time`` inside each thread): the
  speed-up is the one thread's CPU seconds over the slower thread's CPU seconds of the
  two-thread run. That is what two cores give when nobody else uses them; the machine is
  shared, so wall time is reported alongside but not used for the goal.
"""

from __future__ import annotations

import random
import time
from typing import Any

import measure
from parlour.batch import play_americana, play_palace

HULHE = (
    "universal_poker(betting=limit,numPlayers=2,numRounds=4,blind=10 5,firstPlayer=2 1 1 1,"
    "numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,raiseSize=10 10 20 20,"
    "maxRaises=3 4 4 4)"
)
CHUNK = 65_536


def americana(chunks: int, repeats: int, *, keep: bool) -> tuple[measure.Figure, float]:
    """Heads-up limit hands/s on one thread; and decisions per hand."""
    play_americana(10, seed=0)  # compile or load the cache before timing
    decisions = 0
    hands = chunks * CHUNK

    def once() -> None:
        nonlocal decisions
        decisions = 0
        for k in range(chunks):
            batch = play_americana(CHUNK, players=2, stacks=100, seed=k, keep=keep)
            decisions += int(batch.decisions.sum())

    runs = measure.seconds(once, repeats)
    note = "records kept (decks and action codes)" if keep else "keep=False: results only"
    return measure.rate(hands, runs, "hands/s", note=note), decisions / hands


def palace(players: int, chunks: int, repeats: int) -> tuple[measure.Figure, float]:
    """Palace hands/s on one thread (records kept); and decisions per hand."""
    play_palace(10, players=players, seed=0)
    decisions = 0
    size = CHUNK // 4

    def once() -> None:
        nonlocal decisions
        decisions = 0
        for k in range(chunks):
            batch = play_palace(size, players=players, stacks=100, seed=k)
            decisions += int(batch.decisions.sum())

    runs = measure.seconds(once, repeats)
    return measure.rate(chunks * size, runs, "hands/s", note="records kept"), decisions / (
        chunks * size
    )


def threads(game: str, hands: int, repeats: int) -> dict[str, Any]:
    """Two threads against one on the same hands (see the module's docstring)."""
    play = play_americana if game == "americana" else play_palace
    players = 2 if game == "americana" else 4
    one_cpu: list[float] = []
    two_cpu: list[float] = []
    one_wall: list[float] = []
    two_wall: list[float] = []
    for _ in range(repeats):
        for count, cpu, wall in ((1, one_cpu, one_wall), (2, two_cpu, two_wall)):
            began = time.perf_counter()
            batch = play(hands, players=players, stacks=100, seed=7, threads=count, keep=False)
            wall.append(time.perf_counter() - began)
            cpu.append(max(batch.cpu_seconds))
    speedups = [a / b for a, b in zip(one_cpu, two_cpu, strict=True)]
    walls = [a / b for a, b in zip(one_wall, two_wall, strict=True)]
    return {
        "speedup": measure.rates(
            speedups,
            "x",
            "thread CPU",
            note="one thread's CPU seconds over the slower thread's in the two-thread run",
        ),
        "speedup_wall": measure.rates(
            walls, "x", "wall", note="shared machine: other work lengthens these"
        ),
        "one_thread": measure.rate(hands, one_cpu, "hands/s", "thread CPU"),
        "hands": hands,
    }


def openspiel(rollouts: int, repeats: int) -> tuple[measure.Figure, measure.Figure, float]:
    """OpenSpiel HULHE random playouts: C++ evaluator, Python loop; decisions/playout."""
    import pyspiel

    game = pyspiel.load_game(HULHE)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])

    def cpp() -> None:
        evaluator = pyspiel.RandomRolloutEvaluator(rollouts, 1)
        bot = pyspiel.MCTSBot(game, evaluator, 2.0, 1, 1000, False, 1, False)
        bot.step(state)

    cpp_figure = measure.rate(
        rollouts,
        measure.seconds(cpp, repeats),
        "playouts/s",
        note="C++ RandomRolloutEvaluator, from the first decision",
    )
    rng = random.Random(1)
    decisions = 0
    loops = max(rollouts // 100, 500)

    def python_loop() -> None:
        nonlocal decisions
        decisions = 0
        for _ in range(loops):
            playout = game.new_initial_state()
            while not playout.is_terminal():
                if playout.is_chance_node():
                    outcomes = playout.chance_outcomes()
                    playout.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                else:
                    legal = playout.legal_actions()
                    playout.apply_action(legal[int(rng.random() * len(legal))])
                    decisions += 1

    python_figure = measure.rate(
        loops,
        measure.seconds(python_loop, repeats),
        "playouts/s",
        note="Python loop over state.apply_action, whole hands",
    )
    return cpp_figure, python_figure, decisions / loops


def run(quick: bool) -> dict[str, Any]:
    """Every figure of the batch engine and its peer."""
    repeats = 3 if quick else 5
    chunks = 2 if quick else 16
    kept, per_hand = americana(chunks, repeats, keep=True)
    bare, _ = americana(chunks, repeats, keep=False)
    cpp, python_loop, peer_per_hand = openspiel(50_000 if quick else 400_000, repeats)
    palace4, palace4_per_hand = palace(4, chunks, repeats)
    palace10, palace10_per_hand = palace(10, max(chunks // 4, 1), repeats)
    thread_hands = 1 << (18 if quick else 21)
    return {
        "americana_hu_limit": kept,
        "americana_hu_limit_decisions": measure.scaled(kept, per_hand, "decisions/s"),
        "americana_hu_limit_bare": bare,
        "americana_decisions_per_hand": per_hand,
        "openspiel_hulhe_cpp": cpp,
        "openspiel_hulhe_cpp_decisions": measure.scaled(cpp, peer_per_hand, "decisions/s"),
        "openspiel_hulhe_python": python_loop,
        "openspiel_decisions_per_playout": peer_per_hand,
        "palace_4": palace4,
        "palace_4_decisions_per_hand": palace4_per_hand,
        "palace_10": palace10,
        "palace_10_decisions_per_hand": palace10_per_hand,
        "threads_americana": threads("americana", thread_hands, repeats + 2),
        "threads_palace": threads("palace", thread_hands // 4, repeats + 2),
        "ratios": {
            "americana_over_openspiel_cpp": measure.ratio(
                kept, cpp, "hands/s over playouts/s, both one core, same run"
            ),
            "americana_over_openspiel_cpp_decisions": measure.ratio(
                measure.scaled(kept, per_hand, "decisions/s"),
                measure.scaled(cpp, peer_per_hand, "decisions/s"),
            ),
        },
    }


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
