"""Every word a player reads, in English, Polish, Serbian (Cyrillic and Latin) and Basque.

Strings are written in English in the code, with ``{named}`` placeholders, and marked so
Babel extracts them into the catalog template (``python -m parlour.i18n.extract``):

- ``_("You fold.")`` and ``_n("{n} chip", "{n} chips", n)`` translate into the current
  language at once (the terminal, the CLI);
- ``_p("rank", "king")`` is a msgid with a context, for words that read differently in
  another place;
- ``N_`` and ``Nn_`` only mark a template that is translated later, where it is read (a
  :class:`~parlour.i18n.message.Message` code's template, rendered for each reader).

The current language is English until :func:`use` sets another (``parlour play --lang``,
or the locale). The server renders nothing itself for its readers: it sends messages as
code and parameters and serves the catalogs at ``/api/i18n`` (:mod:`parlour.i18n.browser`).
"""

from __future__ import annotations

from typing import Final

from parlour.i18n.catalogs import translations
from parlour.i18n.languages import LANGUAGES, SOURCE, checked, from_environment, negotiate
from parlour.i18n.message import N_, Joined, Message, Nn_, fill, register, render

_state: Final[dict[str, str]] = {"lang": SOURCE}


def use(lang: str) -> str:
    """Speak ``lang`` from now on in this process; ``ValueError`` for an unknown one."""
    _state["lang"] = checked(lang)
    return _state["lang"]


def current() -> str:
    """The language this process speaks (English unless :func:`use` chose another)."""
    return _state["lang"]


def _(msgid: str, **params: object) -> str:
    """``msgid`` in the current language, its ``{placeholders}`` filled from ``params``."""
    text = translations(current()).gettext(msgid)
    return fill(text, {k: str(v) for k, v in params.items()})


def _n(singular: str, plural: str, n: int, **params: object) -> str:
    """The form of a message for the count ``n`` (also its ``{n}``), in the current language."""
    text = translations(current()).ngettext(singular, plural, n)
    return fill(text, {"n": str(n), **{k: str(v) for k, v in params.items()}})


def _p(context: str, msgid: str, **params: object) -> str:
    """``msgid`` as it reads in ``context`` (``_p("suit", "hearts")``), filled and translated."""
    text = translations(current()).pgettext(context, msgid)
    return fill(text, {k: str(v) for k, v in params.items()})


def say(value: Message | Joined) -> str:
    """A message in the current language."""
    return render(value, current())


__all__ = [
    "LANGUAGES",
    "N_",
    "Joined",
    "Message",
    "Nn_",
    "_",
    "_n",
    "_p",
    "current",
    "from_environment",
    "negotiate",
    "register",
    "render",
    "say",
    "use",
]
