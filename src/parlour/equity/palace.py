"""Palace Poker odds: the chance to win a battle, or the showdown that ends a hand.

A battle (P-36 to P-39) compares each side's best hand from its own banner, palace and
soldiers, counting no card of the other side's banner suit; a tie goes to the side with
more cards of its own banner suit, and is a full tie only if those counts are equal too.
A showdown (P-63: a passive round ends the hand, however many are left, two included)
compares every player's best five of all their own cards, with no exclusion and no
banner tie-break; equal hands split. Under P-46 the showdown's winner takes the whole pot
(all-in caps aside), so its odds are the odds of the chips.

Banners and soldiers are public; palaces are hidden. A side is given by its banner (the
card, or only its suit when the card is not given), the palace cards known (usually all
three of one's own, none of an opponent's) and its soldiers. The missing cards are any
of the unseen cards, equally likely; every combination is counted when there are few
enough, otherwise they are sampled.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

import numpy as np

from parlour.cards import DECK_52, Card, Suit
from parlour.equity.contest import (
    Int64s,
    Options,
    choice_masks,
    choose,
    enumerate_all,
    masks_of,
    sample,
)
from parlour.equity.odds import Equity
from parlour.errors import ParlourError
from parlour.evaluation import evaluate_batch

PALACE_SIZE: Final = 3
#: The widest rows :func:`parlour.evaluation.evaluate_batch` takes.
MAX_BATCH_CARDS: Final = 9
EXACT_LIMIT: Final = 20_000_000
SAMPLES: Final = 200_000
#: Own-suit counts (P-39) fit below this, so ``value * SUIT_SLOT + count`` orders battles.
SUIT_SLOT: Final = 32


@dataclass(frozen=True, slots=True)
class Side:
    """One battler as far as it is known: banner (card or suit), palace cards known, soldiers."""

    banner: Card | Suit
    palace: tuple[Card, ...] = ()
    soldiers: tuple[Card, ...] = ()

    @property
    def suit(self) -> Suit:
        """The banner suit, which names the player."""
        return self.banner.suit if isinstance(self.banner, Card) else self.banner

    @property
    def known(self) -> tuple[Card, ...]:
        """Every card of this side that is known."""
        banner = (self.banner,) if isinstance(self.banner, Card) else ()
        return (*banner, *self.palace, *self.soldiers)


def battle_odds(
    hero: Side,
    opponents: Sequence[Side],
    dead: Sequence[Card] = (),
    *,
    exact_limit: int = EXACT_LIMIT,
    samples: int = SAMPLES,
    seed: int = 0,
) -> list[Equity]:
    """For each opponent, the hero's chances (index 0) and the opponent's (index 1).

    Raises :class:`ParlourError` for a card given twice, more than three palace cards,
    or an opponent of the hero's own banner suit (P-30: they cannot battle).
    """
    unseen = _unseen(hero, opponents, dead)
    rng = np.random.default_rng(seed)
    results = []
    for opponent in opponents:
        if opponent.suit == hero.suit:
            raise ParlourError(
                f"an opponent of banner suit {opponent.suit.symbol} cannot be attacked by a "
                "player of the same suit (P-30)"
            )
        players = [
            options(hero, opponent.suit, unseen),
            options(opponent, hero.suit, unseen),
        ]
        results.append(_contest(players, exact_limit, samples, rng))
    return results


def showdown_odds(
    hero: Side,
    opponents: Sequence[Side],
    dead: Sequence[Card] = (),
    *,
    exact_limit: int = EXACT_LIMIT,
    samples: int = SAMPLES,
    seed: int = 0,
) -> Equity:
    """Every player's chance to win and to share P-63's showdown among all of them.

    Index 0 is the hero, then the opponents in order. Opponents may share the hero's
    banner suit (a showdown has no exclusion). Raises :class:`ParlourError` for a card
    given twice or more than three palace cards.
    """
    unseen = _unseen(hero, opponents, dead)
    players = [options(side, None, unseen) for side in (hero, *opponents)]
    return _contest(players, exact_limit, samples, np.random.default_rng(seed))


def _contest(
    players: Sequence[Options], exact_limit: int, samples: int, rng: np.random.Generator
) -> Equity:
    """Exact when the product of the players' option counts is at most ``exact_limit``."""
    if math.prod(p.masks.size for p in players) <= exact_limit:
        return Equity.from_tally(enumerate_all(players), exact=True)
    return Equity.from_tally(sample(players, samples, rng), exact=False)


