"""HTML panels every player shows alike: the coach's chances, and a hand against the
computer (its table, what happened since your last card, whose turn it is or who won).

The ipywidgets players put each panel in a box of their own; live mode in the browser
(``live.py``) sends them to the page in one piece. Texts an author or a player wrote
(seat names) are escaped; the catalog's own markup is kept.
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable

from lingerlonger.computer.coach import CardAdvice
from lingerlonger.game.cards import Card
from lingerlonger.game.errors import LingerError
from lingerlonger.scenario import Scenario, in_language
from lingerlonger.session.hand import HandModel
from lingerlonger.session.save_lesson import lesson_text
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.page_replay import hint_html
from lingerlonger.views.table_html import TEXT_STYLE, TableStyle, table_html
from lingerlonger.words.i18n import format_number, format_percent, translate, ui
from lingerlonger.words.narration import narrate, reason_text

__all__ = [
    "ui_html",
    "advice_html",
    "told_html",
    "hand_status_html",
    "hand_table_html",
    "hand_html",
    "save_link_html",
    "question_html",
    "feedback_html",
    "answers_html",
]


def ui_html(key: str, lang: str, **values: object) -> str:
    """The label ``ui.KEY`` in ``lang`` for HTML: ``values`` escaped, the catalog's markup kept."""
    return ui(key, lang, **{name: html.escape(str(value)) for name, value in values.items()})


def advice_html(advice: list[CardAdvice] | None, name: str, lang: str) -> str:
    """The coach's chances as bars, best first (nothing when the coach was not asked)."""
    if advice is None:
        return ""
    if not advice:
        return f'<p class="ll-coach">{ui("coach-none", lang)}</p>'
    rows = "".join(
        f'<li><span class="ll-coach-card">{html.escape(a.label(lang))}</span>'
        f'<span class="ll-bar" style="width:{a.win_rate * 10:.1f}em"></span>'
        f"<span>{format_percent(a.win_rate, lang)} <small>({format_percent(a.low, lang)}–"
        f"{format_percent(a.high, lang)})</small></span></li>"
        for a in advice
    )
    rollouts = format_number(min(a.rollouts for a in advice), lang)
    return (
        f'<div class="ll-coach"><strong>{ui_html("coach-title", lang, name=name)}</strong>'
        f'<ol class="ll-coach-list">{rows}</ol>'
        f"<p><small>{ui_html('coach-note', lang, rollouts=rollouts, name=name)}</small></p></div>"
    )


def told_html(hand: HandModel, lang: str) -> str:
    """What happened since your last card, in words (nothing before the first)."""
    told = "".join(f"<li>{html.escape(narrate(event, hand.state.players, lang))}</li>" for event in hand.told)
    return (
        f'<div class="ll-words"><strong>{ui("what-happened", lang)}</strong><ul class="ll-narration">{told}</ul></div>'
        if told
        else ""
    )


def hand_status_html(hand: HandModel, lang: str, waiting: bool = False) -> str:
    """Who won the hand; else whose turn it is (``waiting``: a computer's). ``data-ll-step``
    counts the hand's actions, so a page (or a test) can tell one turn's note from the next."""
    state = hand.state
    step = f'data-ll-step="{len(hand.actions)}"'
    if state.winner is not None and state.reason is not None:  # the hand is over
        reason = reason_text(state.reason, lang)
        text = (
            ui_html("you-won", lang, reason=reason)
            if state.winner == hand.you
            else ui_html("they-won", lang, name=state.players[state.winner], reason=reason)
        )
        won = " ll-won" if state.winner == hand.you else ""  # a trophy drawn by player.css
        return (
            f'<div class="ll-banner ll-end{won}" role="status" {step}><strong>{text}</strong> '
            f"{ui('play-again', lang)}</div>"
        )
    if waiting and state.to_act is not None:
        note = (
            ui("you-are-out", lang)
            if hand.you in state.out
            else ui_html("waiting", lang, name=state.players[state.to_act])
        )
        return f'<div class="ll-turn-note" role="status" {step}>{note}</div>'
    naming = state.namer == hand.you
    return (
        f'<div class="ll-turn-note ll-yours" role="status" {step}>'
        f"{ui('your-trump' if naming else 'your-turn', lang)}</div>"
    )


