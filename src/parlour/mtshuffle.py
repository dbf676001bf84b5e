"""``random.Random.shuffle`` inlined: the same draws, the same order, the same state after.

``Random.shuffle`` (CPython 3.11) walks ``i`` from ``len(x) - 1`` down to 1 and swaps
``x[i]`` with ``x[j]``, where ``j = _randbelow(i + 1)`` draws ``getrandbits(k)``,
``k = (i + 1).bit_length()``, until the draw is below ``i + 1``. :func:`shuffle` makes
exactly those ``getrandbits`` calls with the ``(i, i + 1, k)`` steps precomputed per length
and no Python call per swap: about twice as fast (two 52-card shuffles were a fifth of an
RL Palace hand), and since every draw is the same call, the orders and the generator's
state afterwards are identical. Only a plain ``random.Random`` takes this path, and only
if the check run at import (:func:`_agrees`) finds it equal to ``Random.shuffle`` on this
interpreter; anything else shuffles with ``rng.shuffle``. ``tests/core/test_mtshuffle.py``
compares both over many seeds and sizes.
"""

from __future__ import annotations

import random
from typing import Final, TypeVar

T = TypeVar("T")

#: Lists this long or shorter take the inlined path (longer ones: ``rng.shuffle``).
LONGEST: Final = 64

#: Per length: each swap as (i, i + 1, bits drawn for it), in the order ``shuffle`` makes them.
_STEPS: Final = tuple(
    tuple((i, i + 1, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    for size in range(LONGEST + 1)
)


def _inlined(rng: random.Random, x: list[T]) -> None:
    """Shuffle ``x`` in place as ``rng.shuffle(x)`` does (``len(x) <= LONGEST``)."""
    getrandbits = rng.getrandbits
    for i, n, k in _STEPS[len(x)]:
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def _agrees() -> bool:
    """Whether the inlined path gives ``Random.shuffle``'s orders and states here."""
    for seed in range(2):
        for size in (0, 1, 2, 33, LONGEST):
            mine, theirs = random.Random(seed), random.Random(seed)
            a, b = list(range(size)), list(range(size))
            _inlined(mine, a)
            theirs.shuffle(b)
            if a != b or mine.getstate() != theirs.getstate():
                return False
    return True


#: Whether :func:`shuffle` may take the inlined path at all.
FAST: Final = _agrees()


def shuffle(rng: random.Random, x: list[T]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would, faster when it can."""
    if FAST and type(rng) is random.Random and len(x) <= LONGEST:
        _inlined(rng, x)
    else:
        rng.shuffle(x)
