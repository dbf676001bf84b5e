"""Extract every msgid from the code into the catalog template, and bring the catalogs up.

Run it after adding or changing a string (``python -m parlour.i18n.extract``): it writes
``locale/parlour.pot`` from the Python sources (keywords ``_``, ``_n``, ``_p``, ``N_``,
``Nn_``, ``Np_``) and the browser's scripts (``web/**.js``, keywords ``t``, ``tn``), then
merges the template into each language's ``.po``: new msgids appear there untranslated
(and the test suite fails until someone translates them), msgids gone from the code are
dropped. The same extraction with ``pybabel`` is
``pybabel extract -F src/parlour/i18n/babel.cfg -k _ -k _n:1,2 -k _p:1c,2 -k N_ -k Nn_:1,2
-k Np_:1c,2 -k t -k tn:1,2 --no-default-keywords --no-location -o parlour.pot src/parlour``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Final

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from parlour.i18n.catalogs import DOMAIN, TEMPLATE, catalog_languages, po_path
from parlour.i18n.languages import LANGUAGES

PACKAGE: Final = Path(__file__).resolve().parent.parent
#: Which extractor reads which files, relative to the ``parlour`` package.
METHODS: Final = [
    ("**.py", "python"),
    ("web/vendor/**", "ignore"),
    ("web/**.js", "javascript"),
]
#: Call names whose string arguments are msgids (gettext keyword specs: a number is a
#: msgid argument, ``(n, "c")`` the context).
KEYWORDS: Final[dict[str, Any]] = {
    "_": None,
    "_n": (1, 2),
    "_p": ((1, "c"), 2),
    "N_": None,
    "Nn_": (1, 2),
    "Np_": ((1, "c"), 2),
    "t": None,
    "tn": (1, 2),
}
WIDTH: Final = 100
PROJECT_VERSION: Final = "0.1"
HEADER: Final = (
    "# parlour's words in {language}: see docs/i18n.md (translate every msgid; keep\n"
    "# every {{placeholder}} of the msgid; card notation stays as it is).\n"
    "#"
)


def template() -> Catalog:
    """The catalog template from the code as it is now (no line numbers, so moving a
    string within a file changes nothing)."""
    found = Catalog(
        project="parlour",
        version=PROJECT_VERSION,
        copyright_holder="the parlour authors",
        msgid_bugs_address="the parlour issue tracker",
        domain=DOMAIN,
        charset="utf-8",
        fuzzy=False,
    )
    options = {"web/**.js": {"parse_template_string": True}}
    for filename, _lineno, message, _comments, context in extract_from_dir(
        str(PACKAGE), METHODS, options, KEYWORDS, strip_comment_tags=True
    ):
        location: tuple[str, Any] = (f"src/parlour/{filename}", None)
        found.add(message, None, [location], context=context)
    return found


def _write(catalog: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as file:
        write_po(file, catalog, width=WIDTH, sort_output=True, include_lineno=False)


def _ids(catalog: Catalog) -> set[tuple[str | None, object]]:
    return {(m.context, m.id) for m in catalog if m.id}


def update() -> list[str]:
    """Write the template and merge it into every language's catalog; the languages.

    The template keeps its creation date while its msgids stay the same, so running this
    twice changes no file.
    """
    pot = template()
    if TEMPLATE.exists():
        with TEMPLATE.open("rb") as file:
            before = read_po(file, domain=DOMAIN)
        if _ids(before) == _ids(pot):
            pot.creation_date = before.creation_date
    _write(pot, TEMPLATE)
    done = []
    for lang in catalog_languages():
        path = po_path(lang)
        if path.exists():
            with path.open("rb") as file:
                existing = read_po(file, locale=lang, domain=DOMAIN)
        else:
            existing = Catalog(locale=lang, domain=DOMAIN, project="parlour", fuzzy=False)
        existing.update(pot, no_fuzzy_matching=True)
        existing.obsolete.clear()
        existing.revision_date = pot.creation_date
        existing.project, existing.version = pot.project, pot.version
        existing.msgid_bugs_address = pot.msgid_bugs_address
        existing.last_translator = "the parlour authors"
        existing.language_team = LANGUAGES[lang]
        existing.copyright_holder = "the parlour authors"
        existing.header_comment = HEADER.format(language=LANGUAGES[lang])
        _write(existing, path)
        done.append(lang)
    return done


def main() -> int:
    """``python -m parlour.i18n.extract``: refresh the template and the catalogs."""
    languages = update()
    sys.stdout.write(f"wrote {TEMPLATE} and updated {', '.join(languages)}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
