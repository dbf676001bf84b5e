"""Americana odds: each hand's chance to win and tie once all five cards are out.

A hand is given as its hole card (or ``None`` when unseen, as a bot sees its opponents)
and its upcards so far. Every unseen card of the 32-card deck is equally likely to be
any missing card. When the number of possible deals is small enough, every deal is
counted (exact); otherwise deals are sampled, shuffling the unseen cards per deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from parlour.cards import DECK_32, Card
from parlour.equity.contest import (
    Int64s,
    Options,
    choice_masks,
    choose,
    deal_count,
    enumerate_all,
    tally,
)
from parlour.equity.odds import Equity
from parlour.errors import ParlourError
from parlour.evaluation import TIE_BREAKS, evaluate_batch

#: Count every deal when there are at most this many (a heads-up spot after the first
#: upcards has 7.5 million).
EXACT_LIMIT: Final = 12_000_000
#: Deals sampled when counting all is too slow.
SAMPLES: Final = 200_000


@dataclass(frozen=True, slots=True)
class StudCards:
    """One player's cards: the hole card (``None``: unseen) and up to four upcards."""

    hole: Card | None
    upcards: tuple[Card, ...]

    @property
    def known(self) -> tuple[Card, ...]:
        """The cards of this hand that are known."""
        return self.upcards if self.hole is None else (self.hole, *self.upcards)

    @property
    def missing(self) -> int:
        """How many of its five cards are still to come (or unseen)."""
        return 5 - len(self.known)


def equity(
    hands: Sequence[StudCards],
    dead: Sequence[Card] = (),
    tie_break: str = "seed",
    *,
    exact_limit: int = EXACT_LIMIT,
    samples: int = SAMPLES,
    seed: int = 0,
) -> Equity:
    """Each hand's chance to win and to tie; exact when at most ``exact_limit`` deals.

    Raises :class:`ParlourError` for fewer than two or more than six hands, more than
    four upcards, a card given twice, or a card outside the 32-card deck.
    """
    unseen = _unseen(hands, dead, tie_break)
    sizes = [h.missing for h in hands]
    if deal_count(sizes, len(unseen)) <= exact_limit:
        players = [_options(h, unseen, tie_break) for h in hands]
        return Equity.from_tally(enumerate_all(players), exact=True)
    rng = np.random.default_rng(seed)
    values = sampled_values(hands, unseen, samples, tie_break, rng)
    return Equity.from_tally(tally(values), exact=False)


def sampled_values(
    hands: Sequence[StudCards],
    unseen: Sequence[Card],
    deals: int,
    tie_break: str,
    rng: np.random.Generator,
) -> Int64s:
    """Strengths ``(deals, players)`` of the hands completed from shuffled unseen cards."""
    pool = np.asarray(unseen, np.uint8)
    order = rng.random((deals, pool.size)).argsort(axis=1)
    columns = []
    taken = 0
    for hand in hands:
        rows = np.empty((deals, 5), np.uint8)
        rows[:, : len(hand.known)] = np.asarray(hand.known, np.uint8)
        rows[:, len(hand.known) :] = pool[order[:, taken : taken + hand.missing]]
        taken += hand.missing
        columns.append(_strength(rows, tie_break))
    return np.column_stack(columns)


def unseen_cards(hands: Sequence[StudCards], dead: Sequence[Card] = ()) -> list[Card]:
    """The 32-card deck less every known card and dead card."""
    seen = {c for h in hands for c in h.known} | set(dead)
    return [c for c in DECK_32 if c not in seen]


def _unseen(hands: Sequence[StudCards], dead: Sequence[Card], tie_break: str) -> list[Card]:
    if tie_break not in TIE_BREAKS:
        raise ParlourError(f"unknown tie-break {tie_break!r}; use one of {', '.join(TIE_BREAKS)}")
    if not 2 <= len(hands) <= 6:
        raise ParlourError(f"Americana is played by 2 to 6 hands, got {len(hands)}")
    given: list[Card] = list(dead)
    for number, hand in enumerate(hands, 1):
        if len(hand.upcards) > 4:
            raise ParlourError(f"hand {number} has {len(hand.upcards)} upcards; at most 4")
        given.extend(hand.known)
    allowed = set(DECK_32)
    seen: set[Card] = set()
    for c in given:
        if c not in allowed:
            raise ParlourError(f"card {c} is not in the 32-card deck (Americana has no 2 to 6)")
        if c in seen:
            raise ParlourError(f"card {c} is given twice")
        seen.add(c)
    unseen = unseen_cards(hands, dead)
    if sum(h.missing for h in hands) > len(unseen):
        raise ParlourError(
            f"the hands need {sum(h.missing for h in hands)} more cards "
            f"but only {len(unseen)} are unseen"
        )
    return unseen


def _options(hand: StudCards, unseen: Sequence[Card], tie_break: str) -> Options:
    """Every way to complete ``hand`` from ``unseen``, with its strength."""
    picks = choose(len(unseen), hand.missing)
    rows = np.empty((picks.shape[0], 5), np.uint8)
    rows[:, : len(hand.known)] = np.asarray(hand.known, np.uint8)
    rows[:, len(hand.known) :] = np.asarray(unseen, np.uint8)[picks]
    return Options(choice_masks(len(unseen), hand.missing), _strength(rows, tie_break))


def _strength(rows: npt.NDArray[np.uint8], tie_break: str) -> Int64s:
    return np.asarray(
        evaluate_batch(rows, game="americana", tie_break=tie_break, check=False), np.int64
    )
