"""A page's scripts as the theme and Sphinx leave them, for book/_ext/site_scripts.py's tests (its
files: tests/test_site_scripts.py; what runs, in a browser: tests/browser/test_fast_pages.py).

Deferred scripts in <head> and <body>, an async one, data, live mode's tag between its marks;
Sphinx's at the end of <body> (run as the parser reaches them, the document still loading; one
strict, the next not), inline lines between them, one reading its own tag's data, the line that
differs on each page. Each says when it ran (``window.ran``), and so does DOMContentLoaded."""

from __future__ import annotations

from pathlib import Path

PAGE = """<!DOCTYPE html><html data-content_root="../"><head><meta charset="utf-8" />
<link rel="icon" href="data:,">
<script data-cfasync="false">window.ran = [];
document.addEventListener('DOMContentLoaded', () => ran.push('loaded'));</script>
<script defer="defer" src="../_static/late.js?v=1"></script>
<script async="async" src="../_static/whenever.js"></script>
<!--ll-live--><script defer src="../ll-live.js"></script><!--/ll-live-->
<script type="application/json" class="data">{"a": 1}</script>
</head><body><p>x</p><script>ran.push('inline in the body')</script><footer></footer>
<script defer src="../_static/theme.js"></script>
<script src="../_static/first.js?v=2"></script><script>let hint = 'Show'; sloppy = 1; ran.push('hint');</script>
<script data-sd-tabs-storage-prefix="tab-" src="../_static/tabs.js"></script>
<script>DOCUMENTATION_OPTIONS.pagename = 'book/PAGE';</script>
</body></html>"""

SCRIPTS = {
    "_static/late.js": "ran.push('late: ' + hint + ', ' + document.readyState);",
    "_static/whenever.js": "window.whenever = true;",  # async: it runs when it comes
    "ll-live.js": "ran.push('live at ' + new URL('.', document.currentScript.src).pathname);",
    "_static/theme.js": "ran.push('theme');",
    "_static/first.js": (
        "/* first */\n'use strict';\nvar DOCUMENTATION_OPTIONS = {};\nran.push('first: ' + document.readyState);\n"
        "//# sourceMappingURL=first.js.map\n"
    ),
    "_static/tabs.js": "ran.push('tabs: ' + document.currentScript.getAttribute('data-sd-tabs-storage-prefix'));",
}

#: What the page's scripts say, in order, as tags (and the page's name, read after them).
RAN = [
    "inline in the body",
    "first: loading",
    "hint",
    "tabs: tab-",
    "late: Show, interactive",
    "live at /",
    "theme",
    "loaded",
    "book/a",
]


def small_site(root: Path, pages: tuple[str, ...] = ("a", "b")) -> Path:
    """A site at ``root`` of the scripts and a page of them for each name of ``pages``."""
    for name, text in SCRIPTS.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    (root / "book").mkdir()
    for page in pages:
        (root / "book" / f"{page}.html").write_text(PAGE.replace("PAGE", page), encoding="utf-8")
    return root
