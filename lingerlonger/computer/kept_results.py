"""A long computation's result, kept on disk while the book is built and tested: the four
language builds run the same chapters, and a simulation's numbers do not depend on the page's
language, so the first build to run it keeps the result and the others read it; the course's
best-chance measurements (``task_search.measure_chances``), the same in the Learn and Class
pages of every language and in the tests that judge the course, likewise (``make`` sets
``LINGERLONGER_RESULTS`` for the book and the tests; a reader running a chapter, and live
mode, compute as before).

A kept result is found again only with the same name and the same package sources, and for a
chapter's, the same chapters (the ``.md`` files of the folder the chapter runs in): editing
either computes anew.

>>> kept("two plus two", lambda: 2 + 2)  # without LINGERLONGER_RESULTS: computed
4
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

#: The folder that keeps results (unset: nothing is kept).
RESULTS_FOLDER = "LINGERLONGER_RESULTS"
Result = TypeVar("Result")


@cache
def _sources_digest(chapters: Path | None) -> str:
    """What a result depends on besides its name: the package's sources, and the chapters."""
    digest = hashlib.sha256()
    package = Path(__file__).parents[1]
    for path in sorted((*package.rglob("*.py"), *(chapters.glob("*.md") if chapters else ()))):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def kept(name: str, compute: Callable[[], Result], *, of_chapters: bool = True) -> Result:
    """``compute()``, or the result a run before this one kept under ``name``; ``of_chapters``:
    a chapter's result, kept for the chapters as they are (the folder the kernel runs in), not
    one the package's sources alone decide."""
    folder = os.environ.get(RESULTS_FOLDER)
    if not folder:
        return compute()
    sources = _sources_digest(Path.cwd() if of_chapters else None)
    key = hashlib.sha256(f"{name}\0{sources}".encode()).hexdigest()[:32]
    path = Path(folder) / f"{key}.pickle"
    try:
        with path.open("rb") as kept_file:
            return pickle.load(kept_file)  # written by a build of this checkout, in its own folder
    except (OSError, EOFError, pickle.UnpicklingError):
        pass
    result = compute()
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written whole, then renamed: a build running beside this one reads all of it or nothing.
    with tempfile.NamedTemporaryFile("wb", dir=path.parent, delete=False) as temporary:
        pickle.dump(result, temporary)
    os.replace(temporary.name, path)
    return result
