"""Single-hand values: rule cases (P-3, P-37, P-38, P-39, A-14, A-40 to A-46) and errors."""

from __future__ import annotations

import itertools
import random

import pytest

from parlour.cards import AMERICANA_SUIT_PRIORITY, DECK_32, Suit, parse_cards
from parlour.evaluation import (
    Category,
    RankedCards,
    americana_value,
    category_of,
    own_suit_count,
    palace_value,
    rank_cards,
    standard_value,
    standard_value_unchecked,
    visible_value,
)
from parlour.evaluation import reference as ref
from parlour.evaluation import tables as t


def std(text: str) -> int:
    return standard_value(parse_cards(text))


def am(text: str, tie_break: str = "seed") -> int:
    return americana_value(parse_cards(text, deck=DECK_32), tie_break)


def vis(text: str) -> int:
    return visible_value(parse_cards(text, deck=DECK_32))


# --- P-3: standard order -------------------------------------------------------------


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Ah Kh Qh Jh Th", "9s 9d 9h 9c Ad"),  # straight flush > quads
        ("5d 4d 3d 2d Ad", "Ks Kd Kh Kc Qd"),  # steel wheel is still a straight flush
        ("9s 9d 9h 9c 2d", "As Ad Ah Kc Kd"),  # quads > full house
        ("2s 2d 2h 3c 3d", "Ah Kh Qh Jh 9h"),  # full house > flush
        ("7h 5h 4h 3h 2h", "Ah Kd Qc Js Th"),  # flush > straight
        ("5c 4d 3h 2s Ad", "As Ad Ah Kc Qd"),  # wheel straight > trips
        ("6c 5d 4h 3s 2d", "5c 4d 3h 2s Ad"),  # six-high beats the wheel
        ("2s 2d 2h 4c 3d", "As Ad Kh Kc Qd"),  # trips > two pair
        ("As Ad 3h 3c 2d", "Ks Kd Qh Qc Jd"),  # two pair by the higher pair
        ("Ks Kd Qh Qc 3d", "Ks Kh Qs Qd 2d"),  # then the kicker
        ("2s 2d 4h 3c 5d", "Ah Kd Qc Js 9h"),  # pair > high card
        ("Ah Kd Qc Js 9h", "Ah Kd Qc Js 8h"),  # last kicker counts
    ],
)
def test_p3_standard_order(better: str, worse: str) -> None:
    assert std(better) > std(worse)


def test_p3_no_wrap_around() -> None:
    assert rank_cards(parse_cards("Qh Kd Ac 2s 3h")).category == Category.HIGH_CARD


def test_p3_suits_never_break_ties() -> None:
    assert std("Ah Kd Qc Js 9h") == std("As Kh Qd Jc 9c")


def test_p3_best_five_of_nine_takes_full_house_over_flush() -> None:
    # 8-9 cards can hold a flush and a full house together; the full house is better.
    hand = rank_cards(parse_cards("Ah Kh 9h 5h 2h As Ad Kc Kd"))
    assert hand.category == Category.FULL_HOUSE
    assert hand.description == "full house, aces full of kings"


@pytest.mark.parametrize(
    ("cards", "words"),
    [
        ("Th", "high card, ten"),
        ("Th 9c", "high card, T-9"),
        ("9h 9d", "pair of nines"),
        ("Kh Kd 8c 8s 9c", "two pair, kings and eights, kicker 9"),
    ],
)
def test_p38_short_hands_are_described_in_words(cards: str, words: str) -> None:
    assert rank_cards(parse_cards(cards)).description == words


def test_p3_straight_flush_within_nine() -> None:
    hand = rank_cards(parse_cards("9h 8h 7h 6h 5h 5s 5d 5c 9c"))
    assert hand.category == Category.STRAIGHT_FLUSH


# --- P-38: short hands ----------------------------------------------------------------


def test_p38_short_hand_more_cards_wins() -> None:
    assert std("As Ad Kc 3h 2d") > std("As Ad Kc")
    assert std("Ks Kd Qh Qc 2d") > std("Ks Kd Qh Qc")
    assert std("Ah") < std("Ah 2c")


def test_p38_short_hand_compares_category_then_ranks() -> None:
    assert std("As Ad") > std("Ks Kd Qh Jc 9d")  # pair of aces beats pair of kings
    assert std("2s 2d") > std("Ah Kd Qc Js 9h")  # any pair beats high card
    assert std("Ah") > std("Kh Qd Jc 9s 8h")  # one ace beats king-high
    assert std("7s 7d 7h 7c") > std("As Ad Ah Kc Kd")  # four cards can be quads
    assert std("3s 3d 3h") > std("As Ad Kh Kc Qd")  # three can be trips


def test_p38_short_hands_have_no_straight_or_flush() -> None:
    assert rank_cards(parse_cards("Ah Kh Qh Jh")).category == Category.HIGH_CARD


def test_p38_short_hand_kickers_in_order() -> None:
    assert std("As Ad Kc") > std("As Ad Qc Jh Td")  # K kicker beats Q-J-T
    assert std("Ks Kd Qh Qc") > std("Ks Kd Jh Jc Ad")


