"""HTML panels every player shows alike: the coach's chances, and a hand against the
computer (its table, what happened since your last card, whose turn it is or who won).

The ipywidgets players put each panel in a box of their own; live mode in the browser
(``live_mode/endpoints.py``) sends them to the page in one piece. They are drawn from
templates/panels/: texts an author or a player wrote (seat names) are escaped there; the
catalog's own markup is kept.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterable

from lingerlonger.computer.coach import CardAdvice, too_close
from lingerlonger.game.cards import Card
from lingerlonger.game.errors import LingerError
from lingerlonger.game.events import Event
from lingerlonger.scenario import AnswerKind, Scenario, in_language
from lingerlonger.session.hand import HandModel
from lingerlonger.session.save_lesson import lesson_text
from lingerlonger.session.stepping import ScenarioModel
from lingerlonger.views.table_html import TEXT_STYLE, TableStyle, table_html
from lingerlonger.views.templating import Markup, catalog_html, render
from lingerlonger.words.i18n import format_number, format_percent, language_tag, translate, ui
from lingerlonger.words.narration import aloud, card_name, narrate, reason_text, suit_name

__all__ = [
    "ui_html",
    "advice_html",
    "told_html",
    "told_aloud",
    "said_aloud",
    "announce_html",
    "what_happened_html",
    "hand_status_html",
    "hand_table_html",
    "hand_html",
    "save_link_html",
    "question_html",
    "feedback_html",
    "answers_html",
]


def ui_html(key: str, lang: str, **values: object) -> Markup:
    """The label ``ui.KEY`` in ``lang`` for HTML: ``values`` escaped, the catalog's markup kept."""
    return catalog_html(ui, key, lang, **values)


def _ui_markup(key: str, lang: str) -> Markup:
    """The label ``ui.KEY`` as the catalog writes it, its own markup kept (it has no values)."""
    return Markup(ui(key, lang))


def _said(advice: CardAdvice, lang: str) -> str:
    """A card of the coach's in words (a screen reader hears it so), or the suit to name as trump."""
    if advice.card is not None:
        return card_name(advice.card, lang)
    return suit_name(advice.suit, lang) if advice.suit is not None else ""


def advice_html(advice: list[CardAdvice] | None, name: str, lang: str) -> Markup:
    """The coach's chances as bars, best first (nothing when the coach was not asked)."""
    if advice is None:
        return Markup()
    rows = [
        (
            a.label(lang),
            f"{a.win_rate * 10:.1f}",
            format_percent(a.win_rate, lang),
            format_percent(a.low, lang),
            format_percent(a.high, lang),
        )
        for a in advice
    ]
    rollouts = format_number(min(a.rollouts for a in advice), lang) if advice else ""
    # The review's rule: cards whose ranges overlap the best's cannot be told from it.
    close = too_close(advice)
    verdict = ""
    if len(close) > 1:
        verdict = ui("coach-close", lang, cards=", ".join(_said(a, lang) for a in close))
    elif close:
        verdict = ui("coach-clear", lang, name=name, card=_said(close[0], lang))
    return render(
        "panels/coach.html",
        rows=rows,
        verdict=verdict,
        nobody=_ui_markup("coach-none", lang),
        title=ui_html("coach-title", lang, name=name),
        note=ui_html("coach-note", lang, rollouts=rollouts, name=name) if advice else "",
    )


def what_happened_html(lines: Iterable[str], lang: str) -> Markup:
    """What happened since the last card, one line of narration each (nothing when nothing
    happened): the hand against the computer and the family table alike."""
    return render("panels/told.html", title=_ui_markup("what-happened", lang), lines=list(lines))


def told_html(hand: HandModel, lang: str) -> Markup:
    """What happened since your last card, in words (nothing before the first)."""
    return what_happened_html((narrate(event, hand.state.players, lang) for event in hand.told), lang)


def told_aloud(hand: HandModel, style: TableStyle) -> list[str]:
    """What happened since your last card, as said aloud (``said_aloud``)."""
    return said_aloud(hand.told, hand.state.players, style)


def said_aloud(events: Iterable[Event], players: tuple[str, ...], style: TableStyle) -> list[str]:
    """The narration of ``events`` as said aloud: its cards and suits in words ("queen of
    spades"), as their buttons are named, in every language (``narration.aloud``)."""
    return [aloud(narrate(event, players, style.lang), style.lang) for event in events]


def announce_html(lines: Iterable[str], urgent: str, lang: str, *, count: int, step: int) -> Markup:
    """What a table drawn by a widget has to say this turn, for the page to add to its live
    regions (widgets/table_voice.py): ``lines``, then ``urgent`` (your turn, the hand's end),
    which the page says after them (table-voice.js, sayMoment: an assertive turn made Orca drop
    the plays before it); ``count`` tells one turn's words from the next, ``step`` the
    hand's actions."""
    return render(
        "panels/announce.html",
        lines=list(lines),
        urgent=aloud(urgent, lang),  # who won, and with which card: in words too
        tag=language_tag(lang),
        count=count,
        step=step,
        keys_help=ui("keys-help", lang),
        table_label=ui("table-focus", lang),
    )


