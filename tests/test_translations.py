"""The book's gettext catalogs (locales/LANG/LC_MESSAGES): complete, current and keeping the markup.

`make pot` refreshes them from the chapters; a changed English paragraph then shows up
fuzzy and a new one empty, and these tests fail until a translator has seen it.
"""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

LOCALES = Path(__file__).resolve().parents[1] / "locales"
TRANSLATIONS = ("pt", "es", "ru")
CATALOGS = sorted(LOCALES.glob("*/LC_MESSAGES/**/*.po"))
#: MyST roles ({doc}`05-drawing`, {glue:text}`drawn_6:.1f`) and link targets must survive as written.
ROLE = re.compile(r"\{([\w:-]+)\}`(?:[^`<]*<([^`>]+)>|([^`]*))`")
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


def markup(text: str) -> list[tuple[str, str]]:
    """Each role with its target (a title may be translated: {doc}`Título <05-drawing>`) and link target."""
    roles = [(role, titled or plain) for role, titled, plain in ROLE.findall(text)]
    return sorted(roles + [("link", target) for target in LINK_TARGET.findall(text)])


def test_every_language_has_a_catalog_for_every_chapter():
    chapters = {path.relative_to(LOCALES / "pt" / "LC_MESSAGES") for path in
                (LOCALES / "pt" / "LC_MESSAGES").rglob("*.po")}
    assert Path("book/06-last-card.po") in chapters
    for lang in TRANSLATIONS:
        found = {path.relative_to(LOCALES / lang / "LC_MESSAGES")
                 for path in (LOCALES / lang / "LC_MESSAGES").rglob("*.po")}
        assert found == chapters, f"{lang}: catalogs differ from pt's"


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.relative_to(LOCALES).as_posix())
def test_the_catalog_is_complete_and_keeps_the_markup(path):
    catalog = polib.pofile(str(path))
    untranslated = [entry.msgid[:60] for entry in catalog.untranslated_entries()]
    fuzzy = [entry.msgid[:60] for entry in catalog.fuzzy_entries()]
    assert not untranslated, f"{len(untranslated)} untranslated, first: {untranslated[:3]}"
    assert not fuzzy, f"{len(fuzzy)} fuzzy (English changed since): {fuzzy[:3]}"
    for entry in catalog.translated_entries():
        assert markup(entry.msgstr) == markup(entry.msgid), f"{entry.msgid[:60]!r}: markup changed"


def test_markup_sees_roles_titles_and_links():
    assert markup("see {doc}`05-drawing` and [the app](app.md), {glue:text}`n:.1f`") == [
        ("doc", "05-drawing"), ("glue:text", "n:.1f"), ("link", "app.md")]
    assert markup("veja {doc}`o capítulo <05-drawing>`") == [("doc", "05-drawing")]
