"""Hand evaluation: parlour (one hand; batches with NumPy and numba) against its peers.

Every parlour row says which path it measures. The public functions check their input
(``standard_value``, ``evaluate_batch`` with its default ``check=True``); the one-hand
unchecked path (``standard_value_unchecked``, what the engines call) is shown apart.
Batches are timed from a ready ``uint8`` array and, separately, from Python lists of
cards (the conversion is inside the timed region).

Peers are timed one hand at a time from Python (they have no batch call): treys, eval7,
phevaluator's public ``evaluate_cards`` and its compiled ``_pheval`` function (both a
Python call per hand), PokerKit. As a C anchor, phevaluator's C function
``evaluate_<n>cards`` is also called from a numba-compiled loop through ctypes, so no
Python runs between hands: that is the speed of its C code itself. Inputs are converted
into each library's own type outside the timed region; hands are random and distinct
with a fixed seed; numba's compile time is excluded (one warm-up call).
"""

from __future__ import annotations

import ctypes
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

import measure

SIZES = (5, 7, 9)
RANKS, SUITS = "23456789TJQKA", "cdhs"
Hands = npt.NDArray[np.uint8]


def random_hands(count: int, size: int, seed: int = 1) -> Hands:
    """``count`` random hands of ``size`` distinct cards (card = 4 * rank + suit)."""
    rng = np.random.default_rng(seed + size)
    return np.argsort(rng.random((count, 52)), axis=1)[:, :size].astype(np.uint8)


def timed(run: Callable[[], object], count: int, repeats: int, note: str) -> measure.Figure:
    """Hands per second of ``run`` over ``count`` hands."""
    return measure.rate(count, measure.seconds(run, repeats), "hands/s", note=note)


def parlour_rows(size: int, count: int, repeats: int) -> dict[str, measure.Figure]:
    """parlour's paths for hands of ``size`` cards."""
    from parlour.cards import CARDS
    from parlour.evaluation import evaluate_batch, standard_value, standard_value_unchecked

    hands = random_hands(count, size)
    few = [tuple(CARDS[c] for c in h) for h in hands[: count // 10].tolist()]
    lists = [[CARDS[c] for c in h] for h in hands.tolist()]
    evaluate_batch(hands[:10], backend="numba")  # compile or load the cache first
    return {
        "one_hand_checked": timed(
            lambda: [standard_value(h) for h in few], len(few), repeats, "standard_value"
        ),
        "one_hand_unchecked": timed(
            lambda: [standard_value_unchecked(h) for h in few],
            len(few),
            repeats,
            "standard_value_unchecked: no input checks",
        ),
        "batch_numpy": timed(
            lambda: evaluate_batch(hands, backend="numpy"),
            count,
            repeats,
            "evaluate_batch, checked, from a uint8 array",
        ),
        "batch_numba": timed(
            lambda: evaluate_batch(hands, backend="numba"),
            count,
            repeats,
            "evaluate_batch, checked, from a uint8 array",
        ),
        "batch_numba_lists": timed(
            lambda: evaluate_batch(lists, backend="numba"),
            count,
            repeats,
            "evaluate_batch, checked, from Python lists of cards (conversion timed)",
        ),
    }


def _names(hands: Hands) -> list[list[str]]:
    return [[RANKS[c >> 2] + SUITS[c & 3] for c in h] for h in hands.tolist()]


def peer_rows(size: int, count: int, repeats: int) -> dict[str, measure.Figure | None]:
    """The peers, one hand at a time from Python; None where a peer has no such size."""
    hands = random_hands(count, size)
    names = _names(hands)
    rows = [tuple(h) for h in hands.tolist()]
    out: dict[str, measure.Figure | None] = {}

    import eval7
    from phevaluator import _pheval, evaluate_cards
    from pokerkit import Card, StandardHighHand
    from treys import Card as TreysCard
    from treys import Evaluator

    if size <= 7:
        treys = Evaluator()
        split = [
            ([TreysCard.new(n) for n in h[:2]], [TreysCard.new(n) for n in h[2:]]) for h in names
        ]
        out["treys"] = timed(
            lambda: [treys.evaluate(a, b) for a, b in split], len(split), repeats, ""
        )
        out["phevaluator_python"] = timed(
            lambda: [evaluate_cards(*r) for r in rows],
            len(rows),
            repeats,
            "phevaluator.evaluate_cards: a Python call per hand",
        )
        function = getattr(_pheval, f"evaluate_{size}cards")
        out["phevaluator_pheval_python"] = timed(
            lambda: [function(*r) for r in rows],
            len(rows),
            repeats,
            "phevaluator._pheval: its C function called from Python, per hand",
        )
        out["phevaluator_c"] = phevaluator_c(size, hands, repeats)
    else:
        out["treys"] = out["phevaluator_python"] = out["phevaluator_pheval_python"] = None
        out["phevaluator_c"] = None
    seven = [[eval7.Card(n) for n in h] for h in names]
    out["eval7"] = timed(lambda: [eval7.evaluate(r) for r in seven], len(seven), repeats, "")
    few = 10_000 if size == 5 else 500  # 7+ cards try every 5-card subset: slow
    parsed = [list(Card.parse("".join(h))) for h in names[:few]]
    if size == 5:
        out["pokerkit"] = timed(
            lambda: [StandardHighHand(r) for r in parsed], len(parsed), repeats, ""
        )
    else:
        out["pokerkit"] = timed(
            lambda: [StandardHighHand.from_game(r[:2], r[2:]) for r in parsed],
            len(parsed),
            repeats,
            "",
        )
    return out


def phevaluator_c(size: int, hands: Hands, repeats: int) -> measure.Figure:
    """phevaluator's C evaluator called from a numba loop (the C anchor)."""
    import numba
    from phevaluator import _pheval

    library = ctypes.CDLL(_pheval.__file__)
    function = getattr(library, f"evaluate_{size}cards")
    function.argtypes = [ctypes.c_int] * size
    function.restype = ctypes.c_int
    loop = _c_loop(numba, function, size)
    cards = hands.astype(np.int32)
    out = np.zeros(len(cards), np.int32)
    loop(cards[:10], out)
    return timed(
        lambda: loop(cards, out),
        len(cards),
        repeats,
        f"phevaluator's C evaluate_{size}cards from a compiled loop (ctypes, no Python)",
    )


def _c_loop(numba: Any, function: Any, size: int) -> Callable[[Any, Any], None]:
    if size == 5:

        def five(h: Any, out: Any) -> None:
            for i in range(h.shape[0]):
                out[i] = function(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4])

        return numba.njit(five)  # type: ignore[no-any-return]
    if size == 6:

        def six(h: Any, out: Any) -> None:
            for i in range(h.shape[0]):
                out[i] = function(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4], h[i, 5])

        return numba.njit(six)  # type: ignore[no-any-return]

    def seven(h: Any, out: Any) -> None:
        for i in range(h.shape[0]):
            out[i] = function(h[i, 0], h[i, 1], h[i, 2], h[i, 3], h[i, 4], h[i, 5], h[i, 6])

    return numba.njit(seven)  # type: ignore[no-any-return]


