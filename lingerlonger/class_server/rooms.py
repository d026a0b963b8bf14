"""One class as it goes, and the protocol its pages speak over the WebSocket.

Every message a page sends is one JSON object ``{"op": ..., ...}`` of at most ``MAX_MESSAGE``
characters. What a message may do depends on who sent it: the teacher's page, once it has
shown the teacher key (``hello`` with ``role: teacher``), opens a class, pushes an exercise and
reveals it; a pupil's page, once it has joined with a name (``join``) or come back with its
token (``hello`` with ``role: pupil``), answers, once, the exercise asked now. Identity belongs to
the connection: no message names the pupil it answers for. A refusal is a ``ClassError``, a
code and its values, worded by the catalogs in the page's language; the session goes on.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import unicodedata
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from lingerlonger.class_server.exercises import Exercises
from lingerlonger.class_server.store import ClassRecord, Duplicate, PupilRecord, Store
from lingerlonger.game.errors import LingerError
from lingerlonger.scenario.author_names import seat_name_problem
from lingerlonger.scenario.limits import MAX_SEAT_NAME
from lingerlonger.views import class_live
from lingerlonger.views.course_page import LearnTask, answer_kind
from lingerlonger.words.i18n import LANGUAGES, error_text, translate

__all__ = ["ClassError", "Connection", "Classes", "Bucket", "MAX_MESSAGE", "JOIN_ALPHABET", "judge"]

#: The longest message a page sends (a join with a name, an answer): anything longer is refused.
MAX_MESSAGE = 4096
#: A join code: six of these, no 0/O or 1/I to mistake on a projector.
JOIN_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
JOIN_LENGTH = 6
#: The pupils of one class, and the exercises a class may hold.
MAX_PUPILS = 300
MAX_EXERCISES = 200
#: The earlier classes a teacher's page offers to take up again.
EARLIER_SHOWN = 20
#: A class's answers redraw the teacher's roster (who has answered) at most this often, in seconds:
#: its count and chart are sent at each answer, but the roster of a large class is heavier.
ROSTER_EVERY = 0.3
#: Flood limit per connection: a burst of ``FLOOD_BURST`` messages, then ``FLOOD_RATE`` a second;
#: after ``FLOOD_CLOSE`` refusals in a row the connection is closed (the page reconnects).
FLOOD_BURST = 20
FLOOD_RATE = 5.0
FLOOD_CLOSE = 200


class ClassError(LingerError):
    """A message refused: catalog message ``error.CODE`` (codes ``class.*``)."""


def _now() -> float:
    """The buckets' clock, one seam: the tests stop it, so that a slow machine's sending is a flood too."""
    return time.monotonic()


@dataclass
class Bucket:
    """A token bucket: ``take`` is false when the connection sends faster than it may."""

    tokens: float = FLOOD_BURST
    at: float = field(default_factory=_now)
    refused: int = 0

    def take(self) -> bool:
        now = _now()
        self.tokens = min(FLOOD_BURST, self.tokens + (now - self.at) * FLOOD_RATE)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused = 0
            return True
        self.refused += 1
        return False


@dataclass(eq=False)
class Connection:
    """One page's socket: who it is once it has said so, and how to send it a message."""

    send: Callable[[dict[str, Any]], Awaitable[None]]
    lang: str = "en"
    role: str | None = None  # "teacher" or "pupil"
    code: str | None = None
    token: str | None = None
    bucket: Bucket = field(default_factory=Bucket)


def judge(task: LearnTask, answer: str) -> tuple[bool, int | None]:
    """Whether ``answer`` is right, and the rule that decides it (a set of seats, ``seats``:
    right when it is exactly the seats the engine names, as the Learn page judges it)."""
    verdicts = {verdict.answer: verdict for verdict in task.verdicts}
    if answer_kind(task.goal) != "seats":
        verdict = verdicts[answer]
        return verdict.right, verdict.rule
    chosen = set(answer.split(", ")) if answer else set()
    wrong = [verdict for verdict in task.verdicts if verdict.right != (verdict.answer in chosen)]
    return (not wrong), (wrong[0].rule if wrong else next((v.rule for v in task.verdicts if v.right), None))


