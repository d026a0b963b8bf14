"""Choosing what to play: several scenarios folded in a chapter (``ScenarioGallery``) and the
app's picker of lessons and uploaded files (``ScenarioBrowser``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import ipywidgets as widgets

from lingerlonger.computer.task_judge import SearchBudget
from lingerlonger.scenario import Scenario, ScenarioError, in_language, read_upload
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.replay import Replay, replay
from lingerlonger.session.sources import find_scenarios, replay_of, scenario_library
from lingerlonger.views.page_replay import gallery_html, notice_html
from lingerlonger.views.table_html import DEFAULT_STYLE, TableStyle
from lingerlonger.views.templating import render
from lingerlonger.views.widgets.controls import (
    _auto,
    _guarded,
    _html,
    _line_html,
    _message_html,
    _message_line,
    _relabel_options,
    _row,
)
from lingerlonger.views.widgets.scenario_player import ScenarioPlayer
from lingerlonger.words.i18n import format_number, ui

__all__ = ["ScenarioGallery", "ScenarioBrowser", "UPLOAD_LIMIT"]

#: Largest scenario file the app accepts (limits.py: the library's largest is a few kB).
UPLOAD_LIMIT = MAX_DOCUMENT_BYTES


class ScenarioGallery(widgets.Accordion):
    """Several scenarios folded under their titles; a player is built when one is opened."""

    def __init__(self, sources: Iterable[Scenario | str | Path], *, style: TableStyle | None = None):
        self._style = style
        self._runs: list[Replay | str] = []  # a replay, or why the source cannot be shown
        titles = []
        for source in sources:
            try:
                run = replay_of(source)
                self._runs.append(run)
                titles.append(run.scenario.title)
            except ScenarioError as error:
                self._runs.append(error.text((style or DEFAULT_STYLE).lang))
                titles.append(str(source))
        super().__init__(children=[widgets.VBox() for _ in self._runs], titles=titles, selected_index=None)
        self.observe(self._open, "selected_index")

    @property
    def lang(self) -> str:
        return (self._style or DEFAULT_STYLE).lang

    def _open(self, change) -> None:
        index = change["new"]
        if index is None or self.children[index].children:
            return
        source = self._runs[index]
        player = (
            ScenarioPlayer(source, style=self._style)
            if isinstance(source, Replay)
            else _html(notice_html(ui("cannot-show", self.lang), [source]))
        )
        self.children[index].children = (player,)

    def _repr_mimebundle_(self, **kwargs):
        bundle = super()._repr_mimebundle_(**kwargs)
        runs = [run for run in self._runs if isinstance(run, Replay)]
        problems = [
            notice_html(ui("cannot-show", self.lang), [run]) for run in self._runs if not isinstance(run, Replay)
        ]
        bundle["text/html"] = "".join([*problems, gallery_html(runs, style=self._style)])
        return bundle


class ScenarioBrowser(widgets.VBox):
    """Pick a lesson from ``scenarios/`` or open a file of your own, then step through it."""

    def __init__(self, folder: Path | None = None, *, style: TableStyle | None = None) -> None:
        super().__init__()
        self.add_class("ll-browser")
        self._entries: dict[str, Scenario | Replay] = {}  # an upload's scenarios come replayed (checked once)
        self._labels: dict[str, str] = {}  # each menu entry as written, with the title as written
        self._opening: tuple[int, int | None] = (0, None)  # the step and seat the next pick opens at
        options = []
        entries, problems = scenario_library(folder or find_scenarios())
        self._library: dict[str, Scenario] = {}  # each lesson's title is said in the reader's language
        for number, (label, scenario) in enumerate(entries):
            key = f"library:{number}"
            self._entries[key] = self._library[key] = scenario
            self._labels[key] = label
            options.append((label, key))
        self.picker = widgets.Dropdown(options=options, layout=widgets.Layout(width="auto", max_width="100%"))
        self.upload = widgets.FileUpload(accept=".yaml,.yml", multiple=False, icon="folder-open", layout=_auto())
        self.message = _message_line()
        self.player = ScenarioPlayer(self._entries.get(self.picker.value), style=style)
        self.picker.observe(self._on_pick, "value")
        self.upload.observe(self._on_upload, "value")
        self.help_line = _html()
        self._relabel()
        self.player.language.observe(lambda _: self._relabel(), "value")
        self.children = (_row([self.picker, self.upload], "ll-pick"), self.help_line, self.message, self.player)
        if problems:
            self.message.value = notice_html(
                ui("library-problems", self.lang), [problem.text(self.lang) for problem in problems]
            )
        elif not entries:
            self._say(ui("no-library", self.lang))

    @property
    def lang(self) -> str:
        """The player's language: the browser's own words follow it."""
        return self.player.lang

    def _relabel(self) -> None:
        """The browser's words, and each lesson's title, in the reader's language."""
        _relabel_options(
            self.picker,
            [
                (
                    self._labels[key].replace(
                        str(self._library[key].title), in_language(self._library[key].title, self.lang), 1
                    ),
                    key,
                )
                if key in self._labels
                else (label, key)
                for label, key in self.picker.options
            ],
        )
        self.picker.description = ui("pick", self.lang)
        self.upload.description, self.upload.tooltip = ui("upload", self.lang), ui("upload-tip", self.lang)
        self.help_line.value = _line_html("help_line", ui("browser-help", self.lang))

    def _say(self, text: str, kind: str = "info") -> None:
        """Words (escaped when shown), or a fragment given as ``Markup``."""
        self.message.value = _message_html(text, kind) if text else ""

    def choose(self, words: str) -> None:
        """Pick the first scenario whose menu label contains ``words``."""
        for label, key in self.picker.options:
            if words.lower() in label.lower():
                self.picker.value = key
                return

    def open_scenario(self, scenario: Scenario, *, step: int = 0, seat: int | None = None) -> None:
        """A scenario the app made (a hand of its own, a review's moment): added to the menu and
        opened at ``step``, as ``seat`` sees it."""
        key = f"app:{len(self._entries)}"
        self._entries[key] = scenario
        self._opening = (step, seat)
        self.picker.options = [*self.picker.options, (in_language(scenario.title, self.lang), key)]
        self.picker.value = key

    @_guarded
    def _on_pick(self, change) -> None:
        step, seat = self._opening
        self._opening = (0, None)
        if change["new"] in self._entries:
            self.player.load(self._entries[change["new"]], step=step, seat=seat)

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
        self._say("")  # a new file starts afresh: not the last one's scenario nor words
        self.picker.value = None
        self.player.load(None)
        if len(content) > UPLOAD_LIMIT:
            self._say(
                ui(
                    "upload-too-big",
                    self.lang,
                    name=name,
                    size=format_number(len(content), self.lang),
                    limit=format_number(UPLOAD_LIMIT, self.lang),
                ),
                kind="error",
            )
            return
        try:
            scenarios = read_upload(content, name)
        except ScenarioError as error:
            self._say(
                render(
                    "widgets/upload_bad.html", said=ui("upload-bad", self.lang, name=name), error=error.text(self.lang)
                ),
                kind="error",
            )
            return
        budget = SearchBudget()  # the file's tasks share one search budget
        runs = [replay(scenario, budget) for scenario in scenarios]  # checked once: the menu keeps the replays
        options = list(self.picker.options)
        first = None
        for run in runs:
            key = f"upload:{len(self._entries)}"
            self._entries[key] = run
            options.append((f"{name} · {run.scenario.title}", key))
            first = first or key
        self.picker.options = options
        self.picker.value = first
        if any(run.failures for run in runs):
            self._say(
                f"{ui('upload-ok', self.lang, name=name, count=len(scenarios))} {ui('upload-fails', self.lang)}",
                kind="refused",
            )
        else:
            self._say(ui("upload-ok", self.lang, name=name, count=len(scenarios)))
