"""What `make book` shows of a Jupyter Book build: everything, less its closing banner.

Jupyter Book ends each build with a box, "Finished generating HTML for book. ... You can look
at your book by opening this file in a browser: _build/ru/_build/html/index.html". `make book`
runs four builds, each into an intermediate copy that site_pack.py then gathers into
_build/html, so four boxes would point a reader at four wrong addresses. This filter (stdin to
stdout, line by line, as the build goes) drops that box alone: Sphinx's progress, warnings and
errors, and Jupyter Book's red box when a build fails, pass as they are. The Makefile then
ends with the one address to open.

    PYTHONUNBUFFERED=1 jupyter-book build ... | python book/_ext/build_log.py
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterable, Iterator

#: Jupyter Book's box border: a line of "=" (coloured on a terminal).
_BORDER = re.compile(r"^(\x1b\[[0-9;]*m)*=+(\x1b\[[0-9;]*m)*\s*$")
#: The first words of the box that `make book` leaves out.
_FINISHED = "Finished generating HTML for"


def without_banner(lines: Iterable[str]) -> Iterator[str]:
    """``lines`` less each box that starts with "Finished generating HTML for".

    >>> log = ["reading sources...", "=====", "", "Finished generating HTML for book.",
    ...        "You can look at your book by opening this file in a browser:", "    x/index.html",
    ...        "", "=====", "", "done"]
    >>> list(without_banner(log))
    ['reading sources...', '', 'done']
    >>> list(without_banner(["=====", "", "There was an error in building your book.", "", "====="]))[2]
    'There was an error in building your book.'
    """
    held: list[str] = []  # a box's lines, from its first border, until it shows what it is
    dropping = False
    for line in lines:
        if dropping:
            dropping = not _BORDER.match(line)
            continue
        if held:
            held.append(line)
            if not line.strip():
                continue
            if line.strip().startswith(_FINISHED):
                held, dropping = [], True
            else:
                yield from held
                held = []
            continue
        if _BORDER.match(line):
            held = [line]
            continue
        yield line
    yield from held


def main() -> int:
    for line in without_banner(sys.stdin):
        sys.stdout.write(line)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
