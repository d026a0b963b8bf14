"""A review's new position: the same exercise dealt again by the engine, for the same rule.

A permuted copy (``review_copy``) is the same deal under other suits and names; where the goal
allows it, a review can also be a new deal. The plays before the task stay (the trick the task
is about, as its author set it up), every other card is dealt again from the deck, each hand and
the stock keeping its size, and the copy is kept only when it passes what ``check`` asks of any
task: the engine replays it without a failure (every play before the task legal again, every
``expect:`` true), its judge finds right and wrong answers as the exercise's judge did, decided
by the same rules, and every wrong answer has its reason (its rule, and the author's sentence
where it is kept, else the engine's line). The accepted answers are the judge's.

The goals it allows: a card of the seat's hand to play (``legal``, ``win-trick``, ``lose-trick``,
``stay-in``): another hand is another exercise on the same rule. Not a ``win-hand`` nor a
``best-chance`` task (a position for a tip is an author's craft, and a search each try), nor one
about a trick just played, whose cards stay (``trick-winner``, ``out``, ``drawn``), nor a choice.

The author's texts are about the exercise's deal: a text that names a card, a rank, trump or a
suit (by its symbol or in words) is left out of the new one, the engine's words taking its place (the Learn
page's hints name the deciding rule and the answer; a wrong answer links its rule and plays its
line). A text that names neither is kept ("Look at all of Dani's cards").
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

from lingerlonger.computer.task_judge import TaskGoal
from lingerlonger.game.cards import CARDS, Card
from lingerlonger.scenario.model import Scenario, Step, StepKind, Task, Text
from lingerlonger.scenario.replay import Frame, replay
from lingerlonger.scenario.review_copy import names_a_suit

__all__ = ["NEW_POSITION_GOALS", "new_position", "about_the_deal"]

#: The goals a new position is built for (see the module's doc).
NEW_POSITION_GOALS = frozenset({TaskGoal.LEGAL, TaskGoal.WIN_TRICK, TaskGoal.LOSE_TRICK, TaskGoal.STAY_IN})
#: Deals tried for one new position before giving up (each a replay of a few plays: milliseconds).
TRIES = 60
_CARD_SIGN = re.compile("[♠♥♦♣]")


#: A card's rank or trump in words, in each language (stems, for the Russian cases): a text that
#: says "Bruno's only card is a trump" or "Ana's ace" is about the deal as much as one saying "A♦".
_DEAL_WORDS = {
    lang: re.compile(rf"\b(?:{words})", re.IGNORECASE)
    for lang, words in {
        "en": r"(?:jacks?|queens?|kings?|aces?|trumps?|trumping)\b",
        "pt": r"(?:valetes?|damas?|reis?|ás|ases|trunf\w*)\b",
        "es": r"(?:jotas?|reinas?|rey|reyes|as|ases|triunf\w*)\b",
        "ru": r"(?:двойк|тройк|четвёрк|пятёрк|шестёрк|семёрк|восьмёрк|девятк|десятк|валет|дам[аыеуо]|корол|туз|козыр)",
    }.items()
}


#: A text that begins by citing a rule or a ruling states it, true of any deal.
_STATES_A_RULE = re.compile(r"(?:Rules?|Rulings?) \d+")


def about_the_deal(text: Any) -> bool:
    """Whether an author's text names a card, a rank, trump or a suit, in any language it is
    written in: such a text describes the exercise's own deal, and may be false of a new one."""
    if text is None:
        return False
    versions = {"en": str(text), **(text.translations if isinstance(text, Text) else {})}
    if names_a_suit(text) or any(_CARD_SIGN.search(version) for version in versions.values()):
        return True
    if _STATES_A_RULE.match(versions["en"]):  # "Rule 8: you may trump only when…" holds in any deal
        return False
    return any(lang in _DEAL_WORDS and _DEAL_WORDS[lang].search(version) for lang, version in versions.items())


def _kept(text: Any) -> Any:
    return None if about_the_deal(text) else text


def _task_frame(scenario: Scenario) -> Frame | None:
    run = replay(scenario)
    if not run.ok:
        return None
    return next((frame for frame in run.frames if frame.task is not None), None)


def _reasons(frame: Frame) -> tuple[frozenset[int], bool, bool]:
    """The rules that decide the answers, and whether some answers are right and some wrong."""
    rules = frozenset(verdict.rule for verdict in frame.verdicts if verdict.rule is not None)
    return rules, any(v.right for v in frame.verdicts), any(not v.right for v in frame.verdicts)


def _dealt(scenario: Scenario, rng: random.Random) -> Scenario:
    """``scenario`` with every card but the plays before its task dealt again (sizes kept)."""
    assert scenario.hands is not None
    played: dict[str, list[Card]] = {seat: [] for seat in scenario.players}
    for step in scenario.steps:
        if step.kind is StepKind.TASK:
            break
        if step.kind is StepKind.PLAY and step.seat is not None and step.card is not None:
            played[step.seat].append(step.card)
    kept = {card for cards in played.values() for card in cards}
    pool = [card for card in CARDS if card not in kept]
    rng.shuffle(pool)
    hands = {}
    for seat, cards in scenario.hands.items():
        more = len(cards) - len(played[seat])
        hands[seat] = tuple(played[seat]) + tuple(pool[:more])
        del pool[:more]
    return dataclasses.replace(scenario, hands=hands, stock=tuple(pool[: len(scenario.stock)]))


def _step_words(step: Step) -> Step:
    """A step with its author's words about the deal left out."""
    values: dict[str, Any] = {"say": _kept(step.say)}
    task = step.task
    if task is not None:
        values["task"] = dataclasses.replace(
            task,
            accept=None,  # the judge's, once it has judged (new_position)
            hints=tuple(hint for hint in task.hints if not about_the_deal(hint)),
            right=_kept(task.right),
            wrong=_kept(task.wrong),
        )
    return dataclasses.replace(step, **values)


def new_position(scenario: Scenario, seed: int) -> Scenario | None:
    """A new position for the review of ``scenario``'s task, checked as ``check`` checks a task and
    judged by the same rules (the module's doc), or None where the goal does not allow one or no
    deal of ``TRIES`` does."""
    tasks = [step.task for step in scenario.steps if step.task is not None]
    if len(tasks) != 1 or tasks[0].goal not in NEW_POSITION_GOALS or scenario.hands is None or scenario.deck:
        return None
    if any(step.ask is not None for step in scenario.steps):
        return None
    original = _task_frame(scenario)
    if original is None:
        return None
    wanted = _reasons(original)
    worded = dataclasses.replace(scenario, steps=tuple(_step_words(step) for step in scenario.steps))
    said_wrong = any(step.task.wrong for step in worded.steps if step.task is not None)
    rng = random.Random(seed)
    for _ in range(TRIES):
        candidate = _dealt(worded, rng)
        frame = _task_frame(candidate)
        if frame is None or _reasons(frame) != wanted or frame.state == original.state:
            continue
        if any(not v.right and (v.rule is None or not (v.line or said_wrong)) for v in frame.verdicts):
            continue  # a wrong answer without its reason: its rule, and the author's sentence or a line
        accept = tuple(verdict.answer for verdict in frame.verdicts if verdict.right)
        checked = dataclasses.replace(candidate, steps=tuple(_accepting(step, accept) for step in candidate.steps))
        if replay(checked).ok:  # with its answers written down, as an author's file: check proves them
            return checked
    return None


def _accepting(step: Step, accept: tuple[str, ...]) -> Step:
    task: Task | None = step.task
    return step if task is None else dataclasses.replace(step, task=dataclasses.replace(task, accept=accept))
