"""Live mode: the static player's calls into the engine, running in the reader's browser.

A static replay carries its scenario as YAML; the page's ``live.js`` sends it to a Web
Worker running Pyodide (``static/live-worker.js``), which calls the functions here. Each
takes and returns JSON text, so the JavaScript glue stays small: it shows the HTML it
gets back and sends the card a reader pressed. The HTML comes from the same functions as
the other players' (``static_replay.frame_html``, ``render.table_html``).

>>> from pathlib import Path
>>> source = (Path(__file__).parents[3] / "scenarios/03-follow-suit.yaml").read_text(encoding="utf-8")
>>> opened = json.loads(open_replay(json.dumps({"source": source, "lang": "en"})))
>>> opened["frames"] > 1, "data-ll-card" in json.loads(frame(json.dumps({**opened, "at": 0})))["html"]
(True, True)
"""

from __future__ import annotations

import html
import itertools
import json
import random
import re
from collections.abc import Callable
from datetime import date
from typing import Any

from lingerlonger.game.cards import parse_card
from lingerlonger.game.engine import Play
from lingerlonger.game.errors import LingerError
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import ScenarioError, loads, read_upload
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.replay import replay
from lingerlonger.session import HandModel, Refused, ScenarioModel, advice
from lingerlonger.session.save_lesson import branch_lesson, hand_lesson, lesson_name, lesson_text
from lingerlonger.views.live_mode.position_editor import page_site, position_change, position_play, position_save
from lingerlonger.views.page_replay import frame_html, gallery_html, notice_html, replay_html
from lingerlonger.views.shared_panels import advice_html, answers_html, hand_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import (
    ENVIRONMENT_LANGUAGE,
    LANGUAGES,
    SOURCE_LANGUAGE,
    error_text,
    format_number,
    language_tag,
    ui,
)

__all__ = [
    "open_replay",
    "frame",
    "answer",
    "what_if",
    "coach",
    "new_hand",
    "hand_play",
    "save_lesson",
    "check_file",
    "checker_html",
    "MAX_LINK_CHARS",
]
__all__ += ["position_change", "position_play", "position_save"]  # the position editor's (live_position)

#: What a page has opened, by number: a page holds a few players, a worker lives as long as it.
_SESSIONS: dict[int | tuple[str, int], Any] = {}
_NUMBERS = itertools.count(1)
#: The computers of a new hand: the source texts' tips.
OPPONENTS = "tips"
#: The most characters a shared lesson's link may hold after ``#lesson=`` (the lesson's file,
#: compressed, in base64url): a recorded hand takes about 2,000; longer links are refused
#: unread, and a file is the way to share a longer lesson.
MAX_LINK_CHARS = 65_536


def _call(function: Callable[[dict], dict]) -> Callable[[str], str]:
    """JSON in and out; a refusal comes back as ``{"error": html}`` in the reader's language."""

    def run(arguments: str) -> str:
        args = json.loads(arguments)
        try:
            answer = function(args)
        except LingerError as error:
            answer = {"error": notice_html(error_text(error, _language(args)))}
        return json.dumps(answer, ensure_ascii=False)

    run.__name__, run.__doc__ = function.__name__, function.__doc__
    return run


def _language(args: dict) -> str:
    lang = args.get("lang")
    return lang if lang in LANGUAGES else "en"


def _keep(value: Any) -> int:
    number = next(_NUMBERS)
    _SESSIONS[number] = value
    return number


def _model(args: dict) -> ScenarioModel:
    """The session's scenario at step ``at``, in the reader's language, its quiz on.

    The page's own step bar moves freely (its quiz is not a gate); a question asked at
    a step is judged by the model, which keeps what was answered and picked there.
    """
    model = _SESSIONS[args["session"]].with_options(lang=_language(args))
    at = int(args.get("at", 0))
    if model.at != at:
        model = model.quizzing(False).go(at).quizzing(True)
    return model


def _refused(refused: Refused, lang: str) -> dict:
    return {"error": notice_html(refused.text(lang))}


@_call
def open_replay(args: dict) -> dict:
    """``{source, index}`` (a scenario file's text): the replay, kept as a session."""
    scenarios = loads(str(args["source"]), "<page>")
    run = replay(scenarios[int(args.get("index", 0))])
    return {"session": _keep(ScenarioModel.of(run, quiz=True)), "frames": len(run.frames)}


@_call
def frame(args: dict) -> dict:
    """``{session, at, lang}``: frame ``at`` with the seat to act's legal cards as buttons."""
    model = _model(args)
    style = TableStyle.of(model.lang)
    return {
        "html": frame_html(model.frame, style=style, playable=True, quiz=False)
        + f'<div class="ll-live-quiz-box">{answers_html(model)}</div>',
        "hint": ui("what-if-help", style.lang),
    }


