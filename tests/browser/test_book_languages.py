"""The book in four languages (`make book`): English at the root, pt/, es/ and ru/ beside it.

Every language has the same pages at the same paths, each page says its language and
links to its three translations, the header's menu goes to the same page in another
language, and the prose of a translated page is in its language (measured by the share
of English function words, which no Portuguese, Spanish or Russian sentence uses).
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from lingerlonger.words.i18n import language_tag

pytestmark = pytest.mark.browser

TRANSLATIONS = ("pt", "es", "ru")
LANGUAGES = ("en", *TRANSLATIONS)
#: Words that are English and nothing else in the book's other languages.
ENGLISH_ONLY = frozenset(
    [
        "the",
        "and",
        "with",
        "you",
        "your",
        "which",
        "this",
        "that",
        "is",
        "are",
        "was",
        "were",
        "have",
        "has",
        "what",
        "who",
        "when",
        "where",
        "why",
        "how",
        "will",
        "would",
        "should",
        "could",
        "their",
        "they",
        "them",
        "it",
        "its",
        "from",
        "into",
        "than",
        "then",
        "there",
        "these",
        "those",
        "been",
        "being",
        "each",
        "every",
    ]
)
#: At most this share of a translated page's words may be English-only function words.
MOST_ENGLISH = 0.02


#: Files of the whole site, in every language at once: the handout pack and the 404 page.
SITE_WIDE = {"handouts", "404.html"}


def english_pages(root: Path) -> list[str]:
    """The book's pages as Sphinx built them in one language (below ``root``)."""
    return sorted(
        path.relative_to(root).as_posix()
        for path in root.rglob("*.html")
        if not {"_static", "_sources", "_images", *TRANSLATIONS, *SITE_WIDE} & set(path.relative_to(root).parts)
    )


class Prose(HTMLParser):
    """The words of a page's article, leaving out code, outputs, replays and quotations."""

    SKIP = frozenset({"pre", "code", "script", "style", "blockquote", "q", "em"})
    SKIP_CLASSES = ("cell_output", "ll-replay", "highlight", "ll-sheet")

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.lang = lang  # an element in another language (a quoted seed) is skipped
        self.words: list[str] = []
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) skipped
        self.in_article = 0

    def handle_starttag(self, tag, attrs):
        if tag in {"br", "img", "hr", "input", "meta", "link", "wbr", "source"}:
            return
        classes = dict(attrs).get("class") or ""
        skipped = (
            (self.stack and self.stack[-1])
            or tag in self.SKIP
            or any(name in classes for name in self.SKIP_CLASSES)
            or dict(attrs).get("lang", self.lang).split("-")[0] != self.lang
        )  # pt-PT is pt
        self.stack.append(bool(skipped))
        if tag == "article":
            self.in_article += 1

    def handle_endtag(self, tag):
        if tag in {"br", "img", "hr", "input", "meta", "link", "wbr", "source"}:
            return
        if self.stack:
            self.stack.pop()
        if tag == "article":
            self.in_article -= 1

    def handle_data(self, data):
        if self.in_article and not (self.stack and self.stack[-1]):
            self.words += re.findall(r"[^\W\d_]+", data.lower())


def english_share(html: str, lang: str) -> tuple[float, list[str]]:
    prose = Prose(lang)
    prose.feed(html)
    assert len(prose.words) > 50, "the measure found almost no prose on the page"
    english = [word for word in prose.words if word in ENGLISH_ONLY]
    return len(english) / len(prose.words), english


def test_every_language_has_the_same_pages(book_html):
    pages = english_pages(book_html)
    assert "book/06-last-card.html" in pages
    for lang in TRANSLATIONS:
        assert english_pages(book_html / lang) == pages, f"{lang}/ differs from the English pages"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_says_its_language_and_links_to_the_others(book_html, lang):
    root = book_html if lang == "en" else book_html / lang
    for page in english_pages(book_html):
        html = (root / page).read_text(encoding="utf-8")
        if 'http-equiv="Refresh"' in html:
            continue  # the redirecting index.html
        tag = language_tag(lang)
        assert re.search(rf'<html lang="{tag}"', html), f"{lang}/{page}: <html lang> is not {tag}"
        tagged = dict(re.findall(r'<link rel="alternate" hreflang="([\w-]+)" href="([^"]+)"', html))
        expected = {language_tag(code) for code in LANGUAGES} | {"x-default"}  # x-default: the English page
        assert set(tagged) == expected, f"{lang}/{page}: hreflang {sorted(tagged)}"
        # absolute, as search engines ask (book/_ext/site_speed.py): from the site's own address,
        # the one each page's og:url starts with
        own = re.search(r'<meta property="og:url" content="([^"]+)"', html).group(1)
        base = own.removesuffix(((root / page).relative_to(book_html)).as_posix())
        assert tagged["x-default"] == tagged["en"]
        links = {tag.split("-")[0]: href for tag, href in tagged.items() if tag != "x-default"}
        for code, href in links.items():
            assert href.startswith(base), f"{lang}/{page}: the {code} link {href} is not absolute on {base}"
            target = (book_html / href.removeprefix(base)).resolve()
            assert target.is_file(), f"{lang}/{page}: the {code} link {href} leads nowhere"
            assert target == ((book_html if code == "en" else book_html / code) / page).resolve()


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_translated_prose_is_in_its_language(book_html, lang):
    for page in english_pages(book_html):
        if not page.startswith("book/"):
            continue
        share, english = english_share((book_html / lang / page).read_text(encoding="utf-8"), lang)
        assert share <= MOST_ENGLISH, (
            f"{lang}/{page}: {share:.0%} of its words are English ({', '.join(sorted(set(english))[:12])})"
        )


def test_the_english_prose_measures_as_english(book_html):
    """The measure can fail: on an English page the share is far above the bound."""
    share, _ = english_share((book_html / "book/06-last-card.html").read_text(encoding="utf-8"), "en")
    assert share > 5 * MOST_ENGLISH


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_language_menu_goes_to_the_same_page(book_site, browser_page, lang):
    page, log = browser_page
    page.goto(book_site + "book/06-last-card.html", wait_until="load")
    page.locator(".ll-languages button").click()
    page.locator(f'.ll-languages a[hreflang="{language_tag(lang)}"]').click()
    page.wait_for_url(f"**/{lang}/book/06-last-card.html")
    assert page.evaluate("document.documentElement.lang") == language_tag(lang)
    page.locator(".ll-languages button").click()
    page.locator('.ll-languages a[hreflang="en"]').click()
    page.wait_for_url(re.compile(r".*/book/06-last-card\.html$"))
    assert page.evaluate("document.documentElement.lang") == "en"
    log.assert_clean()


@pytest.mark.parametrize("width", [360, 1280])
def test_the_language_menu_sits_in_the_header_row_on_a_phone_and_a_projector(book_site, browser_page, width):
    """Beside the theme and search buttons, whole on the screen (on a phone the theme once
    stacked them and the menu went off the top)."""
    page, log = browser_page
    page.set_viewport_size({"width": width, "height": 740 if width == 360 else 720})
    page.goto(book_site + "ru/book/06-last-card.html", wait_until="load")
    menu = page.locator(".ll-languages button").bounding_box()
    theme = page.locator(".bd-header-article .theme-switch-button").first.bounding_box()
    assert menu["y"] >= 0 and menu["x"] + menu["width"] <= width
    assert abs((menu["y"] + menu["height"] / 2) - (theme["y"] + theme["height"] / 2)) < 8
    log.assert_clean()
