"""A hand's review made into lessons: a moment as an exercise ("Practise this") and the hand
as a lesson that asks, at each mistake, for the better card ("Save as lesson").

Both start from the hand as recorded (``recording.record``: one ``play:`` or
``choose_trump:`` step per action, in the order of the hand's actions, so a ``Moment.step``
finds its step).

The exercise is the hand up to the moment, then a ``task:`` whose goal is ``choice``: the
review's chances are rollouts, not a proof the engine could repeat on the table (a card goal
is proved exactly, and ``check`` would refuse an ``accept`` it cannot prove), so the choices
are the seat's legal actions in words ("ace of hearts", or "hearts" for trump to name) and ``accept`` holds
every one within ``MARGIN`` of the best chance on what the seat could know
(``Moment.acceptable``). Its texts are written in every language of the book, since the
learner's review queue may show it in any of them; the lesson's asks are in the lesson's own.

The lesson's ``ask:`` is a step of its own just before the mistaken play (an ``ask:`` carried
by the play would be refused: the card played is not among the answers), ``card:`` answered by
the cards within the margin of the best (for trump to name, the best suit, a ``choice``).
"""

from __future__ import annotations

import dataclasses
import zlib

from lingerlonger.computer.review import INACCURACY, ActionValue, Moment, Review
from lingerlonger.computer.task_judge import TaskGoal
from lingerlonger.game.cards import Suit, sort_hand
from lingerlonger.game.engine import Play
from lingerlonger.scenario.model import AnswerKind, Ask, Scenario, Step, StepKind, Task, Text
from lingerlonger.scenario.recording import RECORDED
from lingerlonger.scenario.writer import dump_scenario
from lingerlonger.words.i18n import LANGUAGES, SOURCE_LANGUAGE, format_percent, translate
from lingerlonger.words.narration import card_name, suit_name

__all__ = ["MARGIN", "moment_choices", "practice_exercise", "reviewed_lesson"]

#: How much less than the best chance an exercise still accepts (the review's inaccuracy).
MARGIN = INACCURACY
_ACTIONS = (StepKind.PLAY, StepKind.CHOOSE_TRUMP)


def _action_steps(hand: Scenario) -> list[int]:
    """The index in ``hand.steps`` of each action of the hand, in order."""
    return [at for at, step in enumerate(hand.steps) if step.kind in _ACTIONS]


def _step_of(hand: Scenario, moment: Moment) -> int:
    """The step of ``hand`` that plays ``moment``'s action (a ``ValueError`` when the hand
    recorded is not the one reviewed)."""
    actions = _action_steps(hand)
    if moment.step >= len(actions):
        raise ValueError(f"the hand has {len(actions)} actions; moment {moment.step} is not among them")
    at = actions[moment.step]
    step, played = hand.steps[at], moment.played
    written = step.card if isinstance(played, Play) else step.suit
    if step.seat != hand.players[played.seat] or str(written) != _answer(moment.played_value):
        raise ValueError(f"step {at} of the hand is not moment {moment.step}'s action")
    return at


def _answer(value: ActionValue) -> str:
    """An action as the texts show it: its card ("A♥"), or the suit to name ("♥")."""
    return str(value.card) if value.card is not None else str(value.suit)


def _choice(value: ActionValue, own: str) -> Text:
    """An action as a choice, in words in every language ("ace of hearts", "ás de copas"): a
    screen reader says it as a learner would, and the file holds no text in one language only."""

    def said(lang: str) -> str:
        if value.card is not None:
            return card_name(value.card, lang)
        assert value.suit is not None  # an action is a card to play or a suit to name
        return suit_name(value.suit, lang)

    return Text(said(own), {lang: said(lang) for lang in LANGUAGES if lang != own})


def moment_choices(moment: Moment) -> tuple[ActionValue, ...]:
    """The seat's legal actions in the order a hand is shown (cards sorted, trump last)."""
    cards = {value.card: value for value in moment.values if value.card is not None}
    if not cards:  # trump to name: the suits in their order
        return tuple(sorted(moment.values, key=lambda value: list(Suit).index(value.suit)))  # type: ignore[arg-type]
    return tuple(cards[card] for card in sort_hand(cards, moment.state.trump))


def _everywhere(key: str, own: str, **values: object) -> Text:
    """A catalog message as an author's text in every language, ``own`` as written."""

    def said(lang: str) -> str:
        shown = {
            name: format_percent(value, lang) if isinstance(value, float) else value for name, value in values.items()
        }
        return translate(key, lang, **shown)

    return Text(said(own), {lang: said(lang) for lang in LANGUAGES if lang != own})


