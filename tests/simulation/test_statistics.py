"""Confidence intervals: the mean and standard error of known samples."""

from __future__ import annotations

import math

import numpy as np
import pytest

from parlour.simulation.statistics import Z95, Estimate, difference, per_hand, summarize


def test_per_hand_mean_and_standard_error_by_hand() -> None:
    # Deal totals 2, 4, 6 over 2 hands each: mean 4 per deal = 2 per hand; the sample
    # standard deviation of the totals is 2, so the error is 2 / sqrt(3) / 2 per hand.
    estimate = per_hand([2, 4, 6], 2)
    assert estimate.mean == 2.0
    assert estimate.stderr == pytest.approx(1 / math.sqrt(3))
    assert estimate.low == pytest.approx(2 - Z95 / math.sqrt(3))
    assert estimate.high == pytest.approx(2 + Z95 / math.sqrt(3))


def test_interval_covers_the_true_mean_about_95_percent_of_the_time() -> None:
    rng = np.random.default_rng(0)
    covered = 0
    for _ in range(2000):
        estimate = per_hand(rng.normal(1.0, 3.0, size=50), 1)
        covered += estimate.low <= 1.0 <= estimate.high
    assert 0.93 < covered / 2000 < 0.97


def test_excludes_zero() -> None:
    assert Estimate(1.0, 0.4).excludes_zero
    assert not Estimate(1.0, 0.6).excludes_zero
    assert Estimate(-1.0, 0.4).excludes_zero


def test_one_deal_has_no_finite_error() -> None:
    assert math.isinf(per_hand([3], 1).stderr)


def test_summaries_scale_to_big_bets_per_100() -> None:
    winnings = np.array([[4, -4], [0, 0], [8, -8], [-4, 4]], np.int64)
    first, second = summarize(["a", "b"], winnings, hands_per_deal=2, big_bet=4)
    assert first.hands == 4
    assert first.chips.mean == 2.0
    assert first.big_bets_per_100.mean == pytest.approx(50.0)
    assert second.chips.mean == -2.0
    # Deal totals for "a": 4 and 4, so no spread at all.
    assert first.chips.stderr == 0.0


def test_difference_is_paired_by_deal() -> None:
    winnings = np.array([[5, -5], [-5, 5], [3, -3], [-1, 1]], np.int64)
    gap = difference(winnings, 0, 1, hands_per_deal=2)
    assert gap.mean == pytest.approx(1.0)
    assert gap.stderr == pytest.approx(1.0)


def test_hands_must_fill_whole_deals() -> None:
    with pytest.raises(ValueError, match="whole deals"):
        summarize(["a", "b"], np.zeros((3, 2), np.int64), hands_per_deal=2, big_bet=4)
