"""`make book` ends with the one address to open: Jupyter Book's closing box, which names an
intermediate copy of each language's build, is filtered out (book/_ext/build_log.py)."""

from __future__ import annotations

import contextlib
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

#: Jupyter Book 1's command-line module, imported for its banner, uses an older click name.
pytestmark = pytest.mark.filterwarnings("ignore:'BaseCommand' is deprecated:DeprecationWarning")

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))

from build_log import without_banner  # noqa: E402


def jupyter_books_banner(output: Path) -> str:
    """What Jupyter Book itself prints after a book's HTML build, into ``output``."""
    from jupyter_book.cli.main import builder_specific_actions

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        builder_specific_actions(0, "html", output, "book", print_func=print)
    return printed.getvalue()


def test_jupyter_books_banner_is_left_out_and_the_rest_kept(tmp_path):
    banner = jupyter_books_banner(tmp_path / "_build" / "ru" / "_build" / "html")
    assert "You can look at your book by opening" in banner  # what the filter is for
    log = (
        "reading sources... [100%] book/index\n"
        "book/index.md:3: WARNING: undefined label: 'nowhere'\n"
        "build succeeded, 1 warning.\n" + banner + "mkdir -p _build/html\n"
    )
    kept = "".join(without_banner(io.StringIO(log)))
    assert kept.replace("\n", "") == (
        "reading sources... [100%] book/index"
        "book/index.md:3: WARNING: undefined label: 'nowhere'"
        "build succeeded, 1 warning.mkdir -p _build/html"
    )


def test_a_failed_builds_box_is_kept():
    from jupyter_book.utils import _message_box

    box = _message_box(
        "There was an error in building your book. Look above for the cause.", color="red", doprint=False
    )
    assert "There was an error" in "".join(without_banner(io.StringIO(box)))


def test_make_book_filters_every_build_and_ends_with_the_address():
    dry = subprocess.run(["make", "-n", "book"], cwd=REPO, capture_output=True, text=True, check=True).stdout
    builds = [line for line in dry.splitlines() if "jupyter-book build" in line]
    assert len(builds) == 4 and all(re.search(r"\| \S*python\S* book/_ext/build_log\.py$", line) for line in builds)
    said = [line.removeprefix("echo ").strip('"') for line in dry.splitlines() if line.startswith("echo ")]
    assert said[-1] == "http://localhost:8000/"
    assert "make serve" in said[-2] and "_build/html/index.html" in " ".join(said)
    assert not any("_build/ru" in line or "_build/pt" in line for line in said)