def options(side: Side, excluded: Suit | None, unseen: Sequence[Card]) -> Options:
    """Every way ``side``'s hidden cards can be, scored for a battle against suit ``excluded``
    (P-37 to P-39), or with ``excluded`` ``None`` for a showdown (P-63: no exclusion, no
    banner tie-break). Both scores are on one scale: value x SUIT_SLOT (+ own-suit count)."""
    pool = np.asarray(unseen, np.int64)
    hidden = PALACE_SIZE - len(side.palace)
    picks = choose(len(unseen), hidden)
    if not isinstance(side.banner, Card):
        picks = _with_banner(picks, [i for i, c in enumerate(unseen) if c.suit == side.suit])
        if not picks.size:
            raise ParlourError(f"no unseen card of suit {side.suit.symbol} is left for a banner")
    # Known cards of the excluded suit never count (P-37): leaving them out keeps most
    # hands within the evaluator's nine cards.
    known = np.asarray([c for c in side.known if c.suit != excluded], np.int64)
    cards = np.concatenate([np.broadcast_to(known, (picks.shape[0], known.size)), pool[picks]], 1)
    masks = choice_masks(len(unseen), hidden) if isinstance(side.banner, Card) else masks_of(picks)
    if excluded is None:
        return Options(masks, battle_values(cards, None) * SUIT_SLOT)
    values = battle_values(cards, int(excluded))
    own = (cards & 3 == int(side.suit)).sum(axis=1)
    return Options(masks, values * SUIT_SLOT + own)


def battle_values(cards: Int64s, excluded: int | None) -> Int64s:
    """Each row's value against suit ``excluded`` (``None``: no exclusion), any row width.

    Rows wider than the evaluator's nine cards (a player with more than five soldiers,
    or a hand before its trim) take the best of every nine-card subset of their columns:
    each five-card hand lies in one of them, so that is the best five of the row.
    """
    width = cards.shape[1]
    if width <= MAX_BATCH_CARDS:
        subsets: Sequence[Sequence[int]] = [range(width)]
    else:
        subsets = list(combinations(range(width), MAX_BATCH_CARDS))
    best = np.zeros(len(cards), np.int64)
    for columns in subsets:
        part = np.ascontiguousarray(cards[:, list(columns)], np.uint8)
        values = evaluate_batch(part, game="palace", exclude=excluded, check=False)
        np.maximum(best, values, out=best)
    return best


def _with_banner(picks: Int64s, candidates: Sequence[int]) -> Int64s:
    """Each palace pick preceded by each banner candidate it does not already use."""
    rows = [
        np.column_stack((np.full(picks.shape[0], b, np.int64), picks))[~(picks == b).any(axis=1)]
        for b in candidates
    ]
    return np.concatenate(rows) if rows else np.zeros((0, picks.shape[1] + 1), np.int64)


def _unseen(hero: Side, opponents: Sequence[Side], dead: Sequence[Card]) -> list[Card]:
    given = [*dead, *hero.known]
    for side in (hero, *opponents):
        if len(side.palace) > PALACE_SIZE:
            raise ParlourError(f"a palace has {PALACE_SIZE} cards, got {len(side.palace)}")
    for opponent in opponents:
        given.extend(opponent.known)
    seen: set[Card] = set()
    for c in given:
        if c in seen:
            raise ParlourError(f"card {c} is given twice")
        seen.add(c)
    return [c for c in DECK_52 if c not in seen]
