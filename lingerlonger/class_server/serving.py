"""Starting a class server: its store, its exercises, the address phones reach it at, the
teacher key, the terminal's QR code, and uvicorn running the application.

``prepare`` does everything that can be refused (a task file that fails its check, a store that
cannot be opened) before anything listens; the command line says what it returns and then
calls ``run``.
"""

from __future__ import annotations

import io
import socket
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import segno
import uvicorn
from starlette.applications import Starlette

from lingerlonger.class_server.app import MAX_FRAME, create_app
from lingerlonger.class_server.exercises import load_exercises
from lingerlonger.class_server.rooms import Classes
from lingerlonger.class_server.store import Store

__all__ = ["Prepared", "prepare", "run", "lan_address", "terminal_qr", "DEFAULT_PORT"]

DEFAULT_PORT = 8765


@dataclass(frozen=True)
class Prepared:
    """A server ready to run: its application, where pupils join, and the teacher's address."""

    app: Starlette
    join_url: str
    teacher_url: str
    key: str
    exercises: int
    classes: int


def lan_address() -> str:
    """This machine's address on the local network (the one a route out would use; nothing is
    sent), or 127.0.0.1 when there is no network."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def prepare(data: str | Path, host: str, port: int, task_files: Sequence[str] = ()) -> Prepared:
    """The store at ``data`` (made if new, resumed if not) and the exercises, checked."""
    exercises = load_exercises(task_files)
    store = Store(data)
    classes = Classes(store, exercises)
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    base = f"http://{shown}:{port}"
    return Prepared(
        create_app(classes, base),
        base,
        f"{base}/#key={classes.key}",
        classes.key,
        len(exercises.tasks),
        len(store.codes()),
    )


def terminal_qr(url: str) -> str:
    """``url`` as a QR code drawn with block characters, for the terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def run(prepared: Prepared, host: str, port: int) -> None:
    """Serve until stopped (Ctrl-C); a frame over ``MAX_FRAME`` bytes closes its socket unread."""
    uvicorn.run(
        prepared.app,
        host=host,
        port=port,
        ws_max_size=MAX_FRAME,
        # The messages are small and the network local: compressing them would cost each phone's
        # socket a zlib context on the server (memory that grows with the class) for nothing.
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
    )
