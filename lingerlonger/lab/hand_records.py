"""Hand records to a file, written as the hands come in: CSV, or Parquet when pyarrow is there.

Both writers open their file when they are made, so a path that cannot be written fails
before any hand is played; ``hands`` and ``rows`` say how many have gone to the file.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from lingerlonger.lab.runner import HandRecord

__all__ = ["CSV_COLUMNS", "HandWriter", "CsvWriter", "ParquetWriter", "NeedsPyarrow", "open_output", "write_csv"]

CSV_COLUMNS = [
    "hand",
    "dealer",
    "reason",
    "seat",
    "player",
    "position",
    "won",
    "tricks_won",
    "early_tricks",
    "early_trumps",
    "hand_sizes",
]


def seat_rows(records: Iterable[HandRecord]) -> Iterator[tuple]:
    """One row per seat per hand, in ``CSV_COLUMNS`` order; seats and dealers count from 1."""
    for record in records:
        for seat in record.seats:
            yield (
                record.hand,
                record.dealer + 1,
                record.reason,
                seat.seat + 1,
                seat.kind,
                seat.position,
                seat.won,
                seat.tricks_won,
                seat.early_tricks,
                seat.early_trumps,
                seat.sizes,
            )


class HandWriter:
    """What the tournament writes to: ``write`` a batch of hands, then ``close``."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.hands = self.rows = 0

    def write(self, records: Sequence[HandRecord]) -> None:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> HandWriter:
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()


class CsvWriter(HandWriter):
    """One row per seat per hand; ``hand_sizes`` lists the size after each trick.

    Nothing is buffered here: each batch of hands goes to the file at once, so a run
    that stops leaves whole hands on disk.
    """

    def __init__(self, path: str) -> None:
        super().__init__(path)
        self._file = open(path, "wb", buffering=0)  # noqa: SIM115 (the writer owns it: close() closes it)
        self._put([CSV_COLUMNS])

    def _put(self, rows: Iterable[Iterable]) -> None:
        buffer = io.StringIO()
        csv.writer(buffer).writerows(rows)
        unwritten = memoryview(buffer.getvalue().encode("utf-8"))
        while unwritten:
            unwritten = unwritten[self._file.write(unwritten) :]

    def write(self, records: Sequence[HandRecord]) -> None:
        rows = [(*row[:6], int(row[6]), *row[7:10], " ".join(map(str, row[10]))) for row in seat_rows(records)]
        self._put(rows)
        self.hands += len(records)
        self.rows += len(rows)

    def close(self) -> None:
        self._file.close()


class NeedsPyarrow(ImportError):
    """A Parquet file was asked for, and pyarrow is not installed."""


class ParquetWriter(HandWriter):
    """The CSV's columns in a Parquet file, ``hand_sizes`` as a list of numbers.

    Hands are gathered into row groups of about ``ROW_GROUP`` rows (as Arrow columns,
    which are small); a run that stops writes what it has and the file's footer on close.
    """

    ROW_GROUP = 65_536

    def __init__(self, path: str) -> None:
        try:
            import pyarrow as arrow
            import pyarrow.parquet as parquet
        except ImportError:
            raise NeedsPyarrow(path) from None
        self._arrow = arrow
        small, count = arrow.int8(), arrow.int32()
        self._schema = arrow.schema(
            [
                ("hand", count),
                ("dealer", small),
                ("reason", arrow.string()),
                ("seat", small),
                ("player", arrow.string()),
                ("position", small),
                ("won", arrow.bool_()),
                ("tricks_won", small),
                ("early_tricks", small),
                ("early_trumps", small),
                ("hand_sizes", arrow.list_(small)),
            ]
        )
        super().__init__(path)
        self._batches: list = []
        self._file = open(path, "wb")  # noqa: SIM115 (the writer owns it: close() closes it)
        try:
            self._writer = parquet.ParquetWriter(self._file, self._schema)
        except BaseException:
            self._file.close()
            raise

    def write(self, records: Sequence[HandRecord]) -> None:
        columns = list(zip(*seat_rows(records), strict=True))
        if not columns:
            return
        self._batches.append(self._arrow.record_batch(columns, schema=self._schema))
        self.hands += len(records)
        self.rows += len(columns[0])
        if sum(batch.num_rows for batch in self._batches) >= self.ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        if self._batches:
            self._writer.write_table(self._arrow.Table.from_batches(self._batches), row_group_size=self.ROW_GROUP * 2)
            self._batches = []

    def close(self) -> None:
        try:
            self._flush()
            self._writer.close()
        finally:
            self._file.close()


def open_output(path: str) -> HandWriter:
    """A Parquet writer for ``*.parquet``, else a CSV writer."""
    return ParquetWriter(path) if path.lower().endswith(".parquet") else CsvWriter(path)


def write_csv(records: Iterable[HandRecord], path: str) -> None:
    """Every record to ``path``, one row per seat per hand."""
    with CsvWriter(path) as writer:
        writer.write(tuple(records))