def fresh_process(code: str, repeats: int) -> list[float]:
    """Seconds (CPU) that ``code`` reports, each run in a fresh interpreter."""
    runs = []
    for _ in range(repeats):
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        runs.append(float(result.stdout.strip()))
    return runs


IMPORT = (
    "import time; t = time.process_time(); import parlour.evaluation, sys; "
    "assert 'numba' not in sys.modules; print(time.process_time() - t)"
)
FIRST_BATCH = (
    "import time, numpy as np, parlour.evaluation as e; t = time.process_time(); "
    "e.evaluate_batch(np.arange(7, dtype=np.uint8)[None], backend='numba'); "
    "print(time.process_time() - t)"
)


def run(quick: bool) -> dict[str, Any]:
    """Every evaluation figure, 5, 7 and 9 cards, and the ratios at 7 cards."""
    repeats = 3 if quick else 5
    count = 200_000 if quick else 1_000_000
    out: dict[str, Any] = {
        "import_seconds": measure.duration(
            fresh_process(IMPORT, repeats), note="import parlour.evaluation (no numba)"
        ),
        "first_numba_batch_seconds": measure.duration(
            fresh_process(FIRST_BATCH, repeats),
            note="numba imported and the kernels loaded from the disk cache",
        ),
    }
    for size in SIZES:
        out[f"cards_{size}"] = {
            **parlour_rows(size, count, repeats),
            **peer_rows(size, count // 5, repeats),
        }
    seven = out["cards_7"]
    python_peers = ("treys", "eval7", "phevaluator_python", "phevaluator_pheval_python", "pokerkit")
    fastest = max(python_peers, key=lambda k: seven[k]["median"])
    out["ratios"] = {
        "numba_batch_over_fastest_python_peer_7": measure.ratio(
            seven["batch_numba"], seven[fastest], f"fastest peer called from Python: {fastest}"
        ),
        "numba_batch_over_phevaluator_c_7": measure.ratio(
            seven["batch_numba"], seven["phevaluator_c"], "both compiled loops, no Python per hand"
        ),
        "numba_lists_over_fastest_python_peer_7": measure.ratio(
            seven["batch_numba_lists"], seven[fastest], f"from lists of cards; peer: {fastest}"
        ),
        "one_hand_checked_over_fastest_python_peer_7": measure.ratio(
            seven["one_hand_checked"], seven[fastest], f"per-hand calls; peer: {fastest}"
        ),
    }
    return out


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
