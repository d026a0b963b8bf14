"""The widget kit every live player is built from: buttons, rows, HTML boxes, timers and
the message line, made so that a page creates few widget models and a callback never
shows a traceback."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from lingerlonger.game.cards import Card, Suit, sort_hand
from lingerlonger.game.declared import PROFILE, VARIANT_SET, Parameter
from lingerlonger.game.engine import Action, ChooseTrump, Play, State, legal_cards
from lingerlonger.game.errors import LingerError, Message
from lingerlonger.game.rules import Rules, RulesError
from lingerlonger.views.page_replay import REPLAY_CSS
from lingerlonger.views.table_html import TABLE_CSS, TEXT_STYLE, minify_css
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import error_text, translate, ui

_log = logging.getLogger("lingerlonger.views.widgets")

#: How long the computer players take over a card: (UI key, seconds).
#: The computers' speed, seconds a card; PAUSED holds their cards until another pace is picked
#: (WCAG 2.2.1: the reader can change the pace, and stop it).
PAUSED = -1.0
PACES = (
    ("pace-relaxed", 1.6),
    ("pace-normal", 0.9),
    ("pace-quick", 0.35),
    ("pace-instant", 0.0),
    ("pace-paused", PAUSED),
)

_RED = "#c62828"
_BLACK = "#1f2328"

#: The live players' style: the table's, the static player's, then their own (static/shared/player.css)
#: and the review's (static/shared/review.css).
PLAYER_CSS = (
    TABLE_CSS
    + REPLAY_CSS
    + minify_css((Path(__file__).parents[1] / "static" / "shared" / "player.css").read_text(encoding="utf-8"))
    + minify_css((Path(__file__).parents[1] / "static" / "shared" / "review.css").read_text(encoding="utf-8"))
)


def _relabel_options(dropdown: widgets.Dropdown, labels: Sequence[tuple[str, object]]) -> None:
    """New labels for a menu's options, keeping the value chosen."""
    value = dropdown.value
    dropdown.options = labels
    if value in [option for _, option in labels]:
        dropdown.value = value


