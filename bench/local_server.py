"""A folder served over HTTP on 127.0.0.1 for the benchmarks that open pages in chromium."""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import threading
from pathlib import Path
from urllib.parse import unquote, urlsplit


class _Quiet(http.server.SimpleHTTPRequestHandler):
    #: When a list: each file sent in full is added to it, as (path under the site, bytes).
    sent: list | None = None

    def log_message(self, format, *args):
        pass

    def send_head(self):
        answer = super().send_head()  # None for a 304 or an error: nothing of the file sent
        if self.sent is not None and answer is not None and hasattr(answer, "fileno"):
            self.sent.append((unquote(urlsplit(self.path).path).lstrip("/"), os.fstat(answer.fileno()).st_size))
        return answer


@contextlib.contextmanager
def serve(directory: Path, sent: list | None = None):
    """Serve ``directory`` in a background thread; yields its base URL (ending in /). With
    ``sent``, every file the server sends is recorded there (what a reader's line carried)."""
    handler = type("Handler", (_Quiet,), {"sent": sent})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_port}/"
    finally:
        server.shutdown()
        server.server_close()
