"""The Palace batch engine against the reference engine, the law (RULES.md Part 1 as
revised on 2026-12-01: P-46's one pot cut at all-in totals, P-62/P-63, P-25, P-33).

Every hand is rebuilt as a record and replayed by :mod:`parlour.records` with the
reference engine: zero disagreements in final stacks, pots and returned chips, over both
structures, 2 to 10 players and varied options, with uneven stacks so that all-ins,
side pots (P-46), uncalled raises (P-35) and players sitting out (P-8) occur.
"""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from parlour.batch import palace as pa
from parlour.batch import play_palace

from .differential import Tally, random_stacks


def _options(rng: np.random.Generator, structure: str) -> dict[str, object]:
    sb = int(rng.integers(1, 5))
    return {
        "structure": structure,
        "small_bet": sb,
        "big_bet": int(rng.integers(sb, 3 * sb + 1)),
        "ante": int(rng.integers(0, sb + 1)),
        "discard_fee": int(rng.integers(0, sb + 2)),
        "max_soldiers": int(rng.integers(1, 8)),
        "raise_cap": int(rng.integers(0, 5)),
    }


def _differential(hands_per_table: int, seed: int) -> Tally:
    rng = np.random.default_rng(seed)
    tally = Tally()
    for structure in ("limit", "no_limit"):
        for seats in range(2, 11):
            for _ in range(3):
                stacks = random_stacks(rng, hands_per_table, seats, 0, 120)
                batch = play_palace(
                    hands_per_table,
                    stacks=stacks,
                    options=_options(rng, structure),
                    seed=int(rng.integers(1 << 62)),
                    threads=2,
                )
                tally.check(batch)
    return tally


def test_p46_batch_hands_replay_identically_with_the_reference_engine() -> None:
    tally = _differential(100, seed=1)
    assert not tally.disagreements, tally.report()
    assert tally.hands == 54 * 100
    assert tally.seats == set(range(2, 11))
    assert tally.side_pots > 50
    assert tally.returned > 200
    assert tally.all_in > 200
    assert tally.splits > 20


@pytest.mark.slow
def test_p46_batch_100k_hands_replay_identically_with_the_reference_engine() -> None:
    tally = _differential(1900, seed=2)
    assert tally.hands >= 100_000
    assert not tally.disagreements, tally.report()


def _scan(hands: int, **kwargs: object) -> tuple[object, list[int]]:
    batch = play_palace(hands, threads=2, **kwargs)  # type: ignore[arg-type]
    counts = (batch.shuffle_sizes > 0).sum(axis=1)
    return batch, [int(i) for i in np.flatnonzero(counts > 2)]


def test_p17_discard_pile_reshuffles_replay() -> None:
    """Ten players leave a draw pile of twelve: long hands reshuffle the discards."""
    batch, found = _scan(20_000, players=10, stacks=400, seed=3)
    assert len(found) > 20
    tally = Tally()
    for i in found:
        one = play_palace(1, players=10, stacks=400, seed=3, first_hand=i)
        assert np.array_equal(one.final[0], batch.final[i])  # type: ignore[attr-defined]
        tally.check(one)
    assert not tally.disagreements, tally.report()


def test_p12_banner_rejects_reshuffle_replays() -> None:
    """When the stock runs out during the banner deal the rejects are shuffled (P-12):
    about one ten-player deal in 200,000."""
    batch, found = _scan(400_000, players=10, stacks=20, seed=3, keep=True)
    rejects = [i for i in found if batch.shuffle_sizes[i, 1] != 52 - 10]  # type: ignore[attr-defined]
    assert rejects, "no reject reshuffle found; scan more deals"
    tally = Tally()
    for i in rejects:
        tally.check(play_palace(1, players=10, stacks=20, seed=3, first_hand=i))
    assert not tally.disagreements, tally.report()


def test_every_way_a_hand_ends_occurs_and_agrees() -> None:
    """P-60, P-61, P-63, P-62 (the last two compared with no chips left) at a short-stacked
    six-player table, and the rare full tie of the last two in a battle (P-39), found in
    a fast scan of heads-up hands and replayed one by one."""
    batch = play_palace(3000, stacks=[3, 3, 6, 6, 12, 12], seed=8)
    endings = {batch.ending(i) for i in range(batch.hands)}
    assert endings == {"last_standing", "one_suit", "showdown", "comparison"}
    tally = Tally()
    tally.check(batch)
    scan = play_palace(100_000, players=2, stacks=40, seed=8, keep=False, threads=2)
    ties = [i for i in range(scan.hands) if scan.ending(i) == "battle_tie"]
    assert ties
    for i in ties:
        one = play_palace(1, players=2, stacks=40, seed=8, first_hand=i)
        assert one.ending(0) == "battle_tie"
        tally.check(one)
    assert not tally.disagreements, tally.report()
    assert tally.splits >= len(ties)


def test_results_depend_on_the_seed_not_on_threads() -> None:
    one = play_palace(3000, players=5, stacks=[20, 40, 60, 80, 100], seed=9, threads=1)
    two = play_palace(3000, players=5, stacks=[20, 40, 60, 80, 100], seed=9, threads=2)
    assert np.array_equal(one.final, two.final)
    assert np.array_equal(one.codes, two.codes)
    assert np.array_equal(one.shuffles, two.shuffles)
    assert np.array_equal(one.shuffle_sizes, two.shuffle_sizes)


def test_chips_are_conserved_r2() -> None:
    batch = play_palace(5000, players=10, stacks=50, seed=4)
    assert np.array_equal(batch.final.sum(axis=1), np.full(5000, 500))


def test_kinds_are_the_reference_names() -> None:
    assert pa.KINDS == ("buy", "trim", "discard", "stay", "fold", "bet", "call", "raise")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 11}, "2 to 10"),
        ({"stacks": [3, 0], "options": {"ante": 1}}, "P-8"),
        ({"options": {"structure": "pot_limit"}}, "structure"),
        ({"options": {"max_soldiers": 0}}, "max_soldiers"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_palace(10, **kwargs)  # type: ignore[arg-type]
