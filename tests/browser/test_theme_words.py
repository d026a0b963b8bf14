"""The theme's own words are in the page's language on every translated page (pt/, es/, ru/).

pydata-sphinx-theme, sphinx-book-theme, Sphinx, myst-nb and sphinx-copybutton write words of
their own around the chapters: tooltips, names of buttons and landmarks, the search field,
the footer, "Back to top". Some are untranslated in the theme (a literal English title),
some have no Portuguese catalog. book/_ext/templates and the sidebar's catalog
(locales/LANG/LC_MESSAGES/sphinx.po) say them in the page's language; Sphinx's scripts (the
search) say theirs through locales/LANG/LC_MESSAGES/sphinx.js where Sphinx's own has none. Every built page of each
translation is read for these English words: as a piece of text, or as an element's name,
tooltip or placeholder; then a chapter is opened in chromium to catch the words the themes'
scripts add.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser

import pytest
from conftest import BOOK_HTML

pytestmark = pytest.mark.browser

TRANSLATIONS = ("pt", "es", "ru")
#: What the themes and tools can write on a page, in English (compared whole, ignoring case
#: and a trailing "..." or "…").
THEME_WORDS = frozenset(
    word.lower()
    for word in (
        "Back to top",
        "Toggle primary sidebar",
        "Toggle secondary sidebar",
        "Site navigation",
        "Section Navigation",
        "On this page",
        "Contents",
        "Table of contents",
        "Skip to main content",
        "Search",
        "Search this book",
        "Search the docs",
        "Search Results",
        "Searching",
        "Please activate JavaScript to enable the search functionality.",
        "Print to PDF",
        "Download",
        "Download this page",
        "Download source file",
        "Download notebook file",
        "Fullscreen mode",
        "Color mode",
        "Light",
        "Dark",
        "System Settings",
        "Language",
        "previous",
        "next",
        "previous page",
        "next page",
        "Link to this heading",
        "Version warning",
        "Announcement",
        "Breadcrumb",
        "Home",
        "Main",
        "Page",
        "Edit this page",
        "Show Source",
        "Collapse Sidebar",
        "Expand Sidebar",
        "Toggle navigation",
        "Launch",
        "Copy",
        "Copy to clipboard",
        "Copied!",
        "Failed to copy",
        "Show the code",
        "Hide the code",
        "Toggle hidden content",
        "Click to show",
        "Click to hide",
        "Index",
        "Contents:",
    )
)
#: English words that start a longer piece of the theme's text.
THEME_STARTS = ("by the ", "by ", "© copyright", "copyright ", "last updated on", "theme by")
NAMED_BY = (
    "aria-label",
    "title",
    "placeholder",
    "alt",
    "data-bs-title",
    "data-bs-original-title",
    "data-tooltip",
    "aria-description",
)
#: Where English is content, not the theme's: code and what the page's scripts hold.
SKIP = {"script", "style", "code", "pre", "template", "kbd", "svg"}
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "area", "col", "embed", "param", "track"}


def english(text: str) -> bool:
    words = " ".join(text.split()).lower().rstrip(".…").strip()
    whole = " ".join(text.split()).lower()
    return words in THEME_WORDS or whole in THEME_WORDS or whole.startswith(THEME_STARTS)


class ThemeWords(HTMLParser):
    """Every English theme word of a page: ``(where, text)``."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[tuple[str, str]] = []
        self.skipped: list[bool] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in NAMED_BY and value and english(value):
                self.found.append((f"<{tag} {name}>", value))
        if tag not in VOID:
            self.skipped.append(tag in SKIP or bool(self.skipped and self.skipped[-1]))

    def handle_endtag(self, tag):
        if tag not in VOID and self.skipped:
            self.skipped.pop()

    def handle_data(self, data):
        if data.strip() and not (self.skipped and self.skipped[-1]) and english(data):
            self.found.append(("text", " ".join(data.split())))


def theme_words(html: str) -> list[tuple[str, str]]:
    parser = ThemeWords()
    parser.feed(html)
    return parser.found


