"""Each page's scripts as two deferred files (run by site_pack.py, after the offline registration).

Lighthouse's simulated phone (slow 4G, ``bench/lighthouse.py``) counts, before the largest
paint, every script the page ran before it painted, and each file costs it a round trip on one
of six connections: twenty small scripts (Sphinx's, the theme's, the book's) held the largest
paint back by about 0.8 s, where the same bytes in one or two files cost a trip or two. So:

* the scripts at the end of ``<body>`` that run as the parser reaches them (site_speed moved the
  head's there) and every deferred script of the page become deferred files, the parts in the
  order they ran: the former first, then the deferred ones in the page's order. What ran at the
  end of parsing now runs just after it, before ``DOMContentLoaded`` still;
* the parts that every page of a book (a language's) runs make its first file, shared by all
  of them and so downloaded once; the page's own parts (a replay's player, the course, live
  mode...) make its second. The page's own parts thus run after the book's last ones (the
  theme's Bootstrap and script), no longer just before them: neither waits for the other;
* each file part is minified (``minify.mjs``, esbuild: no top-level name changes);
* the files sit at the site's root, ``ll-scripts.HASH.js``, so that live mode's and the offline
  copy's scripts, which find the site by their own address (``document.currentScript.src``),
  still find it there;
* a script elsewhere that finds its files by its own address, a tag with attributes other
  than ``src``, ``defer``, a type and ``data-*`` ones (those go onto the file's tag:
  ``design-tabs.js`` reads its own), or a file the site does not have stays a tag of its own,
  deferred, in its place among the page's own parts;
* Sphinx's one line that differs on each page (``DOCUMENTATION_OPTIONS.pagename = '…'``) is
  an inline module after them, run after them and before ``DOMContentLoaded`` too: only the
  theme's version switcher reads it, on demand, and the book has none.

Idempotent: each part starts with a ``/*! ll-part NAME DATA */`` line naming its file from the
site's root (or ``inline``) and its tag's data attributes, so a page packed before, whose files
are expanded into their parts again, comes out the same, with its parts read afresh from the
build (an incremental build may change a script and not the pages that run it); a tag that
another step adds again (live mode's, the offline registration's) is the part a file already
holds. Files no page runs are removed.
"""

from __future__ import annotations

import dataclasses
import hashlib
import html
import json
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

from minify import minified

PREFIX = "ll-scripts."
SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S)
ATTRIBUTE = re.compile(r"""([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?""")
#: The one line of Sphinx's that differs on each page.
PER_PAGE = re.compile(r"\s*DOCUMENTATION_OPTIONS\.pagename = '[^'\\]*';\s*")
#: A script that finds its files by its own address.
OWN_ADDRESS = re.compile(r"currentScript\b[^;]{0,80}?\.src\b")
CONTENT_ROOT = re.compile(r'<html\b[^>]*\bdata-content_root="([^"]*)"')
PART = re.compile(r"^/\*! ll-part (\S+) (parsing|deferred) (\[.*?\]) \*/\n", re.M)
PARSING, DEFERRED = "parsing", "deferred"
#: Around the parts that ran as the parser reached them: the document still loading, then not.
LOADING = 'Object.defineProperty(document, "readyState", {configurable: true, get: function () { return "loading"; }});'
LOADED = "delete document.readyState;"
SOURCE_MAP = re.compile(r"^//# sourceMappingURL=.*$", re.M)
#: The file's first line, then an empty statement: a part's "use strict" is then no directive for
#: the whole file (each part runs as sloppy code, as the scripts of a page's tags do unless their
#: own text says otherwise: Sphinx's search and highlighting scripts did, and now do not).
HEADER = "/* One page's scripts, in the order they ran as tags (book/_ext/site_scripts.py). */\n;\n"
CLASSIC_TYPES = ("", "text/javascript", "application/javascript")


@dataclasses.dataclass(frozen=True)
class Part:
    """A script of a page: a file of the site (``name`` from its root) or inline text."""

    name: str  # "inline" for inline text
    text: str
    data: tuple[tuple[str, str], ...] = ()  # the data-* attributes of its tag
    apart: bool = False  # stays a tag of its own
    packed: bool = False  # read from a file of parts written before
    parsing: bool = False  # ran as the parser reached it (not deferred)


def attributes(tag: str) -> dict[str, str]:
    """The attributes of a tag's inside, names in lower case.

    >>> attributes(' defer="defer" src="a.js?v=1" data-x=\\'y\\' async')
    {'defer': 'defer', 'src': 'a.js?v=1', 'data-x': 'y', 'async': ''}
    """
    return {
        found.group(1).lower(): next((value for value in found.group(2, 3, 4) if value is not None), "")
        for found in ATTRIBUTE.finditer(tag)
    }


def runnable(tag: dict[str, str]) -> bool:
    """A classic script that runs in the page's order (not ``async``, not data)."""
    return tag.get("type", "").lower() in CLASSIC_TYPES and "async" not in tag


