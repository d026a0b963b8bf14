"""The book's build time: clean, then again with nothing changed (target ≤ 10%).

Both builds are `make book`'s command (strict: warnings are errors), run on a
snapshot of the repository in a temporary folder (its package first on the
kernels' PYTHONPATH), so that _build/ is left alone and an edit made meanwhile
in the working tree changes nothing:

1. clean: no environment and no execution cache, so every chapter is executed;
2. nothing changed: the same command again, ``--rebuilds`` times (the median
   is compared); Sphinx finds nothing outdated, and notebook_inputs (book/_ext)
   finds no changed scenario or package file.

The last line is the ratio of the two. Most of an unchanged rebuild is Python
starting up: the line "of which importing jsonschema" shows one known cost,
jsonschema ≥ 4.25 compiling rfc3987-syntax's grammars at import when that
package is installed. Needs `make assets` first (the widget scripts the build
copies). Usage: ``python bench/book.py [--rebuilds N] [--keep]``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TARGET = 0.10
VENDOR = REPO / "_static" / "vendor"
NOT_COPIED = shutil.ignore_patterns(
    "_build", "node_modules", ".git", ".hypothesis", "out", "__pycache__", "*.egg-info", ".benchmarks"
)


def build(source: Path) -> float:
    """Seconds taken by one strict build of the book in ``source``."""
    command = ["jupyter-book", "build", ".", "--builder", "html", "-W", "-n", "--keep-going"]
    environment = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(filter(None, [str(source), os.environ.get("PYTHONPATH")])),
    }
    start = time.perf_counter()
    run = subprocess.run(command, cwd=source, env=environment, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"the build failed ({' '.join(command)}):\n{run.stdout[-4000:]}{run.stderr[-4000:]}")
    return seconds


def import_seconds(module: str) -> float:
    """Wall time of a fresh interpreter importing ``module``, less a bare start-up."""

    def timed(code: str) -> float:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], check=True)
        return time.perf_counter() - start

    return max(0.0, timed(f"import {module}") - timed("pass"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rebuilds", type=int, default=3, help="unchanged rebuilds to time (median)")
    parser.add_argument("--keep", action="store_true", help="keep the output folder and print it")
    args = parser.parse_args()
    if not VENDOR.is_dir():
        sys.exit(f"{VENDOR} is missing: run `make assets` first")

    output = Path(tempfile.mkdtemp(prefix="bench-book-"))
    source = output / "repo"
    shutil.copytree(REPO, source, ignore=NOT_COPIED, symlinks=True)
    try:
        clean = build(source)
        print(f"clean build (every chapter executed):  {clean:6.1f} s")
        rebuilds = [build(source) for _ in range(args.rebuilds)]
        rebuild = statistics.median(rebuilds)
        print(
            f"rebuild, nothing changed (median of {len(rebuilds)}): {rebuild:6.1f} s   "
            f"[{', '.join(f'{seconds:.1f}' for seconds in rebuilds)}]"
        )
        print(f"  of which importing jsonschema:       {import_seconds('jsonschema'):6.1f} s")
        ratio = rebuild / clean
        verdict = "meets" if ratio <= TARGET else "misses"
        print(f"rebuild / clean: {ratio:.1%} ({verdict} the target of {TARGET:.0%})")
    finally:
        if args.keep:
            print(f"output kept in {output}")
        else:
            shutil.rmtree(output, ignore_errors=True)


if __name__ == "__main__":
    main()
