"""Reading a scenario file a piece at a time, bounded, with encoding mistakes located.

``open_source`` gives the YAML parser a text stream that reads the file's bytes in
pieces and refuses, with a located ``ScenarioError``:

- more than ``limits.MAX_DOCUMENT_BYTES`` without a ``---`` line (``/dev/zero``, a
  runaway file): a stream of scenarios may be long, one scenario may not;
- a byte that is not UTF-8, at its line and column, naming the encoding the file is
  probably in (Latin-1, UTF-16);
- a NUL byte (UTF-16 without a byte-order mark, a binary file), at once;
- a path that is no regular file (a named pipe, a device, a socket, a folder), before
  reading a byte: a pipe would be waited on for ever (``NotAFile``, a usage error).

``format1.read_upload`` applies the same checks to the bytes of an upload.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Iterator
from typing import BinaryIO, ClassVar

from lingerlonger.game.errors import EXIT_USAGE, Message
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.model import Location, ScenarioError
from lingerlonger.words.i18n import format_number
from lingerlonger.words.outside_errors import os_reason

__all__ = ["BoundedSource", "NotAFile", "cannot_read", "open_source", "not_a_file"]

#: Bytes read at a time when the parser asks for "everything".
CHUNK = 1 << 16
#: A document marker at the start of a line.
_MARKER = b"\n---"
_UTF16_BOMS = {b"\xff\xfe": "le", b"\xfe\xff": "be"}


class BoundedSource:
    """A text stream over a binary file: UTF-8 decoded piece by piece, within the bounds."""

    def __init__(self, raw: BinaryIO, path: str) -> None:
        self.raw, self.name = raw, path
        self.offset = 0  # bytes read and decoded so far (pending bytes excluded)
        self.lines = 0  # line breaks in them
        self.column = 0  # characters after the last line break
        self.since_marker = 0  # bytes since the last ``---`` line (or the start)
        self.pending = b""  # the first bytes of a character cut by a piece's end
        self.head = b""  # the file's first bytes, to guess its encoding
        #: (offset, lines and column before, bytes) of the last pieces read: libyaml's errors
        #: are among them.
        self.recent: list[tuple[int, int, int, bytes]] = []

    def read(self, size: int = -1) -> str:
        if size is None or size < 0:
            return "".join(iter(lambda: self.read(CHUNK), ""))
        data = self.raw.read(size)
        if not data:
            if self.pending:
                self._fail_decoding(self.pending, 0)
            return ""
        data, self.pending = self.pending + data, b""
        if not self.head:
            self.head = data[:4096]
        nul = data.find(b"\x00")
        try:  # the text before a NUL, if there is one: the first mistake is the one reported
            text = data[: nul if nul >= 0 else len(data)].decode("utf-8")
        except UnicodeDecodeError as error:
            if nul >= 0 or error.end != len(data) or error.reason != "unexpected end of data":
                self._fail_decoding(data, error.start)
            data, self.pending = data[: error.start], data[error.start :]
            text = data.decode("utf-8")
        if nul >= 0:
            raise ScenarioError(
                self._location(data, nul), Message("input.nul-byte", guess=Message(f"input.guess-{self._nul_guess()}"))
            )
        self._count(data, text)
        return text

    def _count(self, data: bytes, text: str) -> None:
        """Advances the position past ``data``; refuses a document that runs over the bound."""
        marker = (b"\n" + data if self.offset == 0 else data).rfind(_MARKER)
        self.since_marker = len(data) - marker if marker >= 0 else self.since_marker + len(data)
        if self.since_marker > MAX_DOCUMENT_BYTES:
            raise ScenarioError(
                self._location(data, len(data)),
                Message("input.document-too-large", limit=format_number(MAX_DOCUMENT_BYTES, "en")),
            )
        self.recent = [*self.recent[-3:], (self.offset, self.lines, self.column, data)]
        breaks = text.count("\n")
        self.lines += breaks
        self.column = len(text) - text.rfind("\n") - 1 if breaks else self.column + len(text)
        self.offset += len(data)

    def _location(self, data: bytes, at: int) -> Location:
        """The line and column of byte ``at`` of ``data``, the piece being read."""
        before = data[:at].decode("utf-8", errors="replace")
        breaks = before.count("\n")
        column = len(before) - before.rfind("\n") if breaks else self.column + len(before) + 1
        return Location(self.name, self.lines + breaks + 1, column)

    def location_of(self, offset: int) -> Location:
        """Where byte ``offset`` of the file is (libyaml reports its errors so), if it is among
        the last pieces read; else the line being read."""
        if self.recent and self.recent[0][0] <= offset <= self.offset:
            start, lines, column = self.recent[0][:3]
            before = b"".join(piece[3] for piece in self.recent)[: offset - start].decode("utf-8", errors="replace")
            breaks = before.count("\n")
            column = len(before) - before.rfind("\n") if breaks else column + len(before) + 1
            return Location(self.name, lines + breaks + 1, column)
        return Location(self.name, self.lines + 1, 1)

    def _fail_decoding(self, data: bytes, at: int) -> None:
        raise ScenarioError(
            self._location(data, at),
            Message("input.not-utf8", byte=f"0x{data[at]:02X}", guess=Message(self._decode_guess())),
        )

    def _decode_guess(self) -> str:
        bom = _UTF16_BOMS.get(self.head[:2])
        if bom:
            return f"input.guess-utf16-{bom}"
        try:
            self.head.decode("cp1252")
        except UnicodeDecodeError:
            return "input.guess-other"
        return "input.guess-latin1"

    def _nul_guess(self) -> str:
        """UTF-16 puts a zero byte beside every ASCII character: on the odd bytes, little-endian."""
        sample = self.head[:1024]
        odd, even = sample[1::2].count(0), sample[0::2].count(0)
        if odd > 0.3 * len(sample) / 2 and even < odd / 4:
            return "utf16-le"
        if even > 0.3 * len(sample) / 2 and odd < even / 4:
            return "utf16-be"
        return "binary"


class NotAFile(ScenarioError):
    """A path given as a scenario file that is no regular file: what the reader asked for
    cannot be read (exit status 2, as a missing file), not a scenario that fails."""

    exit_code: ClassVar[int] = EXIT_USAGE


def cannot_read(path: str, error: OSError) -> ScenarioError:
    """A file the system would not let us read (missing, no permission...), at its start."""
    return ScenarioError(Location(path, 1, 1), Message("scenario.cannot-read", reason=os_reason(error)))


#: What a path is when it is no regular file, by ``stat``'s test (catalog ``input.kind-*``).
_KINDS = (
    (stat.S_ISDIR, "folder"),
    (stat.S_ISFIFO, "fifo"),
    (stat.S_ISSOCK, "socket"),
    (stat.S_ISCHR, "device"),
    (stat.S_ISBLK, "device"),
)


def not_a_file(path: str, mode: int) -> NotAFile | None:
    """The refusal of ``path`` (of ``stat`` mode ``mode``) unless it is a regular file."""
    if stat.S_ISREG(mode):
        return None
    kind = next((kind for test, kind in _KINDS if test(mode)), "device")
    return NotAFile(Location(path, 1, 1), Message("input.not-a-file", kind=Message(f"input.kind-{kind}")))


@contextlib.contextmanager
def open_source(path: str) -> Iterator[BoundedSource]:
    """A scenario file opened for ``scenario.iter_documents`` (``OSError`` if it cannot be).

    A path that is no regular file is refused (``NotAFile``) before it is opened (opening a
    device may act, opening a pipe waits for a writer), and again on what was opened, without
    waiting (the path may have changed in between)."""
    refusal = not_a_file(path, os.stat(path).st_mode)
    if refusal is not None:
        raise refusal
    descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    try:
        refusal = not_a_file(path, os.fstat(descriptor).st_mode)
        if refusal is not None:
            raise refusal
        os.set_blocking(descriptor, True)
        raw = os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise
    with raw:
        yield BoundedSource(raw, path)
