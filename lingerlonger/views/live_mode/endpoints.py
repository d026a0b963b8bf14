"""Live mode: the static player's calls into the engine, running in the reader's browser.

A static replay carries its scenario as YAML; the page's ``live-player.js`` sends it to a Web
Worker running Pyodide (``static/live/live-worker.js``), which calls ``serve(name, arguments)``:
only the endpoints of ``ENDPOINTS`` can be called, each checking its arguments. Each takes
and returns JSON text, so the JavaScript glue stays small: it shows the HTML it gets back and
sends the card a reader pressed. The HTML comes from the same functions as the other
players' (``page_replay.frame_html``, ``table_html.table_html``).

What a reader opens (a scenario, a hand, a what-if branch) is kept as a numbered session,
the last ``MAX_SESSIONS`` of them. A worker stopped by the page (a check that ran too long)
loses them all: a call on a lost one is answered ``{"error": …, "lost": true}``, in the
reader's words, and the page opens its scenario again.

>>> from pathlib import Path
>>> source = (Path(__file__).parents[3] / "scenarios/03-follow-suit.yaml").read_text(encoding="utf-8")
>>> opened = json.loads(serve("open_replay", json.dumps({"source": source, "lang": "en"})))
>>> opened["frames"] > 1, "data-ll-card" in json.loads(serve("frame", json.dumps({**opened, "at": 0})))["html"]
(True, True)
"""

from __future__ import annotations

import json
import logging
import random
import re
from collections.abc import Callable, Mapping
from datetime import date
from functools import partial
from types import MappingProxyType
from typing import Any

from lingerlonger.computer.players import PLAYER_KINDS
from lingerlonger.computer.task_judge import SearchBudget
from lingerlonger.game.cards import parse_card
from lingerlonger.game.engine import Play
from lingerlonger.game.errors import LingerError, Message
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import ScenarioError, loads, read_upload
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.replay import replay
from lingerlonger.scenario.writer import dump
from lingerlonger.session import HandModel, Refused, ScenarioModel, advice
from lingerlonger.session.save_lesson import branch_lesson, hand_lesson, lesson_name, lesson_text, task_lesson
from lingerlonger.views.live_mode import sessions
from lingerlonger.views.live_mode.position_editor import (
    page_site,
    position_change,
    position_play,
    position_save,
    position_task,
)
from lingerlonger.views.live_mode.sessions import MAX_SESSIONS, LiveRequestError, SessionLost, Sessions
from lingerlonger.views.page_replay import frame_html, gallery_html, notice_html, replay_html
from lingerlonger.views.shared_panels import advice_html, answers_html, hand_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import (
    ENVIRONMENT_LANGUAGE,
    LANGUAGES,
    SOURCE_LANGUAGE,
    error_text,
    format_number,
    language_tag,
    ui,
)

__all__ = ["ENDPOINTS", "serve", "checker_html", "MAX_LINK_CHARS", "MAX_SESSIONS", "LiveRequestError", "SessionLost"]

#: The computers of a new hand unless the reader picks a level: the source texts' tips.
OPPONENTS = "tips"
#: The deals each of a review's chances is judged on, and the most a page may ask for: a whole
#: 4-player hand takes 0.9 s (1.7 s at most, 6 hands) on the bench's phone (bench/review.py; the
#: budget: 5 s); 320 deals give an interval of about ±5 points.
#: On a slower device, fewer deals: the review stops sampling at ``REVIEW_BUDGET_S`` seconds (3 s:
#: each moment's sentence and the deal that shows it come on top, and the panel, within the 5 s).
REVIEW_DEALS, MOST_REVIEW_DEALS, REVIEW_BUDGET_S = 320, 1000, 3.0
#: The most characters a shared lesson's link may hold after ``#lesson=`` (the lesson's file,
#: compressed, in base64url): a recorded hand takes about 2,000; longer links are refused
#: unread, and a file is the way to share a longer lesson.
MAX_LINK_CHARS = 65_536
#: The longest name of an exercise of the reader's own ("Trick 3: 8♦"), as the page keeps it.
MAX_MOMENT_CHARS = 200

