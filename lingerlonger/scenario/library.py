"""The lesson library: the scenario files that come with lingerlonger, and ``nearest``, the
one search up the folder tree (for a library, a schema) from where a reader works.

In the repository they live in ``scenarios/`` (the book, the tests and authors
use that path); a wheel carries the same files as ``lingerlonger/lessons/``
(pyproject.toml maps one onto the other). Whichever is there, ``lesson_folder``
finds it, so that ``lingerlonger check`` and the app need no path.

>>> sorted(lesson_folder().glob("*.yaml"))[0].name
'01-deal-4-players.yaml'
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import resources
from pathlib import Path

from lingerlonger.words.i18n import LANGUAGES

__all__ = ["lesson_folder", "nearest", "LESSON_LANGUAGES"]

#: Every text of every lesson is written in each of these (``lingerlonger check`` with no path,
#: or ``--languages``, reports a text that is not): the book and the app speak them all.
LESSON_LANGUAGES = LANGUAGES


def lesson_folder() -> Path:
    """The folder of the lessons: the checkout's ``scenarios/`` when running from one (an
    editable install or PYTHONPATH), else the copy installed with the package."""
    checkout = Path(__file__).resolve().parents[2]
    if (checkout / "pyproject.toml").is_file() and (checkout / "scenarios").is_dir():
        return checkout / "scenarios"
    # An installed wheel is always unpacked on disk, so the resource is a real folder.
    return Path(str(resources.files("lingerlonger") / "lessons"))


def nearest(start: Path, *names: str, accept: Callable[[Path], bool] = Path.exists) -> Path | None:
    """The nearest ``FOLDER/NAME`` that ``accept`` takes, trying ``start`` and then each folder
    above it, and in each folder the ``names`` in order; None when there is none.

    >>> here = Path(__file__).parent
    >>> nearest(here, "no-such-file", "pyproject.toml") == here.parents[1] / "pyproject.toml"
    True
    """
    for folder in (start, *start.parents):
        for name in names:
            if accept(folder / name):
                return folder / name
    return None
