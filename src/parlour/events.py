"""Events: what happened during a hand (or at a table), each marked with who may see it.

Every event is a class of its own with typed fields (``Called(seat=2, amount=4)``), so code
that reads them matches on the class instead of a string and a dictionary. Each game defines
its events beside its engine (:mod:`parlour.games.americana.events`,
:mod:`parlour.games.palace.events`); the table's own lines, :class:`Notice` and
:class:`Chat`, are here. ``kind`` is the event's name on the wire and in logs, unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, ClassVar, Final, TypeVar

from parlour.cards import Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One fact of a hand (a deal, a bet, a battle, an award).

    ``audience`` is ``None`` for a public event, otherwise the seats allowed to see it
    (a hole card is shown only to its owner, a battle palace as P-41 says). Views and the
    server pass an event on only to those seats; spectators see public events only.
    ``seat``, ``cards`` and ``amount`` are the fields most events have; a subclass adds
    its own, which :meth:`to_dict` writes after them.
    """

    kind: ClassVar[str] = "event"
    seat: int | None = None
    cards: tuple[Card, ...] = ()
    amount: int = 0
    audience: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see this event."""
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (cards in notation), the event's own fields last."""
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.cards:
            out["cards"] = [str(c) for c in self.cards]
        if self.amount:
            out["amount"] = self.amount
        out.update(self.details())
        return out

    def details(self) -> dict[str, Any]:
        """The fields a subclass adds, JSON-ready (tuples as lists)."""
        return {name: _json(getattr(self, name)) for name in own_fields(type(self))}


@dataclass(frozen=True, slots=True, kw_only=True)
class Notice(Event):
    """A public line of the table's own (a player sits down, the host pauses)."""

    kind: ClassVar[str] = "notice"
    text: str
    #: The message code of ``text`` and its parameters (:mod:`parlour.i18n.message`), so
    #: each reader reads the notice in their own language; empty for a line said as is.
    code: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(Event):
    """A line a seated player said to the table (``seat`` is the speaker)."""

    kind: ClassVar[str] = "chat"
    name: str
    said: str


def seen_cards(events: Iterable[Event], seat: int | None) -> frozenset[Card]:
    """Every card ``seat`` (``None``: a spectator) was shown by ``events``.

    Every card the rules reveal is revealed by an event with its audience (a deal to its
    owner, an upcard or a soldier to all, a palace to whom P-41 shows it), so the events
    of a hand up to now are exactly what each seat has seen of it, including cards no
    longer on the table (a palace shown before its owner left, soldiers discarded since).
    """
    return frozenset(c for e in events if e.cards and e.visible_to(seat) for c in e.cards)


_BASE: Final = frozenset(f.name for f in fields(Event))
_OWN: dict[type[Event], tuple[str, ...]] = {}


def own_fields(cls: type[Event]) -> tuple[str, ...]:
    """The fields ``cls`` adds to :class:`Event`, in declaration order (cached)."""
    names = _OWN.get(cls)
    if names is None:
        names = _OWN[cls] = tuple(f.name for f in fields(cls) if f.name not in _BASE)
    return names


def _json(value: object) -> object:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


E = TypeVar("E", bound=Event)
_new = object.__new__
_SLOTS = vars(Event)
_set_seat = _SLOTS["seat"].__set__
_set_cards = _SLOTS["cards"].__set__
_set_amount = _SLOTS["amount"].__set__
_set_audience = _SLOTS["audience"].__set__


def builder(cls: type[E]) -> Callable[..., E]:
    """``build(seat, cards, amount, audience, *own_fields)`` for ``cls``, without ``__init__``.

    The engines' hot paths make their events with these: the frozen dataclass ``__init__``
    sets each field through ``object.__setattr__`` and costs about twice as much; the event
    made is the same (``tests/core/test_event_builders.py``). Written out for zero, one and
    two fields of the class's own: a loop over them would cost more than the ``__init__``
    it replaces.
    """
    own = tuple(vars(cls)[name].__set__ for name in own_fields(cls))
    if not own:

        def plain(
            seat: int | None = None,
            cards: tuple[Card, ...] = (),
            amount: int = 0,
            audience: frozenset[int] | None = None,
        ) -> E:
            made: E = _new(cls)
            _set_seat(made, seat)
            _set_cards(made, cards)
            _set_amount(made, amount)
            _set_audience(made, audience)
            return made

        return plain
    if len(own) == 1:
        (set_a,) = own

        def one(seat: int | None, cards: tuple[Card, ...], amount: int, audience: Any, a: Any) -> E:
            made: E = _new(cls)
            _set_seat(made, seat)
            _set_cards(made, cards)
            _set_amount(made, amount)
            _set_audience(made, audience)
            set_a(made, a)
            return made

        return one
    if len(own) > 2:
        return _many(cls)
    set_a, set_b = own

    def two(
        seat: int | None, cards: tuple[Card, ...], amount: int, audience: Any, a: Any, b: Any
    ) -> E:
        made: E = _new(cls)
        _set_seat(made, seat)
        _set_cards(made, cards)
        _set_amount(made, amount)
        _set_audience(made, audience)
        set_a(made, a)
        set_b(made, b)
        return made

    return two


def _many(cls: type[E]) -> Callable[..., E]:
    """The builder for a class with more than two fields of its own (an award, the end of
    a hand): the same arguments as the others, its own fields set in a loop."""
    own = tuple(vars(cls)[name].__set__ for name in own_fields(cls))

    def many(
        seat: int | None, cards: tuple[Card, ...], amount: int, audience: Any, *values: Any
    ) -> E:
        made: E = _new(cls)
        _set_seat(made, seat)
        _set_cards(made, cards)
        _set_amount(made, amount)
        _set_audience(made, audience)
        for set_value, value in zip(own, values, strict=True):
            set_value(made, value)
        return made

    return many
