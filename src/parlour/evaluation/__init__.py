"""Hand evaluation for Palace Poker (standard ranking, banner exclusion, short hands)
and Americana (32 cards, flush above full house, suit tie-breaks).

One engine serves all three rankings: additive card keys and a minimal perfect hash
into precomputed tables (GenKey, see docs/evaluation.md). Single hands use plain
Python over list tables; :func:`evaluate_batch` uses NumPy, or numba when available.
"""

from parlour.evaluation.batch import evaluate_batch, numba_available
from parlour.evaluation.category import Category, strength
from parlour.evaluation.ranked import (
    RankedCards,
    category_of,
    describe,
    rank_cards,
    standard_description,
    standard_ranks,
)
from parlour.evaluation.value import (
    TIE_BREAKS,
    americana_value,
    americana_value_unchecked,
    own_suit_count,
    palace_value,
    palace_value_unchecked,
    standard_value,
    standard_value_unchecked,
    visible_value,
    visible_value_unchecked,
)

__all__ = [
    "TIE_BREAKS",
    "Category",
    "RankedCards",
    "americana_value",
    "americana_value_unchecked",
    "category_of",
    "describe",
    "evaluate_batch",
    "numba_available",
    "own_suit_count",
    "palace_value",
    "palace_value_unchecked",
    "rank_cards",
    "standard_description",
    "standard_ranks",
    "standard_value",
    "standard_value_unchecked",
    "strength",
    "visible_value",
    "visible_value_unchecked",
]
