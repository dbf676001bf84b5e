"""Hand-evaluation throughput: parlour (one hand, batch NumPy, batch numba) and its peers.

Run ``python benchmarks/evaluation.py`` (``--quick`` for fewer hands). Prints hands per
second for 5, 7 and 9 cards; the peers (treys, eval7, phevaluator's public and internal
calls, PokerKit) are timed one hand at a time in the same run, as they have no batch
API. Hands are random and distinct with a fixed seed; converting cards into each
library's own type happens outside the timed region. Each figure is the best of a few
repetitions. numba's compile time is excluded (one warm-up call).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

SIZES = (5, 7, 9)
RANKS, SUITS = "23456789TJQKA", "cdhs"
Rate = float | None


def random_hands(count: int, size: int, seed: int = 1) -> npt.NDArray[np.uint8]:
    """``count`` random hands of ``size`` distinct cards (card = 4 * rank + suit)."""
    rng = np.random.default_rng(seed + size)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def best_rate(run: Callable[[], object], count: int, repeats: int = 5) -> float:
    """Hands per second of the fastest of ``repeats`` runs over ``count`` hands."""
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


def import_seconds() -> tuple[float, bool]:
    """Time ``import parlour.evaluation`` in a fresh interpreter; was numba imported?"""
    code = (
        "import time, sys; t = time.perf_counter(); import parlour.evaluation; "
        "print(time.perf_counter() - t, 'numba' in sys.modules)"
    )
    runs = [
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        for _ in range(3)
    ]
    seconds = min(float(r.stdout.split()[0]) for r in runs)
    return seconds, any(r.stdout.split()[1] == "True" for r in runs)


def first_numba_call() -> str:
    """Seconds for the first numba batch call in a fresh interpreter."""
    code = (
        "import time, numpy as np, parlour.evaluation as e; t = time.perf_counter(); "
        "ok = e.numba_available(); e.evaluate_batch(np.arange(5, dtype=np.uint8)[None]); "
        "print(time.perf_counter() - t if ok else 'numba unavailable')"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    text = result.stdout.strip()
    return f"{float(text):.3f} s" if text[:1].isdigit() else text or result.stderr.strip()


def parlour_rates(size: int, count: int) -> dict[str, Rate]:
    """parlour one hand (unchecked and checked), batch NumPy and batch numba."""
    from parlour.evaluation import (
        evaluate_batch,
        numba_available,
        standard_value,
        standard_value_unchecked,
    )

    hands = random_hands(count, size)
    few = [tuple(h) for h in hands[: count // 5].tolist()]
    rates: dict[str, Rate] = {
        "parlour one hand (unchecked)": best_rate(
            lambda: [standard_value_unchecked(h) for h in few], len(few)
        ),
        "parlour one hand (checked)": best_rate(lambda: [standard_value(h) for h in few], len(few)),
        "parlour batch NumPy": best_rate(
            lambda: evaluate_batch(hands, backend="numpy", check=False), count
        ),
        "parlour batch NumPy (checked)": best_rate(
            lambda: evaluate_batch(hands, backend="numpy"), count
        ),
        "parlour batch numba": None,
    }
    if numba_available():
        evaluate_batch(hands[:10], backend="numba")  # compile (or load the cache) first
        rates["parlour batch numba"] = best_rate(
            lambda: evaluate_batch(hands, backend="numba", check=False), count
        )
    return rates


def _names(hands: npt.NDArray[np.uint8]) -> list[list[str]]:
    return [[RANKS[c >> 2] + SUITS[c & 3] for c in h] for h in hands.tolist()]


def peer_rates(size: int, count: int) -> dict[str, Rate]:
    """Peers one hand at a time; None where a library is missing or has no such size."""
    hands = random_hands(count, size)
    names = _names(hands)
    rates: dict[str, Rate] = {}
    for label, timer in PEERS.items():
        try:
            rates[label] = timer(hands, names, size)
        except (ImportError, ValueError, KeyError, TypeError):
            rates[label] = None
    return rates


def _treys(hands: Any, names: list[list[str]], size: int) -> Rate:
    from treys import Card, Evaluator

    evaluator = Evaluator()
    rows = [[Card.new(n) for n in h] for h in names[:100_000]]
    split = [(r[:2], r[2:]) for r in rows]
    if size > 7:
        return None
    return best_rate(lambda: [evaluator.evaluate(a, b) for a, b in split], len(split))


def _eval7(hands: Any, names: list[list[str]], size: int) -> Rate:
    import eval7

    rows = [[eval7.Card(n) for n in h] for h in names]
    return best_rate(lambda: [eval7.evaluate(r) for r in rows], len(rows))


def _phevaluator_public(hands: Any, names: list[list[str]], size: int) -> Rate:
    from phevaluator import evaluate_cards

    if size > 7:
        return None
    rows = [tuple(h) for h in hands.tolist()]
    return best_rate(lambda: [evaluate_cards(*r) for r in rows], len(rows))


def _phevaluator_internal(hands: Any, names: list[list[str]], size: int) -> Rate:
    from phevaluator import _pheval

    if size > 7:
        return None
    function = getattr(_pheval, f"evaluate_{size}cards")
    rows = [tuple(h) for h in hands.tolist()]
    return best_rate(lambda: [function(*r) for r in rows], len(rows))


def _pokerkit(hands: Any, names: list[list[str]], size: int) -> Rate:
    from pokerkit import Card, StandardHighHand

    few = 20_000 if size == 5 else 1_000  # 7+ cards try every 5-card subset: slow
    rows = [list(Card.parse("".join(h))) for h in names[:few]]
    if size == 5:
        return best_rate(lambda: [StandardHighHand(r) for r in rows], len(rows), 2)
    return best_rate(lambda: [StandardHighHand.from_game(r[:2], r[2:]) for r in rows], len(rows), 2)


PEERS: dict[str, Callable[[Any, list[list[str]], int], Rate]] = {
    "treys": _treys,
    "eval7": _eval7,
    "phevaluator evaluate_cards": _phevaluator_public,
    "phevaluator _pheval internal": _phevaluator_internal,
    "pokerkit": _pokerkit,
}


def _cell(rate: Rate) -> str:
    if rate is None:
        return "n/a"
    return f"{rate / 1e6:8.2f} M/s" if rate >= 1e5 else f"{rate / 1e3:8.2f} k/s"


def report(table: dict[int, dict[str, Rate]]) -> None:
    """Print the rates and the ratios the project's goals are stated in."""
    labels = list(next(iter(table.values())))
    print(f"{'evaluator':34}" + "".join(f"{size:>14} cards" for size in SIZES))
    for label in labels:
        print(f"{label:34}" + "".join(f"{_cell(table[s][label]):>20}" for s in SIZES))
    print()
    for size in SIZES:
        row = table[size]
        peers = {k: v for k, v in row.items() if k in PEERS and v is not None}
        if not peers:
            continue
        fastest = max(peers, key=lambda k: peers[k] or 0.0)
        for label in ("parlour batch NumPy", "parlour batch numba", "parlour one hand (unchecked)"):
            ours = row[label]
            if ours is not None:
                ratio = ours / (peers[fastest] or 1.0)
                print(f"{size} cards: {label} / fastest peer ({fastest}): {ratio:.1f}x")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="fewer hands (noisier)")
    args = parser.parse_args(argv)
    count = 200_000 if args.quick else 1_000_000
    seconds, numba_loaded = import_seconds()
    print(f"import parlour.evaluation: {seconds:.3f} s (numba imported: {numba_loaded})")
    print(f"first numba batch call (import + compile or cache load): {first_numba_call()}")
    print(f"PARLOUR_NO_NUMBA={os.environ.get('PARLOUR_NO_NUMBA', '')!r}, batch of {count:,} hands")
    print()
    table = {size: {**parlour_rates(size, count), **peer_rates(size, count // 5)} for size in SIZES}
    report(table)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
