"""Exact equity of a heads-up Americana spot after the first upcards, every deal counted.

Kh | 9h against 7c | Ah leaves 28 unseen cards and C(28,3) x C(25,3) = 7,534,800 ways
to deal the last three upcards of each hand. Figures: the whole ``equity()`` call (it
counts heads-up spots by inclusion-exclusion), its counting step alone against the
enumeration of every pair of holdings (both exact, both given the same evaluated
options), the first call in a fresh process (tables loaded, kernels compiled or read
from the cache), and a Palace battle for scale.
"""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import measure
from parlour.cards import Suit, parse_card, parse_cards
from parlour.equity.americana import StudCards, _options, equity, unseen_cards
from parlour.equity.contest import enumerate_all, pair_exact
from parlour.equity.palace import Side, battle_odds


def hands() -> list[StudCards]:
    """The spot."""
    return [
        StudCards(parse_card("Kh"), parse_cards("9h")),
        StudCards(parse_card("7c"), parse_cards("Ah")),
    ]


def first_call() -> float:
    """Seconds of the first ``equity()`` call in a fresh interpreter (CPU time)."""
    code = (
        "import time\nfrom parlour.cards import parse_card, parse_cards\n"
        "from parlour.equity.americana import StudCards, equity\n"
        "t = time.process_time()\n"
        "equity([StudCards(parse_card('Kh'), parse_cards('9h')),"
        " StudCards(parse_card('7c'), parse_cards('Ah'))])\n"
        "print(time.process_time() - t)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return float(result.stdout.strip())


def run(quick: bool) -> dict[str, Any]:
    """Every equity figure."""
    repeats = 3 if quick else 7
    spot = hands()
    unseen = unseen_cards(spot)
    players = [_options(h, unseen, "seed") for h in spot]
    assert pair_exact(*players) == enumerate_all(players)
    equity(spot)  # warm
    whole = measure.duration(
        measure.seconds(lambda: equity(spot), repeats), note="equity(), 7,534,800 deals"
    )
    counted = measure.duration(
        measure.seconds(lambda: pair_exact(*players), repeats),
        note="inclusion-exclusion over shared cards",
    )
    enumerated = measure.duration(
        measure.seconds(lambda: enumerate_all(players), repeats),
        note="every pair of holdings tested (the enumeration)",
    )
    hero = Side(parse_card("2s"), parse_cards("Ah Kd 9c"), parse_cards("Qh"))
    battle = measure.duration(
        measure.seconds(lambda: battle_odds(hero, [Side(Suit.HEARTS)]), repeats),
        note="Palace battle, unknown banner card and palace, exact",
    )
    return {
        "americana_heads_up": whole,
        "count_inclusion_exclusion": counted,
        "count_enumeration": enumerated,
        "first_call_seconds": measure.duration(
            [first_call() for _ in range(1 if quick else 3)], note="fresh interpreter"
        ),
        "palace_battle": battle,
        "ratios": {
            "enumeration_over_inclusion_exclusion": measure.ratio(
                enumerated, counted, "time of the enumeration over time of inclusion-exclusion"
            )
        },
    }


if __name__ == "__main__":
    from contract import main  # benchmarks/contract.py, beside this file

    main(run, __doc__.splitlines()[0])
