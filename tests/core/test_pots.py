"""Layered pots and splits shared by both games (A-50, A-51's split, P-46, P-64's split)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.pots import Layering, Pot, layer, split


def test_a50_two_side_pots_from_three_way_all_in() -> None:
    result = layer([10, 30, 50, 50], [True, True, True, True])
    assert result.pots == (
        Pot(40, (0, 1, 2, 3)),
        Pot(60, (1, 2, 3)),
        Pot(40, (2, 3)),
    )
    assert result.returned == (0, 0, 0, 0)


def test_a15_uncalled_part_goes_back() -> None:
    assert layer([3, 1, 9], [True, False, True]) == Layering((Pot(7, (0, 2)),), (0, 0, 6))


def test_p46_orphan_layer_returned_to_its_payers() -> None:
    # Seats 1 and 2 paid more than the only live player and are out: nobody left can win it.
    result = layer([4, 10, 8], [True, False, False])
    assert result.pots == (Pot(12, (0,)),)
    assert result.returned == (0, 6, 4)


def test_consecutive_layers_with_same_eligible_merge() -> None:
    # The folded seat's 2 chips make a layer boundary that changes nobody's eligibility.
    assert layer([5, 2, 5], [True, False, True]).pots == (Pot(12, (0, 2)),)


def test_layer_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="same length"):
        layer([1, 2], [True])
    with pytest.raises(ValueError, match="negative"):
        layer([1, -2], [True, True])


def test_split_gives_odd_chips_in_order() -> None:
    assert split(10, [4, 1, 2]) == {4: 4, 1: 3, 2: 3}
    assert split(9, [1, 2, 4]) == {1: 3, 2: 3, 4: 3}
    with pytest.raises(ValueError, match="at least one winner"):
        split(3, [])


@given(
    st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=2, max_size=10),
)
def test_r2_every_chip_in_exactly_one_pot_or_returned(rows: list[tuple[int, bool]]) -> None:
    contributions = [c for c, _ in rows]
    live = [flag for _, flag in rows]
    result = layer(contributions, live)
    assert sum(p.amount for p in result.pots) + sum(result.returned) == sum(contributions)
    for pot in result.pots:
        assert pot.amount > 0
        assert all(live[i] for i in pot.eligible)
    for i, back in enumerate(result.returned):
        assert 0 <= back <= contributions[i]
    for a, b in zip(result.pots, result.pots[1:], strict=False):
        assert a.eligible != b.eligible
        assert set(b.eligible) <= set(a.eligible)
