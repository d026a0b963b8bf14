"""Writing a file so that nothing is lost: the new text replaces the old only once complete,
and nothing an author wrote is replaced by mistake (``would_replace``)."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Literal, TextIO

__all__ = ["SCENARIO_SUFFIXES", "replacing", "would_replace"]

#: The names a scenario file ends with.
SCENARIO_SUFFIXES = (".yaml", ".yml")
#: A scenario's ``format:`` line (at the start of a line), whatever the file's name.
_FORMAT_LINE = re.compile(rb"^format:[ \t]*[\"']?[0-9]", re.MULTILINE)
#: How much of a file is read to tell whether it is a scenario.
_SNIFF_BYTES = 1 << 16


def would_replace(target: str | Path, inputs: Iterable[str | Path] = ()) -> Literal["input", "scenario"] | None:
    """What writing ``target`` would replace that only ``--force`` may: one of the command's own
    ``inputs`` (``"input"``), or a scenario, a file named like one or holding a ``format: 1``
    line (``"scenario"``); None for a new file, another file, or what is no regular file
    (``/dev/null``, a pipe)."""
    path = Path(target)
    if not path.is_file():
        return None
    for source in inputs:
        with contextlib.suppress(OSError):
            if os.path.samefile(path, source):
                return "input"
    if path.suffix.lower() in SCENARIO_SUFFIXES:
        return "scenario"
    try:
        with open(path, "rb") as file:
            head = file.read(_SNIFF_BYTES)
    except OSError:
        return None
    return "scenario" if _FORMAT_LINE.search(head) else None


@contextlib.contextmanager
def replacing(path: str | Path, newline: str = "\n") -> Iterator[TextIO]:
    """A text file that takes ``path``'s place only once it is complete.

    What is written may be read lazily from the very file it replaces (a scenario stream
    rewritten in place), and an error or Ctrl-C half-way must not leave half a file: the
    text goes to a temporary file beside it, which then replaces it in one step. A path that
    is not a regular file (``/dev/null``, a pipe) is written directly.
    """
    target = Path(path)
    if target.exists() and not target.is_file():
        with open(target, "w", encoding="utf-8", newline=newline) as out:
            yield out
        return
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    try:
        with open(temporary, "x", encoding="utf-8", newline=newline) as out:  # the umask's mode
            yield out
        if target.exists():
            shutil.copymode(target, temporary)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