@_call
def answer(args: dict) -> dict:
    """``{session, at, answer, lang}``: an answer button (its number, or "check"), judged
    as the app judges it; the quiz box again, with what the answer taught."""
    model = _model(args)
    pressed = str(args.get("answer"))
    model = model.check() if pressed == "check" else model.pick(int(pressed))
    _SESSIONS[args["session"]] = model
    return {"quiz": answers_html(model)}


@_call
def what_if(args: dict) -> dict:
    """``{session, at, card, lang}``: the frames after that card instead, to the hand's end."""
    model = _model(args)
    state = model.frame.state
    # Once the hand is over no seat is to act: apply refuses the None seat (illegal.hand-over).
    tried = model.try_action(Play(state.to_act, parse_card(str(args["card"]))))  # type: ignore[arg-type]
    if isinstance(tried, Refused):
        return _refused(tried, model.lang)
    style = TableStyle.of(model.lang)
    # The questions are the scenario's, answered on its own line (``answer``), not in a branch.
    return {
        "frames": [frame_html(shown, style=style, quiz=False) for shown in tried.frames[tried.at :]],
        "branch": _kept_branch(args["session"], tried),
    }


def _kept_branch(session: int, branch: ScenarioModel) -> int:
    """The latest what-if branch of a session, kept for "Save as lesson" in its place."""
    _SESSIONS[("branch", session)] = branch
    return session


@_call
def coach(args: dict) -> dict:
    """``{session, at}`` or ``{hand}``, and ``lang``: each card's chance to win the hand."""
    lang = _language(args)
    if "hand" in args:
        hand = _SESSIONS[args["hand"]]
        state = hand.state
    else:
        state = _model(args).frame.state
    if state.to_act is None:
        return {"html": advice_html([], "", lang)}
    return {"html": advice_html(advice(state), state.players[state.to_act], lang)}


@_call
def new_hand(args: dict) -> dict:
    """``{players, lang}``: a hand against the computer; you sit first and lead."""
    lang = _language(args)
    players = int(args.get("players", 4))
    hand = HandModel.deal(
        Rules(),
        players=players,
        you=0,
        name=ui("default-name", lang),
        opponents=OPPONENTS,
        lang=lang,
        rng=random.Random(args.get("seed")),
    ).computers_play()
    return {"session": _keep(hand), "html": hand_html(hand, lang, playable=True)}


@_call
def hand_play(args: dict) -> dict:
    """``{session, card, lang}``: your card, then the computers up to your next turn."""
    lang = _language(args)
    hand = _SESSIONS[args["session"]]
    played = hand.play(Play(hand.you, parse_card(str(args["card"]))))
    if isinstance(played, Refused):
        return _refused(played, lang)
    hand = _SESSIONS[args["session"]] = played.computers_play()
    return {"html": hand_html(hand, lang, playable=True)}


@_call
def save_lesson(args: dict) -> dict:
    """``{hand}`` (a hand against the computer) or ``{branch}`` (a what-if branch), ``lang``
    and ``site``: the hand so far as a lesson file (``text``, offered as ``name``), and the words
    of sharing it as a link, in the reader's language."""
    lang, today = _language(args), date.today()
    if "hand" in args:
        saved = hand_lesson(_SESSIONS[args["hand"]], lang, today)
    else:
        saved = branch_lesson(_SESSIONS[("branch", args["branch"])], lang)
    return {"text": lesson_text(saved, site=page_site(args)), "name": lesson_name(today), "words": _share_words(lang)}


def _share_words(lang: str) -> dict:
    """What "Share link" says, by the name live.js reads it under."""
    return {
        "shareCopied": ui("share-copied", lang),
        "shareLink": ui("share-link", lang),
        "shareTooLong": ui("share-too-long", lang, limit=format_number(MAX_LINK_CHARS, lang)),
        "shareLimit": str(MAX_LINK_CHARS),
    }


# --- checking a reader's own file, and the editor that checks as one types ----------------


