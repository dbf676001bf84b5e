"""Compact action codes: one int64 per decision, kept by the kernels, read by the rebuild.

Bits 0-3 hold the kind, bits 4-7 the seat, the rest the kind's number(s):

* Americana (kinds of :mod:`parlour.batch.americana`): the total ``to`` of a bet or raise;
* Palace (kinds of :mod:`parlour.batch.palace`): a bet's target seat (bits 8-11) and its
  extra (from bit 12); a raise's ``by``; a trim's or discard's cards as a 52-bit mask
  (bit ``c`` for card ``c``).

:func:`decode` is the inverse, in Python, for records and for tests.
"""

from __future__ import annotations

import numpy as np

from parlour.batch.jit import inline

KIND_BITS = 4
SEAT_SHIFT = 4
ARG_SHIFT = 8
TARGET_SHIFT = 8
EXTRA_SHIFT = 12
_FIELD = 0xF


@inline
def encode(kind: int, seat: int, arg: int) -> np.int64:
    """The code of ``kind`` by ``seat`` with its number ``arg``."""
    return np.int64(kind | (seat << SEAT_SHIFT) | (arg << ARG_SHIFT))


def decode(code: int) -> tuple[int, int, int]:
    """``(kind, seat, arg)`` of a code (``arg`` packs a Palace bet's target and extra)."""
    code = int(code)
    return code & _FIELD, (code >> SEAT_SHIFT) & _FIELD, code >> ARG_SHIFT


def bet_arg(target: int, extra: int) -> int:
    """A Palace bet's ``arg``: the target seat and the extra."""
    return target | (extra << (EXTRA_SHIFT - ARG_SHIFT))


def split_bet(arg: int) -> tuple[int, int]:
    """``(target, extra)`` of a Palace bet's ``arg``."""
    return arg & _FIELD, arg >> (EXTRA_SHIFT - ARG_SHIFT)