def tail_start(body: str) -> int:
    """Where the run of script tags that ends ``body`` (its text up to ``</body>``) begins.

    >>> tail_start('<p>x</p><script>a()</script> <script src="b.js"></script>\\n')
    8
    """
    start = len(body.rstrip())
    while True:
        before = body[:start].rstrip()
        opening = before.rfind("<script")
        if not before.endswith("</script>") or opening < 0 or not SCRIPT.fullmatch(before[opening:]):
            return start
        start = opening


def page_parts(text: str, page: Path, site: Path) -> tuple[list[Part], list[tuple[int, int]]]:
    """The page's scripts that its files take, in the order they ran, and the spans of their
    tags: the end of ``<body>``'s run of scripts as the parser ran them, then the deferred ones."""
    body_end = text.rindex("</body>")
    tail = tail_start(text[:body_end])
    parsed: list[Part] = []
    deferred: list[Part] = []
    spans: list[tuple[int, int]] = []
    for found in SCRIPT.finditer(text, 0, body_end):
        tag, inline = attributes(found.group(1)), found.group(2)
        if "src" not in tag and PER_PAGE.fullmatch(inline):
            parsed.append(Part("inline", inline.strip(), apart=True, parsing=True))
        elif not runnable(tag):
            continue
        elif "src" in tag and ("defer" in tag or found.start() >= tail):
            if "defer" in tag:
                deferred.extend(file_parts(tag, page, site))
            else:
                parsed.extend(dataclasses.replace(part, parsing=True) for part in file_parts(tag, page, site))
        elif "src" not in tag and found.start() >= tail and inline.strip():
            parsed.append(Part("inline", inline.strip(), parsing=True))
        else:
            continue
        spans.append(found.span())
    parts = parsed + deferred
    packed = {part.name for part in parts if part.packed and part.name != "inline"}
    return [part for part in parts if part.packed or part.name not in packed], spans


def file_parts(tag: dict[str, str], page: Path, site: Path) -> list[Part]:
    """The parts a tag with ``src`` stands for: its file, or each of the parts of a file of parts."""
    address = tag["src"].split("?", 1)[0].split("#", 1)[0]
    file = (page.parent / address).resolve()
    inside = not re.match(r"[a-z][a-z0-9+.-]*:|/", address, re.I) and site in file.parents and file.is_file()
    if inside and file.parent == site and file.name.startswith(PREFIX):
        return unpack(file.read_text(encoding="utf-8"), site)
    data = tuple((key, value) for key, value in tag.items() if key.startswith("data-"))
    if not inside or set(tag) - {"src", "defer", "type"} - dict(data).keys():
        return [Part(tag["src"], "", data, apart=True)]
    text = file.read_text(encoding="utf-8")
    if file.parent != site and OWN_ADDRESS.search(text):
        return [Part(tag["src"], "", data, apart=True)]
    return [Part(file.relative_to(site).as_posix(), text, data)]


def unpack(bundle: str, site: Path) -> list[Part]:
    """A file's parts again: each named file read afresh, inline text as it was.

    >>> packed = bundle_text([Part("inline", "let a = 1;", parsing=True), Part("x/b.js", "b()", (("data-k", "v"),))])
    >>> parts = unpack(packed, Path("/nowhere"))
    >>> [(part.name, part.text, part.data, part.parsing) for part in parts]
    [('inline', 'let a = 1;', (), True), ('x/b.js', 'b()', (('data-k', 'v'),), False)]
    """
    pieces = PART.split(bundle)[1:]
    if not pieces:
        raise ValueError("a file of parts with no part (another version's?): build the book afresh, rm -r _build")
    parts = []
    for name, when, data, written in zip(pieces[::4], pieces[1::4], pieces[2::4], pieces[3::4], strict=True):
        if name.startswith("@"):  # the file's own lines
            continue
        file = site / name
        text = file.read_text(encoding="utf-8") if name != "inline" and file.is_file() else written[: -len("\n;\n")]
        pairs = tuple((key, value) for key, value in json.loads(data))
        parts.append(Part(name, text, pairs, packed=True, parsing=when == PARSING))
    return parts


def bundle_text(parts: list[Part], small: Mapping[str, str] | None = None) -> str:
    """One file's text: each part under the line naming it (when it ran, its tag's data), without
    its source map line (the address would be the file's, not the part's); around the parts that
    ran as the parser reached them, the document says it is still loading, as it was then (their
    ``DOMContentLoaded`` work waits for it, after the page's other scripts, as it did).

    >>> parts = [Part("_static/a.js", "a();\\n//# sourceMappingURL=a.js.map", parsing=True), Part("inline", "b()")]
    >>> print(bundle_text(parts), end="")
    /* One page's scripts, in the order they ran as tags (book/_ext/site_scripts.py). */
    ;
    /*! ll-part @loading deferred [] */
    Object.defineProperty(document, "readyState", {configurable: true, get: function () { return "loading"; }});
    /*! ll-part _static/a.js parsing [] */
    a();
    <BLANKLINE>
    ;
    /*! ll-part @loaded deferred [] */
    delete document.readyState;
    /*! ll-part inline deferred [] */
    b()
    ;
    """
    small = small or {}
    pieces = [HEADER]
    for at, part in enumerate(parts):
        if part.parsing and (at == 0 or not parts[at - 1].parsing):
            pieces.append(f"/*! ll-part @loading {DEFERRED} [] */\n{LOADING}\n")
        text = small.get(part.text) or SOURCE_MAP.sub("", part.text)
        pieces.append(
            f"/*! ll-part {part.name} {PARSING if part.parsing else DEFERRED} {part_data(part)} */\n{text}\n;\n"
        )
        if part.parsing and (at == len(parts) - 1 or not parts[at + 1].parsing):
            pieces.append(f"/*! ll-part @loaded {DEFERRED} [] */\n{LOADED}\n")
    return "".join(pieces)