_log = logging.getLogger("lingerlonger.views.live_mode")


_SESSIONS = Sessions()


def _call(function: Callable[[dict], dict]) -> Callable[[str], str]:
    """JSON in and out; a refusal comes back as ``{"error": html}`` in the reader's language
    (with ``"lost": true`` for a lost session, which the page may reopen)."""

    def run(arguments: str) -> str:
        args = _arguments(arguments)
        try:
            answer = function(args)
        except SessionLost as error:
            answer = {"error": notice_html(error_text(error, _language(args))), "lost": True}
        except LingerError as error:
            answer = {"error": notice_html(error_text(error, _language(args)))}
        return _dumped(answer)

    run.__name__, run.__doc__ = function.__name__, function.__doc__
    return run


def _arguments(arguments: str) -> dict:
    """The call's arguments: a JSON object, else ``{}`` (and each endpoint refuses what it lacks)."""
    try:
        args = json.loads(arguments)
    except (TypeError, ValueError):
        return {}
    return args if isinstance(args, dict) else {}


def _dumped(answer: dict) -> str:
    return json.dumps(answer, ensure_ascii=False)


def _language(args: dict) -> str:
    lang = args.get("lang")
    return lang if lang in LANGUAGES else "en"


# --- each argument checked: a wrong one is refused in the reader's words ------------------


def _bad(name: str) -> LiveRequestError:
    return LiveRequestError("live.bad-request", name=name)


def _whole(args: dict, name: str, default: int | None = None, *, low: int = 0, high: int = 10**9) -> int:
    """Argument ``name``: a whole number from ``low`` to ``high`` (``default`` when absent)."""
    value = default if args.get(name) is None else args[name]
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise _bad(name)
    return value


def _text(args: dict, name: str, default: str | None = None) -> str:
    value = default if args.get(name) is None else args[name]
    if not isinstance(value, str):
        raise _bad(name)
    return value


def _number(args: dict, name: str) -> int:
    """A session's number, as ``_Sessions.keep`` draws them."""
    return _whole(args, name, low=1, high=2**53)


def _session(args: dict, name: str, kind: type) -> Any:
    return _SESSIONS.get(_number(args, name), kind)


def _model(args: dict) -> ScenarioModel:
    """The session's scenario at step ``at``, in the reader's language, its quiz on.

    The page's own step bar moves freely (its quiz is not a gate); a question asked at
    a step is judged by the model, which keeps what was answered and picked there.
    """
    model = _session(args, "session", ScenarioModel).with_options(lang=_language(args))
    at = _whole(args, "at", 0, high=model.last_index)
    if model.at != at:
        model = model.quizzing(False).go(at).quizzing(True)
    return model


def _moment_step(args: dict, job: Any) -> int:
    """Argument ``step``: the step of one of the review ``job``'s moments."""
    step = _whole(args, "step")
    if step not in {moment.step for moment in job.moments}:
        raise _bad("step")
    return step


def _refused(refused: Refused, lang: str) -> dict:
    return {"error": notice_html(refused.text(lang))}


@_call
def open_replay(args: dict) -> dict:
    """``{source, index}`` (a scenario file's text): the replay, kept as a session."""
    scenarios = loads(_text(args, "source"), "<page>")
    chosen = scenarios[_whole(args, "index", 0, high=len(scenarios) - 1)]
    run = replay(named_in(chosen, _language(args)) if "lang" in args else chosen)  # the page's names
    return {"session": _SESSIONS.keep(ScenarioModel.of(run, quiz=True)), "frames": len(run.frames)}


@_call
def show_frame(args: dict) -> dict:
    """``{session, at, lang}``: frame ``at`` with the seat to act's legal cards as buttons."""
    model = _model(args)
    style = TableStyle.of(model.lang)
    frame = Markup(frame_html(model.frame, style=style, playable=True, quiz=False))
    html = render("live/frame.html", frame=frame, quiz=Markup(answers_html(model)))
    return {"html": str(html), "hint": ui("what-if-help", style.lang)}


