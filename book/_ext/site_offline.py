"""The published book as an installable web app that works offline (run by site_pack.py).

* ``manifest.webmanifest`` and two icons make it installable (a tablet's home screen);
* ``sw.js``, a service worker, keeps what a reader uses, and only that unless asked:
  each page as it is visited, with what it loads (the first page's from the browser's
  cache: nothing is downloaded twice, nothing beyond what the reader opened);
* every page's footer offers "Keep this book offline" (``keep_control_html``): the
  whole site, every language, the handouts and live mode's engine, its size shown,
  downloaded only when pressed, with its progress and a done state;
* the worker's list carries each file's hash: publishing a new build changes the
  worker, the browser installs the new one, which copies the files that did not change
  from the old cache, downloads again those kept that did (all of them for a reader who
  kept the whole book), then deletes the old cache;
* every page links the manifest and ``ll-offline.js`` (which registers the worker and
  drives the footer's control); opened from a file (``file://``, a USB stick), there is
  no worker: the control, like live mode, says the site must be served, and how.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

from lingerlonger.words.i18n import LANGUAGES, SOURCE_LANGUAGE, template, translate

HERE = Path(__file__).parent
OFFLINE_START, OFFLINE_END = "<!--ll-offline-->", "<!--/ll-offline-->"
OLD_TAGS = re.compile(re.escape(OFFLINE_START) + ".*?" + re.escape(OFFLINE_END), re.S)
WORKER, MANIFEST, REGISTER = "sw.js", "manifest.webmanifest", "ll-offline.js"
ICONS = ("_static/ll-icon-192.png", "_static/ll-icon-512.png")
#: Not copied for offline use: link previews are for other sites, not for readers.
NOT_CACHED = ("_static/previews/", ".nojekyll")
THEME_COLOUR = "#22734a"


def draw_icon(size: int, path: Path) -> None:
    """The app's icon: a card with "LL" on the green table (as the favicon, larger)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.patches import FancyBboxPatch

    figure = pyplot.figure(figsize=(size / 100, size / 100), dpi=100)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 100)
    axes.axis("off")
    figure.patch.set_facecolor(THEME_COLOUR)
    axes.add_patch(
        FancyBboxPatch(
            (26, 14),
            48,
            72,
            boxstyle="round,pad=0,rounding_size=6",
            facecolor="white",
            edgecolor="#1f4e79",
            linewidth=size / 80,
        )
    )
    axes.text(50, 50, "LL", color="#1f4e79", fontsize=size * 0.22, fontweight="bold", ha="center", va="center")
    path.parent.mkdir(parents=True, exist_ok=True)
    figure.savefig(path, facecolor=figure.get_facecolor())
    pyplot.close(figure)


def write_manifest(site: Path) -> None:
    for name in ICONS:
        size = int(re.search(r"(\d+)\.png$", name).group(1))
        if not (site / name).is_file():
            draw_icon(size, site / name)
    manifest = {
        "name": "Linger Longer",
        "short_name": "Linger Longer",
        "description": "Learn the card game Linger Longer, card by card.",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
            for name in ICONS
            for size in [int(re.search(r"(\d+)\.png$", name).group(1))]
        ],
    }
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def keep_control_html(lang: str) -> str:
    """The footer's "Keep this book offline" (site_assets.py puts it in every page's footer;
    ll-offline.js drives it, with the size the worker tells: were it written in the pages,
    a change to any file would change them all), and the note that says, opened from a
    file, what needs the site served and the command that serves it."""
    say = lambda key: html.escape(template(key, lang))  # noqa: E731  (placeholders filled by ll-offline.js)
    serve_how = translate("site.serve-how", lang, folder="<span data-ll-folder></span>")
    return (
        f'<div class="ll-keep" data-ll-keep lang="{lang}" '
        f'data-size="{say("site.keep-size")}" data-progress="{say("site.keep-progress")}" '
        f'data-done="{say("site.keep-done")}" data-failed="{say("site.keep-failed")}" hidden>'
        f'<button type="button" data-ll-action="keep-offline">{say("site.keep-offline")}</button> '
        f'<span class="ll-keep-size"></span>'
        f'<progress class="ll-keep-progress" max="1" value="0" hidden></progress>'
        f'<span class="ll-keep-status" role="status"></span></div>'
        f'<template data-ll-needs-server data-live="{say("site.needs-server-live")}" '
        f'data-keep="{say("site.needs-server-keep")}"><p class="ll-needs-server" lang="{lang}">'
        f"<span data-ll-why></span> {serve_how}</p></template>"
    )


def cached_files(site: Path) -> list[str]:
    """Every file of the whole offline copy, relative to the site's root."""
    names = sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    return [name for name in names if name != WORKER and not name.startswith(NOT_CACHED)]


def file_language(name: str) -> str | None:
    """The language a file of the site belongs to (its translated folder, or English for the
    English book's pages, pictures and styles); None for what every language shares (the worker,
    live mode, the handouts, the manifest's icons). What a first visit may fetch is measured by it
    (bench/site.py, tests/browser/test_site_weight.py)."""
    if name.split("/", 1)[0] in LANGUAGES and name.split("/", 1)[0] != SOURCE_LANGUAGE and "/" in name:
        return name.split("/", 1)[0]
    if name.startswith(("book/", "_images/")) or (name.startswith("_static/") and "/ll-icon-" not in name):
        return SOURCE_LANGUAGE
    return None


def write_worker(site: Path) -> str:
    """``sw.js`` for the site as it is now; returns its version."""
    files = cached_files(site)
    code = (HERE / "offline" / "sw.template.js").read_text(encoding="utf-8")
    digest = hashlib.sha256(code.encode())
    listed = []
    for name in files:
        data = (site / name).read_bytes()
        listed.append([name, hashlib.sha256(data).hexdigest()[:12], len(data)])
        digest.update(name.encode() + b"\0" + data)
    version = digest.hexdigest()[:16]
    code = code.replace("__VERSION__", version).replace(
        "__FILES__", "[\n" + ",\n".join(json.dumps(entry, ensure_ascii=False) for entry in listed) + "]"
    )
    (site / WORKER).write_text(code, encoding="utf-8")
    return version


def link_pages(site: Path, pages: list[Path]) -> None:
    """Each page links the manifest and the worker's registration, wherever it sits."""
    for page in pages:
        if page.name == "404.html":  # shown at any address: relative links would miss
            continue
        text = OLD_TAGS.sub("", page.read_text(encoding="utf-8"))
        root = "../" * (len(page.relative_to(site).parts) - 1)
        tags = (
            f'{OFFLINE_START}<link rel="manifest" href="{root}{MANIFEST}">'
            f'<meta name="theme-color" content="{THEME_COLOUR}">'
            f'<script defer src="{root}{REGISTER}"></script>{OFFLINE_END}'
        )
        if "</head>" in text:
            text = text.replace("</head>", tags + "</head>", 1)
        page.write_text(text, encoding="utf-8")


def make_offline(site: Path, pages: list[Path], then: Callable[[], object] = lambda: None) -> str:
    """Manifest, registration on every page, ``then`` (what changes the pages' files once more),
    then the worker (last: it lists them all)."""
    shutil.copy(HERE / "offline" / REGISTER, site / REGISTER)
    write_manifest(site)
    link_pages(site, pages)
    then()
    return write_worker(site)
