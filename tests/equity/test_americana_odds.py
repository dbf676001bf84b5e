"""Americana equity: exact counts checked by hand and by brute force, sampling close to exact."""

from __future__ import annotations

import itertools
import math

import pytest

from parlour.cards import DECK_32, parse_card, parse_cards
from parlour.equity.americana import StudCards, equity, unseen_cards
from parlour.errors import ParlourError
from parlour.evaluation import americana_value


def hand(text: str) -> StudCards:
    hole, _, up = text.partition("|")
    hole = hole.strip()
    return StudCards(None if hole == "?" else parse_card(hole), parse_cards(up))


def test_river_spot_counted_by_hand() -> None:
    # Aces and nines against a pair of eights with an unseen hole: only 8h or 8s (trips)
    # beat the two pair; 23 cards are unseen, so the eights win 2/23.
    result = equity([hand("Kh | 9h 9d Ac Ad"), hand("? | Ah Ts 8c 8d")])
    assert result.exact
    assert result.deals == 23
    assert result.win == pytest.approx((21 / 23, 2 / 23))
    assert result.tie == (0.0, 0.0)


def test_heads_up_after_first_upcards_counts_every_deal() -> None:
    result = equity([hand("Kh | 9h"), hand("7c | Ah")])
    assert result.exact
    assert result.deals == math.comb(28, 3) * math.comb(25, 3)
    assert sum(result.win) + result.tie[0] == pytest.approx(1.0)


def test_exact_agrees_with_brute_force() -> None:
    hands = [hand("Kh | 9h 8d Jc"), hand("7c | Ah 8s Qs"), hand("? | Qh 8c Ks Kd")]
    unseen = unseen_cards(hands)
    wins = [0, 0, 0]
    deals = 0
    for a, b, c in itertools.permutations(unseen, 3):
        values = [
            americana_value([*hands[0].known, a]),
            americana_value([*hands[1].known, b]),
            americana_value([c, *hands[2].known]),
        ]
        wins[values.index(max(values))] += 1
        deals += 1
    result = equity(hands)
    assert result.deals == deals
    assert result.win == pytest.approx(tuple(w / deals for w in wins))


def test_split_mode_ties_are_counted() -> None:
    # Under "split" the same ranks tie: both hands end A-K-Q-J-9 high with probability > 0.
    result = equity([hand("Ah | Kd Qc Js"), hand("As | Kh Qd Jc")], tie_break="split")
    assert result.tie[0] == result.tie[1] > 0
    assert result.win[0] == pytest.approx(result.win[1])


def test_order_of_hands_only_permutes_the_answer() -> None:
    first = equity([hand("Kh | 9h 8d"), hand("7c | Ah 8s")])
    second = equity([hand("7c | Ah 8s"), hand("Kh | 9h 8d")])
    assert first.win == pytest.approx(second.win[::-1])


def test_monte_carlo_is_close_to_exact() -> None:
    hands = [hand("Kh | 9h"), hand("7c | Ah")]
    exact = equity(hands)
    sampled = equity(hands, exact_limit=0, samples=60_000, seed=3)
    assert not sampled.exact
    assert sampled.deals == 60_000
    for p, q in zip(exact.win, sampled.win, strict=True):
        assert abs(p - q) < 4 * sampled.stderr(p)


def test_dead_cards_are_not_dealt() -> None:
    # With every other eight dead, the pair of eights cannot improve to trips.
    dead = parse_cards("8h 8s")
    result = equity([hand("Kh | 9h 9d Ac Ad"), hand("? | Ah Ts 8c 8d")], dead)
    assert result.win == (1.0, 0.0)


@pytest.mark.parametrize(
    ("hands", "dead", "message"),
    [
        (["Kh | 9h", "Kh | 8h"], "", "given twice"),
        (["Kh | 9h", "Jh | 8h"], "Jh", "given twice"),
        (["Kh | 9h"], "", "2 to 6 hands"),
        (["Kh | 9h 9d 9s 9c"] * 1 + ["Jc | 8h 8d 8s 8c Ac"], "", "at most 4"),
    ],
)
def test_bad_input_is_refused(hands: list[str], dead: str, message: str) -> None:
    parsed = []
    for text in hands:
        hole, _, up = text.partition("|")
        parsed.append(StudCards(parse_card(hole.strip()), tuple(parse_cards(up, deck=DECK_32))))
    with pytest.raises(ParlourError, match=message):
        equity(parsed, parse_cards(dead))


def test_low_cards_are_refused() -> None:
    with pytest.raises(ParlourError, match="32-card deck"):
        equity([StudCards(parse_card("2c"), ()), hand("Jc | 8h")])