@_call
def check_file(args: dict) -> dict:
    """``{text, name, lang, at}``: a scenario file checked as ``lingerlonger check`` does, with
    the same located errors; its replays (a gallery for several) to step through at once, a
    single one at step ``at`` (the step the editor showed before the text changed).

    A located problem also comes as numbers, ``line`` and ``column``, so that the editor
    marks its line without reading the message; its box (``error`` for the loader's error,
    ``located`` beside a replay that fails) has a button that takes the caret there."""
    lang = _language(args)
    name = str(args.get("name") or "scenario.yaml")[:100]
    content = str(args.get("text", "")).encode("utf-8")
    size = max(len(content), int(args.get("size") or 0))  # a device's file is read only so far
    if size > MAX_DOCUMENT_BYTES:
        return {
            "error": notice_html(
                ui(
                    "upload-too-big",
                    lang,
                    name=name,
                    size=format_number(size, lang),
                    limit=format_number(MAX_DOCUMENT_BYTES, lang),
                )
            )
        }
    try:
        scenarios = read_upload(content, name)
    except ScenarioError as error:
        notice = notice_html(ui("upload-bad", lang, name=name), [error.text(lang)], role="status")
        located = _located(error, lang, notice)
        return {"error": located.pop("located"), **located}
    runs = [replay(scenario) for scenario in scenarios]
    style = TableStyle.of(lang)
    at = int(args.get("at") or 0)
    shown = (
        replay_html(runs[0], style=style, include_css=False, languages=(lang,), start=at)
        if len(runs) == 1
        else gallery_html(runs, style=style)
    )
    said = ui("upload-ok", lang, name=name, count=len(runs))
    failures = [failure for run in runs for failure in run.failures]
    if failures:
        said += " " + ui("upload-fails", lang)
    answer = {"message": said, "ok": not failures, "html": shown}
    return {**answer, **_located(failures[0], lang)} if failures else answer


def _located(error: ScenarioError, lang: str, notice: str = "") -> dict:
    """Where ``error`` is, as numbers and as the editor's error box (``notice``, then the
    button that puts the caret at its line and column)."""
    line, column = error.where.line, error.where.column
    go = html.escape(ui("editor-go-to", lang, line=format_number(line, lang), column=format_number(column, lang)))
    return {
        "line": line,
        "column": column,
        "located": f'<div class="ll-editor-error" data-ll-error-line="{line}" data-ll-error-column="{column}">'
        f'{notice}<button type="button" data-ll-action="go-to-error">{go}</button></div>',
    }


#: The editor's words, by the attribute live.js reads them from.
_CHECKER_WORDS = {
    "starting": "live-starting",
    "failed": "live-failed",
    "slow": "checker-slow",
    "share-bad": "share-bad",
    "stale": "editor-stale",
}


def _dashed(name: str) -> str:
    """A dataset name as its HTML attribute: ``shareLink`` → ``share-link``."""
    return re.sub("([A-Z])", lambda capital: "-" + capital[1].lower(), name)


def checker_html(lang: str | None = None) -> str:
    """The book's scenario editor: the text beside its replay (under it on a phone). The
    page's live.js checks the text in the browser as it changes (``check_file``), marks the
    line of a mistake and redraws the replay; nothing is sent anywhere."""
    lang = lang or ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    say = lambda key: html.escape(ui(key, lang))  # noqa: E731
    words = " ".join(f'data-{attribute}="{say(key)}"' for attribute, key in _CHECKER_WORDS.items())
    words += "".join(f' data-{_dashed(name)}="{html.escape(text)}"' for name, text in _share_words(lang).items())
    # A shared lesson opens in its own language; the link to the reader's says so in theirs.
    read_in = json.dumps({code: ui("share-read-in", code) for code in LANGUAGES}, ensure_ascii=False)
    words += f' data-read-in="{html.escape(read_in)}"'
    return (
        f'<div class="ll-checker ll-editor" data-ll-checker data-lang="{lang}" lang="{language_tag(lang)}" {words}>'
        f'<div class="ll-editor-columns"><div class="ll-editor-side">'
        f'<label class="ll-editor-label" for="ll-editor-text">{say("editor-label")}</label>'
        f'<div class="ll-editor-box"><div class="ll-editor-gutter" aria-hidden="true">'
        f'<div class="ll-editor-numbers">1</div></div>'
        f'<textarea id="ll-editor-text" rows="16" wrap="off" spellcheck="false" autocapitalize="off" '
        f'autocomplete="off" maxlength="{MAX_DOCUMENT_BYTES}"></textarea>'
        f'<div class="ll-editor-band" aria-hidden="true" hidden><span class="ll-editor-column"></span></div></div>'
        f'<p class="ll-checker-buttons"><button type="button" data-ll-action="check">{say("checker-check")}'
        f'</button> <button type="button" data-ll-action="share">{say("share")}</button> '
        f'<label class="ll-checker-file"><span>{say("upload")}</span> '
        f'<input type="file" accept=".yaml,.yml,text/yaml,text/plain"></label></p></div>'
        f'<div class="ll-editor-view"><p class="ll-checker-status" role="status"></p>'
        f'<div class="ll-checker-out"></div></div></div></div>'
    )
