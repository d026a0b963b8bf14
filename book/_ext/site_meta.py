"""What other sites and search engines read of the published book (run by site_pack.py).

* each page gets a description and a preview image for link previews (``og:`` and
  ``twitter:`` meta tags): the description is the page's first paragraph, the image a
  picture of its title on the card table (``_static/previews/``, drawn once per title);
* ``sitemap.xml`` lists every page;
* ``404.html`` is what GitHub Pages (and most servers, when told) show for a missing
  page: its links start from the site's root, since it is shown at any address.

Absolute addresses need the site's own (``--base-url``, `make book SITE_URL=...`).
"""

from __future__ import annotations

import functools
import hashlib
import html
import multiprocessing
import os
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from lingerlonger.words.i18n import LANGUAGES, language_tag, translate

META_START, META_END = "<!--ll-meta-->", "<!--/ll-meta-->"
OLD_META = re.compile(re.escape(META_START) + ".*?" + re.escape(META_END), re.S)
TITLE = re.compile(r"<title>(.*?)</title>", re.S)
FIRST_PARAGRAPH = re.compile(r"<(?:article|main)\b.*?<p>(.*?)</p>", re.S)
TAG = re.compile(r"<[^>]+>")
PREVIEWS = "_static/previews"
SITE_NAME = "Linger Longer"


def text_of(fragment: str) -> str:
    return " ".join(html.unescape(TAG.sub("", fragment)).split())


def describe(page_html: str, limit: int = 200) -> tuple[str, str]:
    """A page's title (without the site's name) and description (its first paragraph)."""
    found = TITLE.search(page_html)
    title = text_of(found.group(1)).split(" \u2014 ")[0] if found else SITE_NAME
    found = FIRST_PARAGRAPH.search(page_html)
    words = text_of(found.group(1)) if found else title
    return title, (words if len(words) <= limit else words[: limit - 1].rsplit(" ", 1)[0] + "\u2026")


