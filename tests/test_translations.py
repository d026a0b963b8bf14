"""The book's gettext catalogs (locales/LANG/LC_MESSAGES): complete, current and keeping the markup.

`make pot` refreshes them from the chapters; a changed English paragraph then shows up
fuzzy and a new one empty, and these tests fail until a translator has seen it.
"""

from __future__ import annotations

import re
import string
import sys
from pathlib import Path

import polib
import pytest

from lingerlonger.words import chapter_words as booktext

REPO = Path(__file__).resolve().parents[1]
LOCALES = REPO / "locales"
sys.path.insert(0, str(REPO / "book" / "_ext"))
import code_messages  # noqa: E402 - book/_ext is no package

TRANSLATIONS = ("pt", "es", "ru")
CATALOGS = sorted(LOCALES.glob("*/LC_MESSAGES/**/*.po"))
#: MyST roles ({doc}`05-drawing`, {glue:text}`drawn_6`) and link targets must survive as written.
ROLE = re.compile(r"\{([\w:-]+)\}`(?:[^`<]*<([^`>]+)>|([^`]*))`")
LINK_TARGET = re.compile(r"\]\(([^)\s]+)\)")


def markup(text: str) -> list[tuple[str, str]]:
    """Each role with its target (a title may be translated: {doc}`Título <05-drawing>`) and link target."""
    roles = [(role, titled or plain) for role, titled, plain in ROLE.findall(text)]
    return sorted(roles + [("link", target) for target in LINK_TARGET.findall(text)])


def test_every_language_has_a_catalog_for_every_chapter():
    chapters = {
        path.relative_to(LOCALES / "pt" / "LC_MESSAGES") for path in (LOCALES / "pt" / "LC_MESSAGES").rglob("*.po")
    }
    assert Path("book/06-last-card.po") in chapters
    for lang in TRANSLATIONS:
        found = {
            path.relative_to(LOCALES / lang / "LC_MESSAGES") for path in (LOCALES / lang / "LC_MESSAGES").rglob("*.po")
        }
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


def fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.fixture(scope="module")
def chapter_messages() -> dict[str, list[str]]:
    return code_messages.chapter_messages(REPO)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_message_of_the_chapters_code_is_translated(lang, chapter_messages):
    """Each _("…") of a code cell is in code.po, translated and not fuzzy, with the same {fields};
    a new one fails here until `make pot` has added it and a translator has written it."""
    catalog = {
        entry.msgid: entry
        for entry in polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "code.po"))
        if not entry.obsolete
    }
    missing = [message for message in chapter_messages if message not in catalog]
    assert not missing, f"{lang}: code.po lacks {missing[:3]} (run make pot)"
    for message in chapter_messages:
        entry = catalog[message]
        assert entry.msgstr and "fuzzy" not in entry.flags, f"{lang}: {message!r} is not translated"
        assert fields(entry.msgstr) == fields(message), f"{lang}: {message!r}: placeholders changed"
        assert booktext.messages(lang)[message] == entry.msgstr  # booktext's reader agrees with polib


def test_the_chapters_code_has_messages_and_no_bare_english_labels(chapter_messages):
    assert {"Refused:", "Dani may play:", "{name} wins the match,"} <= set(chapter_messages)
    assert chapter_messages["Refused:"] == ["book/04-tricks", "book/09-variants"]
    # A label printed as a literal English string is not translated: print("Refused:", ...).
    bare = re.compile(r"""print\(f?["'][A-Za-z]""")
    for page in code_messages.pages(REPO):
        if page == "book/10-strategy":  # another chapter's owner converts it
            continue
        text = (REPO / f"{page}.md").read_text(encoding="utf-8")
        assert not bare.search(text), f"{page}: {bare.search(text).group()!r}: wrap the label in _()"


def test_booktext_reads_translations_and_falls_back_to_english(tmp_path, monkeypatch):
    folder = tmp_path / "locales" / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "code.po").write_text(
        'msgid ""\nmsgstr "Language: pt\\n"\n\n'
        'msgid "Refused:"\nmsgstr "Recusado:"\n\n'
        '#, fuzzy\nmsgid "Hand sizes:"\nmsgstr "Tamanhos:"\n\n'
        'msgid ""\n"Deal number "\n"{seed}:"\nmsgstr ""\n"Distribuição "\n"{seed}:"\n\n'
        'msgid "none"\nmsgstr ""\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("LINGERLONGER_LOCALES", str(tmp_path / "locales"))
    booktext.messages.cache_clear()
    try:
        assert booktext._("Refused:", "pt") == "Recusado:"
        assert booktext._("Deal number {seed}:", "pt") == "Distribuição {seed}:"
        assert booktext._("Hand sizes:", "pt") == "Hand sizes:"  # fuzzy: English until reviewed
        assert booktext._("none", "pt") == "none"
        assert booktext._("Refused:", "en") == "Refused:"
        assert booktext.number(8.25, lang="pt") == "8,2" and booktext.percent(0.5, lang="ru") == "50\u00a0%"
    finally:
        booktext.messages.cache_clear()


def test_markup_sees_roles_titles_and_links():
    assert markup("see {doc}`05-drawing` and [the app](app.md), {glue:text}`n:.1f`") == [
        ("doc", "05-drawing"),
        ("glue:text", "n:.1f"),
        ("link", "app.md"),
    ]
    assert markup("veja {doc}`o capítulo <05-drawing>`") == [("doc", "05-drawing")]


def test_make_pot_adds_the_part_titles_to_the_themes_catalog(tmp_path):
    """The gettext build leaves them out of sphinx.pot: without them, `sphinx-intl update`
    would drop their translations from every sphinx.po."""
    pot = tmp_path / "sphinx.pot"
    pot.write_text('msgid ""\nmsgstr ""\n\nmsgid "Search"\nmsgstr ""\n', encoding="utf-8")
    assert code_messages.add_part_titles(pot, REPO) == 3
    assert [entry.msgid for entry in polib.pofile(str(pot))] == [
        "Search",
        "The game",
        "Going further",
        "Reference",
        "Show the code",
        "Hide the code",
        "Search this book…",
        "Back to top",
        "Skip to main content",
        "Link to this heading",
        "next page",
        "previous page",
        "Version warning",
        "Please activate JavaScript to enable the search functionality.",
        "© Copyright %(copyright)s.",
    ]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_make_pot_kept_every_word_of_the_theme(lang):
    """A theme word that `make pot` does not see is marked obsolete in sphinx.po, and every page
    in that language says it in English again (it happened to "Back to top")."""
    catalog = polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "sphinx.po"))
    assert not [entry.msgid for entry in catalog.obsolete_entries()]


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_table_of_contents_part_titles_are_translated(lang):
    captions = code_messages.part_titles(REPO)
    assert captions
    theme = {
        entry.msgid: entry.msgstr
        for entry in polib.pofile(str(LOCALES / lang / "LC_MESSAGES" / "sphinx.po"))
        if entry.msgstr and "fuzzy" not in entry.flags
    }
    assert [caption for caption in captions if caption not in theme] == []
