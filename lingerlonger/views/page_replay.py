"""A replay for pages without a kernel: every frame pre-rendered, stepped by a little JS.

The published book has no Python behind it, so a replay is written out as its
frames (each a table and its narration, in inert ``<template>`` elements) with
buttons, a slider and autoplay driven by a short script (static/replay/replay.js). Nothing
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
from lingerlonger.views.templating import Markup, render
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


def icon_svg(name: str) -> Markup:
    """An icon drawn in the text colour; hidden from screen readers (the button has a label)."""
    return render("replay/icon.html", name=name, path=ICONS[name])


def frame_html(
    frame: Frame,
    *,
    seat: int | None = None,
    show_legal: bool = True,
    style: TableStyle | None = None,
    quiz: bool = True,
    playable: bool = False,
) -> Markup:
    """One frame: the table, then the author's words, the engine's narration (in the style's
    language) and, with ``quiz``, the frame's questions with their answers behind a button."""
    style = style or DEFAULT_STYLE
    table = table_html(
        frame.state,
        seat=seat,
        show_legal=show_legal,
        last_trick=frame.last_trick,
        options=style,
        include_css=False,
        playable=playable,
    )
    return render(
        "replay/frame.html",
        table=table,
        say=Markup(markdown_html(in_language(frame.say, style.lang))),
        told=frame.narration_in(style.lang),
        questions=Markup().join(quiz_html(ask, style.lang) for ask in frame.asks) if quiz else "",
    )


def quiz_html(ask: Ask, lang: str = "en") -> Markup:
    """A question, its hint folded, and its answer hidden behind a reveal button."""
    ask = ask.in_language(lang)
    return render(
        "replay/quiz.html",
        ask=ask,
        choices=translate("quiz.choices", lang, choices=" / ".join(ask.choices)) if ask.choices else "",
        hint_text=in_language(ask.hint, lang),
        answer=translate("quiz.answer", lang, answer=answer_text(ask, lang)),
        words={key: translate(f"quiz.{key}", lang) for key in ("question", "reveal")}
        | {"hint": translate("quiz.show-hint", lang)},
    )


def failures_html(run: Replay, lang: str = DEFAULT_LANGUAGE) -> Markup:
    """Located failures, shown to the reader as a note, never as a traceback."""
    if run.ok:
        return Markup()
    lines = [error.text(lang) for error in run.failures]
    return render("replay/notice.html", title=ui("failures", lang), lines=lines, role="alert", title_key="ui.failures")


def notice_html(title: str, lines: Iterable[str] = (), *, role: str = "alert") -> Markup:
    """A friendly note (e.g. a scenario that cannot be loaded), each line as located text;
    ``role="status"`` for one that follows the reader's typing, read out without interrupting."""
    return render("replay/notice.html", title=title, lines=list(lines), role=role, title_key="")


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
    "ui.keys-on",
    "ui.keys-help",
    "ui.table-focus",
    # a card's name in words, for what the table says aloud (table-voice.js)
    "card",
    *(f"rank.{rank}" for rank in range(2, 15)),
    *(f"suit-of.{suit}" for suit in ("spades", "hearts", "diamonds", "clubs")),
    *(f"suit.{suit}" for suit in ("spades", "hearts", "diamonds", "clubs")),  # a suit alone: "follow diamonds"
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
    "ui.same-as-line",
    "ui.branch-back",
    "ui.coach",
    "ui.coach-thinking",
    "ui.new-hand",
    "ui.save-lesson",
    "ui.share",
    "ui.review",
    "ui.review-progress",
)


def button_name(short: str, full: str) -> str:
    """A button's accessible name: its full words, which must hold the word it shows
    (WCAG 2.5.3), e.g. "Next step" for "Next", but "Início: Primeiro passo" for "Início"."""
    return full if short.lower() in full.lower() else f"{short}: {full}"


def packed(value: object) -> str:
    """What a page holds but does not show at first (frames in another language, the
    scenario for live mode) as base64 of gzipped JSON: a seventh of its size, no markup in
    it, unpacked by the page's script (``DecompressionStream``) when a reader asks."""
    return base64.b64encode(gzip.compress(json.dumps(value, ensure_ascii=False).encode(), mtime=0)).decode("ascii")


def _sheet_mark(scenario) -> Markup:
    """Where a site may link the lesson's printable sheet (book/_ext/site_assets.py)."""
    where = getattr(scenario.where, "path", None)
    if not where:
        return Markup()
    return render("replay/sheet_mark.html", name=f"{Path(str(where)).stem}-{scenario.index}")


