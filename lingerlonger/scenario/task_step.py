"""A ``task:`` step of format 1 read from located nodes (book/scenario-format.md, "Tasks").

What can be told from the file alone is refused here, at its line and column: a goal that
does not exist, more than three hints, ``against`` missing or not a kind the goal may be
played by, ``deals`` outside 1 to 10,000 or on another goal, an accepted answer of the wrong
sort. What needs the table (the seat not to act, ``accept``
differing from the right answers, the play after the task) is the replay's to check.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lingerlonger.computer.task_judge import (
    CARD_GOALS,
    CHANCE_GOALS,
    CHANCE_KINDS,
    MAX_DEALS,
    SEAT_GOALS,
    WIN_HAND_AGAINST,
    TaskGoal,
)
from lingerlonger.game.cards import CardError, parse_card, parse_suit
from lingerlonger.game.errors import Message
from lingerlonger.scenario import limits
from lingerlonger.scenario.located_yaml import SEQUENCE, Node, NodeReader, kind_of
from lingerlonger.scenario.model import MAX_HINTS, TASK_GOALS, TASK_KEYS, TIPS, Location, ScenarioError, Task
from lingerlonger.words.i18n import translate

#: A task's id: lower-case letters, digits and hyphens (it names the learner's progress), at
#: most ``limits.MAX_TASK_ID`` of them, and no name of a browser's objects.
TASK_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def task_id_refusal(task_id: str) -> Message | None:
    """Why ``task_id`` cannot name a task, or None: the Learn page keeps progress by it, in an
    object (no name every object has) of the browser's store (``limits.MAX_TASK_ID``)."""
    if task_id in limits.OBJECT_PROTOTYPE_NAMES:
        return Message("scenario.task-id-reserved", id=task_id)
    if not TASK_ID.fullmatch(task_id):
        return Message("scenario.task-id", id=task_id)
    if len(task_id) > limits.MAX_TASK_ID:
        return Message("scenario.task-id-too-long", size=len(task_id), limit=limits.MAX_TASK_ID)
    return None


def read_task(reader: NodeReader, node: Node, players: tuple[str, ...], own: str) -> Task:
    """The task of a step, every field checked that the file alone can check."""
    values = reader.fields(node, "task", TASK_KEYS)
    for key in ("id", "seat", "goal"):
        if key not in values:
            raise reader.refuse(node, "task-missing", key=key)
    task_id = reader.text(values["id"], "task: id")
    refusal = task_id_refusal(task_id)
    if refusal is not None:
        raise reader.fail(values["id"], refusal)
    seat = reader.seat(values["seat"], "task: seat", players)
    written_goal = reader.text(values["goal"], "task: goal")
    if written_goal not in TASK_GOALS:
        raise reader.refuse(values["goal"], "task-unknown-goal", goal=written_goal, goals=", ".join(TASK_GOALS))
    goal = TaskGoal(written_goal)
    texts = {key: reader.author_text(values[key], f"task: {key}", own) for key in ("right", "wrong") if key in values}
    hints = tuple(_hints(reader, values.get("hints"), own))
    against = _against(reader, values, goal)
    deals = _deals(reader, values, goal)
    tip = _tip(reader, values)
    choices = _choices(reader, values, goal, own)
    accept = _accept(reader, values, goal, players, choices) if "accept" in values else None
    if accept is None and goal in (TaskGoal.NAME_TRUMP, TaskGoal.CHOICE):
        raise reader.refuse(node, "task-accept-needed", goal=goal)
    return Task(
        task_id,
        seat,
        goal,
        reader.at(node),
        accept=accept,
        against=against,
        deals=deals,
        tip=tip,
        choices=choices,
        hints=hints,
        right=texts.get("right"),
        wrong=texts.get("wrong"),
        locations={key: reader.at(value) for key, value in values.items()},
    )


def _hints(reader: NodeReader, node: Node | None, own: str) -> Iterable[str]:
    if node is None:
        return
    items = reader.sequence(node, "task: hints") if node.kind is SEQUENCE else [node]
    for number, item in enumerate(items, 1):
        if number > MAX_HINTS:
            raise reader.refuse(item, "task-too-many-hints", most=MAX_HINTS, count=len(items))
        yield reader.author_text(item, "task: hints", own)


