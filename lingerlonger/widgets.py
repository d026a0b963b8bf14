"""The live players: step through a scenario, try your own card, or play a hand.

``ScenarioPlayer`` is one object for both worlds. In Jupyter and Voilà it is an
ipywidgets ``VBox``: buttons, a slider, autoplay, "view as", legal cards, a
coach, and *what-if*: any card of the seat to act may be tried; an illegal one
is refused with the rule in plain words, a legal one off the scenario's line
branches the hand and the engine plays on (``what_if``). Its
``_repr_mimebundle_`` also carries ``text/html``, the static player of
``static_replay``, which the published book shows instead (no kernel there).

``HandPlayer`` plays one seat against computer players; ``ScenarioBrowser``
picks a scenario from ``scenarios/`` or an uploaded file; ``LingerLongerApp``
puts the two in tabs for the Voilà app (``book/app/app.md``).

Every failure a reader can cause (a bad file, an illegal card, a bug in a
callback) ends as a friendly message in the page, never as a traceback.

The branch logic is plain functions over frames, with no widgets:

>>> from lingerlonger.library import lesson_folder
>>> from lingerlonger.scenario import load
>>> [scenario] = load(lesson_folder() / "06-last-card-saves.yaml")  # the worked example
>>> run = replay(scenario)
>>> branch = what_if(run.frames[0], Play(0, parse_card("7♦")), Plan.of(run.frames), make_player("tips"))
>>> branch[0].narration, branch[-1].state.is_over
(['A leads 7♦.'], True)
"""

from __future__ import annotations

import asyncio
import functools
import html
import logging
import os
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Callable, Iterable, Sequence
from urllib.parse import parse_qs

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from .cards import Card, Suit, parse_card, parse_cards, sort_hand
from .coach import CardAdvice, coach
from .engine import (Action, ChooseTrump, IllegalAction, Play, State, Trick, apply, legal_cards,
                     new_hand, view)
from .errors import Message
from .events import Discarded, Event, Followed, Led, TrickWon, Trumped, TrumpChosen
from .i18n import DEFAULT_LANGUAGE, ENVIRONMENT_LANGUAGE, LANGUAGES, error_text, format_number, translate
from .library import lesson_folder
from .narrate import narrate, reason_text
from .players import PLAYER_KINDS, Player, make_player
from .presenter import add_presenter
from .render import DEFAULT_STYLE, TABLE_CSS, RenderError, TableStyle, minify_css, table_html
from .replay import Frame, Replay, check, replay
from .rules import PROFILES, VARIANTS, Rules, RulesError
from .limits import MAX_DOCUMENT_BYTES
from .names import cleaned_name
from .scenario import Ask, Location, Scenario, ScenarioError, in_language, load
from .seat_names import renamed, seat_names
from .source import read_upload
from .static_replay import (REPLAY_CSS, SPEEDS, failures_html, frame_html, gallery_html,
                            markdown_html, notice_html, replay_html, ui)

__all__ = ["ScenarioPlayer", "ScenarioGallery", "HandPlayer", "ScenarioBrowser", "LingerLongerApp",
           "Plan", "action_of", "next_action", "planned_action", "what_if", "scenario_library",
           "find_scenarios"]

_log = logging.getLogger(__name__)

#: The computer that plays the seats of a what-if branch the scenario no longer covers.
BRANCH_PLAYER = "tips"
#: The coach's time budget per question, in seconds (the brief's "about one second").
COACH_BUDGET_S = 1.0
#: Largest scenario file the app accepts (limits.py: the library's largest is a few kB).
UPLOAD_LIMIT = MAX_DOCUMENT_BYTES
_TEXT_STYLE = "\ufe0e"  # keeps ♥ and ♦ from turning into emoji on buttons
_RED = "#c62828"
_BLACK = "#1f2328"


def _text(key: str, lang: str, **values: object) -> str:
    """The label ``ui.KEY`` in ``lang`` for an HTML widget: ``values`` escaped, the catalog's
    own markup kept."""
    return ui(key, lang, **{name: html.escape(str(value)) for name, value in values.items()})


def _refusal_text(state: State, action: Action, lang: str) -> str:
    """Why the engine refuses ``action``, in ``lang``, the seats named as ``state`` names them now."""
    try:
        apply(state, action)
    except IllegalAction as refusal:
        return error_text(refusal, lang)
    return ""


def _relabel_options(dropdown: widgets.Dropdown, labels: Sequence[tuple[str, object]]) -> None:
    """New labels for a menu's options, keeping the value chosen."""
    value = dropdown.value
    dropdown.options = labels
    if value in [option for _, option in labels]:
        dropdown.value = value


# --- what-if: pure functions over frames ----------------------------------------------

def action_of(frame: Frame) -> Action | None:
    """The action that made ``frame`` (None for the deal, a position or a say-only step)."""
    for event in frame.events:
        if isinstance(event, (Led, Followed, Trumped, Discarded)):
            return Play(event.seat, event.card)
        if isinstance(event, TrumpChosen):
            return ChooseTrump(event.seat, event.suit)
    return None


def next_action(frames: Sequence[Frame], at: int) -> tuple[int, Action] | None:
    """The first action after frame ``at`` and the frame it makes, if the line goes on."""
    for later in frames[at + 1:]:
        action = action_of(later)
        if action is not None:
            return later.index, action
    return None


@dataclass(frozen=True)
class Plan:
    """What each seat does on the scenario's line, in order: a branch keeps to it where it can."""

    cards: tuple[tuple[Card, ...], ...]
    trumps: tuple[Suit | None, ...]

    @classmethod
    def of(cls, frames: Sequence[Frame]) -> "Plan":
        seats = len(frames[0].state.players)
        cards: list[list[Card]] = [[] for _ in range(seats)]
        trumps: list[Suit | None] = [None] * seats
        for frame in frames:
            action = action_of(frame)
            if isinstance(action, Play):
                cards[action.seat].append(action.card)
            elif isinstance(action, ChooseTrump):
                trumps[action.seat] = action.suit
        return cls(tuple(map(tuple, cards)), tuple(trumps))


def planned_action(state: State, plan: Plan, computer: Player) -> Action:
    """The seat to act plays its next planned card it still holds, if legal; else the computer decides.

    A planned card that is not legal now stays planned: the seat may still play it later.
    """
    seat = state.to_act
    if state.namer is not None:
        suit = plan.trumps[seat]
        return ChooseTrump(seat, suit) if suit is not None else computer.act(view(state, seat))
    held = [card for card in plan.cards[seat] if card in state.hands[seat]]
    if held and held[0] in legal_cards(state):
        return Play(seat, held[0])
    return computer.act(view(state, seat))


def what_if(start: Frame, action: Action, plan: Plan, computer: Player) -> list[Frame]:
    """The frames after playing ``action`` at ``start`` instead, to the end of the hand.

    Raises ``IllegalAction`` (with the rule in plain words) when the rules forbid it.
    """
    state, events = apply(start.state, action)
    frames = [Frame(start.index + 1, state, tuple(events))]
    while not state.is_over:
        state, events = apply(state, planned_action(state, plan, computer))
        frames.append(Frame(frames[-1].index + 1, state, tuple(events)))
    return frames


# --- finding and loading scenarios ----------------------------------------------------------

def find_scenarios(start: Path | None = None) -> Path:
    """The ``scenarios/`` folder: $LINGERLONGER_SCENARIOS, else upwards from ``start`` (the
    working directory: Voilà runs the app in ``_build/app/``), else the lessons that come
    with the package (an app installed from a wheel, started anywhere)."""
    chosen = os.environ.get("LINGERLONGER_SCENARIOS")
    if chosen and Path(chosen).is_dir():
        return Path(chosen)
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if any((folder / "scenarios").glob("*.yaml")):
            return folder / "scenarios"
    return lesson_folder()


