"""Live mode's sessions: what a page has opened (a scenario, a hand, a what-if branch, a review),
kept by number in the worker, and the two ways a call about one is refused."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from lingerlonger.game.errors import LingerError

__all__ = ["Sessions", "MAX_SESSIONS", "NUMBERS", "LiveRequestError", "SessionLost"]

#: The most sessions (scenarios opened, hands dealt, what-if branches) a worker keeps: a page
#: holds a few players, each opening a session a press or so; past this, the oldest is dropped
#: (a call on it is answered "session lost", as after a restarted worker).
MAX_SESSIONS = 64
#: Where session numbers come from (a test may seed it).
NUMBERS = random.SystemRandom()


class LiveRequestError(LingerError):
    """A call the page made wrongly (no such endpoint, an argument missing or of the wrong
    kind): said in the reader's words, never a traceback."""


class SessionLost(LingerError):
    """A session this worker no longer holds: the worker was restarted (a slow check is
    stopped with it), or the session was the oldest of ``MAX_SESSIONS``. The page reopens a
    scenario by itself (``lost`` in the answer); a hand or a branch is gone, and it says so."""

    def __init__(self) -> None:
        super().__init__("live.session-lost")


class Sessions:
    """What a page has opened, by number (one key type), the most recently used last; at most
    ``MAX_SESSIONS``, the least recently used dropped first.

    A number is drawn at random (below 2**53, exact in JavaScript), not counted: a worker
    started again would count from where the build's snapshot stopped, and a page holding an
    old worker's number would be given another player's session on the page instead of "session lost"."""

    def __init__(self, limit: int = MAX_SESSIONS) -> None:
        self.limit = limit
        self._kept: OrderedDict[int, Any] = OrderedDict()

    def keep(self, value: Any) -> int:
        number = 0
        while number == 0 or number in self._kept:
            number = NUMBERS.getrandbits(53)
        self._kept[number] = value
        while len(self._kept) > self.limit:
            self._kept.popitem(last=False)
        return number

    def get(self, number: int, kind: type) -> Any:
        """Session ``number``, which must be a ``kind``; ``SessionLost`` when not held."""
        value = self._kept.get(number)
        if value is None:
            raise SessionLost()
        if not isinstance(value, kind):
            raise LiveRequestError("live.bad-request", name="session")
        self._kept.move_to_end(number)
        return value

    def put(self, number: int, value: Any) -> None:
        self._kept[number] = value
        self._kept.move_to_end(number)

    def clear(self) -> None:
        self._kept.clear()

    def __len__(self) -> int:
        return len(self._kept)

    def __contains__(self, number: object) -> bool:
        return number in self._kept
