"""Every kind of page on a phone on a slow network, as Lighthouse judges it, beside a stock Jupyter Book.

    python bench/lighthouse.py [--langs en pt es ru] [--kinds landing chapter ...] [--runs 1] [--peer-rebuild]

Lighthouse 12 (npm ``lighthouse``, in package.json) with its mobile defaults: a slow 4G network
and a CPU four times slower, simulated. Both sites are served compressed, as GitHub Pages serves
them (book/_ext/site_server.py, that of `make serve`): the built book (`make book` first) and,
as the peer, the template that ``jupyter-book create`` writes, built once into
``_build/stock-book`` (``--peer-rebuild`` builds it again). Prints each page's scores
(performance, accessibility, best practices, SEO), its first and largest paints and the bytes
it transferred, the largest paint's ratio to the peer's, and the pages short of the targets:
performance ≥ 0.95, FCP ≤ 1.5 s, LCP ≤ 2.0 s, the other three scores 1.0. With ``--runs N``
each figure is the median of N runs.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from local_server import serve
from tqdm import tqdm

REPO = Path(__file__).resolve().parents[1]
SITE = REPO / "_build" / "html"
PEER = REPO / "_build" / "stock-book"  # beside the book: no check reads it
LIGHTHOUSE = REPO / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
LANGUAGES = ("en", "pt", "es", "ru")
#: One page of each kind, under a language's folder.
KINDS = {
    "landing": "book/index.html",
    "chapter": "book/04-tricks.html",
    "learn": "book/learn.html",
    "gallery": "book/11-gallery.html",
    "checker": "book/check-a-scenario.html",
    "class": "book/class.html",
}
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
TARGETS = {"performance": 0.95, "accessibility": 1.0, "best-practices": 1.0, "seo": 1.0}
FCP_TARGET, LCP_TARGET = 1500, 2000


def build_peer(rebuild: bool) -> Path:
    """The stock Jupyter Book template, built (``jupyter-book create``, then ``build``)."""
    html = PEER / "_build" / "html"
    if (html / "intro.html").is_file() and not rebuild:
        return html
    shutil.rmtree(PEER, ignore_errors=True)
    PEER.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["jupyter-book", "create", str(PEER)], check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["jupyter-book", "build", str(PEER)], check=True, stdout=subprocess.DEVNULL)
    return html


def lighthouse(url: str) -> dict:
    """Lighthouse's report of ``url`` (mobile defaults), as JSON."""
    with tempfile.TemporaryDirectory() as folder:
        report = Path(folder) / "report.json"
        subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={report}",
                "--chrome-flags=--headless=new --no-sandbox",
            ],
            check=True,
            env={**os.environ, "CHROME_PATH": CHROMIUM},
        )
        return json.loads(report.read_text(encoding="utf-8"))


def figures(report: dict) -> dict[str, float]:
    audits = report["audits"]
    found = {name: report["categories"][name]["score"] or 0.0 for name in CATEGORIES}
    found["fcp"] = audits["first-contentful-paint"]["numericValue"]
    found["lcp"] = audits["largest-contentful-paint"]["numericValue"]
    found["kib"] = audits["total-byte-weight"]["numericValue"] / 1024
    return found


def median_figures(url: str, runs: int) -> dict[str, float]:
    measured = [figures(lighthouse(url)) for _ in range(runs)]
    return {name: statistics.median(run[name] for run in measured) for name in measured[0]}


def shortfalls(found: dict[str, float]) -> list[str]:
    short = [f"{name} {found[name]:.2f}" for name, target in TARGETS.items() if found[name] < target]
    if found["fcp"] > FCP_TARGET:
        short.append(f"FCP {found['fcp'] / 1000:.1f} s")
    if found["lcp"] > LCP_TARGET:
        short.append(f"LCP {found['lcp'] / 1000:.1f} s")
    return short


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--langs", nargs="+", default=list(LANGUAGES), choices=LANGUAGES)
    parser.add_argument("--kinds", nargs="+", default=list(KINDS), choices=list(KINDS))
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--peer-rebuild", action="store_true")
    args = parser.parse_args(argv)
    if not (SITE / "index.html").is_file() or not LIGHTHOUSE.is_file():
        print("needs `make book` and `make assets` (npm's lighthouse) first", file=sys.stderr)
        return 2
    peer = build_peer(args.peer_rebuild)
    pages = [
        (f"{lang}/{KINDS[kind]}" if lang != "en" else KINDS[kind])
        for lang in args.langs
        for kind in args.kinds
        if (SITE / (KINDS[kind] if lang == "en" else f"{lang}/{KINDS[kind]}")).is_file()
    ]
    rows: list[tuple[str, dict[str, float]]] = []
    with serve(SITE, compress=True) as site_url, serve(peer, compress=True) as peer_url:
        stock = median_figures(peer_url + "intro.html", args.runs)
        for page in tqdm(pages, desc="lighthouse", unit="page"):
            rows.append((page, median_figures(site_url + page, args.runs)))
    width = max(len(page) for page, _ in [*rows, ("stock Jupyter Book intro.html", {})])
    print(f"\n{'page':<{width}}  perf  a11y  best   seo   FCP s  LCP s  KiB    LCP/peer")
    for page, found in [("stock Jupyter Book intro.html", stock), *rows]:
        print(
            f"{page:<{width}}  {found['performance']:.2f}  {found['accessibility']:.2f}  "
            f"{found['best-practices']:.2f}  {found['seo']:.2f}  {found['fcp'] / 1000:5.2f}  "
            f"{found['lcp'] / 1000:5.2f}  {found['kib']:5.0f}  {found['lcp'] / stock['lcp']:6.2f}"
        )
    lcps = [found["lcp"] for _, found in rows]
    print(
        f"\nLCP median {statistics.median(lcps) / 1000:.2f} s, "
        f"{statistics.median(lcps) / stock['lcp']:.2f}× the stock book's {stock['lcp'] / 1000:.2f} s"
    )
    short = [(page, shortfalls(found)) for page, found in rows]
    short = [(page, what) for page, what in short if what]
    print(f"pages short of the targets: {len(short)} of {len(rows)}")
    for page, what in short:
        print(f"  {page}: {', '.join(what)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