@_call
def answer_question(args: dict) -> dict:
    """``{session, at, answer, lang}``: an answer button (its number, or "check"), judged
    as the app judges it; the quiz box again, with what the answer taught."""
    model = _model(args)
    pressed = args.get("answer")
    model = model.check() if pressed == "check" else model.pick(_whole(args, "answer"))
    _SESSIONS.put(_number(args, "session"), model)
    return {"quiz": answers_html(model)}


@_call
def what_if_branch(args: dict) -> dict:
    """``{session, at, card, lang}``: the frames after that card instead, to the hand's end,
    and the branch kept as a session of its own (``branch``) for "Save as lesson"; for the
    scenario's own card, ``{line}``: the step of the scenario it leads to."""
    model = _model(args)
    state = model.frame.state
    if state.to_act is None:
        raise _bad("at")
    tried = model.try_action(Play(state.to_act, parse_card(_text(args, "card"))))
    if isinstance(tried, Refused):
        return _refused(tried, model.lang)
    if tried.branch_action is None:  # the scenario's own card: no branch, the page steps on to it
        return {"line": tried.at}
    style = TableStyle.of(model.lang)
    # The questions are the scenario's, answered on its own line (``answer``), not in a branch.
    # ``reviewable``: a branch off the line, played to its end (a card the line plays follows it).
    return {
        "frames": [frame_html(shown, style=style, quiz=False) for shown in tried.frames[tried.at :]],
        "branch": _SESSIONS.keep(tried),
        "reviewable": tried.branch_action is not None and tried.frames[-1].state.is_over,
    }


@_call
def coach_advice(args: dict) -> dict:
    """``{session, at}`` or ``{hand}``, and ``lang``: each card's chance to win the hand."""
    lang = _language(args)
    state = _session(args, "hand", HandModel).state if "hand" in args else _model(args).frame.state
    if state.to_act is None:
        return {"html": advice_html([], "", lang)}
    return {"html": advice_html(advice(state), state.players[state.to_act], lang)}


@_call
def levels(args: dict) -> dict:
    """``{lang}``: the computer's levels the reader may pick for a new hand, as the app offers
    them (``PLAYER_KINDS``): the menu's name and each level's ``[kind, words]``."""
    lang = _language(args)
    return {"label": ui("opponents", lang), "levels": [[kind, ui(f"opponent-{kind}", lang)] for kind in PLAYER_KINDS]}


@_call
def deal_hand(args: dict) -> dict:
    """``{players, seed, level, lang}``: a hand against the computer at ``level`` (one of
    ``PLAYER_KINDS``; the tips by default); you sit first and lead."""
    lang = _language(args)
    level = _text(args, "level", OPPONENTS)
    if level not in PLAYER_KINDS:
        raise _bad("level")
    players = _whole(args, "players", 4)
    seed = args.get("seed")
    if seed is not None:
        seed = _whole(args, "seed")
    hand = HandModel.deal(
        Rules(),
        players=players,
        you=0,
        name=ui("default-name", lang),
        opponents=level,
        lang=lang,
        rng=random.Random(seed),
    ).computers_play()
    return {"session": _SESSIONS.keep(hand), "html": hand_html(hand, lang, playable=True)}


@_call
def hand_play(args: dict) -> dict:
    """``{session, card, lang}``: your card, then the computers up to your next turn."""
    lang = _language(args)
    hand = _session(args, "session", HandModel)
    played = hand.play(Play(hand.you, parse_card(_text(args, "card"))))
    if isinstance(played, Refused):
        return _refused(played, lang)
    hand = played.computers_play()
    _SESSIONS.put(_number(args, "session"), hand)
    return {"html": hand_html(hand, lang, playable=True), "over": hand.state.is_over}


