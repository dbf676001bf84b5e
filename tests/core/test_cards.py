"""Cards, decks and notation (RULES.md card notation, A-1, P-1)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from parlour.cards import (
    CARDS,
    DECK_32,
    DECK_52,
    Rank,
    Suit,
    card,
    format_cards,
    parse_card,
    parse_cards,
    parse_suit,
)


def test_p1_standard_deck_has_52_distinct_cards() -> None:
    assert len(DECK_52) == 52
    assert len(set(DECK_52)) == 52
    assert {str(c) for c in DECK_52} == {r + s for r in "23456789TJQKA" for s in "cdhs"}


def test_a1_americana_deck_is_seven_to_ace() -> None:
    assert len(DECK_32) == 32
    assert {c.rank for c in DECK_32} == set(Rank) - {
        Rank.TWO,
        Rank.THREE,
        Rank.FOUR,
        Rank.FIVE,
        Rank.SIX,
    }
    assert all(sum(1 for c in DECK_32 if c.rank == r) == 4 for r in {c.rank for c in DECK_32})


def test_card_is_int_with_rank_and_suit() -> None:
    th = parse_card("Th")
    assert th == 4 * Rank.TEN + Suit.HEARTS
    assert th.rank is Rank.TEN
    assert th.suit is Suit.HEARTS
    assert str(th) == "Th"
    assert repr(th) == "Card('Th')"
    assert card(Rank.TEN, Suit.HEARTS) is th


def test_ten_accepted_as_10_on_input() -> None:
    assert parse_card("10h") is parse_card("Th")
    assert parse_card("10S") is parse_card("Ts")


@given(st.sampled_from(CARDS))
def test_print_then_parse_is_identity(c: object) -> None:
    assert parse_card(str(c)) is c


@pytest.mark.parametrize(
    ("token", "part"),
    [
        ("1h", "rank"),
        ("Xs", "rank"),
        ("Tx", "suit"),
        ("11h", "rank"),
        ("", "too short"),
        ("T", "too short"),
    ],
)
def test_bad_card_names_token_and_part(token: str, part: str) -> None:
    with pytest.raises(ValueError, match=part) as info:
        parse_card(token)
    assert repr(token) in str(info.value)


def test_parse_cards_separators_and_count() -> None:
    assert format_cards(parse_cards("Th, 7s  Ac")) == "Th 7s Ac"
    assert parse_cards(["Th", "7s"], count=2) == (parse_card("Th"), parse_card("7s"))
    with pytest.raises(ValueError, match="wrong number of cards: got 2, need 5"):
        parse_cards("Th 7s", count=5)
    with pytest.raises(ValueError, match="need 1 or 2"):
        parse_cards("Th 7s 8s", count=(1, 2))


def test_card_given_twice_is_an_error() -> None:
    with pytest.raises(ValueError, match="card Th is given twice"):
        parse_cards("Th 7s 10h")


def test_americana_deck_rejects_two_to_six() -> None:
    with pytest.raises(ValueError, match=r"'6c' is not in the 32-card deck \(Americana has no 2"):
        parse_cards("Ah 6c", deck=DECK_32)


def test_parse_suit_letters_and_names() -> None:
    assert parse_suit("s") is Suit.SPADES
    assert parse_suit("H") is Suit.HEARTS
    assert parse_suit("diamonds") is Suit.DIAMONDS
    assert parse_suit("Club") is Suit.CLUBS
    with pytest.raises(ValueError, match="bad suit 'x'"):
        parse_suit("x")