def _controls_words(lang: str, start: int, last: int) -> dict[str, object]:
    """The words of the bar under the table (step buttons, the slider, where we are, the
    presenter view), of "Try it live" and of the options folded under it."""
    words: dict[str, object] = {
        key.replace("-", "_"): ui(key, lang)
        for key in (
            "controls",
            "play",
            "pause",
            "step",
            "live",
            "options",
            "speed",
            "show-legal",
            "keys-on",
            "table-focus",
        )
    }
    return words | {
        "counter": ui("counter", lang, at=start, last=last),
        "counter_format": template("ui.counter", lang),
        "buttons": {
            go: {"name": button_name(ui(go + "-short", lang), ui(go, lang)), "short": ui(go + "-short", lang)}
            for go in ("first", "back", "next", "last", "present")
        },
        "language": translate("player.language", lang),
        "live_only": Markup(ui("live-only", lang)),  # the catalog's own markup (a link)
    }


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
    last = len(run.frames) - 1
    start = max(0, min(last, start))
    words = {code: {key: template(key, code) for key in _CONTROL_WORDS} for code in spoken}
    own = scenario.lang or SOURCE_LANGUAGE
    return render(
        "replay/replay.html",
        element=element,
        lang=lang,
        tag=language_tag(lang),
        start=start,
        last=last,
        title=in_language(scenario.title, lang),
        title_lang=language_tag(written_in(scenario.title, lang, own)),
        summary=Markup(markdown_html(in_language(scenario.summary, lang))),
        summary_lang=language_tag(written_in(scenario.summary, lang, own)),
        failures=failures_html(run, lang),
        sheet_mark=_sheet_mark(scenario),
        lazy_start=Markup(LAZY_START),
        lazy_end=Markup(LAZY_END),
        words=_controls_words(lang, start, last),
        icons=ICONS,
        source=packed(dump_scenario(scenario)),
        languages=[(code, language_tag(code), translate("language.name", code)) for code in spoken],
        looks=[
            (css_class, msg_id, on, translate(msg_id, lang))
            for css_class, msg_id, on in (
                ("ll-large", "player.projector", style.large),
                ("ll-four-colour", "player.four-colour", style.four_colour),
            )
        ],
        speeds=[(key, ms, ui(key, lang)) for key, ms in SPEEDS],
        # JSON in a <script>: no "</" in it may close the element early
        catalog=Markup(json.dumps(words, ensure_ascii=False).replace("</", "<\\/")),
        frames=[(frame.index, markup) for frame, markup in zip(run.frames, drawn(style), strict=True)],
        packed_frames=[(code, packed(drawn(style.speaking(code)))) for code in spoken[1:]],
        assets=replay_assets() if include_css else "",
    )


def model_html(model: ScenarioModel, *, style: TableStyle | None = None) -> str:
    """The static player of a live player's scenario: the same model's line, seat and view
    options (``style``, when given, for its look and words), from the first frame on as the
    book's page opens. No widget is built."""
    style = style or TableStyle.of(model.lang, large=model.large, four_colour=model.four_colour)
    return replay_html(model.run, seat=model.seat, style=style, start=0)


def gallery_html(runs: Iterable[Replay], *, style: TableStyle | None = None) -> Markup:
    """Several replays, compactly: each folded under its title, the style sheet written once."""
    lang = style.lang if style else ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    players = [
        (in_language(run.scenario.title, lang), replay_html(run, style=style, include_css=False)) for run in runs
    ]
    return render("replay/gallery.html", players=players, assets=replay_assets())


_STATIC = Path(__file__).parent / "static"
#: The player's style and script: files, linked once by the book's pages (book/_ext) and
#: inlined by ``replay_html(include_css=True)`` for a page of its own or a notebook.
REPLAY_CSS = minify_css((_STATIC / "replay" / "replay.css").read_text(encoding="utf-8"))
REPLAY_JS = "\n".join(
    (_STATIC / name).read_text(encoding="utf-8") for name in ("shared/table-voice.js", "replay/replay.js")
)
#: Marks what a page may move to a file of its own and fetch when the replay is opened or
#: scrolled near (book/_ext/site_assets.py): the controls, the frames and their words.
LAZY_START, LAZY_END = "<!--ll-lazy-->", "<!--/ll-lazy-->"


def replay_assets() -> Markup:
    """The player's style and script, inline: ``data-ll-asset`` lets a page that links
    the files instead (the book) drop these copies."""
    return render("replay/assets.html", css=Markup(TABLE_CSS + REPLAY_CSS), js=Markup(REPLAY_JS))