def translated_pages(lang: str) -> list[str]:
    root = BOOK_HTML / lang
    return sorted(
        path.relative_to(BOOK_HTML).as_posix()
        for path in root.rglob("*.html")
        if not {"_static", "_sources", "_images"} & set(path.relative_to(root).parts)
    )


def test_the_scan_finds_the_theme_words_on_an_english_page(book_html):
    """It can fail: an English chapter holds many of them."""
    found = {text.lower() for _, text in theme_words((book_html / "book/04-tricks.html").read_text(encoding="utf-8"))}
    assert {"back to top", "contents", "on this page", "skip to main content", "next page"} <= found, found


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_no_theme_word_is_english_on_a_translated_page(book_html, lang):
    pages = translated_pages(lang)
    assert len(pages) > 15, f"{lang}/ holds only {len(pages)} pages"
    english_left = {}
    for page in pages:
        for where, text in theme_words((book_html / page).read_text(encoding="utf-8")):
            english_left.setdefault(f"{where} {text!r}", page)
    assert not english_left, "\n".join(f"{what} on {page}" for what, page in sorted(english_left.items()))


#: A word Sphinx's scripts say through their catalog (translations.js): ``_("...")`` or
#: ``Documentation.gettext("...")``.
SAID_BY_SCRIPT = re.compile(r'(?:\b_|Documentation\.gettext)\(\s*"([^"]+)"')


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_every_word_of_sphinxs_scripts_is_said_in_each_translation(book_html, lang):
    """Sphinx's own catalog for a language may hold a word as "" (its "pt" has none of the
    search's): the scripts then say nothing, an empty link ("hide search matches", axe's
    link-name) or an empty heading. locales/LANG/LC_MESSAGES/sphinx.js comes before it."""
    static = book_html / lang / "_static"
    words = {
        word
        for script in ("searchtools.js", "sphinx_highlight.js", "doctools.js")
        for word in SAID_BY_SCRIPT.findall((static / script).read_text(encoding="utf-8"))
    }
    assert {"Hide Search Matches", "Search Results", "Searching"} <= words, words
    catalog = (static / "translations.js").read_text(encoding="utf-8")
    catalog = catalog[catalog.index("addTranslations(") + len("addTranslations(") : catalog.rindex(")")]
    said = json.loads(catalog)["messages"]
    nothing = sorted(word for word in words if not said.get(word))
    assert not nothing, f"{lang}: said as nothing: {nothing}"


#: The words on the page after its scripts ran: text, names, tooltips and placeholders.
LIVE_WORDS = """() => {
  const found = [];
  const names = %s;
  for (const el of document.querySelectorAll('body *')) {
    if (el.closest('script, style, code, pre, template, kbd, .ll-replay')) continue;
    for (const name of names) { const value = el.getAttribute(name); if (value) found.push(value); }
    for (const node of el.childNodes) if (node.nodeType === 3 && node.data.trim()) found.push(node.data);
  }
  return found;
}""" % list(NAMED_BY)  # noqa: UP031 (the script's braces: a format string would double each)


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_themes_scripts_speak_the_pages_language(book_site, browser_page, lang):
    """Copy buttons, tooltips and the search dialog are made by scripts once the page loads."""
    page, log = browser_page
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(book_site + f"{lang}/book/12-writing-scenarios.html", wait_until="load")
    assert page.locator(".copybtn").count() > 0, "no copy button to look at"
    page.locator(".copybtn").first.click(force=True)  # its icon becomes "copied" (or "failed")
    page.wait_for_timeout(300)
    assert page.locator(".copybtn").first.evaluate("b => b.querySelector('title').textContent") not in {
        "Copy to clipboard",
        "Copied!",
        "Failed to copy",
    }
    page.locator(".search-button:visible").first.click()
    page.locator("#pst-search-dialog input").fill("trunfo" if lang == "pt" else "carta")
    page.wait_for_timeout(1500)
    left = sorted({" ".join(text.split()) for text in page.evaluate(LIVE_WORDS) if english(text)})
    assert not left, f"English on {lang}/book/12-writing-scenarios.html: {left}"
    log.assert_clean()