def part_data(part: Part) -> str:
    """A part's data attributes as JSON, with no ``*/`` to end the comment that holds it."""
    return json.dumps([list(pair) for pair in part.data]).replace("*/", "*\\/")


def tags_for(parts: list[Part], page: Path, site: Path, written: set[str], small: Mapping[str, str]) -> str:
    """The tags that run ``parts`` in order: one file for each run of parts that go together
    (their tags' data attributes do not clash), a tag of its own for each part apart."""
    root = os.path.relpath(site, page.parent).replace(os.sep, "/") + "/"
    root = "" if root == "./" else root
    tags: list[str] = []
    run: list[Part] = []
    run_data: dict[str, str] = {}

    def close_run() -> None:
        if run:
            text = bundle_text(run, small)
            name = f"{PREFIX}{hashlib.sha256(text.encode()).hexdigest()[:12]}.js"
            if name not in written:
                (site / name).write_text(text, encoding="utf-8")
                written.add(name)
            tags.append(f'<script defer src="{root}{name}"{data_attributes(run_data.items())}></script>')
        run.clear()
        run_data.clear()

    for part in parts:
        if part.apart:
            close_run()
            if part.name == "inline":
                tags.append(f'<script type="module">{part.text}</script>')
            else:
                tags.append(f'<script defer src="{part.name}"{data_attributes(part.data)}></script>')
            continue
        if any(run_data.get(key, value) != value for key, value in part.data):
            close_run()
        run.append(part)
        run_data.update(part.data)
    close_run()
    return "".join(tags)


def data_attributes(pairs: Iterable[tuple[str, str]]) -> str:
    return "".join(f' {key}="{html.escape(value)}"' for key, value in pairs)


def key(part: Part) -> tuple:
    """What makes two pages' parts the same part (a file read afresh or from a file of parts)."""
    return (part.name, part.text, part.data, part.apart, part.parsing)


def book_root(page: Path, text: str) -> Path:
    """The root of the book the page belongs to (a language's folder): Sphinx's ``data-content_root``."""
    found = CONTENT_ROOT.search(text)
    return (page.parent / (found.group(1) if found else "")).resolve()


def shared_parts(pages: list[tuple[Path, list[Part]]]) -> dict[Path, set[tuple]]:
    """For each book, the parts every one of its pages runs: their file is the same on every page.

    >>> a, b = Part("t.js", "t()"), Part("r.js", "r()")
    >>> shared_parts([(Path("/en"), [a, b]), (Path("/en"), [a]), (Path("/ru"), [b])]) == {
    ...     Path("/en"): {key(a)}, Path("/ru"): {key(b)}}
    True
    """
    shared: dict[Path, set[tuple]] = {}
    for root, parts in pages:
        keys = {key(part) for part in parts if not (part.apart and part.name == "inline")}
        shared[root] = shared[root] & keys if root in shared else keys
    return shared


def bundle_scripts(site: Path, pages: list[Path]) -> int:
    """Every page's scripts as its files (see the module); returns how many files there are."""
    planned = []
    for page in pages:
        text = page.read_text(encoding="utf-8")
        if page.name == "404.html" or "</body>" not in text:  # 404: shown at any address
            continue
        parts, spans = page_parts(text, page, site)
        if parts:
            planned.append((page, book_root(page, text), text, parts, spans))
    small = minified({part.text for *_, parts, _ in planned for part in parts if part.name != "inline" and part.text})
    shared = shared_parts([(root, parts) for _, root, _, parts, _ in planned])
    written: set[str] = set()
    for page, root, text, parts, spans in planned:
        everywhere = shared[root]
        per_page = [part for part in parts if part.apart and part.name == "inline"]
        own = [part for part in parts if part not in per_page and key(part) not in everywhere]
        common = [part for part in parts if key(part) in everywhere]
        for start, end in reversed(spans):
            text = text[:start] + text[end:]
        tags = tags_for(common, page, site, written, small) + tags_for(own + per_page, page, site, written, small)
        at = text.rindex("</body>")
        text = text[:at].rstrip() + "\n" + tags + "\n" + text[at:]
        page.write_text(text, encoding="utf-8")
    for old in site.glob(f"{PREFIX}*.js"):
        if old.name not in written:
            old.unlink()
    return len(written)
