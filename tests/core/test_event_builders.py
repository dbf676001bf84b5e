"""The engines' event builders make the very events their classes make.

Palace and Americana build their hot-path events with :func:`parlour.events.builder`
(no frozen ``__init__``); records, views and the wire read those events, so each builder's
event must equal, print and serialise as the class's own.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from parlour.cards import DECK_52
from parlour.events import Event, builder, own_fields
from parlour.games.americana import events as am
from parlour.games.palace import events as pal
from parlour.outcome import AwardedPot, Outcome

#: Every event class of both games.
CLASSES = sorted(
    {
        cls
        for module in (am, pal)
        for cls in vars(module).values()
        if isinstance(cls, type) and issubclass(cls, Event) and cls is not Event
    },
    key=lambda c: (c.__module__, c.__name__),
)
SAMPLES: dict[str, Any] = {
    "target": 3,
    "extra": 4,
    "by": 6,
    "loser": 2,
    "seats": (1, 2),
    "against": 5,
    "excluded": "h",
    "eligible": (0, 1),
    "winners": (1,),
    "hands": (),
    "to": 8,
    "how": "showdown",
    "uncalled": ((1, 4),),
    "outcome": Outcome((90, 110), (AwardedPot(20, (0, 1), (1,)),), ()),
}


@pytest.mark.parametrize("cls", CLASSES, ids=lambda c: f"{c.__module__}.{c.__name__}")
def test_a_builder_makes_the_classs_own_event(cls: type[Event]) -> None:
    own = own_fields(cls)
    missing = [name for name in own if name not in SAMPLES]
    assert not missing, f"add samples for {missing}"
    values = [SAMPLES[name] for name in own]
    cards = (DECK_52[5], DECK_52[40])
    for seat, amount, audience in ((None, 0, None), (2, 7, frozenset((2,)))):
        made = builder(cls)(seat, cards, amount, audience, *values)
        expected = cls(
            seat=seat,
            cards=cards,
            amount=amount,
            audience=audience,
            **dict(zip(own, values, strict=True)),
        )
        assert type(made) is cls
        assert made == expected
        assert repr(made) == repr(expected)
        assert made.to_dict() == expected.to_dict()
        assert dataclasses.astuple(made) == dataclasses.astuple(expected)
        with pytest.raises(dataclasses.FrozenInstanceError):
            made.seat = 9  # type: ignore[misc]


def test_the_plain_builders_default_like_the_class() -> None:
    assert pal.stayed(4) == pal.Stayed(seat=4)
    assert pal.palace_shown(1, (DECK_52[0],)) == pal.PalaceShown(seat=1, cards=(DECK_52[0],))
    assert am.folded(2) == am.Folded(seat=2)