def _guarded(method: Callable) -> Callable:
    """Run a callback: the app's one handler. A refusal (a ``LingerError``) is said in the
    reader's language; a bug is "internal error" in it, its traceback a log line."""

    @functools.wraps(method)
    def run(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except LingerError as error:
            self._say(error.text(self.lang), kind="error")
        except Exception:
            _log.exception("%s failed", method.__qualname__)
            self._say(error_text(Message("internal"), self.lang), kind="error")

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


def _after_a_card(delay: float, trick_won: bool, callback: Callable[[], None]) -> bool:
    """The next computer card ``delay`` seconds after the last one (a trick just won: a little
    longer, to see who took it), on the event loop; False: play it at once. Paused: True, and
    nothing is set (the player goes on when another pace is picked)."""
    if delay == PAUSED:
        return True
    return delay > 0 and _later(delay * (1.6 if trick_won else 1), callback)


def _pace_menu(delay: float) -> widgets.Dropdown:
    """The computers' speed, at the pace nearest ``delay`` seconds a card (``_relabel_pace``
    words it)."""
    nearest = min((seconds for _, seconds in PACES), key=lambda seconds: abs(seconds - delay))
    return widgets.Dropdown(options=[(key, seconds) for key, seconds in PACES], value=nearest, layout=_auto())


def _relabel_pace(menu: widgets.Dropdown, lang: str) -> None:
    menu.description = ui("pace", lang)
    _relabel_options(menu, [(ui(key, lang), seconds) for key, seconds in PACES])


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


def _row(children: Iterable[widgets.Widget], *classes: str, layout: widgets.Layout | None = None) -> widgets.HBox:
    layout = layout or _shared("row", lambda: widgets.Layout(flex_flow="row wrap", align_items="center"))
    box = widgets.HBox(list(children), layout=layout)
    for name in ("ll-row", *classes):
        box.add_class(name)
    return box


def _button(
    description: str = "", *, icon: str = "", tooltip: str = "", primary: bool = False, own_look: bool = False
) -> widgets.Button:
    """A button; ``own_look``: its own layout and style, to hide or recolour it alone."""
    looks = (
        {"layout": widgets.Layout(width="auto")}
        if own_look
        else {"layout": _auto(), "style": _shared("button", widgets.ButtonStyle)}
    )
    return widgets.Button(
        description=description,
        icon=icon,
        tooltip=tooltip or description,
        button_style="primary" if primary else "",
        **looks,
    )


def _html(value: str = "", *classes: str) -> widgets.HTML:
    box = widgets.HTML(value, layout=_shared("plain", widgets.Layout), style=_shared("html", HTMLStyle))
    for name in classes:
        box.add_class(name)
    return box


def _wide_html(*classes: str) -> widgets.HTML:
    """An HTML widget as wide as its box (the table sizes itself to its container)."""
    return _html("", "ll-wide", *classes)


def _message_line() -> widgets.HTML:
    """A line that answers the reader (a message, an error, a verdict): the app's ll-app.js
    says its words aloud each time they change (a region drawn anew with its words is seldom
    read), so its templates carry no live role of their own."""
    return _wide_html("ll-message-line")


def _choices(state: State, seat: int) -> list[Card | Suit]:
    """What ``seat`` may press on its turn: a suit to name as trump, else its legal cards in
    the hand's order."""
    return list(Suit) if state.namer == seat else list(sort_hand(legal_cards(state), state.trump))


def _action(seat: int, choice: Card | Suit) -> Action:
    """The action a pressed choice stands for."""
    return ChooseTrump(seat, choice) if isinstance(choice, Suit) else Play(seat, choice)


def _labels(choices: Sequence[Card | Suit]) -> tuple[list[str], list[str]]:
    """Button labels ("10♥", or "♥" for a suit to name) and their red or black colours."""
    labels = [(str(choice) if isinstance(choice, Card) else choice.symbol) + TEXT_STYLE for choice in choices]
    suits = [choice.suit if isinstance(choice, Card) else choice for choice in choices]
    return labels, [_RED if suit in (Suit.HEARTS, Suit.DIAMONDS) else _BLACK for suit in suits]


def _message_html(text: str, kind: str) -> str:
    """The message line: ``text`` is words (escaped), or a fragment given as ``Markup``."""
    return str(render("widgets/message.html", text=text, kind=kind))


def _style_html(*sheets: str) -> Markup:
    """Our style sheets (``PLAYER_CSS``, ``views/static``) in a style element, for a player's head."""
    return render("widgets/style.html", css=Markup("".join(sheets)))


def _line_html(template: str, text: str) -> str:
    """A one-line template (``help_line``, ``note``, ``thinking``, ``label``, ``words``) holding ``text``."""
    return str(render(f"widgets/{template}.html", text=text))


class _Speaks:
    """A message line that follows the language: ``_say`` takes a text, or a function that
    words it in the current language so that ``_say_again`` words it anew after a switch.
    Words are escaped when shown; a fragment of HTML comes as ``Markup``."""

    # Callable[..., str]: a lambda binding a value as a default (lambda error=error: ...) fits it.
    _said: tuple[str | Callable[..., str], str] = ("", "info")
    message: Any  # the HTML line, made by the widget this is mixed into

    def _say(self, text: str | Callable[..., str], kind: str = "info") -> None:
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
        self._shown = 0

    def _clicked(self, index: int) -> None:
        """A tap on a button hidden since it was drawn (a double tap, a tap still on its way
        while the computers play) does nothing."""
        if index < self._shown:
            self._on_click(index)

    def show(self, labels: Sequence[str], colours: Sequence[str] = ()) -> None:
        self._shown = len(labels)
        while len(self.buttons) < len(labels):
            index = len(self.buttons)
            button = _button(own_look=True)
            button.add_class("ll-card-button")
            button.on_click(lambda _, index=index: self._clicked(index))
            self.buttons.append(button)
        for index, button in enumerate(self.buttons):
            visible = index < len(labels)
            if visible:
                button.description = button.tooltip = labels[index]
                button.style.text_color = colours[index]
            _shown(button, visible)
        if len(self.box.children) != len(self.buttons):
            self.box.children = tuple(self.buttons)


class _Confirm:
    """A question asked before a button destroys work ("Start a new match? The scores of this
    one will be lost."), with Yes and Cancel under it: nothing is lost until Yes. Cancel takes
    the keyboard's focus when asked, so Enter or Space on a stray press keeps everything."""

    def __init__(self, question: str, on_yes: Callable[[], None]) -> None:
        self._question, self._on_yes = question, on_yes
        self.text = _html()
        self.yes = _button()
        self.yes.button_style = "danger"
        self.no = _button()
        self.yes.on_click(lambda _: self._answer(True))
        self.no.on_click(lambda _: self._answer(False))
        self.box = widgets.VBox([self.text, _row([self.yes, self.no])])
        self.box.add_class("ll-confirm")
        _shown(self.box, False)
        self._lang = ""

    @property
    def asking(self) -> bool:
        return self.box.layout.display != "none"

    def relabel(self, lang: str) -> None:
        self._lang = lang
        self.yes.description = self.yes.tooltip = ui("confirm-yes", lang)
        self.no.description = self.no.tooltip = ui("confirm-cancel", lang)
        if self.asking:
            self.text.value = self._question_html()

    def _question_html(self) -> str:
        return str(render("widgets/confirm.html", question=ui(self._question, self._lang)))

    def ask(self) -> None:
        """Show the question (its words drawn anew, so that a screen reader says them)."""
        self.text.value = ""
        self.text.value = self._question_html()
        _shown(self.box, True)
        self.no.focus()

    def hide(self) -> None:
        _shown(self.box, False)

    def _answer(self, yes: bool) -> None:
        self.hide()
        if yes:
            self._on_yes()


def _named(parameter: Parameter[Any], choice: str, lang: str) -> str:
    """A choice as a menu names it: its catalog name, else the value itself."""
    label = parameter.label(choice)
    return choice if label is None else translate(label, lang)


class RulesMenus:
    """The rules as a reader picks them (a menu of profiles, a box per variant), built from
    ``game.PARAMETERS`` as every live player offers them; ``variants``: the ones offered."""

    def __init__(self, rules: Rules, variants: Sequence[str] = VARIANT_SET.choices) -> None:
        self.profile = widgets.Dropdown(options=PROFILE.options, value=rules.profile, layout=_auto())
        self.variants = {
            name: widgets.Checkbox(value=name in rules.variants, indent=False, layout=_auto()) for name in variants
        }
        self.label = _html()
        self.row = _row([self.label, *self.variants.values()], "ll-variants")

    def relabel(self, lang: str) -> None:
        self.profile.description = translate(PROFILE.title, lang)
        _relabel_options(self.profile, [(_named(PROFILE, name, lang), name) for name in PROFILE.options])
        for name, box in self.variants.items():
            box.description = _named(VARIANT_SET, name, lang)
            box.tooltip = translate(f"variant-effect.{name}", lang)
        self.label.value = _line_html("label", translate(VARIANT_SET.title, lang))

    def rules(self) -> Rules:
        """The rules ticked (a ``RulesError`` when the variants cannot be combined)."""
        return Rules.of(self.profile.value, [name for name, box in self.variants.items() if box.value])

    def show(self, rules: Rules) -> None:
        """Tick ``rules`` (the rules in force, after a choice was refused)."""
        self.profile.value = rules.profile
        for name, box in self.variants.items():
            box.value = name in rules.variants

    def observe(self, handler: Callable) -> None:
        """Call ``handler`` whenever a choice changes."""
        for menu in (self.profile, *self.variants.values()):
            menu.observe(handler, "value")


def refused_rules_text(error: RulesError, lang: str) -> str:
    """Why rules were refused, in ``lang``, for the message line."""
    return ui("rules-refused", lang, message=error_text(error, lang))