@_call
def save_lesson(args: dict) -> dict:
    """``{hand}`` (a hand against the computer), ``{branch}`` (a what-if branch) or ``{review}``
    (a finished review: its hand, asking for the better card before each mistake), ``lang``
    and ``site``: the hand so far as a lesson file (``text``, offered as ``name``), and the words
    of sharing it as a link, in the reader's language."""
    lang, today = _language(args), date.today()
    if "review" in args:  # a finished review: its hand, with an ``ask:`` before each mistake
        from lingerlonger.scenario.review_lesson import reviewed_lesson
        from lingerlonger.views.live_mode import hand_review

        job = _session(args, "review", hand_review.ReviewJob)
        if not job.finished:
            raise _bad("review")
        saved = reviewed_lesson(job.lesson, job.review)
    elif "hand" in args:
        saved = hand_lesson(_session(args, "hand", HandModel), lang, today)
    else:
        saved = branch_lesson(_session(args, "branch", ScenarioModel), lang)
    return {"text": lesson_text(saved, site=page_site(args)), "name": lesson_name(today), "words": _share_words(lang)}


@_call
def review(args: dict) -> dict:
    """``{hand}`` (a finished hand against the computer) or ``{branch}`` (a what-if branch, at its
    end), ``lang`` and ``deals``: a review of your seat begins, kept as a session (``review``),
    nothing reviewed yet; then ``{review, lang}``, each call one decision more reviewed, the panel
    (``html``) with the last. ``done`` of ``total`` and ``said`` (in words) for the progress bar."""
    # imported once asked: not in the snapshot every reader downloads
    from lingerlonger.views.live_mode import hand_review

    lang = _language(args)
    if "review" in args:
        job = hand_review.advance(_session(args, "review", hand_review.ReviewJob))
        number = _number(args, "review")
        _SESSIONS.put(number, job)
    else:
        deals = _whole(args, "deals", REVIEW_DEALS, low=1, high=MOST_REVIEW_DEALS)
        seed = sessions.NUMBERS.getrandbits(32)
        name, kind, begin = (
            ("hand", HandModel, hand_review.of_hand)
            if "hand" in args
            else ("branch", ScenarioModel, hand_review.of_branch)
        )
        played = _session(args, name, kind)  # outside the try: a lost session is said as lost
        try:
            job = begin(played, lang, deals=deals, seed=seed, budget_s=REVIEW_BUDGET_S)
        except ValueError:  # not over yet: the page offers a review only at a hand's end
            raise _bad(name) from None
        number = _SESSIONS.keep(job)
    answer = {
        "review": number,
        "done": len(job.moments),
        "total": job.total,
        "said": ui("review-progress-count", lang, done=min(len(job.moments) + 1, job.total), total=job.total),
    }
    if job.finished:
        answer["html"] = str(hand_review.panel_html(job, lang, anchor=f"ll-review-{number}"))
    return answer


@_call
def review_moment(args: dict) -> dict:
    """``{review, step, lang}``: the reviewed hand as a scenario at that step (a moment of the
    review), kept as a session for the live player's ``frame`` and ``what_if``."""
    from lingerlonger.views.live_mode import hand_review

    job = _session(args, "review", hand_review.ReviewJob)
    step = _moment_step(args, job)
    return {"session": _SESSIONS.keep(hand_review.moment_model(job, step)), "at": step}


@_call
def practise(args: dict) -> dict:
    """``{review, step, lang}``: "Practise this" for a moment of a finished review: the exercise
    as data (``id``, ``moment`` in words, ``lesson``: a scenario file's text), which the page keeps
    in the reader's progress, and what to say once it is kept (``said``) or if this browser keeps
    nothing (``refused``)."""
    from lingerlonger.views.live_mode import hand_review

    job, lang = _session(args, "review", hand_review.ReviewJob), _language(args)
    step = _moment_step(args, job)
    task_id, moment, lesson = hand_review.practice_lesson(job, step, lang)
    said, refused = ui("review-practised", lang, moment=moment), ui("review-practise-refused", lang)
    return {"id": task_id, "moment": moment, "lesson": lesson, "lang": lang, "said": said, "refused": refused}


