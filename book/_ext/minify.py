"""Scripts and style sheets made small for the site's joined files (site_scripts.py, site_speed.py),
by esbuild under node (``minify.mjs``: what it keeps and why is said there)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

HERE = Path(__file__).parent


def minified(texts: set[str], loader: str = "js") -> dict[str, str]:
    """Each text of ``texts`` minified (``minify.mjs``, esbuild), where it could be."""
    ordered = sorted(texts)
    if not ordered:  # a build packed again: nothing new to make small, no node to start
        return {}
    done = subprocess.run(
        ["node", str(HERE / "minify.mjs"), loader],
        input=json.dumps(ordered),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        cwd=HERE.parents[1],
    )
    if done.stderr:
        print(done.stderr, end="")
    return {text: small for text, small in zip(ordered, json.loads(done.stdout), strict=True) if small is not None}