@functools.cache
def card_table() -> tuple[Any, Any]:
    """The preview's picture without its title (the green table, three cards, the site's name),
    drawn once: a figure and its pixels, onto which each title is drawn (``draw_preview``)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot
    from matplotlib.patches import FancyBboxPatch

    figure = pyplot.figure(figsize=(12, 6.3), dpi=100)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, 1200)
    axes.set_ylim(0, 630)
    axes.axis("off")
    figure.patch.set_facecolor("#7a5230")
    axes.add_patch(
        FancyBboxPatch(
            (30, 30), 1140, 570, boxstyle="round,pad=0,rounding_size=120", facecolor="#22734a", edgecolor="none"
        )
    )
    for n, (rank, suit, colour) in enumerate(
        (("A", "\u2665", "#c62828"), ("7", "\u2663", "#1a1a1a"), ("K", "\u2666", "#c62828"))
    ):
        x, y = 820 + n * 85, 250 - n * 12
        turn = matplotlib.transforms.Affine2D().rotate_deg_around(x + 75, y, (n - 1) * 9) + axes.transData
        axes.add_patch(
            FancyBboxPatch(
                (x, y),
                150,
                210,
                boxstyle="round,pad=0,rounding_size=14",
                facecolor="white",
                edgecolor="#9a9a9a",
                linewidth=2,
                transform=turn,
            )
        )
        axes.text(
            x + 18,
            y + 180,
            f"{rank}\n{suit}",
            color=colour,
            fontsize=26,
            fontweight="bold",
            va="top",
            linespacing=0.9,
            transform=turn,
        )
        axes.text(x + 130, y + 20, suit, color=colour, fontsize=54, ha="right", va="bottom", transform=turn)
    axes.text(110, 470, SITE_NAME, color="#ffd54a", fontsize=30, fontweight="bold", va="center")
    figure.canvas.draw()
    return figure, figure.canvas.copy_from_bbox(figure.bbox)


def draw_preview(title: str, path: Path) -> None:
    """A 1200×630 picture of ``title`` on the green table, with three cards (a site packs a
    hundred or more: the table is drawn once, then each title alone onto a copy of it)."""
    from PIL import Image

    figure, table = card_table()
    canvas, axes = figure.canvas, figure.axes[0]
    canvas.restore_region(table)
    lines, line = [], ""
    for word in title.split():
        if len(line) + len(word) > 19 and line:  # clear of the cards
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    for n, text in enumerate(lines[:4]):
        drawn = axes.text(110, 380 - n * 70, text, color="white", fontsize=40, fontweight="bold", va="center")
        axes.draw_artist(drawn)
        drawn.remove()
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.frombuffer("RGBA", canvas.get_width_height(), canvas.buffer_rgba()).convert("RGB").save(
        path, compress_level=3
    )


def preview_path(site: Path, title: str) -> Path:
    """Where the picture of ``title`` is: named by the title, so a title drawn once is drawn once."""
    return site / PREVIEWS / (hashlib.sha1(title.encode()).hexdigest()[:12] + ".png")


def previews_of(site: Path, pages: list[Path]) -> list[Path]:
    """The pictures ``add_meta`` gives these pages: what a run over an already packed site keeps
    rather than drawing every one again (no page links them but through a ``<meta>``)."""
    return [preview_path(site, describe(page.read_text(encoding="utf-8"))[0]) for page in pages]


def meta_tags(title: str, description: str, url: str, image: str) -> str:
    say = lambda text: html.escape(text, quote=True)  # noqa: E731
    tags = [
        ("name", "description", description),
        ("property", "og:type", "article"),
        ("property", "og:site_name", SITE_NAME),
        ("property", "og:title", title),
        ("property", "og:description", description),
        ("property", "og:url", url),
        ("property", "og:image", image),
        ("property", "og:image:width", "1200"),
        ("property", "og:image:height", "630"),
        ("name", "twitter:card", "summary_large_image"),
    ]
    return (
        META_START + "".join(f'<meta {kind}="{name}" content="{say(value)}">' for kind, name, value in tags) + META_END
    )


def _has_meta(text: str) -> bool:
    """Whether a page gets tags: not the redirecting root."""
    return "<head>" in text and 'http-equiv="Refresh"' not in text


def draw_previews(site: Path, titles: set[str]) -> None:
    """The pictures of ``titles`` not drawn yet, on every core: a site has two hundred, each
    a PNG to encode, while the build's other steps wait (the rest of site_pack is one core's)."""
    missing = sorted(title for title in titles if not preview_path(site, title).is_file())
    workers = min(len(missing), os.cpu_count() or 1)
    if workers < 2:
        for title in missing:
            draw_preview(title, preview_path(site, title))
        return
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
        list(pool.map(draw_preview, missing, [preview_path(site, title) for title in missing], chunksize=8))


def add_meta(site: Path, pages: list[Path], base_url: str) -> None:
    """Every page's description and preview tags (replacing those of an earlier run)."""
    cleaned = [(page, OLD_META.sub("", page.read_text(encoding="utf-8"))) for page in pages]
    described = {page: describe(text) for page, text in cleaned if _has_meta(text)}
    draw_previews(site, {title for title, _ in described.values()})
    for page, text in cleaned:
        if page not in described:  # the redirecting root
            page.write_text(text, encoding="utf-8")
            continue
        title, description = described[page]
        image = preview_path(site, title).relative_to(site).as_posix()
        url = base_url + page.relative_to(site).as_posix()
        tags = meta_tags(title, description, url, base_url + image)
        page.write_text(text.replace("<head>", "<head>" + tags, 1), encoding="utf-8")


def write_sitemap(site: Path, pages: list[Path], base_url: str) -> Path:
    urls = "".join(
        f"<url><loc>{html.escape(base_url + page.relative_to(site).as_posix())}</loc></url>"
        for page in pages
        if page.name != "404.html"
    )
    path = site / "sitemap.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{urls}</urlset>\n',
        encoding="utf-8",
    )
    return path


def write_not_found(site: Path, base_url: str) -> Path:
    """404.html in every language, its links from the site's root path."""
    root = urlsplit(base_url).path or "/"
    notes = "".join(
        f'<section lang="{language_tag(lang)}"><h1>{html.escape(translate("site.not-found-title", lang))}</h1>'
        f"<p>{html.escape(translate('site.not-found', lang))} "
        f'<a href="{root}index.html">{SITE_NAME}</a></p></section>'
        for lang in LANGUAGES
    )
    path = site / "404.html"
    path.write_text(
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<link rel="icon" href="{root}favicon.ico"><title>{SITE_NAME}: 404</title></head>'
        f"<body>{notes}</body></html>\n",
        encoding="utf-8",
    )
    return path
