"""The class's store: SQLite from the standard library, in WAL mode, a commit per change.

Every answer is written (and committed) before the teacher's screen counts it, so a server
killed with ``kill -9`` and started again on the same file finds every class, pupil and answer
it had counted. WAL keeps readers and the one writer apart; ``synchronous=NORMAL`` is durable
against a killed process (a lost power supply may lose the last commits, never corrupt).
"""

from __future__ import annotations

import json
import secrets
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Store", "ClassRecord", "PupilRecord", "Duplicate"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS classes (
    code TEXT PRIMARY KEY, lang TEXT NOT NULL, exercises TEXT NOT NULL,
    current TEXT, revealed INTEGER NOT NULL DEFAULT 0, opened REAL NOT NULL);
CREATE TABLE IF NOT EXISTS pupils (
    token TEXT PRIMARY KEY, class TEXT NOT NULL REFERENCES classes(code), name TEXT NOT NULL,
    lang TEXT NOT NULL, joined REAL NOT NULL, UNIQUE (class, name));
CREATE TABLE IF NOT EXISTS asked (
    class TEXT NOT NULL, task TEXT NOT NULL, at REAL NOT NULL, revealed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (class, task));
CREATE TABLE IF NOT EXISTS answers (
    class TEXT NOT NULL, task TEXT NOT NULL, token TEXT NOT NULL REFERENCES pupils(token),
    answer TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (class, task, token));
"""


class Duplicate(Exception):
    """A row that is already there: a name taken, an answer already given."""


@dataclass
class PupilRecord:
    token: str
    name: str
    lang: str


@dataclass
class ClassRecord:
    """A class as the store keeps it: its exercises, what is asked now, and every answer."""

    code: str
    lang: str
    exercises: list[str]
    current: str | None = None
    revealed: bool = False
    pupils: dict[str, PupilRecord] = field(default_factory=dict)  # by token, in the order they joined
    asked: list[str] = field(default_factory=list)  # the tasks pushed, in order
    answers: dict[str, dict[str, str]] = field(default_factory=dict)  # task -> token -> answer
    opened: float = 0.0


class Store:
    """One SQLite file; every method commits before it returns."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        # isolation_level=None: autocommit; each statement below is its own committed transaction.
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        self._db.close()

    def teacher_key(self) -> str:
        """The server's teacher key: made once, then the same after every restart."""
        row = self._db.execute("SELECT value FROM meta WHERE name = 'teacher_key'").fetchone()
        if row:
            return str(row[0])
        key = secrets.token_urlsafe(12)
        self._db.execute("INSERT INTO meta (name, value) VALUES ('teacher_key', ?)", (key,))
        return key

    def open_class(self, code: str, lang: str, exercises: list[str]) -> None:
        self._db.execute(
            "INSERT INTO classes (code, lang, exercises, opened) VALUES (?, ?, ?, ?)",
            (code, lang, json.dumps(exercises), time.time()),
        )

    def codes(self) -> list[str]:
        """Every class kept, the latest first."""
        return [row[0] for row in self._db.execute("SELECT code FROM classes ORDER BY opened DESC, code")]

    def load(self, code: str) -> ClassRecord | None:
        row = self._db.execute(
            "SELECT lang, exercises, current, revealed, opened FROM classes WHERE code = ?", (code,)
        ).fetchone()
        if row is None:
            return None
        record = ClassRecord(code, row[0], json.loads(row[1]), row[2], bool(row[3]), opened=row[4])
        for token, name, lang in self._db.execute(
            "SELECT token, name, lang FROM pupils WHERE class = ? ORDER BY joined, rowid", (code,)
        ):
            record.pupils[token] = PupilRecord(token, name, lang)
        record.asked = [
            row[0] for row in self._db.execute("SELECT task FROM asked WHERE class = ? ORDER BY at", (code,))
        ]
        for task, token, answer in self._db.execute(
            "SELECT task, token, answer FROM answers WHERE class = ? ORDER BY at, rowid", (code,)
        ):
            record.answers.setdefault(task, {})[token] = answer
        return record

    def add_pupil(self, code: str, token: str, name: str, lang: str) -> None:
        try:
            self._db.execute(
                "INSERT INTO pupils (token, class, name, lang, joined) VALUES (?, ?, ?, ?, ?)",
                (token, code, name, lang, time.time()),
            )
        except sqlite3.IntegrityError:
            raise Duplicate(name) from None

    def push(self, code: str, task: str) -> None:
        """``task`` is asked now; asked before, it keeps its answers and its first time."""
        self._db.execute("INSERT OR IGNORE INTO asked (class, task, at) VALUES (?, ?, ?)", (code, task, time.time()))
        self._db.execute("UPDATE classes SET current = ?, revealed = 0 WHERE code = ?", (task, code))

    def reveal(self, code: str, task: str) -> None:
        self._db.execute("UPDATE classes SET revealed = 1 WHERE code = ?", (code,))
        self._db.execute("UPDATE asked SET revealed = 1 WHERE class = ? AND task = ?", (code, task))

    def answer(self, code: str, task: str, token: str, answer: str) -> None:
        """One answer, committed; a second one by the same pupil to the same task is refused."""
        try:
            self._db.execute(
                "INSERT INTO answers (class, task, token, answer, at) VALUES (?, ?, ?, ?, ?)",
                (code, task, token, answer, time.time()),
            )
        except sqlite3.IntegrityError:
            raise Duplicate(token) from None
