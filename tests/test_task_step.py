"""The ``task:`` step of format 1: read, proved by the engine, written back, and shown by every view."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import needed
import pytest

from lingerlonger.computer.task_judge import TaskGoal
from lingerlonger.scenario import ScenarioError, StepKind, load, loads
from lingerlonger.scenario.limits import MAX_TASK_ID, OBJECT_PROTOTYPE_NAMES
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.task_step import TASK_ID, task_id_refusal
from lingerlonger.scenario.writer import dump
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.live_mode import endpoints as live
from lingerlonger.views.page_replay import replay_html
from lingerlonger.views.print_sheet import scenario_sheet_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import LANGUAGES, translate

TESTS = Path(__file__).resolve().parent
TASKS = TESTS / "good" / "tasks-every-goal.yaml"

TASK = """\
format: 1
title: T
rules: standard
players: [A, B, C]
dealer: C
hands: {A: [K♣, 7♦], B: [3♣, A♣, 2♥], C: [Q♣, 5♠]}
stock: [9♦, 4♠]
trump: ♥
leader: A
steps:
  - play: A K♣
  - task: {id: t1, seat: B, goal: win-trick, accept: [A♣], hints: [Look at the lead.], wrong: No.}
    say: Clubs were led.
  - play: B A♣
"""


def cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lingerlonger", *args], capture_output=True, text=True, cwd=cwd, check=False
    )


def test_a_task_is_read_with_its_answers_in_the_judges_words():
    [scenario] = loads(TASK)
    step = scenario.steps[1]
    assert step.kind is StepKind.TASK and step.say == "Clubs were led."
    task = step.task
    assert (task.id, task.seat, task.goal, task.accept, task.hints) == (
        "t1",
        "B",
        TaskGoal.WIN_TRICK,
        ("A♣",),
        ("Look at the lead.",),
    )
    assert (task.at("accept").line, task.at("accept").column) == (12, 54)


def test_the_replay_pauses_on_a_task_frame_with_every_verdict():
    run = replay(loads(TASK)[0])
    assert run.ok
    frame = run.frames[2]
    assert frame.task is not None and frame.events == () and frame.state == run.frames[1].state
    assert [(verdict.answer, verdict.right) for verdict in frame.verdicts] == [
        ("3♣", False),
        ("A♣", True),
        ("2♥", False),
    ]
    [ask] = frame.asks
    assert {str(card) for card in ask.cards} == {"A♣"}
    assert ask.in_language("ru").question == "B: сыграйте карту, которая возьмёт эту взятку."


def test_every_task_of_the_good_corpus_is_written_back_the_same():
    for scenario in load(TASKS):
        [again] = loads(dump([scenario]))
        assert again == replace(scenario, index=0)
        assert [step.task for step in again.steps] == [step.task for step in scenario.steps]


def test_files_written_before_tasks_are_read_the_same():
    """Compatible with every file written today: no task appears where none was written."""
    for path in sorted((TESTS / "good").glob("*.yaml")) + sorted((TESTS.parent / "scenarios").glob("*.yaml")):
        if path != TASKS:
            assert all(step.task is None for scenario in load(path) for step in scenario.steps)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_view_shows_the_tasks_sentence(lang):
    run = replay(loads(TASK)[0])
    sentence = translate("task.goal.win-trick", lang, seat="B")
    assert sentence in replay_html(run, style=TableStyle.of(lang), languages=[lang])
    assert sentence in scenario_sheet_html(run.scenario, lang=lang)
    model = ScenarioModel.of(run, quiz=True, lang=lang).go(2)
    assert model.question is not None and model.question.ask.in_language(lang).question == sentence


def test_the_quiz_takes_a_right_answer_of_the_task_and_refuses_a_wrong_one():
    model = ScenarioModel.of(replay(loads(TASK)[0]), quiz=True).go(2)
    assert model.answer("3♣").wrong is not None
    assert model.answer("A♣").at == 3


def test_live_mode_opens_a_scenario_with_a_task():
    opened = json.loads(live.open_replay(json.dumps({"source": TASK})))
    shown = json.loads(live.show_frame(json.dumps({"session": opened["session"], "at": 2, "lang": "es"})))
    assert translate("task.goal.win-trick", "es", seat="B") in shown["html"]


def test_the_terminal_replay_says_the_task(tmp_path):
    path = tmp_path / "task.yaml"
    path.write_text(TASK, encoding="utf-8")
    shown = cli("replay", str(path), "--lang", "pt")
    assert shown.returncode == 0, shown.stderr
    assert translate("task.goal.win-trick", "pt", seat="B") in shown.stdout


def test_a_task_id_is_unique_across_the_library(tmp_path):
    (tmp_path / "one.yaml").write_text(TASK, encoding="utf-8")
    (tmp_path / "two.yaml").write_text(TASK, encoding="utf-8")
    checked = cli("check", str(tmp_path))
    assert checked.returncode != 0
    assert "two.yaml:12:16: task: id: t1 is already the id of the task at" in checked.stderr + checked.stdout
    assert "one.yaml:12:16" in checked.stderr + checked.stdout


def test_new_task_writes_a_template_that_checks(tmp_path):
    made = cli("new", "--task", "-o", str(tmp_path / "mine.yaml"))
    assert made.returncode == 0, made.stderr
    [scenario] = load(tmp_path / "mine.yaml")
    assert any(step.task for step in scenario.steps)
    checked = cli("check", str(tmp_path / "mine.yaml"))
    assert checked.returncode == 0, checked.stdout + checked.stderr


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_task_starter_names_every_kind_of_task(lang):
    from lingerlonger.scenario.starters import starter_header

    header = starter_header("mine.yaml", True, lang, task=True)
    listed = header[header.index("# task ") :]
    assert [goal.value for goal in TaskGoal if goal.value not in listed] == []
    assert "against: tips" in listed and "against: any" in listed


def test_a_task_about_the_trick_just_played_keeps_its_cards_on_the_table():
    [first] = load(TASKS)[:1]
    frames = [frame for frame in replay(first).frames if frame.task is not None]
    assert frames[0].last_trick is None  # win-trick: the trick is still being played
    assert [frame.task.goal for frame in frames[1:]] == ["trick-winner", "drawn", "out"]
    assert all(frame.last_trick == frame.state.history[-1] for frame in frames[1:])


def test_the_notebook_player_stops_on_a_task_and_goes_on_with_a_right_card():
    from lingerlonger.views.widgets import ScenarioPlayer

    player = ScenarioPlayer(loads(TASK)[0])
    player.language.value = "es"
    player.quiz_on.value = True
    player.go_last()
    assert player.at == 2 and translate("task.goal.win-trick", "es", seat="B") in player.quiz_text.value
    player.answer("3♣")
    assert player.at == 2  # wrong: the task waits
    player.answer("A♣")
    assert player.at == 3


def test_the_checkers_make_this_a_task_puts_a_task_at_the_step_shown():
    plain = TASK.replace(TASK[TASK.index("  - task:") : TASK.index("  - play: B A♣")], "")
    made = json.loads(live.serve("make_task", json.dumps({"text": plain, "lang": "ru", "at": 1})))
    [scenario] = loads(made["text"])
    assert [step.kind for step in scenario.steps] == ["play", "task", "play"]
    task = scenario.steps[1].task
    assert (task.seat, task.goal, task.accept) == ("B", TaskGoal.WIN_TRICK, ("A♣",))  # B's A♣ wins: so the play goes on
    assert replay(scenario).ok
    ended = (TESTS / "good" / "position-worked-example.yaml").read_text(encoding="utf-8")
    refused = json.loads(live.serve("make_task", json.dumps({"text": ended, "lang": "ru", "at": 99})))
    assert "text" not in refused and translate("ui.make-task-none", "ru")[:30] in refused["error"]
    broken = json.loads(live.serve("make_task", json.dumps({"text": "format: 2", "lang": "en"})))
    assert "text" not in broken and "format" in broken["error"]


def test_out_in_the_middle_of_a_trick_is_refused_at_its_goal():
    text = TASK.replace(
        "  - task: {id: t1, seat: B, goal: win-trick, accept: [A♣], hints: [Look at the lead.], wrong: No.}",
        "  - task: {id: t1, seat: B, goal: out, accept: []}",
    )
    [failure] = replay(loads(text, "out.yaml")[0]).failures
    assert failure.code == "task.no-trick" and str(failure).startswith("out.yaml:12:35: ")  # at goal: out


# --- ids and names a browser can keep (issue 39) -------------------------------------------

PROGRESS_JS = TESTS.parent / "lingerlonger" / "views" / "static" / "learn" / "course_progress.js"


@pytest.mark.parametrize("name", sorted(OBJECT_PROTOTYPE_NAMES))
def test_check_refuses_a_task_id_that_every_browser_object_has(tmp_path, name):
    text = TASK.replace("id: t1", f"id: {name}")
    with pytest.raises(ScenarioError) as refused:
        loads(text, "ids.yaml")
    line = next(number for number, row in enumerate(text.splitlines(), 1) if f"id: {name}" in row)
    assert (refused.value.where.line, refused.value.where.column) == (line, 16)
    assert "is a name every object already has in a browser" in refused.value.message
    (tmp_path / "lesson.yaml").write_text(text, encoding="utf-8")
    done = cli("check", str(tmp_path / "lesson.yaml"), "--lang", "en")
    assert done.returncode == 1 and f"lesson.yaml:{line}:16: task: id: {name!r} is a name" in done.stderr


@pytest.mark.parametrize("name", sorted(OBJECT_PROTOTYPE_NAMES))
def test_no_seat_is_named_as_every_browser_object_is(name):
    text = TASK.replace("players: [A, B, C]", f"players: [A, B, {name}]").replace("C: [Q♣", f"{name}: [Q♣")
    text = text.replace("dealer: C", f"dealer: {name}")
    with pytest.raises(ScenarioError) as refused:
        loads(text, "seats.yaml")
    assert (refused.value.where.line, refused.value.where.column) == (4, 17)
    assert refused.value.message.startswith(f"players: {name!r} is a name every object already has")


def test_the_names_every_browser_object_has_are_the_browsers():
    run = subprocess.run(
        [needed.node(), "-e", "console.log(JSON.stringify(Object.getOwnPropertyNames(Object.prototype)))"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert set(json.loads(run.stdout)) == OBJECT_PROTOTYPE_NAMES


def _ids_to_try() -> list[str]:
    """Ids of every length around the store's bound, in both patterns' alphabets and beyond."""
    rng = random.Random(39)
    alphabet = "abcz09-AZ_.:/é "
    ids = ["a" * n for n in range(1, MAX_TASK_ID + 3)] + ["-".join(["ab"] * n) for n in range(1, 45)]
    ids += ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, MAX_TASK_ID + 5))) for _ in range(400)]
    ids += [
        "".join(rng.choice("ab1-") for _ in range(rng.randint(MAX_TASK_ID - 3, MAX_TASK_ID + 3))) for _ in range(200)
    ]
    return ids + sorted(OBJECT_PROTOTYPE_NAMES)


def test_every_task_id_check_accepts_is_kept_by_the_browsers_progress_store():
    """The store (course_progress.js) refuses an id it cannot keep: check refuses at least that,
    and, of ids in check's own alphabet, exactly that (the same length bound: one definition)."""
    ids = _ids_to_try()
    script = (
        f"const progress = require({json.dumps(str(PROGRESS_JS))});"
        "const kept = new Map();"
        "const storage = {getItem: (k) => (kept.has(k) ? kept.get(k) : null),"
        " setItem: (k, v) => kept.set(k, String(v)), removeItem: (k) => kept.delete(k)};"
        "const ids = JSON.parse(require('fs').readFileSync(0, 'utf8'));"
        "console.log(JSON.stringify(ids.map((id) => {"
        "  const store = progress.open({order: [id], storage});"
        "  const before = store.state(id);"
        "  try { store.record(id, {stars: 3}); } catch (error) { return 'refused'; }"
        "  return before === null && store.state(id).stars === 3 && store.count().done === 1 ? 'kept' : 'astray';"
        "})));"
    )
    run = subprocess.run(
        [needed.node(), "-e", script], input=json.dumps(ids), capture_output=True, text=True, timeout=60, check=True
    )
    verdicts = dict(zip(ids, json.loads(run.stdout), strict=True))
    accepted = {task_id for task_id in ids if task_id_refusal(task_id) is None}
    assert accepted and all(verdicts[task_id] == "kept" for task_id in accepted)
    in_alphabet = {task_id for task_id in ids if TASK_ID.fullmatch(task_id)} - OBJECT_PROTOTYPE_NAMES
    assert {task_id for task_id in in_alphabet if verdicts[task_id] == "kept"} == accepted
    assert any(len(task_id) == MAX_TASK_ID for task_id in accepted)
    assert verdicts["a" * (MAX_TASK_ID + 1)] == "refused"
    # the store now keeps such an id as any other (its objects have no prototype); check refuses
    # them still, for every other script that may index by a task id
    assert verdicts["constructor"] == "kept"
