"""Hand records to a CSV file, written as the hands come in."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Iterable

if TYPE_CHECKING:
    from .runner import HandRecord

__all__ = ["CSV_COLUMNS", "CsvWriter", "write_csv"]

CSV_COLUMNS = ["hand", "dealer", "reason", "seat", "player", "position", "won", "tricks_won",
               "early_tricks", "early_trumps", "hand_sizes"]


class CsvWriter:
    """One row per seat per hand; ``hand_sizes`` lists the size after each trick.

    The file opens (and its header is written) when the writer is made, so a path that
    cannot be written fails before any hand is played. Nothing is buffered here: each
    batch of hands goes to the file at once, so a run that stops leaves whole hands on
    disk, and ``hands`` and ``rows`` say how many.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.hands = self.rows = 0
        self._file = open(path, "wb", buffering=0)
        buffer = io.StringIO()
        csv.writer(buffer).writerow(CSV_COLUMNS)
        self._put(buffer.getvalue())

    def _put(self, text: str) -> None:
        unwritten = memoryview(text.encode("utf-8"))
        while unwritten:
            unwritten = unwritten[self._file.write(unwritten):]

    def write(self, records: Iterable[HandRecord]) -> None:
        buffer = io.StringIO()
        writer = csv.writer(buffer)
        hands = rows = 0
        for record in records:
            hands += 1
            for seat in record.seats:
                rows += 1
                writer.writerow([record.hand, record.dealer + 1, record.reason, seat.seat + 1, seat.kind,
                                 seat.position, int(seat.won), seat.tricks_won, seat.early_tricks,
                                 seat.early_trumps, " ".join(map(str, seat.sizes))])
        self._put(buffer.getvalue())
        self.hands += hands
        self.rows += rows

    def close(self) -> None:
        self._file.close()

    def __enter__(self) -> CsvWriter:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


def write_csv(records: Iterable[HandRecord], path: str) -> None:
    """Every record to ``path``, one row per seat per hand."""
    with CsvWriter(path) as writer:
        writer.write(records)