def _against(reader: NodeReader, values: dict[str, Node], goal: TaskGoal) -> str | None:
    """Who plays the other seats: for win-hand a deterministic kind or ``any`` (required), for
    best-chance ``tips`` (the default) or ``strong``."""
    allowed = WIN_HAND_AGAINST if goal is TaskGoal.WIN_HAND else CHANCE_KINDS
    kinds = ", ".join(allowed)
    if "against" not in values:
        if goal is TaskGoal.WIN_HAND:
            raise reader.refuse(values["goal"], "task-against-missing", kinds=kinds)
        return None
    if goal is not TaskGoal.WIN_HAND and goal not in CHANCE_GOALS:
        raise reader.refuse(values["against"], "task-against-not-win-hand", goal=goal)
    kind = reader.text(values["against"], "task: against")
    if kind not in allowed:
        raise reader.refuse(values["against"], "task-against-unknown", kind=kind, kinds=kinds)
    return kind


def _deals(reader: NodeReader, values: dict[str, Node], goal: TaskGoal) -> int | None:
    """best-chance's deals: 1 to ``MAX_DEALS``, and on that goal only."""
    if "deals" not in values:
        return None
    if goal not in CHANCE_GOALS:
        raise reader.refuse(values["deals"], "task-deals-not-best-chance", goal=goal)
    node = reader.scalar(values["deals"], "task: deals")
    if node.resolve() != "int" or not node.value.lstrip("+-").isdigit():
        raise reader.refuse(node, "not-whole", what="task: deals", kind=kind_of(node))
    reader.check_digits(node, "task: deals")
    deals = int(node.value)
    if deals < 1:
        raise reader.refuse(node, "too-small", what="task: deals", minimum=1, value=deals)
    if deals > MAX_DEALS:
        raise reader.refuse(node, "task-too-many-deals", most=MAX_DEALS, deals=deals)
    return deals


def _choices(reader: NodeReader, values: dict[str, Node], goal: TaskGoal, own: str) -> tuple[str, ...]:
    if "choices" not in values:
        if goal is TaskGoal.CHOICE:
            raise reader.refuse(values["goal"], "task-choices-needed")
        return ()
    if goal is not TaskGoal.CHOICE:
        raise reader.refuse(values["choices"], "task-choices-not-choice", goal=goal)
    return reader.choices(values["choices"], "task: choices", own)


def _accept(
    reader: NodeReader, values: dict[str, Node], goal: TaskGoal, players: tuple[str, ...], choices: tuple[str, ...]
) -> tuple[str, ...]:
    """The accepted answers, each in the judge's words (a card "A♥", a suit "♠", a seat, a choice's index)."""
    node = values["accept"]
    items = reader.sequence(node, "task: accept") if node.kind is SEQUENCE else [node]
    what = "task: accept"
    answers: list[str] = []
    for item in items:
        if goal in CARD_GOALS:
            answer = str(reader.card(item, what))
        elif goal in CHANCE_GOALS:
            answer = _card_or_suit(reader, item, what)
        elif goal in SEAT_GOALS:
            answer = reader.seat(item, what, players)
        elif goal is TaskGoal.NAME_TRUMP:
            try:
                answer = str(parse_suit(reader.text(item, what)))
            except CardError as error:
                raise reader.refuse(item, "in", what=what, error=error) from None
        else:
            written = reader.text(item, what)
            found = [index for index, choice in enumerate(choices) if str(choice) == written]
            if not found:
                raise reader.refuse(item, "not-a-choice", what=what, choice=written)
            answer = str(found[0])
        if answer in answers:
            raise reader.refuse(item, "twice", what=what, item=answer)
        answers.append(answer)
    return tuple(answers)


def _tip(reader: NodeReader, values: dict[str, Node]) -> int | None:
    """The tip of chapter 10 a task is about: 1 to ``TIPS``."""
    if "tip" not in values:
        return None
    tip = reader.integer(values["tip"], "task: tip", minimum=1)
    if tip > TIPS:
        raise reader.refuse(values["tip"], "task-no-such-tip", tip=tip, tips=TIPS)
    return tip


def _card_or_suit(reader: NodeReader, node: Node, what: str) -> str:
    """A best-chance answer: a card, or (where trump is to be named) a suit."""
    written = reader.text(node, what)
    try:
        return str(parse_card(written))
    except CardError:
        pass
    try:
        return str(parse_suit(written))
    except CardError as error:
        raise reader.refuse(node, "in", what=what, error=error) from None


def refuse_task_id_twice(task: Task, first: Location) -> ScenarioError:
    """An ``id`` already given to another task (progress is kept by it)."""
    return ScenarioError(task.at("id"), Message("scenario.task-id-twice", id=task.id, first=str(first)))


def task_sentence(task: Task, lang: str) -> str:
    """The task in one sentence, in ``lang`` (the catalog's, per goal)."""
    return translate(f"task.goal.{task.goal}", lang, seat=task.seat)
