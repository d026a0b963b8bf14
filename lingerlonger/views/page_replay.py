"""A replay for pages without a kernel: every frame pre-rendered, stepped by a little JS.

The published book has no Python behind it, so a replay is written out as its
frames (each a table and its narration, in inert ``<template>`` elements) with
buttons, a slider and autoplay driven by a short script (static/replay.js). Nothing
is fetched from elsewhere: the icons are inline SVG; the style and the script are
inlined, or, in the book, linked once per page from the site's own files, and the
frames moved to a file of the site fetched when the replay is near (book/_ext).

Every word the players and the app show is a catalog message ``ui.KEY`` (``ui()``), so
the static player carries its frames and its controls' words in all four languages and
switches between them with no kernel.

>>> from lingerlonger.scenario import load
>>> from lingerlonger.scenario.replay import replay
>>> from pathlib import Path
>>> run = replay(load(Path(__file__).parents[2] / "scenarios/06-last-card-saves.yaml")[0])
>>> page = replay_html(run)
>>> page.count("<template data-frame=") == len(run.frames), "http:" in page or "https:" in page
(True, False)
>>> '<option value="pt" lang="pt-PT">Português</option>' in page
True
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from lingerlonger.scenario import Ask, in_language, written_in
from lingerlonger.scenario.replay import Frame, Replay, answer_text
from lingerlonger.scenario.writer import dump_scenario
from lingerlonger.views.markdown import markdown_html
from lingerlonger.views.table_html import DEFAULT_STYLE, TABLE_CSS, TableStyle, minify_css, table_html
from lingerlonger.words.i18n import (
    DEFAULT_LANGUAGE,
    ENVIRONMENT_LANGUAGE,
    LANGUAGES,
    SOURCE_LANGUAGE,
    check_language,
    language_tag,
    template,
    translate,
    ui,
)

if TYPE_CHECKING:  # read, never imported: the model's scenario and view options
    from lingerlonger.session.stepping import ScenarioModel

__all__ = [
    "SPEEDS",
    "ICONS",
    "markdown_html",
    "frame_html",
    "quiz_html",
    "failures_html",
    "notice_html",
    "replay_html",
    "model_html",
    "gallery_html",
    "icon_svg",
    "hint_html",
]


#: Autoplay speeds: (``ui`` key, milliseconds per step); "normal" is the default.
SPEEDS = (("speed-slow", 2400), ("speed-normal", 1400), ("speed-fast", 700))

#: 16×16 icon paths; inline SVG, because the ⏮ and ⏭ glyphs are missing from many fonts.
#: A step is a chevron and Play a solid triangle: on a phone the bar shows icons only.
ICONS: Mapping[str, str] = MappingProxyType(
    {
        "first": "M1.5 2h2v12h-2zM9 2v12L3.5 8zM14.5 2v12L9 8z",
        "back": "M11 1.5 12.8 3.3 8.1 8l4.7 4.7-1.8 1.8L4.5 8z",
        "play": "M4 2v12l10-6z",
        "pause": "M3.5 2h3.2v12H3.5zM9.3 2h3.2v12H9.3z",
        "next": "M5 1.5 3.2 3.3 7.9 8l-4.7 4.7L5 14.5 11.5 8z",
        "last": "M14.5 2h-2v12h2zM7 2v12l5.5-6zM1.5 2v12L7 8z",
        "present": "M1 2h14v9H1zM2.5 3.5v6h11v-6zM7.2 11h1.6v2H11v1.5H5V13h2.2z",
    }
)


def icon_svg(name: str) -> str:
    """An icon drawn in the text colour; hidden from screen readers (the button has a label)."""
    return (
        f'<svg class="ll-icon ll-i-{name}" viewBox="0 0 16 16" width="16" height="16" '
        f'aria-hidden="true" focusable="false"><path d="{ICONS[name]}"/></svg>'
    )


def frame_html(
    frame: Frame,
    *,
    seat: int | None = None,
    show_legal: bool = True,
    style: TableStyle | None = None,
    quiz: bool = True,
    playable: bool = False,
) -> str:
    """One frame: the table, then the author's words, the engine's narration (in the style's
    language) and, with ``quiz``, the frame's questions with their answers behind a button."""
    style = style or DEFAULT_STYLE
    say = in_language(frame.say, style.lang)
    said = f'<div class="ll-say">{markdown_html(say)}</div>' if say else ""
    told = "".join(f"<li>{html.escape(line)}</li>" for line in frame.narration_in(style.lang))
    narration = f'<ul class="ll-narration">{told}</ul>' if told else ""
    table = table_html(
        frame.state,
        seat=seat,
        show_legal=show_legal,
        last_trick=frame.last_trick,
        options=style,
        include_css=False,
        playable=playable,
    )
    questions = "".join(quiz_html(ask, style.lang) for ask in frame.asks) if quiz else ""
    return f'{table}<div class="ll-words" aria-live="polite">{said}{narration}</div>{questions}'


