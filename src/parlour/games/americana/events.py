"""A fast builder for :class:`parlour.events.Event`, used on the engine's hot path."""

from __future__ import annotations

from typing import Any

from parlour.cards import Card
from parlour.events import Event

_new = object.__new__
_SLOTS = vars(Event)  # the slot descriptors (typed Any)
_set_kind = _SLOTS["kind"].__set__
_set_seat = _SLOTS["seat"].__set__
_set_cards = _SLOTS["cards"].__set__
_set_amount = _SLOTS["amount"].__set__
_set_data = _SLOTS["data"].__set__
_set_audience = _SLOTS["audience"].__set__


def event(
    kind: str,
    seat: int | None = None,
    cards: tuple[Card, ...] = (),
    amount: int = 0,
    data: dict[str, Any] | None = None,
    audience: frozenset[int] | None = None,
) -> Event:
    """``Event(...)`` without the frozen dataclass ``__init__``: the same object, twice as fast.

    A random-play hand creates about ten events; this keeps them from dominating the
    engine's throughput (the speed goal of issue 3).
    """
    ev: Event = _new(Event)
    _set_kind(ev, kind)
    _set_seat(ev, seat)
    _set_cards(ev, cards)
    _set_amount(ev, amount)
    _set_data(ev, {} if data is None else data)
    _set_audience(ev, audience)
    return ev
