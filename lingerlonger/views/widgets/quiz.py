"""The scenario player's quiz box: the question waiting on the frame shown, its answer
buttons, Check for "which cards?", and what a wrong answer teaches, all read from the model."""

from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets

from lingerlonger.game.cards import Card
from lingerlonger.scenario import AnswerKind
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.shared_panels import feedback_html, question_html
from lingerlonger.views.widgets.controls import _BLACK, _button, _ButtonPool, _labels, _shown, _wide_html
from lingerlonger.words.i18n import translate

__all__ = ["QuizPanel"]

#: A transition of the model, e.g. ``lambda model: model.pick(2)``.
Move = Callable[[ScenarioModel], ScenarioModel]


class QuizPanel:
    """The quiz's widgets; a button hands its transition to ``move`` (the player's)."""

    def __init__(self, move: Callable[[Move], None]) -> None:
        self.text = _wide_html()
        self.answers = _ButtonPool(lambda index: move(lambda model: model.pick(index)))
        self.answers.box.add_class("ll-quiz-answers")
        self.check = _button(primary=True)
        self.check.add_class("ll-quiz-check")
        self.check.on_click(lambda _: move(ScenarioModel.check))
        self.feedback = _wide_html()
        self.box = widgets.VBox([self.text, self.answers.box, self.check, self.feedback])
        self.box.add_class("ll-quiz-box")

    def relabel(self, lang: str) -> None:
        self.check.description = translate("quiz.check", lang)

    def render(self, model: ScenarioModel) -> None:
        """Show the question waiting on the frame shown, or nothing."""
        question = model.question
        _shown(self.box, question is not None)
        if question is None:
            self.feedback.value = ""
            return
        self.text.value = question_html(model)
        if question.ask.kind in (AnswerKind.LEGAL, AnswerKind.CARD):
            cards = [choice for choice in question.choices if isinstance(choice, Card)]  # all of them
            labels, colours = _labels(cards)
            labels = [("✓ " if card in model.chosen else "") + label for label, card in zip(labels, cards, strict=True)]
        else:
            labels, colours = list(question.words), [_BLACK] * len(question.words)
        self.answers.show(labels, colours)
        _shown(self.check, question.ask.kind == AnswerKind.LEGAL)
        self.feedback.value = feedback_html(model)
