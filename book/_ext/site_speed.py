"""A page painted at once on a phone on a slow network (run by site_pack.py, before the offline copy).

Lighthouse's mobile run (slow 4G, a CPU four times slower) found the first paint waiting on
what it does not need (``bench/lighthouse.py`` measures it); each step here is idempotent,
as site_pack runs again over pages it has already packed:

1. ``<meta charset>`` is the first thing in ``<head>``: a browser reads the first 1,024 bytes
   for it, and the preview tags come before it otherwise;
2. the ``hreflang`` links are absolute (search engines ignore relative ones), with an
   ``x-default`` for the English page;
3. no script in ``<head>`` blocks the first paint: the theme's and Sphinx's scripts move, in
   their order, to the end of ``<body>``, where they still run before the page's deferred
   ones and before ``DOMContentLoaded``; only the tiny inline script that sets the colour
   mode before the first paint stays (and data, ``type="application/json"``). The search's
   own scripts (``searchtools.js``, ``language_data.js`` and the 216 KB ``searchindex.js``)
   are dropped from every page but the search page: the theme's search box sends its words
   there (``search_as_you_type`` is off), which loads them; and no script is preloaded
   (the theme asks for ``bootstrap.js`` and its own script with ``<link rel="preload">``,
   at the highest priority, so that on a slow network they share the line with the style
   sheet the first paint waits for; they load, deferred, after it);
4. the theme's style sheets keep only the rules a page of the site, a script of it or a
   template of the package can use (``purge_styles.mjs``, PurgeCSS): 90% of the theme's
   396 KB went unused, and every page waited for all of it;
5. a page's style sheets from the build's ``_static`` folders are one file
   (``_static/ll-styles.HASH.css``, their rules in their order, ``@import`` taken in where it
   stood, addresses made relative to the new file): on a slow network each of the fifteen
   sheets cost a round trip before the first paint. The sheets no page links any more are
   removed;
6. in each bundle, a custom property (``--name: value``) that no rule reads (``var(--name)``)
   and that no page, script or template of the site names is dropped: the theme declares 641,
   light and dark, and half of them were bytes every first paint waited for.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
import subprocess
from pathlib import Path
from urllib.parse import urljoin

from minify import minified

HERE = Path(__file__).parent
CHARSET = re.compile(r'\s*<meta charset="[^"]*"\s*/?>', re.I)
HEAD = re.compile(r"<head>(.*?)</head>", re.S)
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>\s*", re.S)
ALTERNATE = re.compile(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]*)">')
X_DEFAULT = re.compile(r'\s*<link rel="alternate" hreflang="x-default" href="[^"]*">')
#: The search's scripts: the search page loads its own.
SEARCH_SCRIPTS = ("searchtools.js", "language_data.js", "searchindex.js")
#: What may stay in <head>: the colour mode set before the first paint (no download), data.
#: A style sheet linked for every medium (the bundle's parts), and what a sheet's text refers to.
STYLESHEET = re.compile(r'<link (?=[^>]*rel="stylesheet")(?![^>]*media=)[^>]*href="([^"?#]+)[^"]*"[^>]*>\s*')
IMPORT_OR_URL = re.compile(
    r"""@import\s+(?:url\()?["']?(?P<sheet>[^"')]+)["']?\)?\s*;|url\(\s*(?P<quote>["']?)(?P<address>[^"')]+)(?P=quote)\s*\)"""
)
CHARSET_RULE = re.compile(r'@charset\s+"[^"]*"\s*;\s*')
BUNDLE = "ll-styles."
SCRIPT_PRELOAD = re.compile(r'\s*<link rel="preload" as="script"[^>]*>')
STAYS = re.compile(r'data-cfasync="false"|type="application/json"|\bdefer\b|\basync\b|type="module"')


def charset_first(text: str) -> str:
    """The page with its ``<meta charset>`` right after ``<head>``.

    >>> charset_first('<head><meta name="a"><meta charset="utf-8" />x</head>')
    '<head><meta charset="utf-8" /><meta name="a">x</head>'
    """
    found = CHARSET.search(text)
    if found is None or "<head>" not in text:
        return text
    tag = found.group(0).strip()
    return CHARSET.sub("", text, count=1).replace("<head>", "<head>" + tag, 1)


def absolute_alternates(text: str, page_url: str) -> str:
    """The ``hreflang`` links absolute from ``page_url``, English also the ``x-default``.

    >>> page = ('<link rel="alternate" hreflang="en" href="../a.html">\\n'
    ...         '<link rel="alternate" hreflang="ru" href="../ru/a.html">')
    >>> print(absolute_alternates(page, "https://x.org/ll/pt/a.html"))
    <link rel="alternate" hreflang="en" href="https://x.org/ll/a.html">
    <link rel="alternate" hreflang="ru" href="https://x.org/ll/ru/a.html">
    <link rel="alternate" hreflang="x-default" href="https://x.org/ll/a.html">
    """
    text = X_DEFAULT.sub("", text)
    english = None

    def absolute(link: re.Match) -> str:
        nonlocal english
        href = urljoin(page_url, link.group(2))
        if link.group(1) == "en":
            english = href
        return f'<link rel="alternate" hreflang="{link.group(1)}" href="{href}">'

    text = ALTERNATE.sub(absolute, text)
    if english is None:
        return text
    last = list(ALTERNATE.finditer(text))[-1]
    return f'{text[: last.end()]}\n<link rel="alternate" hreflang="x-default" href="{english}">{text[last.end() :]}'


def unblock_head(text: str, search_page: bool) -> str:
    """The page with no script in ``<head>`` that holds its first paint back (see the module).

    >>> page = ('<head><script data-cfasync="false">m()</script><script src="a.js"></script>'
    ...         '<script src="../searchindex.js"></script><script>b()</script><script defer src="c.js"></script>'
    ...         '</head><body><p>x</p></body>')
    >>> fast = unblock_head(page, search_page=False)
    >>> print(fast.replace("</head>", "</head>\\n"))
    <head><script data-cfasync="false">m()</script><script defer src="c.js"></script></head>
    <body><p>x</p><script src="a.js"></script><script>b()</script></body>
    >>> unblock_head('<head><title>t</title> <link rel="preload" as="script" href="b.js" /></head><body></body>', False)
    '<head><title>t</title></head><body></body>'
    """
    head = HEAD.search(text)
    if head is None or "</body>" not in text:
        return text
    moved: list[str] = []

    def take(script: re.Match) -> str:
        attributes = script.group(1)
        if STAYS.search(attributes):
            return script.group(0)
        if not search_page and any(f'{name}"' in attributes for name in SEARCH_SCRIPTS):
            return ""
        moved.append(script.group(0).rstrip())
        return ""

    kept = SCRIPT_PRELOAD.sub("", SCRIPT.sub(take, head.group(1)))
    if not moved and kept == head.group(1):
        return text
    text = text[: head.start(1)] + kept + text[head.end(1) :]
    at = text.rindex("</body>")
    return text[:at] + "".join(moved) + text[at:]


def speed_up(site: Path, pages: list[Path], base_url: str) -> None:
    """Steps 1 to 3 on every page, step 4 on the site's style sheets, then steps 5 to 7."""
    for page in pages:
        text = page.read_text(encoding="utf-8")
        url = base_url + page.relative_to(site).as_posix()
        fast = unblock_head(absolute_alternates(charset_first(text), url), search_page=page.name == "search.html")
        if fast != text:
            page.write_text(fast, encoding="utf-8")
    purge_styles(site)
    bundles = bundle_styles(pages)
    drop_unread_properties(site, pages, bundles)
    minify_styles(bundles)


def minify_styles(bundles: list[Path]) -> None:
    """Step 7: each bundle minified (esbuild: comments, spaces, shorter colours and numbers)."""
    texts = {bundle: bundle.read_text(encoding="utf-8") for bundle in bundles}
    small = minified(set(texts.values()), "css")
    for bundle, text in texts.items():
        if small.get(text):
            bundle.write_text(small[text], encoding="utf-8")


def drop_unread_properties(site: Path, pages: list[Path], bundles: list[Path]) -> None:
    """Step 6 on each bundle, what the site's pages and scripts and the package name kept."""
    if not bundles:
        return
    named = properties_named_outside([*pages, *site.rglob("*.js"), *PACKAGE.rglob("*.html"), *PACKAGE.rglob("*.js")])
    for bundle in bundles:
        text = bundle.read_text(encoding="utf-8")
        kept = without_unread_properties(text, named)
        if kept != text:
            bundle.write_text(kept, encoding="utf-8")


#: A custom property's name; where it is declared (in a block, after ``{`` or ``;``), with its
#: value up to the declaration's end. A value holding a string is left alone: a ``;`` inside it
#: (``url("data:image/svg+xml;charset=...")``) is no end.
PROPERTY = re.compile(r"--[A-Za-z0-9_-]+")
DECLARATION = re.compile(r"""(?<=[{;])\s*(--[A-Za-z0-9_-]+)\s*:[^;{}"']*(;|(?=}))""")
READ = re.compile(r"var\(\s*(--[A-Za-z0-9_-]+)")
PACKAGE = HERE.parents[1] / "lingerlonger"


def properties_named_outside(files: list[Path]) -> set[str]:
    """Every ``--name`` that a page, a script or a template of the package holds: set or read
    there (a style attribute, ``setProperty``), it stays."""
    named: set[str] = set()
    for file in files:
        if file.is_file():
            named.update(PROPERTY.findall(file.read_text(encoding="utf-8", errors="replace")))
    return named


def without_unread_properties(rules: str, named: set[str]) -> str:
    """Step 6: ``rules`` without the declarations of custom properties that nothing reads; again
    until none is left, as a dropped one may have been the only reader of another.

    >>> without_unread_properties(":root{--a:1px;--b:var(--a);--c:2px}p{margin:var(--c)}", set())
    ':root{--c:2px}p{margin:var(--c)}'
    >>> without_unread_properties(":root{--a:1px;--b:2px}", {"--b"})
    ':root{--b:2px}'
    >>> without_unread_properties('a{--i:url("data:image/svg+xml;charset=utf-8,x");--j:0;color:red}', set())
    'a{--i:url("data:image/svg+xml;charset=utf-8,x");color:red}'
    """
    while True:
        read = set(READ.findall(rules)) | named
        kept = DECLARATION.sub(functools.partial(_if_read, read), rules)
        if kept == rules:
            return kept
        rules = kept


def _if_read(read: set[str], found: re.Match) -> str:
    return found.group(0) if found.group(1) in read else ""


def sheet_text(sheet: Path, bundle_folder: Path, seen: set[Path]) -> str:
    """``sheet``'s rules as they read from ``bundle_folder``: its imports taken in (each added to
    ``seen``, and taken once), its addresses made relative to there, its ``@charset`` dropped
    (the bundle says it once)."""
    folder = sheet.parent

    def moved(found: re.Match) -> str:
        address = found.group("address")
        if re.match(r"[a-z][a-z0-9+.-]*:|/|#", address, re.I):
            return found.group(0)
        return f'url("{os.path.relpath(folder / address, bundle_folder).replace(os.sep, "/")}")'

    def taken_in(found: re.Match) -> str:
        inner = (folder / found.group("sheet")).resolve()
        if inner in seen:
            return ""
        seen.add(inner)
        return sheet_text(inner, bundle_folder, seen)

    text = CHARSET_RULE.sub("", sheet.read_text(encoding="utf-8"))
    # One pass over both: an imported sheet's addresses are its own, made relative once.
    return IMPORT_OR_URL.sub(lambda found: taken_in(found) if found.group("sheet") else moved(found), text)


def bundle_styles(pages: list[Path]) -> list[Path]:
    """Step 5; the bundles written (one per set of sheets, shared by the pages that link it)."""
    written: dict[Path, None] = {}
    parts: set[Path] = set()
    for page in pages:
        text = page.read_text(encoding="utf-8")
        head = HEAD.search(text)
        if head is None:
            continue
        links = [
            found
            for found in STYLESHEET.finditer(head.group(1))
            if BUNDLE not in found.group(1) and "_static" in (page.parent / found.group(1)).resolve().parts
        ]
        sheets = [(page.parent / found.group(1)).resolve() for found in links]
        if len(links) < 2 or not all(sheet.is_file() for sheet in sheets):
            continue
        folder = sheets[0].parent if sheets[0].parent.name == "_static" else sheets[0].parent.parent
        seen = set(sheets)
        rules = '@charset "UTF-8";\n' + "\n".join(sheet_text(sheet, folder, seen) for sheet in sheets)
        bundle = folder / f"{BUNDLE}{hashlib.sha256(rules.encode()).hexdigest()[:12]}.css"
        if bundle not in written:
            bundle.write_text(rules, encoding="utf-8")
            written[bundle] = None
        parts.update(seen)
        href = os.path.relpath(bundle, page.parent).replace(os.sep, "/")
        first, rest = links[0], links[1:]
        inner = head.group(1)
        for found in reversed(rest):
            inner = inner[: found.start()] + inner[found.end() :]
        inner = inner[: first.start()] + f'<link rel="stylesheet" href="{href}">\n' + inner[first.end() :]
        page.write_text(text[: head.start(1)] + inner + text[head.end(1) :], encoding="utf-8")
    linked = {
        (page.parent / found.group(1)).resolve()
        for page in pages
        for found in STYLESHEET.finditer(page.read_text(encoding="utf-8"))
    }
    for sheet in parts - linked:
        sheet.unlink()
    return list(written)


def purge_styles(site: Path) -> None:
    """The theme's style sheets cut to what the site uses (node, PurgeCSS: ``purge_styles.mjs``)."""
    subprocess.run(["node", str(HERE / "purge_styles.mjs"), str(site)], check=True, cwd=HERE.parents[1])