# --- P-37: banner exclusion -------------------------------------------------------------


def test_p37_excluded_suit_counts_for_nothing() -> None:
    cards = parse_cards("Ah Kh Qh Jh Th 2c 3d")
    assert palace_value(cards, Suit.HEARTS) == standard_value(parse_cards("2c 3d"))
    assert palace_value(cards, None) == standard_value(cards)
    assert palace_value(cards, Suit.SPADES) == standard_value(cards)


def test_p37_no_usable_card_is_lowest() -> None:
    assert palace_value(parse_cards("Ah Kh"), Suit.HEARTS) == 0
    assert palace_value((), None) == 0
    assert palace_value(parse_cards("2c"), Suit.HEARTS) > 0


def test_p37_matches_removing_the_cards_first() -> None:
    rng = random.Random(37)
    for _ in range(3000):
        cards = rng.sample(range(52), rng.randint(0, 9))
        suit = rng.randrange(4)
        kept = [c for c in cards if c & 3 != suit]
        expected = standard_value(kept) if kept else 0
        assert palace_value(cards, suit) == expected


def test_p39_own_suit_count() -> None:
    cards = parse_cards("Ah Kh 2c 3h 9s")
    assert own_suit_count(cards, Suit.HEARTS) == 3
    assert own_suit_count(cards, Suit.DIAMONDS) == 0


# --- the tables agree with the reference scorer and the brute force ----------------------


@pytest.mark.parametrize("size", range(1, 10))
def test_p3_tables_match_reference(size: int) -> None:
    rng = random.Random(size)
    for _ in range(2000):
        cards = rng.sample(range(52), size)
        key = ref.hand_key(cards)
        if size >= 5:
            assert ref.best_of_subsets(cards) == key
        assert t.STANDARD_CLASS_LIST[standard_value_unchecked(cards)] == key


# --- Americana -----------------------------------------------------------


def test_a46_seed_pair_decided_by_suit() -> None:
    assert am("Qh Qc 9d 8s 7s") > am("Qd Qs Ac Jc Tc")


def test_a46_ranks_then_suit_pair_decided_by_ace_kicker() -> None:
    assert am("Qh Qc 9d 8s 7s", "ranks_then_suit") < am("Qd Qs Ac Jc Tc", "ranks_then_suit")


def test_a46_seed_flush_decided_by_suit_of_king() -> None:
    assert am("Kh Jh Th 9h 7h") > am("Ks Qs Js 9s 8s")


def test_a46_ranks_then_suit_flush_decided_by_second_card() -> None:
    assert am("Kh Jh Th 9h 7h", "ranks_then_suit") < am("Ks Qs Js 9s 8s", "ranks_then_suit")


@pytest.mark.parametrize("mode", ["seed", "ranks_then_suit", "split"])
def test_a46_every_mode_category_examples(mode: str) -> None:
    assert am("8c 8d 8h Js Jd", mode) < am("7d 9d Jd Qd Kd", mode)  # A-40 flush > FH
    assert am("Ad Ac Ah As 7c", mode) > am("Ts Js Qs Ks 7s", mode)  # quads > flush
    assert am("Ac 7h 8h 9h Th", mode) < am("7s 8d 9c Tc Jc", mode)  # A-41 lowest straight


def test_a46_split_equal_hands_tie() -> None:
    assert am("Ah Kd Qc Js 9h", "split") == am("As Kh Qd Jc 9c", "split")


def test_a41_ace_low_straight_is_ten_high() -> None:
    hand = rank_cards(parse_cards("Ac 7h 8h 9h Th"), game="americana")
    assert hand.category == Category.STRAIGHT
    assert hand.description.startswith("straight, ten high")
    assert am("Ac 7h 8h 9h Th") > am("As Ah Ad Kc Qc")  # still above trips


def test_a41_no_wrap_in_americana() -> None:
    ranked = rank_cards(parse_cards("Jc Qh Kh Ad 7h"), game="americana")
    assert ranked.category == Category.HIGH_CARD


def test_a42_seed_straight_by_suit_of_top_card() -> None:
    assert am("Ac 7h 8h 9h Th") > am("As 7d 8d 9d Tc")  # Th > Tc
    assert am("7s 8d 9c Tc Jh") > am("7h 8h 9d Tc Jd")  # Jh > Jd


def test_a42_seed_two_pair_by_suit_of_fifth_card() -> None:
    assert am("Ah Ad Kh Kd 7h") > am("As Ac Ks Kc Qd")  # the seed's own example
    assert am("Ah Ad Kh Kd 7h", "ranks_then_suit") < am("As Ac Ks Kc Qd", "ranks_then_suit")


def test_a42_seed_same_suit_then_deciding_rank() -> None:
    # The deciding cards share a suit (Jc and Qc; then Kd and Jd): the higher-ranked wins.
    assert am("Ah Ad Kh Kd Jc") < am("As Ac Ks Kc Qc")
    assert am("Qh Qc Kd 8s 7s") > am("Qd Qs Jd Tc 9c")