def quiz_html(ask: Ask, lang: str = "en") -> str:
    """A question, its hint folded, and its answer hidden behind a reveal button."""
    say = lambda msg_id, **values: html.escape(translate(msg_id, lang, **values))  # noqa: E731
    ask = ask.in_language(lang)
    choices = f"<p>{say('quiz.choices', choices=' / '.join(ask.choices))}</p>" if ask.choices else ""
    why = f"<p>{html.escape(ask.wrong)}</p>" if ask.wrong else ""
    reveal = "this.hidden=true;this.nextElementSibling.hidden=false"
    return (
        f'<div class="ll-quiz"><p><strong>{say("quiz.question")}:</strong> '
        f'{html.escape(ask.question)}</p>{choices}{hint_html(ask, lang)}<button type="button" class="ll-reveal" '
        f'onclick="{reveal}">{say("quiz.reveal")}</button><div class="ll-answer" hidden>'
        f"<p>{say('quiz.answer', answer=answer_text(ask, lang))}</p>{why}</div></div>"
    )


def hint_html(ask: Ask, lang: str) -> str:
    """A question's hint, folded, offered before its answer (nothing when it has none)."""
    hint = in_language(ask.hint, lang)
    label = html.escape(translate("quiz.show-hint", lang))
    return (
        f'<details class="ll-hint"><summary class="ll-hint-toggle">{label}</summary>'
        f"<p>{html.escape(hint)}</p></details>"
        if hint
        else ""
    )


def failures_html(run: Replay, lang: str = DEFAULT_LANGUAGE) -> str:
    """Located failures, shown to the reader as a note, never as a traceback."""
    if run.ok:
        return ""
    items = "".join(f"<li><code>{html.escape(error.text(lang))}</code></li>" for error in run.failures)
    return (
        f'<div class="ll-failures" role="alert"><strong data-t="ui.failures">'
        f"{html.escape(ui('failures', lang))}</strong><ul>{items}</ul></div>"
    )


def notice_html(title: str, lines: Iterable[str] = (), *, role: str = "alert") -> str:
    """A friendly note (e.g. a scenario that cannot be loaded), each line as located text;
    ``role="status"`` for one that follows the reader's typing, read out without interrupting."""
    items = "".join(f"<li><code>{html.escape(line)}</code></li>" for line in lines)
    return (
        f'<div class="ll-failures" role="{role}"><strong>{html.escape(title)}</strong>'
        + (f"<ul>{items}</ul>" if items else "")
        + "</div>"
    )


def _element_id(run: Replay) -> str:
    """Stable across builds (same scenario, same id), distinct between replays on a page."""
    key = f"{run.scenario.where}|{run.scenario.title}|{run.scenario.index}"
    return "ll-replay-" + hashlib.sha1(key.encode()).hexdigest()[:10]


#: The words of the static player's controls, switched by its language picker.
_CONTROL_WORDS = (
    "language.tag",
    "ui.controls",
    "ui.first",
    "ui.back",
    "ui.play",
    "ui.pause",
    "ui.next",
    "ui.last",
    "ui.first-short",
    "ui.back-short",
    "ui.next-short",
    "ui.last-short",
    "ui.step",
    "ui.counter",
    "ui.speed",
    "ui.speed-slow",
    "ui.speed-normal",
    "ui.speed-fast",
    "ui.show-legal",
    "ui.what-if",
    "ui.live-only",
    "ui.failures",
    "player.language",
    "player.projector",
    "player.four-colour",
    "ui.present",
    "ui.present-short",
    "ui.options",
    "ui.live",
    "ui.live-starting",
    "ui.live-failed",
    "ui.what-if-help",
    "ui.live-legal-wait",
    "ui.branch-back",
    "ui.coach",
    "ui.coach-thinking",
    "ui.new-hand",
    "ui.save-lesson",
    "ui.share",
)


def button_name(short: str, full: str) -> str:
    """A button's accessible name: its full words, which must hold the word it shows
    (WCAG 2.5.3), e.g. "Next step" for "Next", but "Início: Primeiro passo" for "Início"."""
    return full if short.lower() in full.lower() else f"{short}: {full}"


def _button(go: str, lang: str, toggle: bool = False) -> str:
    label = html.escape(button_name(ui(go + "-short", lang), ui(go, lang)))
    pressed = ' aria-pressed="false"' if toggle else ""
    return (
        f'<button type="button" data-go="{go}"{pressed} data-t-label="ui.{go}" aria-label="{label}" '
        f'title="{label}">{icon_svg(go)}<span class="ll-word" data-t="ui.{go}-short">'
        f"{html.escape(ui(go + '-short', lang))}</span></button>"
    )


