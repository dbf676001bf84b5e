"""The words the server's clients read: every message code the server sends, and the
browser's catalog with their templates in one language (``GET /api/i18n``).

A code is registered by the module that says it: narration sentences and hand names
(:mod:`parlour.narration.sentences`), hand-strength notes (:mod:`parlour.narration.strength`),
errors (:mod:`parlour.server.errors`) and table notices (:mod:`parlour.server.notices`).
Importing them here makes the set whole before the first catalog is built.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import parlour.narration.sentences
import parlour.narration.strength
import parlour.server.errors
import parlour.server.notices  # noqa: F401 - each import registers its codes
from parlour.i18n.browser import catalog_json as _catalog_json


@cache
def catalog_json(lang: str) -> dict[str, Any]:
    """The body of ``/api/i18n`` for ``lang``, every code the server sends included."""
    return _catalog_json(lang)
