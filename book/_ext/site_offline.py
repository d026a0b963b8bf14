"""The published book as an installable web app that works offline (run by site_pack.py).

* ``manifest.webmanifest`` and two icons make it installable (a tablet's home screen);
* ``sw.js``, a service worker, copies every page and file of the site (language
  sub-sites in folders of it included) into the browser's cache when a reader first
  opens any page, and answers from that copy: other chapters, replays, another
  language and printing then work with the network cut;
* the worker's list carries a version, the hash of every file: publishing a new build
  changes it, the browser installs the new worker, which fills a new cache and deletes
  the old one;
* every page links the manifest and ``ll-offline.js`` (which registers the worker).
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path

HERE = Path(__file__).parent
OFFLINE_START, OFFLINE_END = "<!--ll-offline-->", "<!--/ll-offline-->"
OLD_TAGS = re.compile(re.escape(OFFLINE_START) + ".*?" + re.escape(OFFLINE_END), re.S)
WORKER, MANIFEST, REGISTER = "sw.js", "manifest.webmanifest", "ll-offline.js"
ICONS = ("_static/ll-icon-192.png", "_static/ll-icon-512.png")
#: Not copied for offline use: link previews are for other sites, not for readers.
NOT_CACHED = ("_static/previews/", ".nojekyll")
#: Not copied on the first visit, but kept once asked for: live mode's engine (site_live.py),
#: 13 MB that only a reader who presses "Try it live" needs.
ON_DEMAND = ("_live/",)
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
    axes.add_patch(FancyBboxPatch((26, 14), 48, 72, boxstyle="round,pad=0,rounding_size=6",
                                  facecolor="white", edgecolor="#1f4e79", linewidth=size / 80))
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
        "name": "Linger Longer", "short_name": "Linger Longer",
        "description": "Learn the card game Linger Longer, card by card.",
        "start_url": "./index.html", "scope": "./", "display": "standalone",
        "background_color": "#ffffff", "theme_color": THEME_COLOUR,
        "icons": [{"src": name, "sizes": f"{size}x{size}", "type": "image/png", "purpose": "any"}
                  for name in ICONS for size in [int(re.search(r"(\d+)\.png$", name).group(1))]],
    }
    (site / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def cached_files(site: Path) -> list[str]:
    """Every file a reader may need offline, relative to the site's root."""
    names = sorted(path.relative_to(site).as_posix() for path in site.rglob("*") if path.is_file())
    return [name for name in names if name != WORKER and not name.startswith(NOT_CACHED + ON_DEMAND)]


def write_worker(site: Path) -> str:
    """``sw.js`` for the site as it is now; returns its version."""
    files = cached_files(site)
    on_demand = sorted(path.relative_to(site).as_posix() for folder in ON_DEMAND
                       for path in (site / folder).rglob("*") if path.is_file())
    code = (HERE / "offline" / "sw.template.js").read_text(encoding="utf-8")
    digest = hashlib.sha256(code.encode())
    for name in files + on_demand:
        digest.update(name.encode() + b"\0" + (site / name).read_bytes())
    version = digest.hexdigest()[:16]
    code = (code.replace("__VERSION__", version).replace("__FILES__", json.dumps(files, indent=0))
            .replace("__ON_DEMAND__", json.dumps(list(ON_DEMAND))))
    (site / WORKER).write_text(code, encoding="utf-8")
    return version


def link_pages(site: Path, pages: list[Path]) -> None:
    """Each page links the manifest and the worker's registration, wherever it sits."""
    for page in pages:
        if page.name == "404.html":  # shown at any address: relative links would miss
            continue
        text = OLD_TAGS.sub("", page.read_text(encoding="utf-8"))
        root = "../" * (len(page.relative_to(site).parts) - 1)
        tags = (f'{OFFLINE_START}<link rel="manifest" href="{root}{MANIFEST}">'
                f'<meta name="theme-color" content="{THEME_COLOUR}">'
                f'<script defer src="{root}{REGISTER}"></script>{OFFLINE_END}')
        if "</head>" in text:
            text = text.replace("</head>", tags + "</head>", 1)
        page.write_text(text, encoding="utf-8")


def make_offline(site: Path, pages: list[Path]) -> str:
    """Manifest, registration on every page, then the worker (last: it lists them all)."""
    shutil.copy(HERE / "offline" / REGISTER, site / REGISTER)
    write_manifest(site)
    link_pages(site, pages)
    return write_worker(site)