def hand_table_html(hand: HandModel, style: TableStyle, playable: bool = False) -> str:
    """The table as you see it (every hand face up once the hand is over)."""
    over = hand.state.is_over
    return table_html(
        hand.state,
        seat=None if over else hand.you,
        show_legal=not over,
        last_trick=hand.last_trick,
        options=style,
        include_css=False,
        playable=playable,
    )


def hand_html(hand: HandModel, lang: str, *, playable: bool = False) -> str:
    """The whole hand in one piece (live mode): status, table, then what happened."""
    return hand_status_html(hand, lang) + hand_table_html(hand, TableStyle.of(lang), playable) + told_html(hand, lang)


def save_link_html(
    saved: Callable[..., Scenario], filename: str, lang: str, *, label: str = "", tip: str = "save-lesson-tip"
) -> str:
    """ "Save as lesson" (or another ``label``, with its ``tip``'s catalog id) as a link that
    holds the file of the lesson ``saved()`` makes (a ``data:`` URL): the browser saves it at
    once, with no round trip to a server (the app's play tab, a what-if branch, the family
    table, a position set up). None for a hand whose start no file can hold."""
    try:
        text = lesson_text(saved())
    except LingerError:
        return ""
    data = base64.b64encode(text.encode("utf-8")).decode("ascii")
    return (
        f'<a class="ll-save-lesson" download="{html.escape(filename)}" role="button" '
        f'href="data:application/x-yaml;charset=utf-8;base64,{data}" '
        f'title="{html.escape(ui(tip, lang))}">'
        f"{html.escape(label or ui('save-lesson', lang))}</a>"
    )


# --- the quiz -----------------------------------------------------------------------------


def question_html(model: ScenarioModel) -> str:
    """The question waiting on the frame shown and what to press (nothing when none waits)."""
    question, lang = model.question, model.lang
    if question is None:
        return ""
    say = lambda msg_id, **values: html.escape(translate(msg_id, lang, **values))  # noqa: E731
    ask, state = question.ask, model.frame.state
    if ask.kind in ("legal", "card"):
        acting = state.players[state.to_act] if state.to_act is not None else ""
        prompt = say("quiz.pick-cards" if ask.kind == "legal" else "quiz.pick-card", name=acting)
    else:
        prompt = say("quiz.pick-seat" if ask.kind == "winner" else "quiz.pick-choice")
    return (
        f'<div class="ll-quiz"><p><strong>{say("quiz.question")}:</strong> '
        f"{html.escape(in_language(ask.question, lang))}</p>"
        f'<p class="ll-note">{prompt}</p>{hint_html(ask, lang)}</div>'
    )


def feedback_html(model: ScenarioModel) -> str:
    """After a wrong answer: what it teaches (the author's note, the hint, the rule)."""
    said = [html.escape(line) for line in model.feedback()]
    return (
        f'<div class="ll-quiz-feedback" role="alert"><strong>{said[0]}</strong>'
        + "".join(f"<br>{line}" for line in said[1:])
        + "</div>"
        if said
        else ""
    )


def _answer_labels(model: ScenarioModel) -> list[str]:
    """Each answer button's words: a card (ticked once picked for "which cards?"; its suit
    drawn as text, not as an emoji), a seat, a choice."""
    question = model.question
    assert question is not None  # drawn while a question waits
    return [
        ("✓ " if choice in model.chosen else "") + word + TEXT_STYLE if isinstance(choice, Card) else word
        for choice, word in zip(question.choices, question.words, strict=True)
    ]


def answers_html(model: ScenarioModel) -> str:
    """The quiz as live mode shows it: the question, a button per answer (``data-ll-answer``
    its number; Check for "which cards?"), and what the last answer taught."""
    question = model.question
    if question is None:
        note = model.note
        return f'<p class="ll-quiz-right" role="status">{html.escape(note.text(model.lang))}</p>' if note else ""
    buttons = "".join(
        f'<button type="button" data-ll-answer="{index}">{html.escape(label)}</button>'
        for index, label in enumerate(_answer_labels(model))
    )
    if question.ask.kind == "legal":
        buttons += (
            f'<button type="button" data-ll-answer="check">{html.escape(translate("quiz.check", model.lang))}</button>'
        )
    return (
        f'<div class="ll-live-quiz">{question_html(model)}<p class="ll-quiz-answers">{buttons}</p>'
        f"{feedback_html(model)}</div>"
    )
