"""The course covers the Rules reference: every numbered rule is exercised by at least one task.

``RULE_TASKS`` maps each rule of book/rules-reference.md to the tasks that exercise it. The rule
numbers are read from the page's headings, so a rule added there fails here until a task
exercises it; a task id that no course file has fails too. The course files themselves must pass
``lingerlonger check``, in every language, and the course must keep its size (issue 25: at least
8 units and 40 exercises).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from lingerlonger.command_line import commands as cli
from lingerlonger.scenario.course import read_course
from lingerlonger.words.i18n import LANGUAGES

REPO = Path(__file__).resolve().parents[1]
COURSE = REPO / "scenarios" / "course"
RULES_PAGE = REPO / "book" / "rules-reference.md"
UNIT_FILES = sorted(COURSE.glob("[0-9]*.yaml"))


#: Rule number -> the tasks (ids) that exercise it.
RULE_TASKS: dict[int, tuple[str, ...]] = {
    1: ("deal-who-cuts", "deal-by-lot", "draw-lead-passes"),  # players and seats, clockwise
    2: ("deal-first-dealer", "winner-led-suit", "winner-second-seat"),  # the deck and its ranks
    3: ("deal-five-players",),  # how many cards
    4: ("deal-who-cuts", "deal-first-lead"),  # shuffle, cut and deal
    5: ("deal-five-players", "draw-who"),  # the stock
    6: ("trump-reveal-win", "trump-not-extra", "trump-stays"),  # trump
    7: ("deal-first-lead", "var-long-hand"),  # the first lead
    8: (
        "follow-must",
        "follow-void",
        "follow-before-trump",
        "follow-no-overtake",
        "follow-discard",
        "winner-last-seat",
        "winner-second-seat",
        "last-worked-follow",
        "end-exhaustion",
    ),
    9: (
        "trump-reveal-win",
        "trump-low-beats-ace",
        "trump-highest",
        "trump-stays",
        "follow-no-overtake",
        "follow-discard",
        "winner-led-suit",
        "winner-last-seat",
        "winner-second-seat",
        "winner-trump-led",
        "last-worked-winner",
        "end-everyone-out",
        "var-random-trump",
        "draw-keep-size",
        "var-no-trump",
        "var-grand-coup-first",
    ),
    10: ("winner-won-pile",),  # the won pile
    11: (
        "draw-who",
        "draw-one-card",
        "draw-keep-size",
        "last-worked-drawn",
        "var-instant-elimination",
    ),  # the winner draws one card
    12: ("draw-out-with-stock", "last-worked-out", "last-two-last-cards"),  # going out after the draw
    13: ("end-out-at-once", "end-last-holder"),  # out at once, and the end in the middle of a trick
    14: ("draw-lead-passes",),  # the next lead
    15: ("end-everyone-out", "end-last-holder"),  # the end of a hand
    16: ("last-worked-follow", "last-worked-winner", "last-worked-drawn", "last-worked-out"),  # the worked example
    17: ("end-standard-goes-on",),  # when the stock runs out, play goes on
    18: ("deal-first-dealer",),  # cut for the deal
    19: ("score-match-three", "score-chips-tricks", "score-chips-opponents"),  # a match, and chips
    20: ("end-exhaustion", "tip-keep-trump", "tip-discard-weak", "tip-count-stock"),  # the exhaustion ending
    21: ("deal-by-lot", "score-equal-points"),  # dealer by lot, and the match
    22: ("var-draw-per-card",),
    23: ("var-no-trump",),
    24: ("var-random-trump",),
    25: ("var-grand-coup-first", "var-grand-coup-name"),
    26: ("var-long-hand",),
    27: ("var-instant-elimination",),
    28: ("var-trump-lead",),
    29: ("score-match-to-5",),
}


def rule_numbers() -> list[int]:
    """The numbered rules of the Rules reference, from its headings ("### Rule 8. Follow suit")."""
    return [int(number) for number in re.findall(r"^### Rule (\d+)\.", RULES_PAGE.read_text(encoding="utf-8"), re.M)]


def course_tasks() -> dict[str, dict]:
    """Every task of the course files by id, read as plain YAML (so this table is checked even
    where the reader of tasks is not)."""
    tasks: dict[str, dict] = {}
    for path in UNIT_FILES:
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            for step in document["steps"]:
                if "task" in step:
                    task = step["task"]
                    assert task["id"] not in tasks, f"{path.name}: task id {task['id']} used twice"
                    tasks[task["id"]] = task
    return tasks


def test_the_rules_page_has_numbered_rules():
    numbers = rule_numbers()
    assert numbers == list(range(1, len(numbers) + 1)) and len(numbers) >= 29


def test_every_rule_is_exercised_by_a_task():
    missing = [number for number in rule_numbers() if not RULE_TASKS.get(number)]
    assert not missing, f"rules with no task: {missing}"


def test_the_table_names_only_rules_and_tasks_that_exist():
    tasks = course_tasks()
    assert set(RULE_TASKS) <= set(rule_numbers())
    unknown = sorted({task for ids in RULE_TASKS.values() for task in ids} - set(tasks))
    assert not unknown, f"no course task has these ids: {unknown}"


def test_every_task_is_in_the_table_under_the_rules_its_hints_name():
    """A task's hints name the rule that decides it ("Rule 8: ..."): the table must agree."""
    tasks = course_tasks()
    by_task: dict[str, set[int]] = {}
    for number, ids in RULE_TASKS.items():
        for task_id in ids:
            by_task.setdefault(task_id, set()).add(number)
    problems = []
    for task_id, task in tasks.items():
        hints = " ".join(hint["en"] for hint in task.get("hints", ()))
        named = {int(number) for number in re.findall(r"\b[Rr]ules? (\d+)", hints)}
        if not named and "tip" in task:
            continue  # a task of the "Play well" path: its tip is its table's (tests/test_play_well.py)
        if not named:
            problems.append(f"{task_id}: no hint names a rule")
        elif not named <= by_task.get(task_id, set()):
            table = sorted(by_task.get(task_id, ()))
            problems.append(f"{task_id}: hints name rules {sorted(named)}, the table {table}")
    assert not problems, "; ".join(problems)


