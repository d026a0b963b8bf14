"""A folder served over HTTP on 127.0.0.1 for the benchmarks that open pages in chromium: the
site's own server (book/_ext/site_server.py, that of `make serve`), uncompressed unless asked."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "book" / "_ext"))

from site_server import serve

__all__ = ["serve"]
