"""Pots and splits: Americana's layers (A-15, A-50), Palace's one pot (P-46), odd chips."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.pots import Layering, Pot, _cut_levels, cut, layer, split


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


def test_a50_layer_nobody_live_paid_goes_back_to_its_payers() -> None:
    # Seats 1 and 2 paid more than the only live player and are out: nobody left can win it.
    result = layer([4, 10, 8], [True, False, False])
    assert result.pots == (Pot(12, (0,)),)
    assert result.returned == (0, 6, 4)


def test_a50_consecutive_layers_with_same_eligible_merge() -> None:
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


NOBODY = [False, False, False]


def test_p46_one_pot_whatever_each_paid() -> None:
    # The RULES.md example: seat 0 paid 5, seats 1 and 2 one each; all 7 in one pot.
    assert cut([5, 1, 1], [True, True, True], NOBODY) == Layering((Pot(7, (0, 1, 2)),), (0, 0, 0))
    # Players who left still pay in; a live player who paid least is open all the same.
    assert cut([9, 1, 4], [False, True, True], NOBODY) == Layering((Pot(14, (1, 2)),), (0, 0, 0))


def test_p46_cut_at_an_all_in_total_and_the_side_pot_above() -> None:
    result = cut([5, 3, 1], [True, True, True], [False, True, False])
    assert result == Layering((Pot(7, (0, 1, 2)), Pot(2, (0, 2))), (0, 0, 0))


def test_p46_several_all_in_totals_cut_several_pots() -> None:
    # Seats 1 and 2 all-in for 2 and 6; seat 4 left after its ante. Slices: 0..2 from
    # everyone (2 + 2 + 2 + 2 + 1), 2..6 from seats 0, 2, 3 (4 each), 6..10 from 0 and 3.
    live, all_in = [True, True, True, True, False], [False, True, True, False, False]
    result = cut([10, 2, 6, 10, 1], live, all_in)
    assert result.pots == (Pot(9, (0, 1, 2, 3)), Pot(12, (0, 2, 3)), Pot(8, (0, 3)))
    assert result.returned == (0, 0, 0, 0, 0)


def test_p46_slice_open_to_nobody_goes_back_to_its_payers() -> None:
    # Seat 1, all-in for 2, is the last one: the slices above 2 go back to 0 and 2.
    result = cut([3, 2, 5], [False, True, False], [False, True, False])
    assert result == Layering((Pot(6, (1,)),), (1, 0, 3))


def test_p46_slice_whose_only_payer_is_its_only_open_player_goes_back() -> None:
    result = cut([5, 3], [True, True], [False, True])
    assert result == Layering((Pot(6, (0, 1)),), (2, 0))
    # Open to another live player (who paid nothing into it), the slice is a pot.
    result = cut([5, 3, 1], [True, True, True], [False, True, False])
    assert result.pots[-1] == Pot(2, (0, 2))


def test_p46_the_last_player_takes_a_pot_paid_by_others() -> None:
    # Nobody all-in, one player left: a pot with one eligible player, nothing returned.
    assert cut([3, 7, 1], [False, False, True], NOBODY) == Layering((Pot(11, (2,)),), (0, 0, 0))
    # Only the winner paid (ante 0): its chips go back, there is nothing to win.
    assert cut([2, 0], [True, False], [False, False]) == Layering((), (2, 0))


def test_p46_cut_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="same length"):
        cut([1, 2], [True, True], [False])
    with pytest.raises(ValueError, match="must be live"):
        cut([1, 2], [False, True], [True, False])
    with pytest.raises(ValueError, match="negative"):
        cut([1, -2], [True, True], [False, False])


@st.composite
def palace_ends(draw: st.DrawFn) -> tuple[list[int], list[bool], list[bool]]:
    """Totals, who is live and who is all-in (live players only) at a hand's end."""
    rows = draw(st.lists(st.tuples(st.integers(0, 60), st.booleans(), st.booleans()),
                         min_size=2, max_size=10))  # fmt: skip
    return [c for c, _, _ in rows], [v for _, v, _ in rows], [v and a for _, v, a in rows]


@given(palace_ends())
def test_p46_every_chip_in_exactly_one_pot_or_returned(
    end: tuple[list[int], list[bool], list[bool]],
) -> None:
    contributions, live, all_in = end
    result = cut(contributions, live, all_in)
    assert sum(p.amount for p in result.pots) + sum(result.returned) == sum(contributions)
    always = {i for i, v in enumerate(live) if v and not all_in[i]}
    for pot in result.pots:
        assert pot.amount > 0
        assert always <= set(pot.eligible)
        assert all(live[i] for i in pot.eligible)
    for a, b in zip(result.pots, result.pots[1:], strict=False):
        assert set(b.eligible) < set(a.eligible)
    for i, back in enumerate(result.returned):
        assert 0 <= back <= contributions[i]
    # An all-in player is open to chips up to its total from each player, and no more.
    for i in (i for i, a in enumerate(all_in) if a):
        open_amount = sum(p.amount for p in result.pots if i in p.eligible)
        assert open_amount <= sum(min(c, contributions[i]) for c in contributions)
    if not any(all_in) and always:
        payers = {i for i, c in enumerate(contributions) if c}
        if payers and (len(payers) > 1 or payers != always):
            assert result == Layering(
                (Pot(sum(contributions), tuple(sorted(always))),), (0,) * len(contributions)
            )


@given(palace_ends())
def test_p46_nobody_all_in_shortcut_equals_the_general_cut(
    end: tuple[list[int], list[bool], list[bool]],
) -> None:
    """With nobody all-in, :func:`cut` takes a written-out shortcut; it gives what the
    general slicing gives (pots, eligibility and returned chips)."""
    contributions, live, _ = end
    nobody = [False] * len(contributions)
    assert cut(contributions, live, nobody) == _cut_levels(contributions, live, nobody)
    assert cut([0] * len(live), live, nobody) == _cut_levels([0] * len(live), live, nobody)
