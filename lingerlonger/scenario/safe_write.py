"""Writing a file so that nothing is lost: the new text replaces the old only once complete."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

__all__ = ["replacing"]


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