def scenario_library(folder: Path | None) -> tuple[list[tuple[str, Scenario]], list[ScenarioError]]:
    """Every scenario of the library as (label for a menu, scenario), in the files' order,
    and the errors of the files that do not load (one broken lesson never hides the others).
    """
    entries: list[tuple[str, Scenario]] = []
    problems: list[ScenarioError] = []
    for path in sorted(folder.glob("*.yaml")) if folder is not None else ():
        try:
            scenarios = load(path)
        except ScenarioError as error:
            problems.append(error)
            continue
        number = path.name.split("-", 1)[0]
        for scenario in scenarios:
            suffix = f" ({scenario.index + 1})" if len(scenarios) > 1 else ""
            entries.append((f"{number} · {scenario.title}{suffix}", scenario))
    return entries, problems


def _replay_of(source: Scenario | Replay | str | Path, index: int = 0) -> Replay:
    """The replay of a scenario, or of the ``index``-th scenario of a file (``ScenarioError``)."""
    if isinstance(source, Replay):
        return source
    if isinstance(source, Scenario):
        return replay(source)
    scenarios = load(source)
    if not 0 <= index < len(scenarios):
        raise ScenarioError(Location(str(source), 1, 1),
                            Message("app.no-scenario-index", count=len(scenarios), index=index))
    return replay(scenarios[index])


# --- shared widget helpers ------------------------------------------------------------------

