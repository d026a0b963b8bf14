"""A teacher's own task files on the Class page, in live mode's worker (``endpoints.class_tasks``).

A task file is checked as the checker page checks any scenario (its errors located, in the
reader's language); each of its exercises (exactly one ``task:``) then travels in an assignment
as data: its scenario's text, deflated and in base64url (``pack``), which the assignment's
codec (``static/class/codec.js``) carries beside the course's ids. On the Learn page (the
student's side) and on the Class page again (the teacher's table), the packed text is read like
any file once more (``unpack``, bounded): a forged or damaged one is refused with a message and
draws nothing. What comes back is the exercise drawn with the course's template and its answers
in words (``class_page.exercise_data``), never the author's markup.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib

from lingerlonger.scenario import Location, Scenario, ScenarioError, read_upload
from lingerlonger.scenario.course import one_task
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.replay import check
from lingerlonger.scenario.writer import dump_scenario
from lingerlonger.views.class_page import MAX_OWN, MAX_PACKED, exercise_data
from lingerlonger.views.course_page import LearnUnit, learn_task, task_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import format_number, translate

__all__ = ["MAX_OWN", "MAX_PACKED", "MAX_TASK_BYTES", "OwnTaskRefused", "pack", "unpack", "task_files", "own_task"]

#: The most bytes one exercise's text may unpack to (a packed text that would grow past it is
#: refused unread: a "zip bomb" is no exercise).
MAX_TASK_BYTES = 64_000

_PACKED = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_PACKED}}}")
#: The unit the teacher's own exercises are summed up under (views/class_page.py's units).
OWN_UNIT = "own"


class OwnTaskRefused(Exception):
    """What a teacher's file or a packed exercise cannot be, in the reader's words (plain text)."""


def pack(text: str) -> str:
    """``text`` deflated (raw, as the browser's CompressionStream('deflate-raw')) in base64url."""
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = squeezer.compress(text.encode("utf-8")) + squeezer.flush()
    return base64.urlsafe_b64encode(packed).decode("ascii").rstrip("=")


def unpack(packed: str, lang: str) -> str:
    """The text of a packed exercise; refused when it is no base64url, too long, damaged, or
    would unpack past ``MAX_TASK_BYTES``."""
    bad = OwnTaskRefused(translate("class.own-damaged", lang))
    if not isinstance(packed, str) or not _PACKED.fullmatch(packed):
        raise bad
    try:
        squeezed = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        opener = zlib.decompressobj(-15)
        data = opener.decompress(squeezed, MAX_TASK_BYTES + 1)
        if len(data) > MAX_TASK_BYTES or not opener.eof:
            raise bad
        return data.decode("utf-8")
    except (binascii.Error, zlib.error, UnicodeDecodeError, ValueError):
        raise bad from None


def _exercises(content: bytes, name: str, lang: str, size: int = 0) -> list[Scenario]:
    """Every exercise of a file, each checked as ``lingerlonger check`` checks it, with exactly
    one task; the first problem refused with its place (``FILE:LINE:COLUMN``). ``size``: the
    file's, where the page read only its start."""
    size = max(len(content), size)
    if size > MAX_DOCUMENT_BYTES:
        limit = format_number(MAX_DOCUMENT_BYTES, lang)
        raise OwnTaskRefused(
            translate("ui.upload-too-big", lang, name=name, size=format_number(size, lang), limit=limit)
        )
    try:
        scenarios = read_upload(content, name)
        for scenario in scenarios:
            failures = check(one_task(scenario))
            if failures:
                raise failures[0]
    except ScenarioError as error:
        raise OwnTaskRefused(error.text(lang)) from None
    return scenarios


def _described(scenario: Scenario, lang: str) -> dict[str, object]:
    """An exercise's answers in words, as the Class page has the course's (``exercise_data``)."""
    task = learn_task(scenario)
    unit = LearnUnit(OWN_UNIT, translate("class.own-unit", lang), "", (task,))
    title = scenario.title or task.id
    return exercise_data(task, unit, 0, TableStyle.of(lang).speaking(lang), title) | {"own": True}


def task_files(text: str, name: str, lang: str, size: int = 0) -> list[dict[str, object]]:
    """A teacher's task file: each exercise's id, its text packed, and its answers in words. A
    file of several exercises gives each its own text (written again, one scenario each)."""
    content = text.encode("utf-8")
    scenarios = _exercises(content, name, lang, size)
    made: list[dict[str, object]] = []
    for scenario in scenarios:
        packed = pack(text if len(scenarios) == 1 else dump_scenario(scenario))
        if len(packed) > MAX_PACKED:
            where = scenario.where or Location(name, 1, 1)
            limit = format_number(MAX_PACKED, lang)
            said = translate("class.own-too-big", lang, size=format_number(len(packed), lang), limit=limit)
            raise OwnTaskRefused(f"{where}: {said}")
        made.append({"id": learn_task(scenario).id, "packed": packed, "exercise": _described(scenario, lang)})
    return made


def own_task(packed: str, task_id: str, lang: str) -> dict[str, object]:
    """One exercise of an assignment, as it came in the link: read again like any file; it must
    hold exactly one exercise, whose task is ``task_id``. Drawn as the Learn page draws a task
    (``html``), with its answers in words (``exercise``)."""
    scenarios = _exercises(unpack(packed, lang).encode("utf-8"), "task.yaml", lang)
    task = learn_task(scenarios[0])
    if len(scenarios) != 1 or task.id != task_id:
        raise OwnTaskRefused(translate("class.own-damaged", lang))
    described = _described(scenarios[0], lang)
    style = TableStyle.of(lang).speaking(lang)
    heading = translate("class.own-heading", lang)
    html = task_html(task, style=style, at=1, count=1, unit_title=str(described["title"]), heading=heading)
    return {"html": str(html), "exercise": described}