@_call
def practice_task(args: dict) -> dict:
    """``{id, lesson, moment, lang}``: one of the reader's own exercises, kept by the page as data,
    read like any scenario file and drawn as the Learn page draws a task (``html``)."""
    from lingerlonger.views.live_mode import hand_review

    moment = _text(args, "moment")[:MAX_MOMENT_CHARS]
    html = hand_review.practice_task_html(_text(args, "lesson"), _text(args, "id"), moment, _language(args))
    return {"html": str(html)}


@_call
def review_copy(args: dict) -> dict:
    """``{of, id, round, lang}``: a review's fresh copy of the course's exercise ``of`` (``html``)."""
    from lingerlonger.views.live_mode.fresh_review import fresh_copy_html

    return {"html": str(fresh_copy_html(_text(args, "of"), _text(args, "id"), _whole(args, "round"), _language(args)))}


@_call
def class_tasks(args: dict) -> dict:
    """``{text, name, lang, size}``: a teacher's task file checked for the Class page (``tasks``: each
    exercise packed, with its answers in words); ``{packed, id, lang}``: one exercise of an
    assignment read again and drawn (``html``, ``exercise``). A refusal: ``refused``, plain text."""
    from lingerlonger.views.live_mode import class_tasks as own

    lang = _language(args)
    try:
        if "packed" in args:
            return own.own_task(_text(args, "packed"), _text(args, "id"), lang)
        name, size = (_text(args, "name", "") or "task.yaml")[:100], _whole(args, "size", 0)
        return {"tasks": own.task_files(_text(args, "text"), name, lang, size)}
    except own.OwnTaskRefused as refused:
        return {"refused": str(refused)}


def _share_words(lang: str) -> dict:
    """What "Share link" says, by the name live-player.js reads it under."""
    return {
        "shareCopied": ui("share-copied", lang),
        "shareLink": ui("share-link", lang),
        "shareTooLong": ui("share-too-long", lang, limit=format_number(MAX_LINK_CHARS, lang)),
        "shareLimit": str(MAX_LINK_CHARS),
    }


def _internal_error(name: str, args: dict) -> str:
    """A bug in an endpoint: its traceback for the browser's console, and for the reader only
    "internal error", in their language."""
    _log.exception("live call %s failed", name)
    return _said(Message("internal"), args, internal=True)


def _said(message: Message, args: dict, **more: bool) -> str:
    """What ``serve`` answers for itself: the words as a box (``error``, as live-player.js shows a
    refusal) and as text (``refused``, as position.js does)."""
    text = error_text(message, _language(args))
    return _dumped({"error": notice_html(text), "refused": text, **more})


# --- checking a reader's own file, and the editor that checks as one types ----------------


@_call
def check_file(args: dict) -> dict:
    """``{text, name, lang, at, link}``: a scenario file (``link``: a shared link's lesson)
    checked as ``lingerlonger check`` does, with
    the same located errors; its replays (a gallery for several) to step through at once, a
    single one at step ``at`` (the step the editor showed before the text changed).

    A located problem also comes as numbers, ``line`` and ``column``, so that the editor
    marks its line without reading the message; its box (``error`` for the loader's error,
    ``located`` beside a replay that fails) has a button that takes the caret there."""
    lang = _language(args)
    name = (_text(args, "name", "") or "scenario.yaml")[:100]
    content = _text(args, "text", "").encode("utf-8")
    size = max(len(content), _whole(args, "size", 0))  # a device's file is read only so far
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
    budget = SearchBudget()  # the file's tasks share one search budget
    runs = [replay(scenario, budget) for scenario in scenarios]
    style = TableStyle.of(lang)
    at = _whole(args, "at", 0)
    shown = (
        replay_html(runs[0], style=style, include_css=False, languages=(lang,), start=at)
        if len(runs) == 1
        else gallery_html(runs, style=style)
    )
    # a lesson from a shared link came in no file: it is not named as one
    said = ui("share-opened" if _whole(args, "link", 0) else "upload-ok", lang, name=name, count=len(runs))
    failures = [failure for run in runs for failure in run.failures]
    if failures:
        said += " " + ui("upload-fails", lang)
    answer = {"message": said, "ok": not failures, "html": shown}
    return {**answer, **_located(failures[0], lang)} if failures else answer