def _guarded(method: Callable) -> Callable:
    """Run a callback; an unexpected error becomes a friendly message, the traceback a log line."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the last line of defence of a callback
            _log.exception("%s failed", method.__qualname__)
            what = (str(error) or type(error).__name__)[:200]
            self._say(_text("oops", self.lang, what=what), kind="error")
    return run


def _later(delay: float, callback: Callable[[], None]) -> bool:
    """Run ``callback`` after ``delay`` seconds on the kernel's event loop, without blocking it.

    False when no loop is running (plain Python, tests): the caller then acts at once.
    """
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return False
    loop.call_later(delay, callback)
    return True


_SHARED: dict[str, widgets.Widget] = {}


def _shared(name: str, make: Callable[[], widgets.Widget]):
    """One layout or style for every widget that never changes its own: each one is a model
    the page must create (and the book would store), so a player makes a few, not dozens.
    A widget that hides or recolours itself gets its own."""
    widget = _SHARED.get(name)
    if widget is None or widget.comm is None:  # never made, or closed (Widget.close_all)
        widget = _SHARED[name] = make()
    return widget


def _auto() -> widgets.Layout:
    return _shared("auto", lambda: widgets.Layout(width="auto"))


def _shown(widget: widgets.DOMWidget, visible: bool) -> None:
    widget.layout.display = None if visible else "none"


def _row(children: Iterable[widgets.Widget], *classes: str,
         layout: widgets.Layout | None = None) -> widgets.HBox:
    layout = layout or _shared("row", lambda: widgets.Layout(flex_flow="row wrap",
                                                            align_items="center"))
    box = widgets.HBox(list(children), layout=layout)
    for name in ("ll-row", *classes):
        box.add_class(name)
    return box


def _button(description: str = "", *, icon: str = "", tooltip: str = "",
            primary: bool = False, own_look: bool = False) -> widgets.Button:
    """A button; ``own_look``: its own layout and style, to hide or recolour it alone."""
    looks = ({"layout": widgets.Layout(width="auto")} if own_look else
             {"layout": _auto(), "style": _shared("button", widgets.ButtonStyle)})
    return widgets.Button(description=description, icon=icon, tooltip=tooltip or description,
                          button_style="primary" if primary else "", **looks)


def _html(value: str = "", *classes: str) -> widgets.HTML:
    box = widgets.HTML(value, layout=_shared("plain", widgets.Layout),
                       style=_shared("html", HTMLStyle))
    for name in classes:
        box.add_class(name)
    return box


def _wide_html(*classes: str) -> widgets.HTML:
    """An HTML widget as wide as its box (the table sizes itself to its container)."""
    return _html("", "ll-wide", *classes)


def _labels(choices: Sequence[Card | Suit]) -> tuple[list[str], list[str]]:
    """Button labels ("10♥", or "♥" for a suit to name) and their red or black colours."""
    labels = [(str(choice) if isinstance(choice, Card) else choice.symbol) + _TEXT_STYLE
              for choice in choices]
    suits = [choice.suit if isinstance(choice, Card) else choice for choice in choices]
    return labels, [_RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK for suit in suits]


def _message_html(text: str, kind: str) -> str:
    return f'<div class="ll-message ll-{kind}" role="{"alert" if kind == "error" else "status"}">{text}</div>'


class _Speaks:
    """A message line that follows the language: ``_say`` takes a text, or a function that
    words it in the current language so that ``_say_again`` words it anew after a switch."""

    _said: tuple[str | Callable[[], str], str] = ("", "info")

    def _say(self, text: str | Callable[[], str], kind: str = "info") -> None:
        self._said = (text, kind)
        shown = text() if callable(text) else text
        self.message.value = _message_html(shown, kind) if shown else ""

    def _say_again(self) -> None:
        """The message in the language just picked; one given as fixed text is dropped."""
        text, kind = self._said
        self._say(text if callable(text) else "", kind)


class _ButtonPool:
    """A row of buttons reused from step to step (new widgets cost a round trip each)."""

    def __init__(self, on_click: Callable[[int], None]) -> None:
        self.box = _row([], "ll-card-row")
        self.buttons: list[widgets.Button] = []
        self._on_click = on_click

    def show(self, labels: Sequence[str], colours: Sequence[str] = ()) -> None:
        while len(self.buttons) < len(labels):
            index = len(self.buttons)
            button = _button(own_look=True)
            button.add_class("ll-card-button")
            button.on_click(lambda _, index=index: self._on_click(index))
            self.buttons.append(button)
        for index, button in enumerate(self.buttons):
            visible = index < len(labels)
            if visible:
                button.description = button.tooltip = labels[index]
                button.style.text_color = colours[index]
            _shown(button, visible)
        if len(self.box.children) != len(self.buttons):
            self.box.children = tuple(self.buttons)


# --- the scenario player --------------------------------------------------------------

class ScenarioPlayer(_Speaks, widgets.VBox):
    """Step through a scenario; try your own card at any play step (what-if).

    ``scenario_or_path``: a ``Scenario``, a ``Replay`` or a path to a scenario file
    (``index`` picks a scenario in a multi-scenario file); ``seat`` shows the table
    as that seat sees it (None: every hand); ``step`` is the first frame shown.
    """

    def __init__(self, scenario_or_path: Scenario | Replay | str | Path | None = None, *,
                 index: int = 0, seat: int | str | None = None, style: TableStyle | None = None,
                 step: int = 0) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.run: Replay | None = None
        self.frames: list[Frame] = []         # the timeline shown: the scenario's, or a branch
        self.branch_at: int | None = None     # the frame a what-if left the scenario's line at
        self._branch_action: tuple[int, Action] | None = None  # the latest what-if: where, what
        self.at = 0
        self._seat: int | None = None
        self._plan: Plan | None = None
        self._cache: dict[tuple, str] = {}
        self._advice: dict[tuple[int, int], list[CardAdvice]] = {}
        self._version = 0                     # bumped whenever the timeline changes
        self._playing = False
        self._tick_token = 0
        self._problem: str | None = None      # why nothing can be shown, for the static page
        self._syncing = False                 # set while the kernel moves the slider or menus
        self._choices: list[Card | Suit] = []  # what each what-if button stands for
        self._answered: set[tuple[int, int]] = set()  # (frame, question) answered in quiz mode
        self._answers: list = []              # what each quiz answer button stands for
        self._chosen: set[Card] = set()       # the cards picked for a "which cards?" question
        # The reader picked a language (or the book's build did, for its pages): keep it.
        self._lang_chosen = ENVIRONMENT_LANGUAGE is not None
        self._build()
        self.load(scenario_or_path, index=index, seat=seat, step=step)

    @classmethod
    def from_file(cls, path: str | Path, index: int = 0, **options) -> "ScenarioPlayer":
        """The player for the ``index``-th scenario of a file."""
        return cls(path, index=index, **options)

    # --- layout -----------------------------------------------------------------------
    def _build(self) -> None:
        self.header = _wide_html()
        # Words beside the icons: a Font Awesome glyph would be the button's accessible name.
        self.first = _button(icon="fast-backward")
        self.back = _button(icon="step-backward")
        self.play = _button(icon="play")
        self.next = _button(icon="step-forward")
        self.last = _button(icon="fast-forward")
        for button, go in ((self.first, self.go_first), (self.back, self.go_back),
                           (self.next, self.go_next), (self.last, self.go_last)):
            button.on_click(lambda _, go=go: self._step_by_hand(go))
        self.play.on_click(lambda _: self.toggle_play())
        self.slider = widgets.IntSlider(min=0, max=0, value=0, readout=False, continuous_update=True,
                                        layout=widgets.Layout(flex="1 1 12rem", width="auto",
                                                              min_width="10rem"))
        self.slider.observe(self._on_slider, "value")
        self.counter = widgets.HTML(layout=widgets.Layout(min_width="7rem"))
        self.speed = widgets.Dropdown(options=[(key, ms) for key, ms in SPEEDS],
                                      value=dict(SPEEDS)["speed-normal"], layout=_auto())
        self.view_as = widgets.Dropdown(layout=_auto())
        self.view_as.observe(self._on_view, "value")
        self.legal = widgets.Checkbox(value=False, indent=False, layout=_auto())
        self.legal.observe(lambda _: self._render(), "value")
        self.coach_on = widgets.Checkbox(value=False, indent=False, layout=_auto())
        self.coach_on.observe(lambda _: self._render(), "value")
        buttons = _row([self.first, self.back, self.play, self.next, self.last], "ll-buttons",
                       layout=widgets.Layout(flex_flow="row wrap", align_items="center", width="auto"))
        self.controls = _row([buttons, self.counter, self.slider], "ll-controls")
        self.language = widgets.Dropdown(
            options=[(translate("language.name", code), code) for code in LANGUAGES],
            value=self.lang, layout=widgets.Layout(width="auto"))  # its own: the app hides it
        self.language.add_class("ll-language")
        self.language.observe(self._on_language, "value")
        self.quiz_on = widgets.Checkbox(value=False, indent=False, layout=_auto())
        self.quiz_on.add_class("ll-quiz-mode")
        self.quiz_on.observe(self._on_quiz_mode, "value")
        self.projector = widgets.Checkbox(value=self.style_options.large, indent=False, layout=_auto())
        self.projector.add_class("ll-projector-mode")
        self.four_colour = widgets.Checkbox(value=self.style_options.four_colour, indent=False,
                                            layout=_auto())
        self.four_colour.add_class("ll-four-colour-mode")
        for toggle in (self.projector, self.four_colour):
            toggle.observe(self._on_look, "value")
        self.options = _row([self.view_as, self.legal, self.coach_on, self.speed], "ll-options")
        self.classroom = _row([self.language, self.quiz_on, self.projector, self.four_colour],
                              "ll-options", "ll-classroom")
        self.banner_text = _wide_html()
        self.rejoin = _button(icon="undo", primary=True)
        self.rejoin.on_click(lambda _: self.back_to_scenario())
        self.banner = _row([self.banner_text, self.rejoin], "ll-banner",
                           layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.stage = _wide_html("ll-stage")
        self.what_if_title = _html()
        self.cards = _ButtonPool(self._on_card)
        self.what_if_box = widgets.VBox([self.what_if_title, self.cards.box])
        self.what_if_box.add_class("ll-what-if")
        self.message = _wide_html()
        self.advice = _wide_html()
        self.quiz_text = _wide_html()
        self.quiz_answers = _ButtonPool(self._on_answer)
        self.quiz_answers.box.add_class("ll-quiz-answers")
        self.quiz_check = _button(primary=True)
        self.quiz_check.add_class("ll-quiz-check")
        self.quiz_check.on_click(lambda _: self._check_cards())
        self.quiz_feedback = _wide_html()
        self.quiz_box = widgets.VBox([self.quiz_text, self.quiz_answers.box, self.quiz_check,
                                      self.quiz_feedback])
        self.quiz_box.add_class("ll-quiz-box")
        self.body = widgets.VBox([self.controls, self.options, self.classroom, self.banner,
                                  self.stage, self.quiz_box, self.what_if_box, self.message,
                                  self.advice])
        self._relabel()
        self.children = (self.header, self.body)
        self.present = add_presenter(self)

    # --- loading ----------------------------------------------------------------------
    @_guarded
    def load(self, source: Scenario | Replay | str | Path | None, *, index: int = 0,
             seat: int | str | None = None, step: int = 0) -> None:
        """Show another scenario (a friendly note instead when it cannot be loaded)."""
        self.stop()
        self._say("")
        if source is None:
            self._show_problem(_message_html(ui("no-scenario", self.lang), "info"))
            return
        try:
            run = _replay_of(source, index)
        except ScenarioError as error:
            self._show_problem(notice_html(ui("cannot-show", self.lang), [error.text(self.lang)]))
            return
        self.run, self.frames, self.branch_at, self.at = run, list(run.frames), None, 0
        self._answered.clear()
        self._chosen = set()
        self.quiz_feedback.value = ""
        if run.scenario.lang and not self._lang_chosen:
            self._syncing = True
            try:
                self.language.value = run.scenario.lang
            finally:
                self._syncing = False
            self.style_options = self.style_options.speaking(run.scenario.lang)
            self._relabel()
        self._plan = Plan.of(run.frames)
        self._cache.clear()
        self._advice.clear()
        self._version += 1
        self._problem = None
        names = run.final.players
        seat_index = -1
        if seat is not None:
            try:
                seat_index = _seat_number(seat, names)
            except RenderError as error:
                self._say(html.escape(str(error)), kind="error")
        self._seat = None if seat_index < 0 else seat_index
        self._syncing = True
        try:
            self.view_as.options = self._view_options()
            self.view_as.value = seat_index
        finally:
            self._syncing = False
        self._render_header()
        _shown(self.body, True)
        self._timeline_changed(max(0, min(step, len(self.frames) - 1)))

    def _view_options(self) -> list[tuple[str, int]]:
        names = self.run.final.players if self.run else ()
        return [(ui("view-all", self.lang), -1)] + [(ui("view-seat", self.lang, name=name), seat)
                                                    for seat, name in enumerate(names)]

    def _render_header(self) -> None:
        if self.run is None:
            return
        scenario = self.run.scenario
        self.header.value = (f"<style>{PLAYER_CSS}</style>"
                             f'<h2 class="ll-replay-title">'
                             f'{html.escape(in_language(scenario.title, self.lang))}</h2>'
                             f'<div class="ll-summary">'
                             f'{markdown_html(in_language(scenario.summary, self.lang))}</div>'
                             f"{failures_html(self.run, self.lang)}")

    def _show_problem(self, note: str) -> None:
        """Show ``note`` (HTML) instead of a player; the static page shows it too."""
        self.run, self.frames = None, []
        self._problem = note
        self.header.value = f"<style>{PLAYER_CSS}</style>{self._problem}"
        _shown(self.body, False)

    # --- stepping ---------------------------------------------------------------------
    @property
    def last_index(self) -> int:
        return len(self.frames) - 1

    def show(self, index: int) -> None:
        """Show frame ``index`` of the current timeline (clamped to it); in quiz mode, going
        forward stops at the first frame whose question is not answered yet."""
        if not self.frames:
            return
        index = max(0, min(self.last_index, index))
        gate = next((at for at in range(self.at, index) if self._pending(at) is not None), None)
        if gate is not None:
            self.stop()
            self.at = gate
            self._move_slider()
            self._render()
            self._say(lambda: html.escape(self._t("quiz.answer-first")), kind="refused")
            return
        self.at = index
        self._move_slider()
        self._say("")
        self._render()

    def _move_slider(self) -> None:
        self._syncing = True
        try:
            if self.slider.value > self.last_index:
                self.slider.value = self.at
            self.slider.max = max(0, self.last_index)
            self.slider.value = self.at
        finally:
            self._syncing = False

    def go_first(self) -> None:
        self.show(0)

    def go_back(self) -> None:
        self.show(self.at - 1)

    def go_next(self) -> None:
        self.show(self.at + 1)

    def go_last(self) -> None:
        self.show(self.last_index)

    @_guarded
    def _step_by_hand(self, go: Callable[[], None]) -> None:
        self.stop()
        go()

    @_guarded
    def _on_slider(self, change) -> None:
        if not self._syncing and change["new"] != self.at:  # the reader moved it
            self.stop()
            self.show(change["new"])

    @_guarded
    def _on_view(self, change) -> None:
        if self._syncing:
            return
        self._seat = None if change["new"] in (None, -1) else change["new"]
        self._render()

    def _timeline_changed(self, index: int) -> None:
        self._version += 1
        self.at = index
        self._move_slider()
        self._render()

    # --- autoplay ---------------------------------------------------------------------
    @_guarded
    def toggle_play(self) -> None:
        if self._playing:
            self.stop()
            return
        if self.at >= self.last_index:
            self.show(0)
        self._playing = True
        self._label_play()
        self._tick_token += 1
        self._schedule_tick()

    def stop(self) -> None:
        if not self._playing:
            return
        self._playing = False
        self._tick_token += 1
        self._label_play()

    def _schedule_tick(self) -> None:
        token = self._tick_token
        _later(self.speed.value / 1000, lambda: self.tick(token))

    @_guarded
    def tick(self, token: int | None = None) -> None:
        """One autoplay step (the event loop calls it; ``token`` drops a stale timer)."""
        if not self._playing or (token is not None and token != self._tick_token):
            return
        self.show(self.at + 1)
        if self.at >= self.last_index:
            self.stop()
        else:
            self._schedule_tick()

    # --- what-if ----------------------------------------------------------------------
    def try_card(self, card: Card | str) -> None:
        """What if the seat to act played ``card`` here? (The what-if buttons call this.)"""
        card = parse_card(card) if isinstance(card, str) else card
        self._try(Play(self.frames[self.at].state.to_act, card))

    def try_trump(self, suit: Suit) -> None:
        state = self.frames[self.at].state
        self._try(ChooseTrump(state.to_act, suit))

    @_guarded
    def _try(self, action: Action) -> None:
        self.stop()
        at = self.at
        # Up to where a branch left it, the scenario's line is the one to compare with.
        on_line = self.branch_at is None or at <= self.branch_at
        line = self.run.frames if on_line else self.frames
        following = next_action(line, at) if at < len(line) else None
        if following is not None and following[1] == action:
            if on_line and self.branch_at is not None:
                self.frames, self.branch_at = list(self.run.frames), None
                self._timeline_changed(following[0])
            else:
                self.show(following[0])
            self._say(lambda: ui("same-as-line", self.lang))
            return
        try:
            branch = what_if(self.frames[at], action, self._plan, make_player(BRANCH_PLAYER, seed=0))
        except IllegalAction:
            state = self.frames[at].state
            self._say(lambda: _text("refused", self.lang, message=_refusal_text(state, action, self.lang)),
                      kind="refused")
            return
        self.frames = self.frames[:at + 1] + branch
        self.branch_at = at if self.branch_at is None else min(at, self.branch_at)
        self._branch_action = (at, action)
        self._timeline_changed(at + 1)

    @_guarded
    def back_to_scenario(self) -> None:
        """Leave the what-if branch: the scenario's line again, at the step it was left."""
        if self.branch_at is None:
            return
        self.stop()
        at = min(self.branch_at, len(self.run.frames) - 1)
        self.frames, self.branch_at = list(self.run.frames), None
        self._timeline_changed(at)

    def _on_card(self, index: int) -> None:
        choice = self._choices[index]
        if isinstance(choice, Suit):
            self.try_trump(choice)
        else:
            self.try_card(choice)

    # --- drawing ----------------------------------------------------------------------
    def _render(self) -> None:
        if not self.frames:
            return
        frame = self.frames[self.at]
        key = (self._version, self.at, self._seat, self.legal.value, self.quiz_on.value,
               self.lang, self.style_options.large, self.style_options.four_colour)
        page = self._cache.get(key)
        if page is None:
            page = frame_html(frame, seat=self._seat, show_legal=self.legal.value,
                              style=self.style_options, quiz=not self.quiz_on.value)
            self._cache[key] = page
        self.stage.value = page
        self.counter.value = (f'<span class="ll-counter">'
                              f'{_text("counter", self.lang, at=self.at, last=self.last_index)}</span>')
        at_start, at_end = self.at == 0, self.at >= self.last_index
        self.first.disabled = self.back.disabled = at_start
        self.next.disabled = self.last.disabled = at_end
        self._render_banner()
        self._render_what_if(frame.state)
        self._render_quiz()

    def _render_banner(self) -> None:
        if self.branch_at is None:
            _shown(self.banner, False)
            return
        at, action = self._branch_action
        state = self.frames[at].state
        name = state.players[action.seat]
        self.banner_text.value = (
            _text("branch-banner", self.lang, name=name, card=action.card, step=at)
            if isinstance(action, Play)
            else _text("branch-banner-trump", self.lang, name=name, suit=action.suit, step=at))
        _shown(self.banner, True)

    def _render_what_if(self, state: State) -> None:
        seat = state.to_act
        self._choices = []
        if seat is None:
            self.what_if_title.value = f"<p>{ui('what-if-over', self.lang)}</p>"
            self.cards.show([])
            self.advice.value = ""
            return
        name = state.players[seat]
        if self._seat not in (None, seat):
            self.what_if_title.value = f"<p>{_text('what-if-hidden', self.lang, name=name)}</p>"
            self.cards.show([])
            self.advice.value = ""
            return
        # Not while a quiz question waits: the coach's odds would give the answer away.
        coaching = self.coach_on.value and not self._playing and self._pending(self.at) is None
        advice = self._advice_for(state) if coaching else None
        chance = {(a.card if a.card is not None else a.suit): a for a in advice or ()}
        naming = state.namer is not None
        self._choices = list(Suit) if naming else list(sort_hand(state.hands[seat], state.trump))
        labels, colours = _labels(self._choices)
        title = _text("what-if-trump" if naming else "what-if-title", self.lang, name=name)
        self.what_if_title.value = (f"<p><strong>{title}</strong> "
                                    f'<span class="ll-note">{ui("what-if-help", self.lang)}</span></p>')
        if chance:
            labels = [f"{label} {chance[choice].win_rate:.0%}" if choice in chance else label
                      for label, choice in zip(labels, self._choices)]
        self.cards.show(labels, colours)
        self.advice.value = _advice_html(advice, name, self.lang)

    def _advice_for(self, state: State) -> list[CardAdvice]:
        key = (self._version, self.at)
        if key not in self._advice:
            self.advice.value = f'<p class="ll-thinking">{ui("coach-thinking", self.lang)}</p>'
            self._advice[key] = coach(state, budget_s=COACH_BUDGET_S)
        return self._advice[key]

    def __repr__(self) -> str:
        if self.run is None:
            return "ScenarioPlayer(nothing to show)"
        return (f"ScenarioPlayer({self.run.scenario.title!r}, "
                f"{ui('counter', self.lang, at=self.at, last=self.last_index)})")

    # --- languages and the classroom ---------------------------------------------------
    @property
    def lang(self) -> str:
        return self.style_options.lang

    def _t(self, msg_id: str, **values: object) -> str:
        return translate(msg_id, self.lang, **values)

    @_guarded
    def _on_language(self, change) -> None:
        """Narration, table, quiz and these controls in the language picked."""
        if self._syncing:
            return
        self._lang_chosen = True
        self.style_options = self.style_options.speaking(change["new"])
        self._relabel()
        self._render_header()
        self._render()
        self._say_again()
        if self.quiz_feedback.value and self._pending(self.at) is not None:
            self._judge(False)  # the wrong answer's note, in the new language

    @_guarded
    def _on_quiz_mode(self, _change) -> None:
        """Quiz mode on or off: the last question's words go with the mode they belonged to."""
        self._say("")
        self._chosen = set()
        self.quiz_feedback.value = ""
        self._render()

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` (one of ``i18n.LANGUAGES``), as the reader's pick in the menu does."""
        self.language.value = lang

    @_guarded
    def _on_look(self, _change) -> None:
        """The projector (large cards, large words) and the four-colour deck."""
        self.style_options = replace(self.style_options, large=self.projector.value,
                                     four_colour=self.four_colour.value)
        (self.add_class if self.projector.value else self.remove_class)("ll-projector")
        self._render()

    def _label_play(self) -> None:
        word = ui("pause" if self._playing else "play", self.lang)
        self.play.description, self.play.tooltip = word, word
        self.play.icon = "pause" if self._playing else "play"

    def _relabel(self) -> None:
        """Every word of the controls in the player's language."""
        for button, go in ((self.first, "first"), (self.back, "back"), (self.next, "next"),
                           (self.last, "last")):
            button.description, button.tooltip = ui(f"{go}-short", self.lang), ui(go, self.lang)
        self._label_play()
        self.slider.description = ui("step", self.lang)
        self.speed.description = ui("speed", self.lang)
        _relabel_options(self.speed, [(ui(key, self.lang), ms) for key, ms in SPEEDS])
        self.view_as.description = ui("view-as", self.lang)
        self._syncing = True
        try:
            _relabel_options(self.view_as, self._view_options())
        finally:
            self._syncing = False
        self.legal.description = ui("show-legal", self.lang)
        self.coach_on.description, self.coach_on.tooltip = ui("coach", self.lang), ui("coach-tip", self.lang)
        self.rejoin.description = self.rejoin.tooltip = ui("branch-back", self.lang)
        self.language.description = self._t("player.language")
        self.quiz_on.description = self._t("player.quiz-mode")
        self.projector.description = self._t("player.projector")
        self.four_colour.description = self._t("player.four-colour")
        self.quiz_check.description = self._t("quiz.check")

    # --- quiz mode ----------------------------------------------------------------------
    def _pending(self, at: int) -> tuple[int, Ask] | None:
        """The first unanswered question of frame ``at``, in quiz mode on the scenario's line."""
        if not self.quiz_on.value or at >= len(self.frames):
            return None
        if self.branch_at is not None and at > self.branch_at:
            return None
        for number, ask in enumerate(self.frames[at].asks):
            if (at, number) not in self._answered:
                return number, ask
        return None

    def _render_quiz(self) -> None:
        pending = self._pending(self.at)
        _shown(self.quiz_box, pending is not None)
        if pending is None:
            self._answers = []
            return
        _shown(self.what_if_box, False)  # the cards to try would give the answer away
        _, ask = pending
        state = self.frames[self.at].state
        acting = state.players[state.to_act] if state.to_act is not None else ""
        if ask.kind in ("legal", "card"):
            hand = state.hands[state.to_act] if state.to_act is not None else ()
            self._answers = list(sort_hand(hand, state.trump))
            labels, colours = _labels(self._answers)
            if ask.kind == "legal":
                labels = [("✓ " if card in self._chosen else "") + label
                          for label, card in zip(labels, self._answers)]
            prompt = self._t("quiz.pick-cards" if ask.kind == "legal" else "quiz.pick-card",
                             name=acting)
        else:
            self._answers = list(state.players) if ask.kind == "winner" else list(ask.choices)
            labels = [in_language(answer, self.lang) for answer in self._answers]
            colours = [_BLACK] * len(self._answers)
            prompt = self._t("quiz.pick-seat" if ask.kind == "winner" else "quiz.pick-choice")
        self.quiz_text.value = (f'<div class="ll-quiz"><p><strong>{html.escape(self._t("quiz.question"))}:'
                                f'</strong> {html.escape(in_language(ask.question, self.lang))}</p>'
                                f'<p class="ll-note">{html.escape(prompt)}</p></div>')
        self.quiz_answers.show(labels, colours)
        _shown(self.quiz_check, ask.kind == "legal")

    @_guarded
    def _on_answer(self, index: int) -> None:
        pending = self._pending(self.at)
        if pending is None or index >= len(self._answers):
            return
        ask = pending[1]
        answer = self._answers[index]
        if ask.kind == "legal":  # pick or unpick a card, then Check
            self._chosen ^= {answer}
            self._render_quiz()
            return
        self._judge(answer in ask.cards if ask.kind == "card"
                    else answer == (ask.seat if ask.kind == "winner" else ask.choice))

    @_guarded
    def _check_cards(self) -> None:
        pending = self._pending(self.at)
        if pending is not None:
            self._judge(frozenset(self._chosen) == pending[1].cards)

    def answer(self, text: str) -> None:
        """Answer the question shown, as the buttons do: a card, a seat, a choice, or for
        "which cards?" the cards separated by spaces (then checked)."""
        pending = self._pending(self.at)
        if pending is None:
            return
        if pending[1].kind == "legal":
            self._chosen = set(parse_cards(text))
            self._check_cards()
            return
        wanted = parse_card(text) if pending[1].kind == "card" else text
        shown = [in_language(answer, self.lang) for answer in self._answers]  # a choice as read
        if wanted in shown:
            self._on_answer(shown.index(wanted))
        elif wanted in self._answers:
            self._on_answer(self._answers.index(wanted))
        else:
            self._judge(False)

    def _judge(self, right: bool) -> None:
        """A right answer goes on to the next frame; a wrong one shows the hint and the rule."""
        number, ask = self._pending(self.at)
        if not right:
            rule = {"legal": "rule.follow-suit", "card": "rule.follow-suit",
                    "winner": "rule.trick-winner"}.get(ask.kind)
            lines = [f"<strong>{html.escape(self._t('quiz.wrong'))}</strong>"]
            lines += [html.escape(in_language(ask.wrong, self.lang))] if ask.wrong else []
            lines += ([html.escape(self._t("quiz.hint", hint=in_language(ask.hint, self.lang)))]
                      if ask.hint else [])
            lines += [html.escape(self._t("quiz.rule", rule=self._t(rule)))] if rule else []
            self.quiz_feedback.value = ('<div class="ll-quiz-feedback" role="alert">'
                                        + "<br>".join(lines) + "</div>")
            return
        self._answered.add((self.at, number))
        self._chosen = set()
        self.quiz_feedback.value = ""
        if self._pending(self.at) is None:
            self.show(self.at + 1)
        else:
            self._render()
        self._say(lambda: html.escape(self._t("quiz.right")))

    # --- the static page ----------------------------------------------------------------
    def static_html(self) -> str:
        """The static player of the scenario's line (what the published book shows)."""
        if self.run is None:
            return f"<style>{REPLAY_CSS}</style>{self._problem or ''}"
        return replay_html(self.run, seat=self._seat, style=self.style_options, start=0)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        bundle["text/html"] = self.static_html()
        return bundle


def _seat_number(seat: int | str, names: Sequence[str]) -> int:
    if isinstance(seat, str) and seat in names:
        return list(names).index(seat)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        return seat
    raise RenderError(f"there is no seat {seat!r} to view the table as (seats are "
                      f"{', '.join(names)})")


def _advice_html(advice: list[CardAdvice] | None, name: str, lang: str) -> str:
    if advice is None:
        return ""
    if not advice:
        return f'<p class="ll-coach">{ui("coach-none", lang)}</p>'
    rows = "".join(
        f'<li><span class="ll-coach-card">{html.escape(a.label(lang))}</span>'
        f'<span class="ll-bar" style="width:{a.win_rate * 10:.1f}em"></span>'
        f"<span>{a.win_rate:.0%} <small>({a.low:.0%}–{a.high:.0%})</small></span></li>"
        for a in advice)
    rollouts = format_number(min(a.rollouts for a in advice), lang)
    return (f'<div class="ll-coach"><strong>{_text("coach-title", lang, name=name)}</strong>'
            f'<ol class="ll-coach-list">{rows}</ol>'
            f'<p><small>{_text("coach-note", lang, rollouts=rollouts, name=name)}</small></p></div>')


# --- several scenarios in a chapter --------------------------------------------------------------

class ScenarioGallery(widgets.Accordion):
    """Several scenarios folded under their titles; a player is built when one is opened."""

    def __init__(self, sources: Iterable[Scenario | str | Path], *, style: TableStyle | None = None):
        self._style = style
        self._runs: list[Replay | str] = []   # a replay, or why the source cannot be shown
        titles = []
        for source in sources:
            try:
                run = _replay_of(source)
                self._runs.append(run)
                titles.append(run.scenario.title)
            except ScenarioError as error:
                self._runs.append(str(error))
                titles.append(str(source))
        super().__init__(children=[widgets.VBox() for _ in self._runs], titles=titles,
                         selected_index=None)
        self.observe(self._open, "selected_index")

    @property
    def lang(self) -> str:
        return (self._style or DEFAULT_STYLE).lang

    def _open(self, change) -> None:
        index = change["new"]
        if index is None or self.children[index].children:
            return
        source = self._runs[index]
        player = (ScenarioPlayer(source, style=self._style) if isinstance(source, Replay)
                  else _html(notice_html(ui("cannot-show", self.lang), [source])))
        self.children[index].children = (player,)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        runs = [run for run in self._runs if isinstance(run, Replay)]
        problems = "".join(notice_html(ui("cannot-show", self.lang), [run]) for run in self._runs
                           if not isinstance(run, Replay))
        bundle["text/html"] = problems + gallery_html(runs, style=self._style)
        return bundle


# --- the app: a scenario picker with upload -------------------------------------------------

class ScenarioBrowser(widgets.VBox):
    """Pick a lesson from ``scenarios/`` or open a file of your own, then step through it."""

    def __init__(self, folder: Path | None = None, *, style: TableStyle | None = None) -> None:
        super().__init__()
        self.add_class("ll-browser")
        self._entries: dict[str, Scenario] = {}
        self._labels: dict[str, str] = {}  # each menu entry as written, with the title as written
        options = []
        entries, problems = scenario_library(folder or find_scenarios())
        for number, (label, scenario) in enumerate(entries):
            key = f"library:{number}"
            self._entries[key], self._labels[key] = scenario, label
            options.append((label, key))
        self.picker = widgets.Dropdown(options=options,
                                       layout=widgets.Layout(width="auto", max_width="100%"))
        self.upload = widgets.FileUpload(accept=".yaml,.yml", multiple=False, icon="folder-open",
                                         layout=_auto())
        self.message = _wide_html()
        self.player = ScenarioPlayer(self._entries.get(self.picker.value), style=style)
        self.picker.observe(self._on_pick, "value")
        self.upload.observe(self._on_upload, "value")
        self.help_line = _html()
        self._relabel()
        self.player.language.observe(lambda _: self._relabel(), "value")
        self.children = (_row([self.picker, self.upload], "ll-pick"), self.help_line, self.message,
                         self.player)
        if problems:
            self.message.value = notice_html(ui("library-problems", self.lang),
                                             [problem.text(self.lang) for problem in problems])
        elif not entries:
            self._say(ui("no-library", self.lang))

    @property
    def lang(self) -> str:
        """The player's language: the browser's own words follow it."""
        return self.player.lang

    def _relabel(self) -> None:
        """The browser's words, and each lesson's title, in the reader's language."""
        _relabel_options(self.picker, [
            (self._labels[key].replace(str(self._entries[key].title),
                                       in_language(self._entries[key].title, self.lang), 1), key)
            if key in self._labels else (label, key) for label, key in self.picker.options])
        self.picker.description = ui("pick", self.lang)
        self.upload.description, self.upload.tooltip = ui("upload", self.lang), ui("upload-tip", self.lang)
        self.help_line.value = f'<p class="ll-note ll-help">{ui("browser-help", self.lang)}</p>'

    def _say(self, text: str, kind: str = "info") -> None:
        self.message.value = _message_html(text, kind) if text else ""

    def choose(self, words: str) -> None:
        """Pick the first scenario whose menu label contains ``words``."""
        for label, key in self.picker.options:
            if words.lower() in label.lower():
                self.picker.value = key
                return

    @_guarded
    def _on_pick(self, change) -> None:
        if change["new"] in self._entries:
            self.player.load(self._entries[change["new"]])

    @_guarded
    def _on_upload(self, change) -> None:
        if not change["new"]:
            return
        upload = change["new"][0]
        self.open_upload(upload["name"], bytes(upload["content"]))

    @_guarded
    def open_upload(self, name: str, content: bytes) -> None:
        """Check an uploaded file; add its scenarios to the menu, or show where it is wrong."""
        name = Path(name).name or "upload.yaml"
        self._say("")               # a new file starts afresh: not the last one's scenario nor words
        self.picker.value = None
        self.player.load(None)
        if len(content) > UPLOAD_LIMIT:
            self._say(_text("upload-too-big", self.lang, name=name,
                            size=format_number(len(content), self.lang),
                            limit=format_number(UPLOAD_LIMIT, self.lang)), kind="error")
            return
        try:
            scenarios = read_upload(content, name)
        except ScenarioError as error:
            self._say(f"{_text('upload-bad', self.lang, name=name)}<br>"
                      f"<code>{html.escape(error.text(self.lang))}</code>", kind="error")
            return
        options = list(self.picker.options)
        first = None
        for scenario in scenarios:
            key = f"upload:{len(self._entries)}"
            self._entries[key] = scenario
            options.append((f"{name} · {scenario.title}", key))
            first = first or key
        self.picker.options = options
        self.picker.value = first
        if any(check(scenario) for scenario in scenarios):
            self._say(f'{_text("upload-ok", self.lang, name=name, count=len(scenarios))} '
                      f'{ui("upload-fails", self.lang)}', kind="refused")
        else:
            self._say(_text("upload-ok", self.lang, name=name, count=len(scenarios)))


# --- playing a hand ---------------------------------------------------------------------

#: How long the computer players take over a card: (UI key, seconds).
PACES = (("pace-relaxed", 1.6), ("pace-normal", 0.9), ("pace-quick", 0.35), ("pace-instant", 0.0))
#: The longest name a player may give themself (it must fit under a card on a phone).
MAX_NAME = 16
#: Variants that change a single hand (match-to-5 only changes a match).
HAND_VARIANTS = tuple(variant for variant in VARIANTS if variant != "match-to-5")


class HandPlayer(_Speaks, widgets.VBox):
    """Play one seat of a hand against computer players, with the coach's hints."""

    def __init__(self, *, players: int = 4, seat: int = 0, rules: str = "standard",
                 opponents: str = "tips", delay: float = 0.9, seed: int | None = None,
                 style: TableStyle | None = None) -> None:
        super().__init__()
        self.add_class("ll-player")
        self.add_class("ll-hand-player")
        self.rng = random.Random(seed)
        self.style_options = style or TableStyle.of(DEFAULT_LANGUAGE)
        self.state: State | None = None
        self.you = seat
        self.computers: list[Player] = []
        self._last_trick: Trick | None = None
        self._told: list[Event] = []  # what happened since your last turn, said at each render
        self._hand = 0           # bumped by every new hand, so a stale timer does nothing
        self._dealer: int | None = None
        self._choices: list[Card | Suit] = []  # what each card button stands for
        self._build(players, seat, Rules.parse(rules), opponents, delay)
        self.new_hand()

    @property
    def lang(self) -> str:
        return self.style_options.lang

    @property
    def delay(self) -> float:
        """Seconds between two computer plays (read at each play, so a change acts at once)."""
        return self.pace.value

    def _build(self, players: int, seat: int, rules: Rules, opponents: str, delay: float) -> None:
        self.header = _html(f"<style>{PLAYER_CSS}</style>")
        self.profile = widgets.Dropdown(options=PROFILES, value=rules.profile, layout=_auto())
        self.variants = {name: widgets.Checkbox(value=name in rules.variants, indent=False,
                                                layout=_auto())
                         for name in HAND_VARIANTS}
        self.players = widgets.ToggleButtons(options=[3, 4, 5, 6], value=players,
                                             style={"button_width": "2.6rem"})
        self.seat = widgets.Dropdown(layout=_auto())
        self.your_name = widgets.Text(value=ui("default-name", self.lang),
                                      layout=widgets.Layout(width="14rem"))
        self._seat_options(players, seat)
        self.players.observe(lambda change: self._seat_options(change["new"], self.seat.value),
                             "value")
        self.opponents = widgets.Dropdown(options=list(PLAYER_KINDS), value=opponents, layout=_auto())
        self.deal = _button(icon="redo", primary=True)
        self.pace = widgets.Dropdown(options=[(key, seconds) for key, seconds in PACES],
                                     value=min((seconds for _, seconds in PACES),
                                               key=lambda seconds: abs(seconds - delay)),
                                     layout=_auto())
        self.deal.on_click(lambda _: self.new_hand())
        self.variants_label = _html()
        self.settings_note = _html()
        settings = widgets.VBox([
            _row([self.your_name, self.seat, self.players], "ll-settings"),
            _row([self.profile, self.opponents], "ll-settings"),
            _row([self.variants_label, *self.variants.values()], "ll-variants"),
            self.settings_note])
        settings.add_class("ll-settings-box")
        self.settings = widgets.Accordion(children=[settings], selected_index=None)
        self.summary = _html()
        self.status = _wide_html()
        self.stage = _wide_html("ll-stage")
        self.cards = _ButtonPool(self._on_card)
        self.hint = _button(icon="lightbulb")
        self.hint.on_click(lambda _: self.show_hint())
        self.hint_text = _wide_html()
        self.move = widgets.VBox([_row([self.cards.box, self.hint]), self.hint_text])
        self.move.add_class("ll-what-if")
        self.message = _wide_html()
        self.narration = _wide_html()
        self.help_line = _html()
        self._relabel()
        self.children = (self.header, self.help_line, _row([self.deal, self.pace, self.summary]),
                         self.settings,
                         self.stage, self.status, self.message, self.move, self.narration)

    def _relabel(self) -> None:
        """Every word of the settings and buttons in the player's language."""
        say = lambda key: ui(key, self.lang)  # noqa: E731
        self.profile.description = say("profile")
        _relabel_options(self.profile, [(translate(f"profile.{name}", self.lang), name)
                                        for name in PROFILES])
        for name, box in self.variants.items():
            box.description = translate(f"variant.{name}", self.lang)
            box.tooltip = translate(f"variant-effect.{name}", self.lang)
        self.players.description = say("players")
        self.seat.description = say("your-seat")
        self.your_name.description = say("your-name")
        self.opponents.description = say("opponents")
        _relabel_options(self.opponents, [(say(f"opponent-{kind}"), kind) for kind in PLAYER_KINDS])
        self.pace.description = say("pace")
        _relabel_options(self.pace, [(say(key), seconds) for key, seconds in PACES])
        self.deal.description = self.deal.tooltip = say("new-hand")
        self.hint.description, self.hint.tooltip = say("hint"), say("hint-tip")
        self.variants_label.value = f"<span class='ll-label'>{say('variants')}</span>"
        self.settings_note.value = f"<p class='ll-note'>{say('settings-note')}</p>"
        self.settings.titles = (say("settings"),)
        self.help_line.value = f'<p class="ll-note ll-help">{say("play-help")}</p>'

    def set_language(self, lang: str) -> None:
        """Speak ``lang``: settings, table, narration; the hand in play goes on."""
        if lang == self.lang:
            return
        if self.your_name.value == ui("default-name", self.lang):
            self.your_name.value = ui("default-name", lang)
        if self.state is not None:  # the seats are renamed, and the narration with them
            self.state = replace(self.state, players=renamed(self.state.players, self.you,
                                                             self.lang, lang))
        self.style_options = self.style_options.speaking(lang)
        self._relabel()
        self._say_again()
        self.hint_text.value = ""  # the coach's words were in the old language: ask again
        if self.state is not None:
            self._render_summary()
            self._render(waiting=not self.state.is_over and self.state.to_act != self.you)

    def _seat_options(self, players: int, seat: int | None) -> None:
        self.seat.options = [(str(i + 1), i) for i in range(players)]
        self.seat.value = seat if seat is not None and seat < players else 0

    # --- the hand ---------------------------------------------------------------------
    @_guarded
    def new_hand(self) -> None:
        """Deal a new hand with the chosen rules; the deal passes clockwise from hand to hand."""
        self._say("")
        try:
            rules = Rules.of(self.profile.value,
                             [name for name, box in self.variants.items() if box.value])
        except RulesError as error:
            self._say(lambda error=error: _text("rules-refused", self.lang, message=str(error)),
                      kind="error")
            return
        count, self.you = self.players.value, self.seat.value
        mine = cleaned_name(self.your_name.value, MAX_NAME) or ui("default-name", self.lang)
        names = seat_names(self.you, count, mine, self.lang)
        if self._dealer is None or self._dealer >= count:
            self._dealer = (self.you - 1) % count  # you lead the first hand
        else:
            self._dealer = (self._dealer + 1) % count
        self._hand += 1
        self._opponents = self.opponents.value
        self.computers = [make_player(self._opponents, seed=self.rng.randrange(2**32))
                          for _ in range(count)]
        self.state, events = new_hand(rules, names, self._dealer, self.rng)
        self._render_summary()
        self._last_trick = None
        self._told = list(events)
        self.hint_text.value = ""
        self._advance()

    def _render_summary(self) -> None:
        """The hand's settings in a line (the menus may already hold the next hand's)."""
        rules = self.state.rules
        words = [translate(f"profile.{rules.profile}", self.lang),
                 *(translate(f"variant.{name}", self.lang) for name in VARIANTS if name in rules.variants)]
        self.summary.value = _text("settings-summary", self.lang, rules=" + ".join(words),
                                   count=len(self.state.players), seat=self.you + 1,
                                   opponents=ui(f"opponent-{self._opponents}", self.lang))

    def _advance(self) -> None:
        """Let the computers act until it is your turn or the hand is over."""
        hand = self._hand
        while not self.state.is_over and self.state.to_act != self.you:
            self._render(waiting=True)
            pause = self.delay * (1.6 if self._last_trick is not None else 1)
            if self.delay > 0 and _later(pause, lambda: self._computer_turn(hand)):
                return
            self._act(self.computers[self.state.to_act].act(view(self.state, self.state.to_act)))
        self._render()

    @_guarded
    def _computer_turn(self, hand: int) -> None:
        if hand != self._hand or self.state.is_over or self.state.to_act == self.you:
            return
        seat = self.state.to_act
        self._act(self.computers[seat].act(view(self.state, seat)))
        self._advance()

    def _act(self, action: Action) -> list[Event]:
        self.state, events = apply(self.state, action)
        completed = any(isinstance(event, TrickWon) for event in events)
        self._last_trick = self.state.history[-1] if completed else None
        self._told += events
        return events

    def play(self, action: Action) -> None:
        """Your action (the card buttons call this); computers then play on."""
        if self.state.to_act != self.you:
            return
        told = self._told
        self.hint_text.value = ""
        self._told = []
        try:
            self._act(action)
        except IllegalAction:
            self._told = told
            # Refused, the state stays as it was (its seats renamed if the language changes).
            self._say(lambda: _text("refused", self.lang, message=_refusal_text(self.state, action, self.lang)),
                      kind="refused")
            return
        self._say("")
        self._advance()

    @_guarded
    def _on_card(self, index: int) -> None:
        choice = self._choices[index]
        self.play(ChooseTrump(self.you, choice) if isinstance(choice, Suit)
                  else Play(self.you, choice))

    @_guarded
    def show_hint(self) -> None:
        """The coach's chance for each of your choices, best first."""
        if self.state is None or self.state.to_act != self.you:
            return
        self.hint_text.value = f'<p class="ll-thinking">{ui("coach-thinking", self.lang)}</p>'
        advice = coach(self.state, seat=self.you, budget_s=COACH_BUDGET_S)
        self.hint_text.value = _advice_html(advice, self.state.players[self.you], self.lang)

    # --- drawing ----------------------------------------------------------------------
    def _render(self, waiting: bool = False) -> None:
        state, lang = self.state, self.lang
        over = state.is_over
        self.stage.value = table_html(state, seat=None if over else self.you, show_legal=not over,
                                      last_trick=self._last_trick, options=self.style_options,
                                      include_css=False)
        told = "".join(f"<li>{html.escape(narrate(event, state.players, lang))}</li>"
                       for event in self._told)
        self.narration.value = (f'<div class="ll-words"><strong>{ui("what-happened", lang)}</strong>'
                                f'<ul class="ll-narration">{told}</ul></div>' if told else "")
        self._choices = []
        if over:
            reason = reason_text(state.reason, lang)
            text = (_text("you-won", lang, reason=reason) if state.winner == self.you
                    else _text("they-won", lang, name=state.players[state.winner], reason=reason))
            won = " ll-won" if state.winner == self.you else ""  # a trophy drawn by player.css
            self.status.value = (f'<div class="ll-banner ll-end{won}" role="status"><strong>{text}</strong> '
                                 f'{ui("play-again", lang)}</div>')
            self.cards.show([])
            _shown(self.move, False)
            return
        if waiting:
            note = (ui("you-are-out", lang) if self.you in state.out
                    else _text("waiting", lang, name=state.players[state.to_act]))
            self.status.value = f'<div class="ll-turn-note" role="status">{note}</div>'
            self.cards.show([])
            _shown(self.move, False)
            return
        naming = state.namer == self.you
        self._choices = list(Suit) if naming else list(sort_hand(legal_cards(state), state.trump))
        self.status.value = (f'<div class="ll-turn-note ll-yours" role="status">'
                             f'{ui("your-trump" if naming else "your-turn", lang)}</div>')
        self.cards.show(*_labels(self._choices))
        _shown(self.move, True)


# --- the app --------------------------------------------------------------------------------

class LingerLongerApp(widgets.VBox):
    """The Voilà app: a scenario browser and a hand to play, in two tabs, in one language.

    The language menu at the top speaks for the whole app; the player's own menu is hidden
    and linked to it, so a lesson written in Portuguese (``lang: pt``) turns the app
    Portuguese until the reader picks a language.
    """

    def __init__(self, folder: Path | None = None, *, style: TableStyle | None = None,
                 lang: str | None = None) -> None:
        super().__init__()
        self.add_class("ll-app")
        self._style = style
        self.browser = ScenarioBrowser(folder, style=self._style)
        self.hand_tab = widgets.VBox()
        self.hand: HandPlayer | None = None
        self.tabs = widgets.Tab(children=[self.browser, self.hand_tab])
        self.tabs.observe(self._on_tab, "selected_index")
        player_language = self.browser.player.language
        self.language = widgets.Dropdown(options=player_language.options, value=player_language.value,
                                         layout=widgets.Layout(width="auto"))
        self.language.add_class("ll-app-language")
        _shown(player_language, False)
        widgets.link((self.language, "value"), (player_language, "value"))
        self.language.observe(lambda _: self._relabel(), "value")
        self.intro = _html()
        self.message = _wide_html()
        self._relabel()
        self.children = (_row([self.intro, self.language], "ll-app-head"), self.message, self.tabs)
        if lang is not None:
            self.set_language(lang)

    @classmethod
    def from_query(cls, query: str, folder: Path | None = None) -> "LingerLongerApp":
        """The app for a page address's query: ``?lang=pt`` opens it in Portuguese, so a
        teacher can hand out one link (Voilà gives the kernel ``$QUERY_STRING``)."""
        asked = parse_qs(query).get("lang", [""])[-1]
        return cls(folder, lang=asked if asked in LANGUAGES else None)

    @property
    def lang(self) -> str:
        return self.language.value

    def set_language(self, lang: str) -> None:
        """Speak ``lang`` everywhere in the app, as the menu at the top does."""
        self.language.value = lang

    @_guarded
    def _relabel(self) -> None:
        self.language.description = translate("player.language", self.lang)
        self.tabs.titles = (ui("tab-scenario", self.lang), ui("tab-play", self.lang))
        self.intro.value = (f'<style>{PLAYER_CSS}</style><h1 class="ll-app-title">Linger Longer</h1>'
                            f'<p class="ll-app-intro">{ui("app-intro", self.lang)}</p>')
        if self.hand is not None:
            self.hand.set_language(self.lang)

    def _say(self, text: str, kind: str = "info") -> None:
        self.message.value = _message_html(text, kind) if text else ""

    @_guarded
    def _on_tab(self, change) -> None:
        if change["new"] == 1 and self.hand is None:
            self.hand = HandPlayer(style=(self._style or DEFAULT_STYLE).speaking(self.lang))
            self.hand_tab.children = (self.hand,)


#: The live players' style: the table's, the static player's, then their own (static/player.css).
PLAYER_CSS = TABLE_CSS + REPLAY_CSS + minify_css(
    (Path(__file__).parent / "static" / "player.css").read_text(encoding="utf-8"))