def packed(value: object) -> str:
    """What a page holds but does not show at first (frames in another language, the
    scenario for live mode) as base64 of gzipped JSON: a seventh of its size, no markup in
    it, unpacked by the page's script (``DecompressionStream``) when a reader asks."""
    return base64.b64encode(gzip.compress(json.dumps(value, ensure_ascii=False).encode(), mtime=0)).decode("ascii")


def _sheet_mark(scenario) -> str:
    """Where a site may link the lesson's printable sheet (book/_ext/site_assets.py)."""
    where = getattr(scenario.where, "path", None)
    if not where:
        return ""
    name = f"{Path(str(where)).stem}-{scenario.index}"
    return f'<p class="ll-sheet-link" data-sheet="{html.escape(name)}" hidden></p>'


def _controls_html(lang: str, start: int, last: int) -> str:
    """The bar under the table (it stays on screen while the replay is): step buttons, the
    slider and where we are, and the presenter view."""
    say = lambda key, **values: html.escape(ui(key, lang, **values))  # noqa: E731
    play = (
        f'<button type="button" data-go="play" aria-pressed="false" '
        f'data-play="{say("play")}" data-pause="{say("pause")}">'
        f'{icon_svg("play")}{icon_svg("pause")}<span class="ll-word">{say("play")}</span></button>'
    )
    buttons = {go: _button(go, lang) for go in ("first", "back", "next", "last")}
    return f"""
<div class="ll-controls" role="group" lang="{language_tag(lang)}" data-t-label="ui.controls" \
aria-label="{say("controls")}">
  <span class="ll-buttons">{buttons["first"]}{buttons["back"]}{play}{buttons["next"]}\
{buttons["last"]}</span>
  <span class="ll-where"><input type="range" min="0" max="{last}" value="{start}" step="1" \
data-t-label="ui.step" aria-label="{say("step")}">
  <span class="ll-counter" data-format="{html.escape(str(template("ui.counter", lang)))}">\
{say("counter", at=start, last=last)}</span></span>
  {_button("present", lang, toggle=True)}
</div>"""


def _options_html(lang: str, spoken: tuple[str, ...], style: TableStyle) -> str:
    """Folded under "Options": speed, legal cards, what-if, language, projector, four colours."""
    say = lambda key: html.escape(ui(key, lang))  # noqa: E731
    speeds = "".join(
        f'<option value="{ms}" data-t="ui.{key}"{" selected" if key == "speed-normal" else ""}>{say(key)}</option>'
        for key, ms in SPEEDS
    )
    picker = ""
    if len(spoken) > 1:
        options = "".join(
            f'<option value="{code}" lang="{language_tag(code)}"{" selected" if code == lang else ""}>'
            f"{html.escape(translate('language.name', code))}</option>"
            for code in spoken
        )
        picker = (
            f'<label><span data-t="player.language">{html.escape(translate("player.language", lang))}'
            f"</span> <select data-lang-picker>{options}</select></label>"
        )
    looks = "".join(
        f'<label><input type="checkbox" data-look="{css_class}"{" checked" * on}> '
        f'<span data-t="{msg_id}">{html.escape(translate(msg_id, lang))}</span></label>'
        for css_class, msg_id, on in (
            ("ll-large", "player.projector", style.large),
            ("ll-four-colour", "player.four-colour", style.four_colour),
        )
    )
    return f"""
<details class="ll-classroom" lang="{language_tag(lang)}"><summary data-t="ui.options">{say("options")}</summary>
  <div class="ll-options">{picker}{looks}
  <label><span data-t="ui.speed">{say("speed")}</span> <select data-speed>{speeds}</select></label>
  <label><input type="checkbox" data-legal> <span data-t="ui.show-legal">{say("show-legal")}</span></label></div>
</details>
<p class="ll-live-only" lang="{language_tag(lang)}" data-t-html="ui.live-only" hidden>{ui("live-only", lang)}</p>"""


def _live_html(lang: str, scenario) -> str:
    """ "Try it live": the scenario itself (the page's live mode sends it to the engine in the
    browser, lingerlonger/views/live_mode/endpoints.py) and the button that starts it; where no live mode is
    served (a notebook's copy), the button says where to try cards instead."""
    return (
        f'<div class="ll-live-bar" lang="{language_tag(lang)}"><button type="button" data-ll-action="live" '
        f'data-t="ui.live">{html.escape(ui("live", lang))}</button></div>'
        f'<script type="application/gzip" class="ll-source">{packed(dump_scenario(scenario))}</script>'
    )