@_call
def make_task(args: dict) -> dict:
    """``{text, name, lang, at}``: "Make this a task": the editor's scenario (the first of a
    stream) with a task for the seat to act at the step its replay shows (``at``), the right
    answers the engine's, as the text for the editor's box; where nobody is to play a card,
    or while the text does not check, a note (``error``) and the text unchanged."""
    lang = _language(args)
    name = (_text(args, "name", "") or "scenario.yaml")[:100]
    try:
        scenarios = read_upload(_text(args, "text", "").encode("utf-8"), name)
    except ScenarioError as error:
        return {"error": notice_html(error.text(lang), role="status")}
    first = scenarios[0]
    made = task_lesson(first, date.today(), _whole(args, "at", 0))
    if made is first:
        return {"error": notice_html(ui("make-task-none", lang), role="status")}
    return {"text": dump([made, *scenarios[1:]])}


def _located(error: ScenarioError, lang: str, notice: str = "") -> dict:
    """Where ``error`` is, as numbers and as the editor's error box (``notice``, then the
    button that puts the caret at its line and column)."""
    line, column = error.where.line, error.where.column
    go = ui("editor-go-to", lang, line=format_number(line, lang), column=format_number(column, lang))
    located = render("live/located_error.html", line=line, column=column, notice=Markup(notice), go=go)
    return {"line": line, "column": column, "located": str(located)}


#: The editor's words, by the attribute live-checker.js reads them from.
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
    page's live-checker.js checks the text in the browser as it changes (``check_file``), marks the
    line of a mistake and redraws the replay; nothing is sent anywhere."""
    lang = lang or ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    words = {attribute: ui(key, lang) for attribute, key in _CHECKER_WORDS.items()}
    words.update((_dashed(name), text) for name, text in _share_words(lang).items())
    return str(
        render(
            "live/checker.html",
            lang=lang,
            tag=language_tag(lang),
            say=partial(ui, lang=lang),
            words=words,
            # A shared lesson opens in its own language; the link to the reader's says so in theirs.
            read_in=json.dumps({code: ui("share-read-in", code) for code in LANGUAGES}, ensure_ascii=False),
            max_bytes=MAX_DOCUMENT_BYTES,
        )
    )


#: Every call the page may make, by the name it sends (live-*.js, position.js): nothing else of
#: this module, nor anything it imports, can be called from the page.
ENDPOINTS: Mapping[str, Callable[[str], str]] = MappingProxyType(
    {
        "open_replay": open_replay,
        "frame": show_frame,
        "answer": answer_question,
        "what_if": what_if_branch,
        "coach": coach_advice,
        "levels": levels,
        "new_hand": deal_hand,
        "hand_play": hand_play,
        "save_lesson": save_lesson,
        "review": review,
        "review_moment": review_moment,
        "practise": practise,
        "practice_task": practice_task,
        "review_copy": review_copy,
        "class_tasks": class_tasks,
        "check_file": check_file,
        "make_task": make_task,
        "position_change": position_change,
        "position_play": position_play,
        "position_save": position_save,
        "position_task": position_task,
    }
)


def serve(name: str, arguments: str) -> str:
    """The worker's one door: endpoint ``name`` of ``ENDPOINTS`` called with ``arguments``
    (JSON text), its answer as JSON text. An unknown name is refused in the reader's words; a
    bug is logged and answered "internal error" (``"internal": true``), never a traceback."""
    args = _arguments(arguments)
    endpoint = ENDPOINTS.get(name) if isinstance(name, str) else None
    if endpoint is None:
        return _said(LiveRequestError("live.bad-request", name=str(name)[:40]), args)
    try:
        return endpoint(arguments)
    except Exception:
        return _internal_error(name, args)