def test_every_task_gives_accept_its_words_and_three_hints_the_second_naming_a_rule():
    """The course's own standard (issue 25): ``check`` proves ``accept``, so it is always given;
    the hints go a nudge, the rule by number (on the "Play well" path, the task's tip), then
    the answer."""
    problems = []
    for task_id, task in course_tasks().items():
        missing = [key for key in ("accept", "right", "wrong") if key not in task]
        hints = task.get("hints", [])
        if missing:
            problems.append(f"{task_id}: no {', '.join(missing)}")
        deciding = r"Rule \d+" if "tip" not in task else rf"(Rule \d+|Tip {task['tip']}:)"
        if len(hints) != 3 or not re.match(deciding, hints[1]["en"]):
            problems.append(f"{task_id}: hints are not a nudge, 'Rule N: ...' (or 'Tip N: ...'), the answer")
    assert not problems, "; ".join(problems)


def test_the_course_has_at_least_8_units_and_40_exercises():
    course = read_course(COURSE)
    assert len(course.units) >= 8
    assert course.exercise_count >= 40
    assert all(unit.exercises for unit in course.units)


@pytest.mark.parametrize("path", UNIT_FILES, ids=lambda path: path.name)
def test_every_course_file_passes_check(path, capsys):
    code = cli.main(["check", "--languages", ",".join(LANGUAGES), str(path)])
    out, err = capsys.readouterr()
    assert code == 0, err or out


def test_check_reads_the_course_folder_and_leaves_the_index_to_read_course(capsys):
    """``lingerlonger check`` on a folder (or on the whole library) meets the course index, which
    is no scenario: it checks every unit file and not the index."""
    code = cli.main(["check", str(COURSE)])
    out, err = capsys.readouterr()
    assert code == 0, err or out
    assert f"in {len(UNIT_FILES)} files" in out.splitlines()[-1]
