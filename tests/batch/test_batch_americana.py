"""The Americana batch engine against the reference engine, the law (RULES.md Part 2).

Every hand the batch engine plays is rebuilt as a record and replayed by
:mod:`parlour.records` with the reference engine: zero disagreements in final stacks,
pots and returned chips, over every structure, tie-break and table size, with uneven
stacks so that all-ins, side pots, sit-outs (A-10) and short bring-ins (A-23) occur.
"""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("numba")

from parlour.batch import play_americana

from .differential import Tally, random_stacks

STRUCTURES = ("limit", "pot_limit", "no_limit")
TIE_BREAKS = ("seed", "ranks_then_suit", "split")


def _options(rng: np.random.Generator, structure: str, tie_break: str) -> dict[str, object]:
    ante = int(rng.integers(1, 4))
    return {
        "structure": structure,
        "tie_break": tie_break,
        "ante": ante,
        "bring_in": int(rng.integers(1, 3 * ante + 2)),
        "raise_cap": int(rng.integers(0, 5)),
        "show_all": bool(rng.integers(0, 2)),
    }


def _differential(hands_per_table: int, seed: int) -> Tally:
    rng = np.random.default_rng(seed)
    tally = Tally()
    for structure, tie_break, seats in itertools.product(STRUCTURES, TIE_BREAKS, range(2, 7)):
        options = _options(rng, structure, tie_break)
        stacks = random_stacks(rng, hands_per_table, seats, 0, 80)
        batch = play_americana(
            hands_per_table,
            stacks=stacks,
            options=options,
            seed=int(rng.integers(1 << 62)),
            threads=2,
        )
        tally.check(batch)
    return tally


def test_a50_batch_hands_replay_identically_with_the_reference_engine() -> None:
    tally = _differential(120, seed=1)
    assert not tally.disagreements, tally.report()
    assert tally.hands == 45 * 120
    assert tally.seats == {2, 3, 4, 5, 6}
    assert tally.side_pots > 50
    assert tally.returned > 50
    assert tally.all_in > 200


@pytest.mark.slow
def test_a50_batch_100k_hands_replay_identically_with_the_reference_engine() -> None:
    tally = _differential(2300, seed=2)
    assert tally.hands >= 100_000
    assert not tally.disagreements, tally.report()


def test_a44_a51_split_pots_agree() -> None:
    """Equal hands split only under ``split`` (A-44), odd chips by highest card (A-51):
    rare in random play, so find them in a fast run and replay each alone."""
    options = {"tie_break": "split", "ante": 1, "bring_in": 1}  # five antes: odd pots
    scan = play_americana(100_000, players=5, options=options, seed=1, keep=False)
    split = [
        i for i in range(scan.hands) if any(bin(int(w)).count("1") > 1 for w in scan.pot_winners[i])
    ]
    assert len(split) >= 3
    odd = False
    tally = Tally()
    for i in split:
        one = play_americana(1, players=5, options=options, seed=1, first_hand=i)
        assert np.array_equal(one.final[0], scan.final[i])
        tally.check(one)
        odd |= any(
            int(a) % bin(int(w)).count("1") != 0
            for a, w in zip(one.pot_amount[0], one.pot_winners[0], strict=True)
            if w
        )
    assert not tally.disagreements, tally.report()
    assert tally.splits == len(split)
    assert odd


def test_a20_deep_stacks_heads_up_limit_agree() -> None:
    tally = Tally()
    tally.check(play_americana(3000, players=2, stacks=100, seed=5))
    assert not tally.disagreements, tally.report()


def test_results_depend_on_the_seed_not_on_threads() -> None:
    one = play_americana(2000, players=3, stacks=[40, 60, 80], seed=9, threads=1)
    two = play_americana(2000, players=3, stacks=[40, 60, 80], seed=9, threads=2)
    other = play_americana(2000, players=3, stacks=[40, 60, 80], seed=10, threads=1)
    assert np.array_equal(one.final, two.final)
    assert np.array_equal(one.codes, two.codes)
    assert np.array_equal(one.shuffles, two.shuffles)
    assert not np.array_equal(one.final, other.final)


def test_hand_numbers_are_global_so_chunks_join_up() -> None:
    whole = play_americana(600, players=4, seed=3)
    first = play_americana(250, players=4, seed=3)
    rest = play_americana(350, players=4, seed=3, first_hand=250)
    assert np.array_equal(whole.final, np.vstack([first.final, rest.final]))
    assert whole.record(300) == rest.record(50)


def test_chips_are_conserved_r2() -> None:
    batch = play_americana(5000, players=6, stacks=[5, 10, 20, 40, 80, 160], seed=4)
    assert np.array_equal(batch.final.sum(axis=1), np.full(5000, 315))
    pots = batch.pot_amount.sum(axis=1) + batch.returned.sum(axis=1)
    assert (pots > 0).all()


def test_keep_false_gives_the_same_results_without_records() -> None:
    kept = play_americana(1000, players=3, seed=6)
    bare = play_americana(1000, players=3, seed=6, keep=False)
    assert np.array_equal(kept.final, bare.final)
    assert bare.codes.size == 0
    with pytest.raises(ValueError, match="keep=False"):
        bare.record(0)


def test_a_full_codes_buffer_grows_and_the_hand_is_played_again() -> None:
    # No-limit with deep stacks: long raising wars overflow the first buffer.
    batch = play_americana(3000, players=6, stacks=10_000, options={"structure": "no_limit"})
    assert batch.decisions.max() > 12
    assert batch.offsets[-1] == batch.decisions.sum()
    tally = Tally()
    tally.check(batch)
    assert not tally.disagreements, tally.report()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": 7}, "2 to 6"),
        ({"players": 1}, "2 to 6"),
        ({"stacks": [10, -1]}, "negative"),
        ({"stacks": [10, 0]}, "A-10"),
        ({"stacks": [1.5, 3]}, "whole numbers"),
        ({"stacks": [[1, 2, 3]] * 3}, "one row per hand"),
        ({"buttons": 5}, "button must be a seat"),
        ({"options": {"structure": "pot"}}, "structure"),
        ({"policy": lambda o, m, s: 0}, "numba-compiled"),
        ({"policy_seats": [0]}, "needs a policy"),
        ({"threads": 0}, "threads"),
    ],
)
def test_bad_input_is_refused_with_a_clear_message(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_americana(10, **kwargs)  # type: ignore[arg-type]


def test_without_numba_the_package_names_the_extra() -> None:
    code = "import sys; sys.modules['numba'] = None; import parlour.batch"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode != 0
    assert "pip install 'parlour[fast]'" in result.stderr
