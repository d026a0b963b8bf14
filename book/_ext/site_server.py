"""The built site served as GitHub Pages serves it: `make serve`, and the benchmarks' server.

GitHub Pages (and any school's web server, told to) sends text compressed with gzip when the
browser accepts it, and lets the browser keep files ten minutes: a figure measured at home
(``bench/lighthouse.py``) is then the figure readers get, and a class served from a laptop
is as fast. ``python book/_ext/site_server.py _build/html [--port 8000]``.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import gzip
import http.server
import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar
from urllib.parse import unquote, urlsplit

#: What GitHub Pages compresses (fonts, pictures and archives are compressed already).
COMPRESSED_TYPES = {".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".yaml", ".py"}
#: How long a browser may keep a file without asking again (GitHub Pages: ten minutes).
KEEP_SECONDS = 600


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    #: When a list: each file sent in full is added to it, as (path under the site, bytes sent).
    sent: list | None = None
    #: Whether text goes out compressed to a browser that accepts gzip.
    compress = False

    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".mjs": "text/javascript",
        ".wasm": "application/wasm",
        ".webmanifest": "application/manifest+json",
    }

    def log_message(self, format, *args):
        pass

    def end_headers(self):
        self.send_header("Cache-Control", f"max-age={KEEP_SECONDS}")
        self.send_header("Vary", "Accept-Encoding")
        super().end_headers()

    def send_head(self):
        found = self._compressible_file() if self.compress else None
        if found is not None:
            data = gzip.compress(found.read_bytes(), 6, mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(found)))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Last-Modified", self.date_time_string(int(found.stat().st_mtime)))
            self.end_headers()
            self._record(len(data))
            return io.BytesIO(data)
        answer = super().send_head()  # None for a 304 or an error: nothing of the file sent
        if answer is not None and hasattr(answer, "fileno"):
            self._record(os.fstat(answer.fileno()).st_size)
        return answer

    def _compressible_file(self) -> Path | None:
        """The file asked for, when it goes compressed: text, to a browser that accepts gzip.
        (A folder asked for without its slash is redirected by the plain handler.)"""
        if "gzip" not in self.headers.get("Accept-Encoding", ""):
            return None
        path = Path(self.translate_path(self.path))
        if path.is_dir() and urlsplit(self.path).path.endswith("/"):
            path = path / "index.html"
        return path if path.is_file() and path.suffix.lower() in COMPRESSED_TYPES else None

    def _record(self, size: int) -> None:
        if self.sent is not None:
            self.sent.append((unquote(urlsplit(self.path).path).lstrip("/"), size))


@contextlib.contextmanager
def serve(directory: Path, sent: list | None = None, compress: bool = False, port: int = 0) -> Iterator[str]:
    """Serve ``directory`` on 127.0.0.1 in a background thread; yields its base URL (ending in /).
    With ``sent``, every file sent is recorded there; with ``compress``, text goes gzipped."""
    handler = type("Handler", (SiteHandler,), {"sent": sent, "compress": compress})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("site", type=Path, help="the built site, e.g. _build/html")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--bind", default="127.0.0.1", help="where to listen (0.0.0.0: the whole network)")
    args = parser.parse_args(argv)
    handler = type("Handler", (SiteHandler,), {"compress": True})
    server = http.server.ThreadingHTTPServer(
        (args.bind, args.port), functools.partial(handler, directory=str(args.site))
    )
    print(f"Serving {args.site} at http://{args.bind}:{args.port}/ (compressed as GitHub Pages does; Ctrl+C stops)")
    with server, contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()


if __name__ == "__main__":
    main()
