"""Random numbers inside the kernels: one SplitMix64 stream per hand.

A hand draws from two streams: its deal's (the shuffles) and its own (the choices of the
random policy and of array policies). Each depends only on the run's seed and a number
(both hashed), so a hand plays the same whatever thread, chunk, process or machine plays
it: results are reproducible from the seed and independent of how the work is split.
SplitMix64 passes BigCrush; hashing the number (rather than offsetting the state) keeps
the streams of neighbouring hands from being shifted copies of each other.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from parlour.batch.jit import inline

U64s = npt.NDArray[np.uint64]

GAMMA = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_S30 = np.uint64(30)
_S27 = np.uint64(27)
_S31 = np.uint64(31)
_S11 = np.uint64(11)
_S32 = np.uint64(32)
_LOW32 = np.uint64(0xFFFFFFFF)
#: 2**-53: a 53-bit integer times this is a float uniform in [0, 1).
_UNIT = 1.0 / 9007199254740992.0


@inline
def mix(z: np.uint64) -> np.uint64:
    """The SplitMix64 finaliser: a bijective hash of 64 bits."""
    z = (z ^ (z >> _S30)) * _M1
    z = (z ^ (z >> _S27)) * _M2
    return z ^ (z >> _S31)


@inline
def hand_stream(seed: np.uint64, hand: int) -> np.uint64:
    """The starting state of hand number ``hand``'s stream under ``seed``."""
    return mix(mix(seed) ^ mix(np.uint64(hand) * GAMMA + GAMMA))


#: Mixed into the seed for the streams of choices, so that they never coincide with the
#: streams of shuffles: hands dealt from one deal (duplicate play) share their shuffles
#: and still choose independently.
CHOICES = np.uint64(0x6A09E667F3BCC909)


@inline
def choice_stream(seed: np.uint64, number: int) -> np.uint64:
    """The starting state of choice stream ``number`` under ``seed``."""
    return hand_stream(seed ^ CHOICES, number)


@inline
def next_u64(state: U64s) -> np.uint64:
    """The next 64 random bits of the stream kept in ``state[0]``."""
    z = state[0] + GAMMA
    state[0] = z
    return mix(z)


@inline
def uniform(state: U64s) -> float:
    """A float uniform in [0, 1), like ``random.random()``."""
    return float(next_u64(state) >> _S11) * _UNIT


@inline
def below(state: U64s, n: int) -> int:
    """An integer uniform in ``0..n-1`` (``n >= 1``): ``int(random() * n)`` as the
    reference policies draw it."""
    return int(uniform(state) * n)


@inline
def shuffle(state: U64s, cards: npt.NDArray[np.int64], at: int, count: int) -> None:
    """Fisher-Yates of ``cards[at:at+count]`` in place: every order equally likely.

    Each draw is a 32-bit multiply-shift (Lemire), two draws per 64 random bits; for
    decks of at most 52 cards the bias is below 2**-26.
    """
    bits = np.uint64(0)
    left = 0
    for k in range(count - 1, 0, -1):
        if left == 0:
            bits = next_u64(state)
            left = 2
        j = int(((bits & _LOW32) * np.uint64(k + 1)) >> _S32)
        bits >>= _S32
        left -= 1
        cards[at + k], cards[at + j] = cards[at + j], cards[at + k]
