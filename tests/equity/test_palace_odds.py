"""Palace odds: battles (brute force over the unseen palace, P-39, exact against sampling)
and P-63's showdown (no exclusion, no banner tie-break, several players)."""

from __future__ import annotations

import itertools

import pytest

from parlour.cards import DECK_52, Suit, parse_card, parse_cards
from parlour.equity.palace import Side, battle_odds, showdown_odds
from parlour.errors import ParlourError
from parlour.evaluation import palace_value
from parlour.games.palace import battle_value


def test_fully_known_battle_is_certain() -> None:
    hero = Side(parse_card("2s"), parse_cards("Ah Ad Ac"))
    rival = Side(parse_card("3h"), parse_cards("Kd Kc Ks"))
    (result,) = battle_odds(hero, [rival])
    assert result.exact
    assert result.deals == 1
    assert result.win == (1.0, 0.0)


def test_p37_opponent_banner_suit_does_not_count() -> None:
    # The hero's aces are hearts and diamonds; against a hearts banner only Ad counts.
    hero = Side(parse_card("2s"), parse_cards("Ah Ad 3c"))
    rival = Side(parse_card("7h"), parse_cards("Kd Kc 4s"))
    (result,) = battle_odds(hero, [rival])
    assert result.win == (0.0, 1.0)


def test_p39_own_suit_count_breaks_a_tie() -> None:
    # Same ranks on both sides; the hero holds three spades (its suit), the rival one heart.
    hero = Side(parse_card("Qs"), parse_cards("Js 9s 4c"))
    rival = Side(parse_card("Qh"), parse_cards("Jd 9c 4d"))
    (result,) = battle_odds(hero, [rival])
    assert result.win == (1.0, 0.0)


def test_exact_agrees_with_brute_force() -> None:
    hero = Side(parse_card("Ts"), parse_cards("Ah Kd 9c"), parse_cards("Qh"))
    rival = Side(parse_card("Jd"), parse_cards("Qd"), parse_cards("Qc 5h"))
    unseen = [c for c in DECK_52 if c not in {*hero.known, *rival.known}]
    mine = palace_value(list(hero.known), Suit.DIAMONDS) * 32 + 1
    won = tied = deals = 0
    for rest in itertools.combinations(unseen, 2):
        cards = [*rival.known, *rest]
        theirs = palace_value(cards, Suit.SPADES) * 32 + sum(c.suit == Suit.DIAMONDS for c in cards)
        won += mine > theirs
        tied += mine == theirs
        deals += 1
    (result,) = battle_odds(hero, [rival])
    assert result.deals == deals
    assert result.win[0] == pytest.approx(won / deals)
    assert result.tie[0] == pytest.approx(tied / deals)


def test_more_soldiers_than_the_evaluator_takes_agree_with_brute_force() -> None:
    """max_soldiers above five (or a hand before its trim, P-40): sides of 10+ cards."""
    hero = Side(parse_card("Ts"), parse_cards("Ah Kd 9c"), parse_cards("Qh 2c 3c 4d 6d 8h"))
    rival = Side(parse_card("Jd"), (), parse_cards("Qd Qc 5h 7s 7c 2h 3h"))
    unseen = [c for c in DECK_52 if c not in {*hero.known, *rival.known}]
    own = sum(c.suit == Suit.SPADES for c in hero.known)
    mine = battle_value(hero.known, Suit.DIAMONDS) * 32 + own
    won = tied = deals = 0
    for rest in itertools.combinations(unseen, 3):
        cards = [*rival.known, *rest]
        theirs = battle_value(cards, Suit.SPADES) * 32 + sum(c.suit == Suit.DIAMONDS for c in cards)
        won += mine > theirs
        tied += mine == theirs
        deals += 1
    (result,) = battle_odds(hero, [rival])
    assert result.exact
    assert result.deals == deals
    assert result.win[0] == pytest.approx(won / deals)
    assert result.tie[0] == pytest.approx(tied / deals)


def test_unknown_banner_card_is_one_of_its_suit() -> None:
    hero = Side(parse_card("2s"), parse_cards("Ah Kd 9c"))
    (by_suit,) = battle_odds(hero, [Side(Suit.HEARTS)])
    assert by_suit.exact
    assert 0 < by_suit.win[0] < 1


def test_sampling_is_close_to_exact() -> None:
    hero = Side(parse_card("2s"), parse_cards("Ah Kd 9c"), parse_cards("Qh"))
    (exact,) = battle_odds(hero, [Side(Suit.HEARTS)])
    (sampled,) = battle_odds(hero, [Side(Suit.HEARTS)], exact_limit=0, samples=40_000, seed=1)
    assert not sampled.exact
    assert abs(exact.win[0] - sampled.win[0]) < 4 * sampled.stderr(exact.win[0])


def test_p30_same_suit_cannot_battle() -> None:
    with pytest.raises(ParlourError, match="P-30"):
        battle_odds(Side(parse_card("2s")), [Side(Suit.SPADES)])


def test_card_twice_is_refused() -> None:
    with pytest.raises(ParlourError, match="given twice"):
        battle_odds(Side(parse_card("2s"), parse_cards("Ah")), [Side(parse_card("Ah"))])


def test_p63_showdown_counts_every_own_card_and_has_no_banner_tie_break() -> None:
    # Against a hearts banner the hero's Ah would not count; in the showdown it does.
    hero = Side(parse_card("2s"), parse_cards("Ah Ad 3c"))
    rival = Side(parse_card("7h"), parse_cards("Kd Kc 4s"))
    assert battle_odds(hero, [rival])[0].win == (0.0, 1.0)
    result = showdown_odds(hero, [rival])
    assert result.exact
    assert result.win == (1.0, 0.0)
    # Same ranks: a battle goes to the own-suit count (P-39); the showdown splits.
    same = showdown_odds(Side(parse_card("Qs"), parse_cards("Js 9s 4c")),
                         [Side(parse_card("Qh"), parse_cards("Jd 9c 4d"))])  # fmt: skip
    assert same.tie == (1.0, 1.0)


def test_p63_showdown_agrees_with_brute_force_three_players() -> None:
    hero = Side(parse_card("Ts"), parse_cards("Ah Kd 9c"), parse_cards("Qh"))
    known = Side(parse_card("Jd"), parse_cards("Qd Qc 5h"))
    rival = Side(Suit.HEARTS, (), parse_cards("2h"))
    unseen = [c for c in DECK_52 if c not in {*hero.known, *known.known, *rival.known}]
    hearts = [c for c in unseen if c.suit == Suit.HEARTS]
    mine = palace_value(list(hero.known), None)
    theirs_known = palace_value(list(known.known), None)
    wins = [0, 0, 0]
    ties = [0, 0, 0]
    deals = 0
    for banner in hearts:
        for palace in itertools.combinations([c for c in unseen if c != banner], 3):
            values = [mine, theirs_known, palace_value([banner, *rival.soldiers, *palace], None)]
            best = max(values)
            top = [i for i, v in enumerate(values) if v == best]
            for i in top:
                (ties if len(top) > 1 else wins)[i] += 1
            deals += 1
    result = showdown_odds(hero, [known, rival])
    assert result.exact
    assert result.deals == deals
    assert result.win == pytest.approx(tuple(w / deals for w in wins))
    assert result.tie == pytest.approx(tuple(t / deals for t in ties))