def replay_html(
    run: Replay,
    *,
    seat: int | None = None,
    style: TableStyle | None = None,
    start: int = 0,
    include_css: bool = True,
    languages: Iterable[str] | None = None,
) -> str:
    """The whole static player for one replay, with its frames drawn in each of ``languages``.

    It opens in the style's language (by default the scenario's ``lang:``) at frame ``start``;
    the other languages' frames are packed (``packed``). A reader who picks another
    language gets it in every player of the page, and on later pages too (the choice is
    kept in the browser's local storage). By default every language, except on a page that
    names its own (``LINGERLONGER_LANG``: each language's book, whose header menu switches
    the whole page): one language per screen, and no menu of the player's own.
    """
    scenario = run.scenario
    style = style or TableStyle.of(ENVIRONMENT_LANGUAGE or scenario.lang or SOURCE_LANGUAGE)
    lang = style.lang
    if languages is None:
        languages = () if ENVIRONMENT_LANGUAGE else LANGUAGES
    spoken = tuple(dict.fromkeys((lang, *map(check_language, languages))))
    element = _element_id(run) + ("" if seat is None else f"-{seat}")
    drawn = lambda in_style: [frame_html(frame, seat=seat, style=in_style) for frame in run.frames]  # noqa: E731
    frames = "".join(
        f'<template data-frame="{frame.index}" data-lang="{lang}">{markup}</template>'
        for frame, markup in zip(run.frames, drawn(style), strict=True)
    )
    frames += "".join(
        f'<script type="application/gzip" data-lang="{code}">{packed(drawn(style.speaking(code)))}</script>'
        for code in spoken[1:]
    )
    last = len(run.frames) - 1
    start = max(0, min(last, start))
    words = {code: {key: template(key, code) for key in _CONTROL_WORDS} for code in spoken}
    controls = _controls_html(lang, start, last) + _live_html(lang, scenario) + _options_html(lang, spoken, style)
    words_json = json.dumps(words, ensure_ascii=False).replace("</", "<\\/")
    own = scenario.lang or SOURCE_LANGUAGE
    return f"""<div class="ll-replay" id="{element}" data-frames="{last + 1}" data-start="{start}" \
data-lang="{lang}">
<h3 class="ll-replay-title" lang="{language_tag(written_in(scenario.title, lang, own))}">\
{html.escape(in_language(scenario.title, lang))}</h3>
<div class="ll-summary" lang="{language_tag(written_in(scenario.summary, lang, own))}">\
{markdown_html(in_language(scenario.summary, lang))}</div>
{failures_html(run, lang)}{_sheet_mark(scenario)}{LAZY_START}
<div class="ll-stage" lang="{language_tag(lang)}" tabindex="-1"></div>{controls}
<script type="application/json" class="ll-catalog">{words_json}</script>
{frames}{LAZY_END}
</div>
{replay_assets() if include_css else ""}"""


def model_html(model: ScenarioModel, *, style: TableStyle | None = None) -> str:
    """The static player of a live player's scenario: the same model's line, seat and view
    options (``style``, when given, for its look and words), from the first frame on as the
    book's page opens. No widget is built."""
    style = style or TableStyle.of(model.lang, large=model.large, four_colour=model.four_colour)
    return replay_html(model.run, seat=model.seat, style=style, start=0)


def gallery_html(runs: Iterable[Replay], *, style: TableStyle | None = None) -> str:
    """Several replays, compactly: each folded under its title, the style sheet written once."""
    lang = style.lang if style else ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    players = "".join(
        f'<details class="ll-gallery-item"><summary>'
        f"{html.escape(in_language(run.scenario.title, lang))}</summary>"
        f"{replay_html(run, style=style, include_css=False)}</details>"
        for run in runs
    )
    return f'<div class="ll-gallery">{players}</div>{replay_assets()}'


_STATIC = Path(__file__).parent / "static"
#: The player's style and script: files, linked once by the book's pages (book/_ext) and
#: inlined by ``replay_html(include_css=True)`` for a page of its own or a notebook.
REPLAY_CSS = minify_css((_STATIC / "replay.css").read_text(encoding="utf-8"))
REPLAY_JS = (_STATIC / "replay.js").read_text(encoding="utf-8")
#: Marks what a page may move to a file of its own and fetch when the replay is opened or
#: scrolled near (book/_ext/site_assets.py): the controls, the frames and their words.
LAZY_START, LAZY_END = "<!--ll-lazy-->", "<!--/ll-lazy-->"


def replay_assets() -> str:
    """The player's style and script, inline: ``data-ll-asset`` lets a page that links
    the files instead (the book) drop these copies."""
    return (
        f'<style data-ll-asset="replay.css">{TABLE_CSS}{REPLAY_CSS}</style>'
        f'<script data-ll-asset="replay.js">{REPLAY_JS}</script>'
    )