#: A seat name's refusal (``scenario.author_names``), as a pupil's name is refused.
_NAME_REFUSALS = {
    "input.seat-invisible": "class.name-invisible",
    "input.seat-too-long": "class.name-too-long",
    "input.seat-reserved": "class.name-reserved",
    "input.seat-twice": "class.name-taken",
    "input.seats-look-alike": "class.name-taken",
}


def _check_name(name: str, names: list[str]) -> None:
    """A first name is checked as a seat name is: no control or invisible character (nor a
    space: one word), not too long, not a name the pages keep answers by, not one already in
    the class or looking just like it."""
    problem = seat_name_problem(name, names)
    if problem is not None:
        raise ClassError(_NAME_REFUSALS[problem.code], name=name, limit=MAX_SEAT_NAME, example=_with_initial(name))


def _with_initial(name: str) -> str:
    """The name a taken one suggests, with an initial in the name's own alphabet: a Latin A after
    Аня would make a name of two alphabets, which no pupil types and looks like another."""
    letters = [letter for letter in name if letter.isalpha()]
    alphabet = unicodedata.name(letters[-1], "LATIN").split()[0] if letters else "LATIN"
    return name.replace(" ", "") + _INITIALS.get(alphabet, "A")


#: A capital A in each alphabet a pupil's name may be written in (a Latin one otherwise).
_INITIALS = {"CYRILLIC": "\u0410", "GREEK": "\u0391"}


def _text(message: dict[str, Any], key: str, limit: int = 200) -> str:
    value = message.get(key)
    if not isinstance(value, str) or len(value) > limit:
        raise ClassError("class.bad-message", field=key)
    return value


def _lang(message: dict[str, Any], fallback: str) -> str:
    lang = message.get("lang", fallback)
    return lang if lang in LANGUAGES else fallback


@dataclass(eq=False)
class Room:
    """A class and the pages connected to it."""

    record: ClassRecord
    teachers: set[Connection] = field(default_factory=set)
    pupils: set[Connection] = field(default_factory=set)
    roster_due: asyncio.TimerHandle | None = None  # the roster's next drawing, once answers come
    drawing: asyncio.Future[None] | None = None  # the roster being sent (a task is kept while it runs)