def test_a42_seed_defining_ranks_before_suit() -> None:
    assert am("Ah Kh Qh Jh 9d") < am("7s 7d 8c 9d Ts")  # category first
    assert am("Qs Qd 7c 8d 9s") > am("Jh Jd Ac Kh Qh")  # then the pair's rank


def test_a42_seed_trips_ignore_kickers() -> None:
    assert am("Ah Ad Ac 7s 8s") == am("Ah Ad Ac Ks Qs")  # no suit step, kickers unused
    assert am("Ah Ad Ac 7s 8s", "ranks_then_suit") < am("Ah Ad Ac Ks Qs", "ranks_then_suit")


def test_a45_seed_never_ties_in_one_deck() -> None:
    rng = random.Random(45)
    for _ in range(3000):
        cards = rng.sample(DECK_32, 10)
        first, second = cards[:5], cards[5:]
        for mode in ("seed", "ranks_then_suit"):
            assert americana_value(first, mode) != americana_value(second, mode)


# --- best visible hand -------------------------------------------------------------


def test_a14_visible_categories() -> None:
    assert vis("7s 7d 7h 7c") > vis("As Ad Ah Kc")  # quads > trips
    assert vis("7s 7d 7h 8c") > vis("As Ad Kh Kc")  # trips > two pair
    assert vis("7s 7d 8h 8c") > vis("As Ad Kh Qc")  # two pair > pair
    assert vis("7s 7d") > vis("Ah Kd")  # pair > high card
    assert vis("Th Jh Qh Kh") < vis("7s 7d 8c 9c")  # no straights or flushes


def test_a14_visible_ranks_then_best_suit_of_top_rank() -> None:
    assert vis("Ah Kd") > vis("As Qd")  # ranks in order
    assert vis("Ad Kh") > vis("Ac Ks")  # equal ranks: best suit among the aces
    assert vis("As Ah 8c") > vis("Ad Ac 8h")  # the hearts ace shows
    assert vis("Ks Kd Ah") > vis("Kh Kc As")  # highest rank shown is the ace, not the pair
    assert vis("Ah") > vis("Ad") > vis("Ac") > vis("As")  # A-3 order


# --- RankedCards, category_of, errors ---------------------------------------------------------


def test_rank_hand_description_and_category() -> None:
    assert rank_cards(parse_cards("Kd Kc 9h 9s 2c")) == RankedCards(
        std("Kd Kc 9h 9s 2c"),
        Category.TWO_PAIR,
        "two pair, kings and nines, kicker 2",
        ranks=(11, 7, 0, -1, -1),
    )


@pytest.mark.parametrize("mode", ["seed", "ranks_then_suit", "split"])
def test_a40_category_of_americana_values(mode: str) -> None:
    rng = random.Random(40)
    for _ in range(500):
        cards = rng.sample(DECK_32, 5)
        value = americana_value(cards, mode)
        expected = ref.category_of_key(ref.hand_key(cards, "americana"), "americana")
        assert category_of(value, game="americana", tie_break=mode) == expected


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: standard_value([]), "wrong number of cards"),
        (lambda: standard_value(list(range(10))), "wrong number of cards"),
        (lambda: standard_value([1, 1, 2]), "given twice"),
        (lambda: standard_value([52]), "not a card"),
        (lambda: standard_value([-1]), "not a card"),
        (lambda: standard_value([1.0]), "not a card"),  # type: ignore[list-item]
        (lambda: standard_value(["Ah"]), "not a card"),  # type: ignore[list-item]
        (lambda: standard_value(5), "not a sequence"),  # type: ignore[arg-type]
        (lambda: palace_value([1], 4), "bad excluded suit"),
        (lambda: americana_value([20, 21, 22, 23], "seed"), "wrong number of cards"),
        (lambda: americana_value([0, 21, 22, 23, 24], "seed"), "32-card deck"),
        (lambda: americana_value([20, 21, 22, 23, 24], "best"), "bad tie_break"),
        (lambda: visible_value([20, 21, 22, 23, 24]), "wrong number of cards"),
        (lambda: rank_cards([1, 2], game="stud"), "bad game"),
        (lambda: rank_cards([1, 2], exclude=Suit.HEARTS), "applies to game"),
    ],
)
def test_bad_input_raises_value_error(call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()  # type: ignore[operator]


@pytest.mark.parametrize("size", [1, 2, 3, 4])
def test_a14_visible_order_on_every_upcard_set(size: int) -> None:
    upcard_sets = list(itertools.combinations(DECK_32, size))
    values = [visible_value(u) for u in upcard_sets]

    def rule(upcards: tuple[int, ...]) -> tuple[object, ...]:
        top = max(c >> 2 for c in upcards)
        suit = max(AMERICANA_SUIT_PRIORITY[c & 3] for c in upcards if c >> 2 == top)
        return (ref.hand_key(upcards), suit)

    by_rule = [rule(u) for u in upcard_sets]
    # The same order: sorting by value sorts by the rule, and equal values mean equal keys.
    pairs = sorted(set(zip(values, by_rule, strict=True)))
    assert len(pairs) == len(set(values)) == len(set(by_rule))
    assert all(a[1] < b[1] for a, b in itertools.pairwise(pairs))
