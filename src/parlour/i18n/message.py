"""A message as code and parameters, so each reader can read it in their own language.

The server sends a narration line or an error once to everyone, as a :class:`Message`:
a ``code`` naming an English template and ``params`` filling its ``{placeholders}``. A
parameter may itself be a message (a hand's name inside a sentence) or a :class:`Joined`
list (the names sharing a pot), so every word of it can be translated, and the browser
(``web/i18n.js``, ``tcode``) renders the same tree the way :func:`render` does here.

Codes are registered with their English templates by the modules that say them
(:func:`register`); a template with a count is a pair ``(one, other)`` and the message
carries its count as the parameter ``count``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Final, Literal, TypeAlias

from parlour.i18n.catalogs import translations

Template: TypeAlias = "str | tuple[str, str] | Ctx"
Value: TypeAlias = "int | str | Message | Joined"

_PLACEHOLDER: Final = re.compile(r"\{(\w+)\}")
_SEPARATORS: Final = {"space": " ", "semicolon": "; "}


@dataclass(frozen=True, slots=True)
class Ctx:
    """A msgid with a context: one English word that other languages say in two ways
    (``kings`` in "a pair of kings" and in "kings and fives")."""

    context: str
    msgid: str


#: Every code's English template, filled in by the modules that say them.
TEMPLATES: dict[str, Template] = {}


def register(templates: Mapping[str, Template]) -> None:
    """Add codes and their English templates; ``ValueError`` for a code taken by another."""
    for code, template in templates.items():
        if TEMPLATES.get(code, template) != template:
            raise ValueError(f"message code {code!r} registered twice with different text")
        TEMPLATES[code] = template


@dataclass(frozen=True, slots=True)
class Message:
    """One registered template (``code``) and the values of its placeholders."""

    code: str
    params: Mapping[str, Value] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self, "en")

    def to_dict(self) -> dict[str, Any]:
        """The wire form: ``{"code", "params"}``, nested messages and lists likewise."""
        return {"code": self.code, "params": {k: wire(v) for k, v in self.params.items()}}


@dataclass(frozen=True, slots=True)
class Joined:
    """Values read as one list: ``and`` ("A, B and C"), or separated by a ``comma``, a
    ``semicolon`` or a ``space``.

    ``capital`` writes the list's first letter upper case (a list that opens a sentence
    with "you").
    """

    items: tuple[Value, ...]
    style: Literal["and", "comma", "semicolon", "space"] = "and"
    capital: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The wire form: ``{"join", "items", "capital"}``."""
        return {"join": self.style, "items": [wire(v) for v in self.items], "capital": self.capital}


def wire(value: Value) -> Any:
    """A parameter as JSON: numbers and text as they are, messages and lists as objects."""
    if isinstance(value, (Message, Joined)):
        return value.to_dict()
    return value


def fill(template: str, params: Mapping[str, str]) -> str:
    """``template`` with each ``{name}`` replaced by ``params[name]`` (unknown ones kept)."""
    return _PLACEHOLDER.sub(lambda m: params.get(m.group(1), m.group(0)), template)


def template_for(code: str, lang: str, count: int | None = None) -> str:
    """The template of ``code`` in ``lang`` (the form for ``count`` when it has forms)."""
    english = TEMPLATES.get(code)
    if english is None:
        raise KeyError(f"unknown message code {code!r}")
    found = translations(lang)
    if isinstance(english, tuple):
        return found.ngettext(english[0], english[1], 1 if count is None else count)
    if isinstance(english, Ctx):
        return found.pgettext(english.context, english.msgid)
    return found.gettext(english)


def render(value: Value, lang: str) -> str:
    """``value`` as text in ``lang``: a message's template filled, a list joined."""
    if isinstance(value, Message):
        count = value.params.get("count")
        template = template_for(value.code, lang, count if isinstance(count, int) else None)
        return fill(template, {k: render(v, lang) for k, v in value.params.items()})
    if isinstance(value, Joined):
        return _joined([render(item, lang) for item in value.items], value, lang)
    return str(value)


#: The most messages :func:`spoken` remembers before it starts afresh.
SPOKEN_MOST: Final = 65536
_SPOKEN: dict[int, tuple[Message, str, dict[str, Any]]] = {}


def spoken(message: Message) -> tuple[str, dict[str, Any]]:
    """``message`` in English and in its wire form, remembered for the same object.

    A server tells every viewer what their cards are worth after every action; those notes
    are the same few message objects again and again (their builders keep them), so each
    is rendered once. The memo holds the message itself, so its id cannot be reused while
    it is remembered; the wire form it returns is shared and must not be changed.
    """
    known = _SPOKEN.get(id(message))
    if known is None:
        if len(_SPOKEN) >= SPOKEN_MOST:
            _SPOKEN.clear()
        known = _SPOKEN[id(message)] = (message, render(message, "en"), message.to_dict())
    return known[1], known[2]


def _joined(items: list[str], joined: Joined, lang: str) -> str:
    if joined.style in _SEPARATORS:
        text = _SEPARATORS[joined.style].join(items)
    elif joined.style == "comma" or len(items) <= 1:
        text = ", ".join(items)
    else:
        text = fill(
            template_for("list.and", lang), {"head": ", ".join(items[:-1]), "last": items[-1]}
        )
    return text[:1].upper() + text[1:] if joined.capital else text


def N_(msgid: str) -> str:  # noqa: N802 - gettext's name for a marked, untranslated msgid
    """Mark ``msgid`` for extraction; it is translated where it is read."""
    return msgid


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802 - gettext's convention
    """Mark a msgid with a plural for extraction: ``(one, other)``."""
    return singular, plural


def Np_(context: str, msgid: str) -> Ctx:  # noqa: N802 - gettext's convention
    """Mark a msgid with a context for extraction."""
    return Ctx(context, msgid)


register({"list.and": N_("{head} and {last}")})


def from_wire(data: Any) -> Value:
    """A parameter from its wire form (:func:`wire`); ``ValueError`` for anything else."""
    if isinstance(data, (int, str)) and not isinstance(data, bool):
        return data
    if isinstance(data, dict) and "code" in data:
        params = data.get("params", {})
        if not isinstance(params, dict):
            raise ValueError("a message's params must be an object")
        return Message(str(data["code"]), {str(k): from_wire(v) for k, v in params.items()})
    if isinstance(data, dict) and "join" in data:
        style = data["join"]
        if style not in ("and", "comma", "semicolon", "space"):
            raise ValueError(f"unknown list style {style!r}")
        items = tuple(from_wire(v) for v in data.get("items", []))
        return Joined(items, style, bool(data.get("capital", False)))
    raise ValueError(f"not a message parameter: {data!r}")
