"""After a hand: its review in the app's play tab and at the family table (ipywidgets).

"Review this hand" (``[data-ll-action="review"]`` in the app: ``ll-app.js`` gives a button of
class ``ll-action-NAME`` that attribute) reviews the seat's decisions (``computer/review.py``)
under a progress bar that moves a decision at a time, then shows the shared panel
(``views/review_panel.py``). Under it, for each moment: "Show this moment" (where the owner
can show it, ``on_show``: the app opens the hand there in its Scenario tab, with a what-if),
and "Practise this", which makes the exercise of ``scenario/review_lesson.py`` and adds it to
the learner's review queue: ``on_practise`` (the app hands it to its Learn tab) or, without
one, ``practised``, kept for the session only (the app's Learn tab keeps no progress past the
session either). The panel's own "Show this moment" buttons are left out: no script answers
them in a widget.

A review is computed once per hand and seat (``key``) and kept; closing the panel clears its
HTML from the page, so that at the family table nobody scrolls back to another's review.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import ipywidgets as widgets

from lingerlonger.computer.review import Moment, Review, review_hand
from lingerlonger.game.engine import Action, State
from lingerlonger.scenario import Scenario
from lingerlonger.views.review_panel import moment_label, review_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.views.widgets.controls import _button, _guarded, _html, _message_html, _message_line, _row, _shown
from lingerlonger.words.i18n import ui

__all__ = ["ReviewBox", "REVIEW_DEALS", "REVIEW_BUDGET_S"]

#: Deals each way per decision: a whole 4-player hand reviews well within the app's 2 s
#: (bench/review.py, 10 hands: 320 deals take 0.35 s a hand on average, 0.97 s at most, on one
#: core; about ±5 points a chance). ``REVIEW_BUDGET_S`` (wall-clock) caps a long hand or a busy
#: machine, its decisions then sharing the time and sampling fewer deals (the intervals say so); it leaves room for the
#: rollouts a budget lets finish and for drawing the panel (on a machine loaded ten times over,
#: the review ran 0.3 s past a 1.8 s budget).
REVIEW_DEALS = 320
REVIEW_BUDGET_S = 1.5


class ReviewBox(widgets.VBox):
    """The review of one seat's decisions in a hand over, its progress bar, panel and "Practise this"."""

    def __init__(self, style: TableStyle, *, gated: bool = False) -> None:
        """``gated``: the owner opens it (the family table, behind its pass screen); its toggle
        then only closes it."""
        super().__init__()
        self.add_class("ll-review-box")
        self.style_options = style
        self.on_practise: Callable[[Scenario], None] | None = None
        #: "Show this moment": the whole hand as a lesson, the moment's step in it, the seat
        #: reviewed, and the moment in words
        self.on_show: Callable[[Scenario, int, int, str], None] | None = None
        self.on_reviewed: Callable[[], None] | None = None  # a review just computed (the save link)
        self.on_close: Callable[[], None] | None = None  # the toggle closed it (the family table's model)
        self.practised: list[Scenario] = []
        self._hand: tuple[Hashable, State, tuple[Action, ...], int, Callable[[Moment], Scenario]] | None = None
        self._whole: Callable[[], Scenario] | None = None  # the hand offered, as a lesson
        self._reviews: dict[Hashable, Review] = {}
        self._done: set[tuple[Hashable, int]] = set()  # (hand, step) of each moment practised
        self._open = False
        self.toggle = _button(icon="search", own_look=True)
        self.toggle.add_class("ll-action-review")  # [data-ll-action="review"] in the app
        self.toggle.on_click(lambda _: self.flip())
        self._gated = gated
        self.progress = widgets.IntProgress(value=0, min=0, max=1, layout=widgets.Layout(width="auto"))
        self.progress.add_class("ll-review-progress")
        self.progress_text = _html("", "ll-review-progress-text")  # a screen reader hears the count
        self.working = widgets.VBox([self.progress, self.progress_text])
        # own layouts: each hides itself (a shared one would hide every widget that shares it)
        self.panel = widgets.HTML(layout=widgets.Layout())
        for name in ("ll-wide", "ll-review-panel"):
            self.panel.add_class(name)
        self.practise = widgets.VBox()  # a row of buttons per moment
        self.practise.add_class("ll-review-practise")
        self.message = _message_line()
        self._buttons: list[widgets.Button] = []
        self.children = (_row([self.toggle]), self.working, self.panel, self.practise, self.message)
        self.withdraw()

    @property
    def lang(self) -> str:
        return self.style_options.lang

    @property
    def is_open(self) -> bool:
        return self._open

    @property
    def practise_buttons(self) -> tuple[widgets.Button, ...]:
        """The "Practise this" buttons, one per moment of the review shown."""
        return tuple(self._buttons)

    @property
    def show_buttons(self) -> tuple[widgets.Button, ...]:
        """The "Show this moment" buttons (none where the owner shows no moment)."""
        return tuple(row.children[0] for row in self.practise.children if len(row.children) == 2)

    @property
    def review(self) -> Review | None:
        """The review of the hand offered, once computed."""
        return None if self._hand is None else self._reviews.get(self._hand[0])

    def offer(
        self,
        key: Hashable,
        start: State,
        actions: Sequence[Action],
        seat: int,
        practice: Callable[[Moment], Scenario],
        whole: Callable[[], Scenario] | None = None,
    ) -> None:
        """The hand over that "Review this hand" reviews: ``seat``'s decisions from ``start`` by
        ``actions``; ``practice`` makes a moment's exercise, ``whole`` the hand as a lesson (for
        "Show this moment"). The same ``key`` keeps its review and what is shown (the seats may
        have been renamed: a language switch)."""
        if self._hand is None or self._hand[0] != key:
            self._open = False
        self._hand = (key, start, tuple(actions), seat, practice)  # the seats as named now
        self._whole = whole
        self._draw()

    def withdraw(self) -> None:
        """No hand to review (a hand in play, or none yet)."""
        self._hand = self._whole = None
        self._open = False
        self._draw()

    def _say(self, text: str, kind: str = "info") -> None:
        """The box's message line (``_guarded`` says a failure here)."""
        self.message.value = _message_html(text, kind) if text else ""

    @_guarded
    def flip(self) -> None:
        """The toggle: open the review (computed the first time), or close it."""
        if self._open:
            self.close_review()
            if self.on_close is not None:
                self.on_close()
        else:
            self.open_review()

    def open_review(self) -> None:
        """Show the review of the hand offered, computing it first (with the progress bar)."""
        if self._hand is None:
            return
        key, start, actions, seat, _ = self._hand
        if key not in self._reviews:
            name = start.players[seat]
            self.message.value = ""
            _shown(self.working, True)
            self.progress.value, self.progress.max = 0, 1
            self.progress_text.value = ""

            def step(done: int, total: int) -> None:
                self.progress.max, self.progress.value = total, done
                words = ui("app-review-progress", self.lang, name=name, done=done, total=total)
                self.progress_text.value = _message_html(words, "info")

            self._reviews[key] = review_hand(
                start, actions, seat, deals=REVIEW_DEALS, progress=step, budget_s=REVIEW_BUDGET_S
            )
            if self.on_reviewed is not None:
                self.on_reviewed()
        self._open = True
        self._draw()

    def close_review(self) -> None:
        self._open = False
        self._draw()

    def relabel(self, style: TableStyle) -> None:
        """Speak ``style``'s language (a review shown is drawn again in it)."""
        self.style_options = style
        self.message.value = ""
        self._draw()

    def _draw(self) -> None:
        lang, review = self.lang, self.review
        _shown(self.working, False)
        self.progress.description = ui("app-review-working", lang)
        _shown(self.toggle, self._hand is not None and (self._open or not self._gated))
        self.toggle.description = self.toggle.tooltip = ui("app-review-hide" if self._open else "review", lang)
        shown = self._open and review is not None
        name = self._hand[1].players[self._hand[3]] if self._hand is not None else None
        panel = (
            review_html(review, lang, name=name, style=self.style_options, level=3, show=False, book_href=None)
            if shown and review
            else ""
        )
        self.panel.value = str(panel)
        _shown(self.panel, shown)
        self._draw_practise(review.moments if shown and review is not None else ())
        if not shown:
            self.message.value = ""

    def _draw_practise(self, moments: Sequence[Moment]) -> None:
        """Per moment, "Show this moment" (where the owner shows one) and "Practise this", each
        named by the moment's trick and card in words."""
        buttons, rows = [], []
        key = None if self._hand is None else self._hand[0]
        showing = self.on_show is not None and self._whole is not None
        for moment in moments:
            row = []
            if showing:
                show = _button(self._show_label(moment), icon="eye", own_look=True)
                show.add_class("ll-action-review-show")
                show.on_click(lambda _, moment=moment: self.show_moment(moment))
                row.append(show)
            done = (key, moment.step) in self._done
            button = _button(self._practise_label(moment), icon="check" if done else "plus", own_look=True)
            button.add_class("ll-action-review-practise")
            button.on_click(lambda _, moment=moment: self.practise_moment(moment))
            buttons.append(button)
            row.append(button)
            rows.append(_row(row))
        self._buttons = buttons
        self.practise.children = tuple(rows)
        _shown(self.practise, bool(rows))

    def _moment_label(self, moment: Moment) -> str:
        """A moment in words: "trick 3, 8 of diamonds", or the suit named as trump."""
        return moment_label(moment, self.lang)

    def _practise_label(self, moment: Moment) -> str:
        return ui("app-review-practise", self.lang, moment=self._moment_label(moment))

    def _show_label(self, moment: Moment) -> str:
        return ui("app-review-open", self.lang, moment=self._moment_label(moment))

    @_guarded
    def show_moment(self, moment: Moment) -> None:
        """Hand the whole hand, ``moment``'s step and the seat reviewed to ``on_show``."""
        if self._hand is None or self._whole is None or self.on_show is None:
            return
        self.on_show(self._whole(), moment.step, self._hand[3], self._moment_label(moment))

    @_guarded
    def practise_moment(self, moment: Moment) -> None:
        """Add ``moment``'s exercise to the review queue (once), and say where it went."""
        if self._hand is None:
            return
        label, done = self._moment_label(moment), (self._hand[0], moment.step)
        if done not in self._done:
            exercise = self._hand[4](moment)
            self._done.add(done)
            self.practised.append(exercise)
            if self.on_practise is not None:
                self.on_practise(exercise)
        key = "app-review-practised" if self.on_practise is not None else "app-review-kept"
        self._say(ui(key, self.lang, moment=label))
        # marked, not disabled: a disabled button would drop the keyboard's focus
        for button, shown in zip(self._buttons, self.review.moments if self.review else (), strict=True):
            if shown is moment:
                button.icon = "check"
