"""Exact Americana equity: a heads-up spot after the first upcards, every deal counted.

Run ``python benchmarks/equity_spot.py``. Kh | 9h against 7c | Ah leaves 28 unseen cards and
C(28,3) x C(25,3) = 7,534,800 ways to deal the last three upcards of each hand; the
goal is under one second. Prints the best of a few runs (the first run, which loads
the tables and compiles the kernels, is shown apart), and a Palace battle for scale.
"""

from __future__ import annotations

import time

from parlour.cards import Suit, parse_card, parse_cards
from parlour.equity.americana import StudCards, equity
from parlour.equity.palace import Side, battle_odds


def main() -> None:
    """Time the heads-up enumeration and a Palace battle."""
    hands = [
        StudCards(parse_card("Kh"), parse_cards("9h")),
        StudCards(parse_card("7c"), parse_cards("Ah")),
    ]
    times = []
    for _ in range(4):
        began = time.perf_counter()
        result = equity(hands)
        times.append(time.perf_counter() - began)
    print(
        f"americana heads-up after first upcards, exact over {result.deals:,} deals: "
        f"best {1000 * min(times[1:]):.0f} ms (first run {1000 * times[0]:.0f} ms); "
        f"win {result.win[0]:.4f} / {result.win[1]:.4f}"
    )
    hero = Side(parse_card("2s"), parse_cards("Ah Kd 9c"), parse_cards("Qh"))
    began = time.perf_counter()
    (battle,) = battle_odds(hero, [Side(Suit.HEARTS)])
    print(
        f"palace battle, unknown banner card and palace, exact over {battle.deals:,} deals: "
        f"{1000 * (time.perf_counter() - began):.0f} ms; win {battle.win[0]:.4f}"
    )


if __name__ == "__main__":
    main()
