"""The catalog the browser reads (``GET /api/i18n``), built from the same ``.po`` files.

The browser writes its words as English msgids (``t('Your move')``, ``tn('{n} chip',
'{n} chips', n)``) and renders server messages by code (``tcode``); this module gives it,
for one language, the translations of the browser's msgids and the template of every
message code, plural ones as their forms in catalog order with the Intl.PluralRules
category of each (``plural_categories``). Built once per language and kept.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from babel.messages.catalog import Catalog

from parlour.i18n.catalogs import catalog, template_catalog
from parlour.i18n.languages import LANGUAGES, PLURAL_CATEGORIES, SOURCE
from parlour.i18n.message import TEMPLATES, Ctx, Template

#: Where the msgids the browser uses are written: its own scripts, and the games' facts
#: (option labels and help, served by ``/api/games``, which the browser passes to ``t``).
BROWSER_FILES: Final = ("src/parlour/web/", "src/parlour/games/")
#: What separates a plural msgid's two English forms in a ``messages`` key.
PLURAL_KEY: Final = "\u0004"


def _forms(found: Catalog | None, msgid: str | tuple[str, str], context: str | None) -> Any:
    """The translation of one msgid: text, or the list of plural forms in catalog order.

    English (``found`` is ``None``) and a missing translation read as the msgid itself.
    """
    entry = found.get(msgid, context=context) if found is not None else None
    string = entry.string if entry is not None else None
    if isinstance(msgid, tuple):
        forms = list(string) if isinstance(string, (tuple, list)) else []
        return forms if forms and all(forms) else list(msgid)
    return string if isinstance(string, str) and string else msgid


def _template(found: Catalog | None, english: Template) -> Any:
    if isinstance(english, Ctx):
        return _forms(found, english.msgid, english.context)
    return _forms(found, english, None)


@cache
def browser_messages(lang: str) -> dict[str, Any]:
    """The browser's msgids (from ``web/*.js`` and the games' facts) translated into
    ``lang``; a plural one is keyed ``singular + "\\u0004" + plural`` and holds its forms."""
    found = None if lang == SOURCE else catalog(lang)
    messages: dict[str, Any] = {}
    for message in template_catalog():
        if not message.id or not any(f.startswith(BROWSER_FILES) for f, _ in message.locations):
            continue
        msgid = message.id
        if isinstance(msgid, str):
            messages[msgid] = _forms(found, msgid, message.context)
        else:
            singular, plural = str(msgid[0]), str(msgid[1])
            messages[singular + PLURAL_KEY + plural] = _forms(
                found, (singular, plural), message.context
            )
    return messages


def catalog_json(lang: str, codes: Mapping[str, Template] | None = None) -> dict[str, Any]:
    """The body of ``/api/i18n`` for ``lang``: its name and plural categories, the browser's
    messages and each message code's template (``codes``: every registered one)."""
    found = None if lang == SOURCE else catalog(lang)
    templates = TEMPLATES if codes is None else codes
    return {
        "lang": lang,
        "languages": [{"code": code, "name": name} for code, name in LANGUAGES.items()],
        "plural_categories": list(PLURAL_CATEGORIES[lang]),
        "messages": browser_messages(lang),
        "codes": {code: _template(found, english) for code, english in sorted(templates.items())},
    }