def _numbers(moment: Moment) -> dict[str, object]:
    """The best action's chance on what could be known, for the texts (floats become percentages)."""
    best = moment.best.known
    low, high = best.interval
    return {
        "best": _answer(moment.best),
        "rate": best.rate,
        "low": low,
        "high": high,
        "deals": best.deals,
        "margin": round(MARGIN * 100),
    }


def _task_id(before: Scenario, moment: Moment) -> str:
    """The same moment of the same hand gets the same id (the learner's queue keeps it), another
    hand or another moment another: a checksum of the hand up to it."""
    return f"review-{zlib.crc32(dump_scenario(before).encode()):08x}-{moment.step}"


def practice_exercise(hand: Scenario, moment: Moment) -> Scenario:
    """The exercise "Practise this" makes of ``moment`` of the ``hand`` recorded: the hand up
    to it (its narration left out) and a task for the seat, goal ``choice``, the right answers
    the actions within ``MARGIN`` of the best (see the module's docstring)."""
    at = _step_of(hand, moment)
    own = hand.lang or SOURCE_LANGUAGE
    steps = tuple(dataclasses.replace(step, say=None) for step in hand.steps[:at])
    before = dataclasses.replace(hand, steps=steps, result=None, summary=None)
    seat = hand.players[moment.played.seat]
    choices = moment_choices(moment)
    accepted = {value.action for value in moment.acceptable}
    numbers = _numbers(moment)
    task = Task(
        _task_id(before, moment),
        seat,
        TaskGoal.CHOICE,
        RECORDED,
        accept=tuple(str(at) for at, value in enumerate(choices) if value.action in accepted),
        choices=tuple(_choice(value, own) for value in choices),
        hints=(_everywhere("review.task.hint", own, seat=seat),),
        right=_everywhere("review.task.right", own, **numbers),
        wrong=_everywhere("review.task.wrong", own, **numbers),
    )
    trump = "-trump" if moment.played_value.card is None else ""
    say = _everywhere(
        f"review.task.say{trump}", own, seat=seat, played=_answer(moment.played_value), margin=numbers["margin"]
    )
    return dataclasses.replace(
        before,
        title=_everywhere("review.task.title", own, seat=seat),
        lang=hand.lang,
        steps=(*steps, Step(StepKind.TASK, RECORDED, say=say, task=task)),
    )


def _mistake_ask(moment: Moment, seat: str, lang: str) -> Ask:
    """The question asked before a mistake: which action was better, answered by those within
    the margin of the best (trump to name: the best suit)."""
    numbers = _numbers(moment)
    played = moment.played_value
    trump = "-trump" if played.card is None else ""
    question = translate(f"review.ask.question{trump}", lang, seat=seat, played=_answer(played))
    wrong = translate(
        "review.ask.wrong",
        lang,
        seat=seat,
        played=_answer(played),
        played_rate=format_percent(played.known.rate, lang),
        best=numbers["best"],
        rate=format_percent(moment.best.known.rate, lang),
        deals=numbers["deals"],
    )
    if moment.best.card is None:  # trump to name: the suits as choices, the best one the answer
        suits = tuple(suit_name(value.suit, lang) for value in moment_choices(moment) if value.suit is not None)
        best = moment.best.suit
        assert best is not None  # no card to play: suits to name
        return Ask(
            question, AnswerKind.CHOICE, RECORDED, RECORDED, choice=suit_name(best, lang), choices=suits, wrong=wrong
        )
    cards = frozenset(value.card for value in moment.acceptable if value.card is not None)
    return Ask(question, AnswerKind.CARD, RECORDED, RECORDED, cards=cards, wrong=wrong)


def reviewed_lesson(hand: Scenario, review: Review | None) -> Scenario:
    """The ``hand`` recorded with an ``ask:`` before each of ``review``'s mistakes (the hand as
    it was with no review, or none to ask), in the lesson's language."""
    if review is None:
        return hand
    lang = hand.lang or SOURCE_LANGUAGE
    asks = {
        _step_of(hand, moment): _mistake_ask(moment, hand.players[review.seat], lang)
        for moment in review.moments
        if moment.verdict == "mistake"
    }
    if not asks:
        return hand
    steps: list[Step] = []
    for at, step in enumerate(hand.steps):
        if at in asks:
            steps.append(Step(StepKind.ASK, RECORDED, ask=asks[at]))
        steps.append(step)
    return dataclasses.replace(hand, steps=tuple(steps))
