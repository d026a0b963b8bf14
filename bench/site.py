"""The published site's weight: bytes each page transfers (gzip) before any interaction,
and what a first visit costs with the service worker at work.

Serves the built site (_build/html, `make book` first) on 127.0.0.1 and opens every
page in chromium with the service worker blocked (its offline copy of the whole site
is counted apart, on the last lines). Each file the page fetches until the network is
idle counts at its gzip size (level 6, what a web server sends; images as they are),
as a reader on a phone would pay for it. Prints every page, the largest pages, the
largest files, and the verdict against the budget (350 KB a page).

Then the first visits: a new browser (service worker on) opens each language's landing
page (the site's and the book's) and a Russian chapter, and the server counts every file it
sends in the first minute, asked for or not (what the worker keeps included): bytes as sent,
their gzip size, and how many belong to another language. Budget: 6 MB for every one, each
language's verdict printed.

Usage: ``python bench/site.py [--site _build/html] [--top 8] [--first-visits-only] [--seconds 60]``.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import sys
from collections import Counter
from pathlib import Path
from urllib.parse import unquote, urlsplit

from local_server import serve

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))
from site_offline import file_language

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
BUDGET = 350_000
#: What a first visit may download in its first minute, without the reader asking.
FIRST_VISIT_BUDGET = 6_000_000
FIRST_VISITS = (
    *(f"{prefix}{page}" for prefix in ("", "pt/", "es/", "ru/") for page in ("index.html", "book/index.html")),
    "ru/book/06-last-card.html",
)
#: Already compressed: sent as they are.
COMPRESSED = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".woff", ".woff2", ".ico", ".gz", ".zip"}
NOT_PAGES = {"_static", "_sources", "_images"}


@functools.cache
def transferred(path: Path) -> int:
    """What sending ``path`` costs: its gzip size, or its size when already compressed."""
    data = path.read_bytes()
    return len(data) if path.suffix.lower() in COMPRESSED else len(gzip.compress(data, 6, mtime=0))


def pages_of(site: Path) -> list[str]:
    return sorted(
        path.relative_to(site).as_posix()
        for path in site.rglob("*.html")
        if not NOT_PAGES & set(path.relative_to(site).parts)
    )


def file_of(site: Path, base: str, url: str) -> Path | None:
    if not url.startswith(base):
        return None
    path = site / unquote(urlsplit(url).path).lstrip("/")
    return path / "index.html" if path.is_dir() else path if path.is_file() else None


def weigh(site: Path, top: int) -> None:
    from playwright.sync_api import sync_playwright

    pages = pages_of(site)
    weights: dict[str, Counter] = {}
    with serve(site) as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name in pages:
            context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 720})
            page = context.new_page()
            fetched: set[Path] = set()
            page.on("requestfinished", lambda request, into=fetched: into.add(file_of(site, base, request.url)))
            page.goto(base + name, wait_until="load")
            page.wait_for_load_state("networkidle")
            weights[name] = Counter({path: transferred(path) for path in fetched if path})
            context.close()
        browser.close()

    totals = {name: sum(files.values()) for name, files in weights.items()}
    width = max(map(len, totals))
    print(f"{'page':<{width}}  {'files':>5}  {'KB (gzip)':>9}")
    for name, total in totals.items():
        print(
            f"{name:<{width}}  {len(weights[name]):>5}  {total / 1000:>9.1f}"
            + ("  OVER BUDGET" if total > BUDGET else "")
        )
    print(f"\nlargest pages (budget {BUDGET / 1000:.0f} KB):")
    for name, total in sorted(totals.items(), key=lambda item: -item[1])[:top]:
        print(f"  {total / 1000:8.1f} KB  {name}")
    every_file = Counter()
    for files in weights.values():
        every_file.update(files)
    print("\nlargest files a page loads (KB gzip, pages loading it):")
    for path, size in sorted(((path, transferred(path)) for path in every_file), key=lambda item: -item[1])[:top]:
        users = sum(path in files for files in weights.values())
        print(f"  {size / 1000:8.1f} KB  {users:>3} pages  {path.relative_to(site).as_posix()}")
    everything = [path for path in site.rglob("*") if path.is_file()]
    print(
        f"\nwhole site: {len(everything)} files, {sum(p.stat().st_size for p in everything) / 1e6:.2f} MB "
        f"on disk, {sum(map(transferred, everything)) / 1e6:.2f} MB gzip (what Keep this book offline downloads)"
    )
    over = [name for name, total in totals.items() if total > BUDGET]
    print(
        f"heaviest page: {max(totals.values()) / 1000:.1f} KB; "
        + (f"{len(over)} pages over budget" if over else "every page within budget")
    )


def first_visits(site: Path, seconds: float) -> None:
    """Each of FIRST_VISITS in a new browser with its service worker, for ``seconds``: every
    file the server sent, asked for or not."""
    from playwright.sync_api import sync_playwright

    print(f"\nfirst visit, service worker on: what the server sends in {seconds:.0f} s")
    print(f"{'page':<28} {'files':>5} {'MB sent':>8} {'MB gzip':>8}  other languages")
    verdicts: dict[str, int] = {}  # the heaviest first visit of each language
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        for name in FIRST_VISITS:
            sent: list[tuple[str, int]] = []
            with serve(site, sent) as base:
                context = browser.new_context(viewport={"width": 360, "height": 740})
                page = context.new_page()
                page.goto(base + name, wait_until="load")
                page.wait_for_timeout(seconds * 1000)
                context.close()
            files = [path for path, _ in sent]
            raw = sum(size for _, size in sent)
            packed = sum(transferred(site / path) for path in files if (site / path).is_file())
            lang = file_language(name) or "en"  # the site's root pages are the English book's
            other = sorted({path for path in files if file_language(path) not in {None, lang}})
            print(
                f"{name:<28} {len(files):>5} {raw / 1e6:>8.2f} {packed / 1e6:>8.2f}  {len(other)} files"
                + (f" (e.g. {other[0]})" if other else "")
            )
            verdicts[lang] = max(verdicts.get(lang, 0), raw)
        browser.close()
    for lang, worst in verdicts.items():
        print(
            f"{lang}: heaviest first visit {worst / 1e6:.2f} MB sent "
            + ("(within" if worst <= FIRST_VISIT_BUDGET else "(OVER")
            + f" the budget of {FIRST_VISIT_BUDGET / 1e6:.0f} MB)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, default=REPO / "_build" / "html")
    parser.add_argument("--top", type=int, default=8, help="how many of the largest pages and files")
    parser.add_argument("--first-visits-only", action="store_true", help="skip the weight of every page")
    parser.add_argument("--seconds", type=float, default=60, help="how long a first visit is watched")
    args = parser.parse_args()
    if not (args.site / "index.html").is_file():
        sys.exit(f"{args.site} has no built site: run `make book` first")
    if not args.first_visits_only:
        weigh(args.site.resolve(), args.top)
    first_visits(args.site.resolve(), args.seconds)


if __name__ == "__main__":
    main()