def hand_status_html(hand: HandModel, lang: str, waiting: bool = False) -> Markup:
    """Who won the hand; else whose turn it is (``waiting``: a computer's). ``data-ll-step``
    counts the hand's actions, so a page (or a test) can tell one turn's note from the next."""
    state = hand.state
    status = {"step": len(hand.actions), "won": None, "yours": False, "more": ""}
    if state.is_over:
        assert state.reason is not None and state.winner is not None  # a finished hand has both
        reason = reason_text(state.reason, lang)
        text = (
            ui_html("you-won", lang, reason=reason)
            if state.winner == hand.you
            else ui_html("they-won", lang, name=state.players[state.winner], reason=reason)
        )
        # won: a trophy drawn by player.css
        return render(
            "panels/status.html",
            **status | {"won": state.winner == hand.you, "more": _ui_markup("play-again", lang)},
            text=text,
        )
    if waiting and state.to_act is not None:
        note = (
            _ui_markup("you-are-out", lang)
            if hand.you in state.out
            else ui_html("waiting", lang, name=state.players[state.to_act])
        )
        return render("panels/status.html", **status, text=note)
    naming = state.namer == hand.you
    return render(
        "panels/status.html", **status | {"yours": True}, text=_ui_markup("your-trump" if naming else "your-turn", lang)
    )


def hand_table_html(hand: HandModel, style: TableStyle, playable: bool = False) -> Markup:
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


def hand_html(hand: HandModel, lang: str, *, playable: bool = False) -> Markup:
    """The whole hand in one piece (live mode): status, table, then what happened."""
    return hand_status_html(hand, lang) + hand_table_html(hand, TableStyle.of(lang), playable) + told_html(hand, lang)


def save_link_html(
    saved: Callable[..., Scenario], filename: str, lang: str, *, label: str = "", tip: str = "save-lesson-tip"
) -> Markup:
    """ "Save as lesson" (or another ``label``, with its ``tip``'s catalog id) as a link that
    holds the file of the lesson ``saved()`` makes (a ``data:`` URL): the browser saves it at
    once, with no round trip to a server (the app's play tab, a what-if branch, the family
    table, a position set up). Nothing for a hand whose start no file can hold."""
    try:
        text = lesson_text(saved())
    except LingerError:
        return Markup()
    return render(
        "panels/save_link.html",
        filename=filename,
        data=base64.b64encode(text.encode("utf-8")).decode("ascii"),
        tip=ui(tip, lang),
        label=label or ui("save-lesson", lang),
    )


# --- the quiz -----------------------------------------------------------------------------


def _question(model: ScenarioModel) -> dict[str, object] | None:
    """The question waiting on the frame shown and what to press, for templates/panels/quiz.html."""
    question, lang = model.question, model.lang
    if question is None:
        return None
    ask, state = question.ask, model.frame.state
    if ask.kind in (AnswerKind.LEGAL, AnswerKind.CARD):
        acting = state.players[state.to_act] if state.to_act is not None else ""
        prompt = translate("quiz.pick-cards" if ask.kind == AnswerKind.LEGAL else "quiz.pick-card", lang, name=acting)
    else:
        prompt = translate("quiz.pick-seat" if ask.kind == AnswerKind.WINNER else "quiz.pick-choice", lang)
    return {
        "label": translate("quiz.question", lang),
        "text": in_language(ask.question, lang),
        "prompt": prompt,
        "hint_label": translate("quiz.show-hint", lang),
        "hint": in_language(ask.hint, lang),
    }


def question_html(model: ScenarioModel) -> Markup:
    """The question waiting on the frame shown and what to press (nothing when none waits)."""
    return render("panels/quiz.html", part="question", q=_question(model))


def feedback_html(model: ScenarioModel) -> Markup:
    """After a wrong answer: what it teaches (the author's note, the hint, the rule)."""
    return render("panels/quiz.html", part="feedback", lines=model.feedback())


def _answer_labels(model: ScenarioModel) -> list[str]:
    """Each answer button's words: a card (ticked once picked for "which cards?"; its suit
    drawn as text, not as an emoji), a seat, a choice."""
    question = model.question
    assert question is not None  # drawn while a question waits
    return [
        ("✓ " if choice in model.chosen else "") + word + TEXT_STYLE if isinstance(choice, Card) else word
        for choice, word in zip(question.choices, question.words, strict=True)
    ]


def answers_html(model: ScenarioModel) -> Markup:
    """The quiz as live mode shows it: the question, a button per answer (``data-ll-answer``
    its number; Check for "which cards?"), and what the last answer taught."""
    question, note = model.question, model.note
    answers: list[tuple[int | str, str]] = []
    if question is not None:
        answers = list(enumerate(_answer_labels(model)))
        if question.ask.kind == AnswerKind.LEGAL:
            answers.append(("check", translate("quiz.check", model.lang)))
    return render(
        "panels/quiz.html",
        part="answers",
        q=_question(model),
        answers=answers,
        lines=model.feedback() if question is not None else [],
        note=note.text(model.lang) if note and question is None else "",
    )