class Classes:
    """Every class of one server, kept in the store and mirrored in memory."""

    def __init__(self, store: Store, exercises: Exercises) -> None:
        self.store = store
        self.exercises = exercises
        self.key = store.teacher_key()
        self._rooms: dict[str, Room] = {}

    # --- what the pages and the CSV ask for -------------------------------------------------

    def room(self, code: str) -> Room | None:
        code = code.upper()
        if code not in self._rooms:
            record = self.store.load(code) if len(code) == JOIN_LENGTH else None
            if record is None:
                return None
            self._rooms[code] = Room(record)
        return self._rooms[code]

    def is_teacher(self, key: object) -> bool:
        return isinstance(key, str) and secrets.compare_digest(key.encode(), self.key.encode())

    def rows(self, code: str) -> list[list[str]]:
        """The class's answers for the CSV: exercise, pupil, answer, its words, right, rule."""
        room = self.room(code)
        if room is None:
            return []
        record = room.record
        rows = []
        for task_id in record.asked:
            task = self.exercises.tasks.get(task_id)
            for token, answer in record.answers.get(task_id, {}).items():
                right, rule = judge(task, answer) if task else (False, None)
                words = class_live.answer_words(task, answer, record.lang) if task else answer
                name = record.pupils[token].name
                rows.append([task_id, name, answer, words, "1" if right else "0", "" if rule is None else str(rule)])
        return rows

    # --- the protocol ---------------------------------------------------------------------

    async def receive(self, conn: Connection, text: str) -> None:
        """One message from a page: done, or refused with a message to that page alone."""
        try:
            await self._handle(conn, self._parse(text))
        except ClassError as error:
            await conn.send({"op": "refused", "code": error.code, "text": error_text(error, conn.lang)})

    def _parse(self, text: str) -> dict[str, Any]:
        if len(text) > MAX_MESSAGE:
            raise ClassError("class.too-big", limit=MAX_MESSAGE)
        try:
            message = json.loads(text)
        except ValueError:
            raise ClassError("class.bad-message", field="json") from None
        if not isinstance(message, dict) or not isinstance(message.get("op"), str):
            raise ClassError("class.bad-message", field="op")
        return message

    async def _handle(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.lang = _lang(message, conn.lang)
        op = message["op"]
        if op == "hello":
            await self._hello(conn, message)
        elif op == "join":
            await self._join(conn, message)
        elif op == "answer":
            await self._answer(conn, message)
        elif op in ("open", "push", "reveal"):
            if conn.role != "teacher":
                raise ClassError("class.not-teacher")
            await getattr(self, f"_{op}")(conn, message)
        else:
            raise ClassError("class.bad-message", field="op")

    async def _hello(self, conn: Connection, message: dict[str, Any]) -> None:
        role = message.get("role")
        if role == "teacher":
            if not self.is_teacher(message.get("key")):
                raise ClassError("class.not-teacher")
            conn.role = "teacher"
            await conn.send({"op": "welcome", "classes": self.store.codes()[:EARLIER_SHOWN]})
            code = message.get("class")
            if code is not None:
                room = self._room_of(_text(message, "class", 20))
                self._leave(conn)
                conn.code = room.record.code
                room.teachers.add(conn)
                await self._to_teacher(conn, room, everything=True)
            return
        if role != "pupil":
            raise ClassError("class.bad-message", field="role")
        room = self._room_of(_text(message, "class", 20))
        token = _text(message, "token", 100)
        pupil = room.record.pupils.get(token)
        if pupil is None:  # a token of another class, forged, or from a store since removed
            raise ClassError("class.not-pupil")
        self._seat(conn, room, token)
        await self._to_pupil(conn, room)

    async def _join(self, conn: Connection, message: dict[str, Any]) -> None:
        room = self._room_of(_text(message, "class", 20))
        if conn.token is not None:
            raise ClassError("class.already-in")
        name = " ".join(_text(message, "name", 200).split())
        record = room.record
        if not name:
            raise ClassError("class.no-name")
        _check_name(name, [pupil.name for pupil in record.pupils.values()])
        if len(record.pupils) >= MAX_PUPILS:
            raise ClassError("class.full", limit=MAX_PUPILS)
        token = secrets.token_urlsafe(18)
        try:
            self.store.add_pupil(record.code, token, name, conn.lang)
        except Duplicate:
            raise ClassError("class.name-taken", name=name, example=_with_initial(name)) from None
        record.pupils[token] = PupilRecord(token, name, conn.lang)
        self._seat(conn, room, token)
        await conn.send({"op": "joined", "token": token, "class": record.code, "name": name})
        await self._to_pupil(conn, room)
        await self._to_teachers(room, "roster", "count")

    async def _answer(self, conn: Connection, message: dict[str, Any]) -> None:
        if conn.role != "pupil" or conn.token is None or conn.code is None:
            raise ClassError("class.not-pupil")
        room = self._room_of(conn.code)
        record = room.record
        task_id = _text(message, "task", 100)
        if task_id != record.current:
            raise ClassError("class.not-asked")
        if record.revealed:
            raise ClassError("class.closed")
        local = self.exercises.shown_in(task_id, conn.lang)
        if local is None:  # asked before a restart that no longer offers it
            raise ClassError("class.not-asked")
        answer = self._valid_answer(local, message.get("answer"))
        if conn.token in record.answers.get(task_id, {}):
            raise ClassError("class.answered-already")
        try:
            self.store.answer(record.code, task_id, conn.token, answer)  # committed before it is counted
        except Duplicate:
            raise ClassError("class.answered-already") from None
        record.answers.setdefault(task_id, {})[conn.token] = answer
        for other in [c for c in room.pupils if c.token == conn.token]:
            await self._to_pupil(other, room)
        await self._to_teachers(room, "count", "chart")  # the count at once, for every answer
        if room.roster_due is None:  # the roster's ticks, at most every ROSTER_EVERY seconds
            room.roster_due = asyncio.get_running_loop().call_later(ROSTER_EVERY, self._send_roster, room)

    def _send_roster(self, room: Room) -> None:
        room.roster_due = None
        room.drawing = asyncio.ensure_future(self._to_teachers(room, "roster"))

    def _valid_answer(self, local: class_live.LocalSeats, answer: object) -> str:
        """An answer given on a page, one of its buttons (seats by the page's names), as kept."""
        offered = [verdict.answer for verdict in local.task.verdicts]
        if answer_kind(local.task.goal) == "seats":
            if not isinstance(answer, list) or not all(isinstance(seat, str) for seat in answer):
                raise ClassError("class.bad-answer")
            if len(set(answer)) != len(answer) or not set(answer) <= set(offered):
                raise ClassError("class.bad-answer")
            return local.kept(", ".join(seat for seat in offered if seat in answer))
        if not isinstance(answer, str) or answer not in offered:
            raise ClassError("class.bad-answer")
        return local.kept(answer)

    async def _open(self, conn: Connection, message: dict[str, Any]) -> None:
        chosen = message.get("exercises")
        if (
            not isinstance(chosen, list)
            or not chosen
            or len(chosen) > MAX_EXERCISES
            or not all(isinstance(task, str) and task in self.exercises.tasks for task in chosen)
        ):
            raise ClassError("class.bad-exercises")
        code = self._new_code()
        self.store.open_class(code, conn.lang, list(dict.fromkeys(chosen)))
        room = self._room_of(code)
        self._leave(conn)
        conn.code = code
        room.teachers.add(conn)
        await conn.send({"op": "opened", "class": code})
        await self._to_teacher(conn, room, everything=True)

    async def _push(self, conn: Connection, message: dict[str, Any]) -> None:
        room = self._teachers_room(conn)
        task_id = _text(message, "task", 100)
        if task_id not in room.record.exercises:
            raise ClassError("class.bad-exercises")
        self.store.push(room.record.code, task_id)
        record = room.record
        record.current, record.revealed = task_id, False
        if task_id not in record.asked:
            record.asked.append(task_id)
        for pupil in room.pupils:
            await self._to_pupil(pupil, room)
        await self._to_teachers(room, everything=True)

    async def _reveal(self, conn: Connection, message: dict[str, Any]) -> None:
        room = self._teachers_room(conn)
        record = room.record
        if record.current is None:
            raise ClassError("class.not-asked")
        self.store.reveal(record.code, record.current)
        record.revealed = True
        for pupil in room.pupils:
            await self._to_pupil(pupil, room)
        await self._to_teachers(room, everything=True)

    # --- rooms and connections ------------------------------------------------------------

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_LENGTH))
            if self.room(code) is None:
                return code

    def _room_of(self, code: str) -> Room:
        room = self.room(code)
        if room is None:
            raise ClassError("class.no-class", code=code)
        return room

    def _teachers_room(self, conn: Connection) -> Room:
        if conn.code is None:
            raise ClassError("class.no-class", code="")
        return self._room_of(conn.code)

    def _seat(self, conn: Connection, room: Room, token: str) -> None:
        self._leave(conn)
        conn.role, conn.code, conn.token = "pupil", room.record.code, token
        room.pupils.add(conn)

    def _leave(self, conn: Connection) -> None:
        room = self._rooms.get(conn.code or "")
        if room is not None:
            room.teachers.discard(conn)
            room.pupils.discard(conn)

    def gone(self, conn: Connection) -> None:
        """A page's socket closed: it is no longer sent anything."""
        self._leave(conn)

    # --- what each page is sent -----------------------------------------------------------

    async def _to_pupil(self, conn: Connection, room: Room) -> None:
        record = room.record
        assert conn.token is not None  # a seated pupil
        pupil = record.pupils[conn.token]
        task = self.exercises.tasks.get(record.current or "")
        local = self.exercises.shown_in(record.current, conn.lang)
        given = record.answers.get(record.current or "", {}).get(conn.token)
        verdict = judge(task, given) if task and given is not None and record.revealed else None
        shown = local.shown(given) if local is not None and given is not None else given
        screen = class_live.pupil_screen(
            pupil.name,
            None if local is None else local.task,
            conn.lang,
            given=shown,
            revealed=record.revealed,
            verdict=verdict,
        )
        await conn.send(
            {"op": "screen", "html": str(screen.html), "say": screen.say, "task": record.current, "given": shown}
        )

    async def _to_teachers(self, room: Room, *parts: str, everything: bool = False) -> None:
        for conn in list(room.teachers):
            await self._to_teacher(conn, room, *parts, everything=everything)

    async def _to_teacher(self, conn: Connection, room: Room, *parts: str, everything: bool = False) -> None:
        record = room.record
        lang = conn.lang  # the teacher page's own language, whatever the class was opened in
        local = self.exercises.shown_in(record.current, lang)
        task = None if local is None else local.task
        kept = record.answers.get(record.current or "", {})
        given = {token: local.shown(answer) for token, answer in kept.items()} if local else kept
        names = {token: pupil.name for token, pupil in record.pupils.items()}
        wanted = set(class_live.TEACHER_PARTS) if everything else set(parts)
        drawn: dict[str, str] = {}
        if "roster" in wanted:
            drawn["roster"] = str(class_live.roster(list(names.values()), {names[t] for t in given}, lang))
        if "chart" in wanted:
            spread = Counter(given.values())
            drawn["chart"] = str(class_live.chart(task, spread, given, names, record.revealed, lang))
        if "task" in wanted:
            drawn["task"] = str(class_live.projected_task(task, record.exercises, record.current, lang))
        if "reveal" in wanted:
            drawn["reveal"] = str(
                class_live.reveal(task, Counter(given.values()), lang) if record.revealed and task else ""
            )
        if "summary" in wanted:
            drawn["summary"] = str(class_live.summary(self._needs(record), lang))
        if everything:
            exercises = [
                [task_id, class_live.exercise_label(shown.task, at, lang)]
                for at, task_id in enumerate(record.exercises, 1)
                if (shown := self.exercises.shown_in(task_id, lang)) is not None
            ]
        await conn.send(
            {
                "op": "room",
                "class": record.code,
                "current": record.current,
                "revealed": record.revealed,
                "count": len(given),
                "of": len(record.pupils),
                "count_text": translate("class-live.answered", lang, count=len(given), total=len(record.pupils)),
                "parts": drawn,
                **({"exercises": exercises} if everything else {}),
            }
        )

    def _needs(self, record: ClassRecord) -> list[tuple[str, list[int], int, int]]:
        """Each pupil: the rules of their wrong answers, how many right, of how many asked."""
        needs = []
        for token, pupil in record.pupils.items():
            rules: set[int] = set()
            right = 0
            for task_id in record.asked:
                task = self.exercises.tasks.get(task_id)
                answer = record.answers.get(task_id, {}).get(token)
                if task is None or answer is None:
                    continue
                ok, rule = judge(task, answer)
                right += ok
                if not ok and rule is not None:
                    rules.add(rule)
            needs.append((pupil.name, sorted(rules), right, len(record.asked)))
        return needs
