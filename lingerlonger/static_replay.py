"""A replay for pages without a kernel: every frame pre-rendered, stepped by a little JS.

The published book has no Python behind it, so a replay is written out as its
frames (each a table and its narration, in inert ``<template>`` elements) with
buttons, a slider and autoplay driven by a short script inlined in the page.
Nothing is fetched from anywhere: the icons are inline SVG, the style and the
script are in the page, so it works with the network cut.

Every word the players and the app show is a catalog message ``ui.KEY`` (``ui()``), so
the static player carries its frames and its controls' words in all four languages and
switches between them with no kernel.

>>> from lingerlonger.scenario import load
>>> from lingerlonger.replay import replay
>>> from pathlib import Path
>>> run = replay(load(Path(__file__).parents[1] / "scenarios/06-last-card-saves.yaml")[0])
>>> page = replay_html(run)
>>> page.count("<template data-frame=") == len(run.frames), "http:" in page or "https:" in page
(True, False)
>>> '<option value="pt" lang="pt">Português</option>' in page
True
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import html
import json
from types import MappingProxyType
from typing import Iterable, Mapping

from markdown_it import MarkdownIt

from .i18n import (DEFAULT_LANGUAGE, ENVIRONMENT_LANGUAGE, LANGUAGES, SOURCE_LANGUAGE, check_language,
                   template, translate)
from .limits import MAX_TEXT_CHARS
from .render import DEFAULT_STYLE, TABLE_CSS, TableStyle, table_html
from .replay import Frame, Replay, answer_text
from .scenario import Ask, in_language, written_in

__all__ = ["ui", "SPEEDS", "ICONS", "markdown_html", "frame_html", "quiz_html", "failures_html", "notice_html",
           "replay_html", "gallery_html", "icon_svg"]

#: Authors' text never injects markup. The reference rule (``[a]: url`` definitions) is off:
#: in markdown-it-py 3 its cost grows with the square of the text. With it off and a text
#: at most ``limits.MAX_TEXT_CHARS`` long, a text renders in bounded time and memory.
_MARKDOWN = MarkdownIt("commonmark", {"html": False}).disable("reference")

def ui(key: str, lang: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The players' and the app's label ``key`` in ``lang`` (catalog id ``ui.KEY``)."""
    return translate(f"ui.{key}", lang, **values)


#: Autoplay speeds: (``ui`` key, milliseconds per step); "normal" is the default.
SPEEDS = (("speed-slow", 2400), ("speed-normal", 1400), ("speed-fast", 700))

#: 16×16 icon paths; inline SVG, because the ⏮ and ⏭ glyphs are missing from many fonts.
ICONS: Mapping[str, str] = MappingProxyType({
    "first": "M2.5 2h2v12h-2zM14 2v12L5.5 8z",
    "back": "M12.5 2v12L3.5 8z",
    "play": "M4 2v12l10-6z",
    "pause": "M3.5 2h3.2v12H3.5zM9.3 2h3.2v12H9.3z",
    "next": "M3.5 2v12l9-6z",
    "last": "M2 2v12l8.5-6zM11.5 2h2v12h-2z",
})


def icon_svg(name: str) -> str:
    """An icon drawn in the text colour; hidden from screen readers (the button has a label)."""
    return (f'<svg class="ll-icon ll-i-{name}" viewBox="0 0 16 16" width="16" height="16" '
            f'aria-hidden="true" focusable="false"><path d="{ICONS[name]}"/></svg>')


def markdown_html(text: str | None) -> str:
    """An author's Markdown (``summary:``, ``say:``) as HTML, raw HTML escaped; a text longer
    than the loader allows (made in Python, not read from a file) is cut to that length."""
    return _MARKDOWN.render(text[:MAX_TEXT_CHARS]) if text else ""


def frame_html(frame: Frame, *, seat: int | None = None, show_legal: bool = True,
               style: TableStyle | None = None, quiz: bool = True) -> str:
    """One frame: the table, then the author's words, the engine's narration (in the style's
    language) and, with ``quiz``, the frame's questions with their answers behind a button."""
    style = style or DEFAULT_STYLE
    say = in_language(frame.say, style.lang)
    said = f'<div class="ll-say">{markdown_html(say)}</div>' if say else ""
    told = "".join(f"<li>{html.escape(line)}</li>" for line in frame.narration_in(style.lang))
    narration = f'<ul class="ll-narration">{told}</ul>' if told else ""
    table = table_html(frame.state, seat=seat, show_legal=show_legal, last_trick=frame.last_trick,
                       options=style, include_css=False)
    questions = "".join(quiz_html(ask, style.lang) for ask in frame.asks) if quiz else ""
    return f'{table}<div class="ll-words" aria-live="polite">{said}{narration}</div>{questions}'


def quiz_html(ask: Ask, lang: str = "en") -> str:
    """A question with its answer (and hint) hidden behind a reveal button."""
    say = lambda msg_id, **values: html.escape(translate(msg_id, lang, **values))  # noqa: E731
    ask = ask.in_language(lang)
    choices = (f"<p>{say('quiz.choices', choices=' / '.join(ask.choices))}</p>"
               if ask.choices else "")
    why = f"<p>{html.escape(ask.wrong)}</p>" if ask.wrong else ""
    hint = f"<p>{say('quiz.hint', hint=ask.hint)}</p>" if ask.hint else ""
    reveal = "this.hidden=true;this.nextElementSibling.hidden=false"
    return (f'<div class="ll-quiz"><p><strong>{say("quiz.question")}:</strong> '
            f'{html.escape(ask.question)}</p>{choices}<button type="button" class="ll-reveal" '
            f'onclick="{reveal}">{say("quiz.reveal")}</button><div class="ll-answer" hidden>'
            f'<p>{say("quiz.answer", answer=answer_text(ask, lang))}</p>{why}{hint}</div></div>')


def failures_html(run: Replay, lang: str = DEFAULT_LANGUAGE) -> str:
    """Located failures, shown to the reader as a note, never as a traceback."""
    if run.ok:
        return ""
    items = "".join(f"<li><code>{html.escape(error.text(lang))}</code></li>" for error in run.failures)
    return (f'<div class="ll-failures" role="alert"><strong data-t="ui.failures">'
            f'{html.escape(ui("failures", lang))}</strong><ul>{items}</ul></div>')


def notice_html(title: str, lines: Iterable[str] = ()) -> str:
    """A friendly note (e.g. a scenario that cannot be loaded), each line as located text."""
    items = "".join(f"<li><code>{html.escape(line)}</code></li>" for line in lines)
    return (f'<div class="ll-failures" role="alert"><strong>{html.escape(title)}</strong>'
            + (f"<ul>{items}</ul>" if items else "") + "</div>")


def _element_id(run: Replay) -> str:
    """Stable across builds (same scenario, same id), distinct between replays on a page."""
    key = f"{run.scenario.where}|{run.scenario.title}|{run.scenario.index}"
    return "ll-replay-" + hashlib.sha1(key.encode()).hexdigest()[:10]


#: The words of the static player's controls, switched by its language picker.
_CONTROL_WORDS = ("ui.controls", "ui.first", "ui.back", "ui.play", "ui.pause", "ui.next", "ui.last",
                  "ui.first-short", "ui.back-short", "ui.next-short", "ui.last-short", "ui.step",
                  "ui.counter", "ui.speed", "ui.speed-slow", "ui.speed-normal", "ui.speed-fast",
                  "ui.show-legal", "ui.what-if", "ui.live-only", "ui.failures", "player.language",
                  "player.projector", "player.four-colour")


def _button(go: str, lang: str) -> str:
    label = html.escape(ui(go, lang))
    return (f'<button type="button" data-go="{go}" data-t-label="ui.{go}" aria-label="{label}" '
            f'title="{label}">{icon_svg(go)}<span class="ll-word" data-t="ui.{go}-short">'
            f'{html.escape(ui(go + "-short", lang))}</span></button>')


def packed_frames(frames: list[str]) -> str:
    """Frames in a language not shown first, as base64 of gzipped JSON: a seventh of their
    size, unpacked by the page's script (``DecompressionStream``) when a reader asks."""
    return base64.b64encode(gzip.compress(json.dumps(frames, ensure_ascii=False).encode(),
                                          mtime=0)).decode("ascii")


def replay_html(run: Replay, *, seat: int | None = None, style: TableStyle | None = None,
                start: int = 0, include_css: bool = True,
                languages: Iterable[str] = LANGUAGES) -> str:
    """The whole static player for one replay, with its frames drawn in each of ``languages``.

    It opens in the style's language (by default the scenario's ``lang:``) at frame ``start``;
    the other languages' frames are packed (``packed_frames``). A reader who picks another
    language gets it in every player of the page, and on later pages too (the choice is
    kept in the browser's local storage).
    """
    scenario = run.scenario
    style = style or TableStyle.of(ENVIRONMENT_LANGUAGE or scenario.lang or SOURCE_LANGUAGE)
    lang = style.lang
    spoken = tuple(dict.fromkeys((lang, *map(check_language, languages))))
    element = _element_id(run) + ("" if seat is None else f"-{seat}")
    drawn = lambda in_style: [frame_html(frame, seat=seat, style=in_style) for frame in run.frames]  # noqa: E731
    frames = "".join(f'<template data-frame="{frame.index}" data-lang="{lang}">{markup}</template>'
                     for frame, markup in zip(run.frames, drawn(style)))
    frames += "".join(f'<script type="application/gzip" data-lang="{code}">'
                      f"{packed_frames(drawn(style.speaking(code)))}</script>" for code in spoken[1:])
    last = len(run.frames) - 1
    start = max(0, min(last, start))
    say = lambda key, **values: html.escape(ui(key, lang, **values))  # noqa: E731
    speeds = "".join(f'<option value="{ms}" data-t="ui.{key}"{" selected" if key == "speed-normal" else ""}>'
                     f"{say(key)}</option>" for key, ms in SPEEDS)
    play = (f'<button type="button" data-go="play" aria-pressed="false" '
            f'data-play="{say("play")}" data-pause="{say("pause")}">'
            f'{icon_svg("play")}{icon_svg("pause")}<span>{say("play")}</span></button>')
    buttons = {go: _button(go, lang) for go in ("first", "back", "next", "last")}
    picker = ""
    if len(spoken) > 1:
        options = "".join(f'<option value="{code}" lang="{code}"{" selected" if code == lang else ""}>'
                          f'{html.escape(translate("language.name", code))}</option>'
                          for code in spoken)
        picker = (f'<label><span data-t="player.language">{html.escape(translate("player.language", lang))}'
                  f"</span> <select data-lang-picker>{options}</select></label>")
    words = {code: {key: template(key, code) for key in _CONTROL_WORDS} for code in spoken}
    looks = "".join(
        f'<label><input type="checkbox" data-look="{css_class}"{" checked" * on}> '
        f'<span data-t="{msg_id}">{html.escape(translate(msg_id, lang))}</span></label>'
        for css_class, msg_id, on in (("ll-large", "player.projector", style.large),
                                      ("ll-four-colour", "player.four-colour", style.four_colour)))
    controls = f"""
<div class="ll-controls" role="group" lang="{lang}" data-t-label="ui.controls" \
aria-label="{say('controls')}">
  <span class="ll-buttons">{buttons["first"]}{buttons["back"]}{play}{buttons["next"]}\
{buttons["last"]}</span>
  <input type="range" min="0" max="{last}" value="{start}" step="1" data-t-label="ui.step" \
aria-label="{say('step')}">
  <span class="ll-counter" data-format="{html.escape(template('ui.counter', lang))}">\
{say('counter', at=start, last=last)}</span>
  <label><span data-t="ui.speed">{say('speed')}</span> <select data-speed>{speeds}</select></label>
  <label><input type="checkbox" data-legal> <span data-t="ui.show-legal">{say('show-legal')}</span></label>
  <button type="button" data-go="whatif" data-t="ui.what-if">{say('what-if')}</button>
</div>
<div class="ll-controls ll-classroom" lang="{lang}">
  {picker}{looks}
</div>
<p class="ll-live-only" lang="{lang}" data-t-html="ui.live-only" hidden>{ui('live-only', lang)}</p>"""
    css = f"<style>{TABLE_CSS}{REPLAY_CSS}</style>" if include_css else ""
    own = scenario.lang or SOURCE_LANGUAGE
    return f"""<div class="ll-replay" id="{element}" data-frames="{last + 1}" data-start="{start}" \
data-lang="{lang}" data-words="{html.escape(json.dumps(words, ensure_ascii=False))}">
<h3 class="ll-replay-title" lang="{written_in(scenario.title, lang, own)}">\
{html.escape(in_language(scenario.title, lang))}</h3>
<div class="ll-summary" lang="{written_in(scenario.summary, lang, own)}">\
{markdown_html(in_language(scenario.summary, lang))}</div>
{failures_html(run, lang)}{controls}
<div class="ll-stage" lang="{lang}"></div>
{frames}
</div>
{css}<script>{REPLAY_JS}
window.llReplay(document.getElementById({json.dumps(element)}));</script>"""


def gallery_html(runs: Iterable[Replay], *, style: TableStyle | None = None) -> str:
    """Several replays, compactly: each folded under its title, the style sheet written once."""
    lang = style.lang if style else ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
    players = "".join(f'<details class="ll-gallery-item"><summary>'
                      f'{html.escape(in_language(run.scenario.title, lang))}</summary>'
                      f"{replay_html(run, style=style, include_css=False)}</details>"
                      for run in runs)
    return f'<div class="ll-gallery">{players}</div><style>{TABLE_CSS}{REPLAY_CSS}</style>'


REPLAY_CSS = """
.ll-replay{border:1px solid #d0d7de;border-radius:10px;padding:.6rem;margin:1rem 0;background:#fff;
  color:#1f2328}
.ll-replay-title{margin:.2rem 0 .4rem;font-size:1.1rem}
.ll-controls{display:flex;flex-wrap:wrap;gap:.35rem .6rem;align-items:center;margin:.4rem 0}
.ll-buttons{display:inline-flex;gap:.3rem}
.ll-controls button{min-width:2.6rem;min-height:2.4rem;border:1px solid #8c959f;border-radius:6px;
  background:#f6f8fa;color:#1f2328;cursor:pointer;font-size:1rem;display:inline-flex;
  align-items:center;justify-content:center;gap:.3rem;padding:0 .5rem}
.ll-controls button:hover{background:#eaeef2}
.ll-controls button:disabled{opacity:.45;cursor:default}
.ll-icon{width:1em;height:1em;fill:currentColor;flex:none}
.ll-replay .ll-i-pause,.ll-replay.ll-playing .ll-i-play{display:none}
.ll-replay.ll-playing .ll-i-pause{display:inline}
.ll-controls button:focus-visible,.ll-controls input:focus-visible{outline:3px solid #0969da}
.ll-controls input[type=range]{flex:1 1 8rem;min-width:6rem}
.ll-counter{font-variant-numeric:tabular-nums;min-width:6.5rem}
.ll-words{margin-top:.5rem;font-size:1.05rem}
.ll-say{background:#fff8c5;border-left:4px solid #d4a72c;padding:.2rem .6rem;border-radius:4px}
.ll-say p{margin:.3rem 0}
.ll-narration{margin:.3rem 0;padding-left:1.2rem}
.ll-quiz{margin:.4rem 0;padding:.3rem .6rem;background:#fff8c5;border-left:4px solid #d4a72c;color:#1f2328}
.ll-quiz p{margin:.2rem 0}
.ll-reveal{font:inherit;cursor:pointer;padding:.15rem .6rem;border:1px solid #8c959f;border-radius:6px;background:#f6f8fa;color:#1f2328}
.ll-failures{background:#ffebe9;border:1px solid #cf222e;border-radius:6px;padding:.4rem .6rem;
  color:#1f2328}
.ll-failures code{white-space:pre-wrap}
.ll-live-only{background:#ddf4ff;border:1px solid #54aeff;border-radius:6px;padding:.4rem .6rem}
.ll-replay:not(.ll-show-legal) .ll-card.ll-legal{transform:none;outline:none}
@media (max-width:30rem){.ll-replay .ll-word{display:none}.ll-buttons{flex-wrap:wrap}}
.ll-gallery-item>summary{cursor:pointer;font-weight:600;padding:.3rem 0}
.ll-projector .ll-words,.ll-projector .ll-quiz,.ll-projector .ll-quiz-feedback{font-size:1.5rem}
"""

# One definition per page, one call per replay; kept small and dependency-free.
REPLAY_JS = """
window.llReplay = window.llReplay || function (root) {
  var stage = root.querySelector('.ll-stage');
  var frames = root.querySelectorAll('template[data-frame]');
  var byLang = {};
  byLang[root.dataset.lang] = frames;
  var words = JSON.parse(root.dataset.words);
  var slider = root.querySelector('input[type=range]');
  var counter = root.querySelector('.ll-counter');
  var play = root.querySelector('[data-go=play]');
  var playText = play.querySelector('span');
  var speed = root.querySelector('select[data-speed]');
  var picker = root.querySelector('select[data-lang-picker]');
  var timer = null, at = -1, last = frames.length - 1;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === at) return;
    at = i;
    stage.replaceChildren(frames[i].content.cloneNode(true));
    slider.value = i;
    counter.textContent = counter.dataset.format.replace('{at}', i).replace('{last}', last);
    dress();
    first.disabled = back.disabled = i === 0;
    next.disabled = end.disabled = i === last;
    if (i === last) stop();
  }
  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    root.classList.remove('ll-playing');
    playText.textContent = play.dataset.play; play.setAttribute('aria-pressed', 'false');
  }
  function start() {
    if (at === last) show(0);
    timer = setInterval(function () { show(at + 1); }, +speed.value);
    root.classList.add('ll-playing');
    playText.textContent = play.dataset.pause; play.setAttribute('aria-pressed', 'true');
  }
  function unpack(lang, then) {
    if (byLang[lang]) return then(byLang[lang]);
    var packed = root.querySelector('script[data-lang="' + lang + '"]');
    if (!packed || !window.DecompressionStream) return;
    var bytes = Uint8Array.from(atob(packed.textContent), function (c) { return c.charCodeAt(0); });
    var text = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
    new Response(text).text().then(function (json) {
      byLang[lang] = JSON.parse(json).map(function (markup) {
        var frame = document.createElement('template');
        frame.innerHTML = markup;
        return frame;
      });
      then(byLang[lang]);
    });
  }
  var looks = root.querySelectorAll('input[data-look]');
  function dress() {  // the projector's large cards and words, the four-colour deck
    var table = stage.querySelector('.ll-table');
    looks.forEach(function (box) { if (table) table.classList.toggle(box.dataset.look, box.checked); });
    root.classList.toggle('ll-projector', looks[0].checked);
  }
  looks.forEach(function (box) {
    box.onchange = function () {
      try { localStorage.setItem(box.dataset.look, box.checked ? '1' : ''); } catch (e) { /* blocked */ }
      document.dispatchEvent(new CustomEvent('ll-look', {detail: [box.dataset.look, box.checked]}));
    };
  });
  document.addEventListener('ll-look', function (e) {
    looks.forEach(function (box) { if (box.dataset.look === e.detail[0]) box.checked = e.detail[1]; });
    dress();
  });
  var wanted = root.dataset.lang;
  function speak(lang) {
    if (!words[lang]) return;
    wanted = lang;  // a later pick wins over an earlier one still unpacking
    unpack(lang, function (unpacked) { if (wanted === lang && unpacked !== frames) relabel(lang, unpacked); });
  }
  function relabel(lang, unpacked) {
    var said = words[lang], shown = at;
    frames = unpacked;
    root.querySelectorAll('[data-t]').forEach(function (el) { el.textContent = said[el.dataset.t]; });
    root.querySelectorAll('[data-t-html]').forEach(function (el) { el.innerHTML = said[el.dataset.tHtml]; });
    root.querySelectorAll('[data-t-label]').forEach(function (el) {
      el.setAttribute('aria-label', said[el.dataset.tLabel]);
      if (el.title) el.title = said[el.dataset.tLabel];
    });
    root.querySelectorAll('[lang]:not(option):not(h3):not(.ll-summary)').forEach(function (el) {
      el.lang = lang;
    });
    counter.dataset.format = said['ui.counter'];
    play.dataset.play = said['ui.play']; play.dataset.pause = said['ui.pause'];
    playText.textContent = timer ? play.dataset.pause : play.dataset.play;
    if (picker) picker.value = lang;
    at = -1; show(shown);
  }
  function go(name, step) {
    var button = root.querySelector('[data-go=' + name + ']');
    button.onclick = function () { stop(); show(step()); };
    return button;
  }
  var first = go('first', function () { return 0; });
  var back = go('back', function () { return at - 1; });
  var next = go('next', function () { return at + 1; });
  var end = go('last', function () { return last; });
  play.onclick = function () { timer ? stop() : start(); };
  speed.onchange = function () { if (timer) { stop(); start(); } };
  slider.oninput = function () { stop(); show(+slider.value); };
  root.querySelector('[data-legal]').onchange = function (e) {
    root.classList.toggle('ll-show-legal', e.target.checked);
  };
  root.querySelector('[data-go=whatif]').onclick = function () {
    root.querySelector('.ll-live-only').hidden = false;
  };
  root.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'SELECT' || e.target.type === 'range') return;
    if (e.key === 'ArrowRight') { stop(); show(at + 1); e.preventDefault(); }
    if (e.key === 'ArrowLeft') { stop(); show(at - 1); e.preventDefault(); }
  });
  // A pick is kept per site language: the Portuguese book's replays open in Portuguese.
  var langKey = 'll-lang:' + (document.documentElement.lang || 'en');
  if (picker && !window.DecompressionStream) picker.parentNode.hidden = true;
  if (picker) picker.onchange = function () {
    try { localStorage.setItem(langKey, picker.value); } catch (e) { /* storage blocked */ }
    document.dispatchEvent(new CustomEvent('ll-lang', {detail: picker.value}));
  };
  document.addEventListener('ll-lang', function (e) { speak(e.detail); });
  try {
    looks.forEach(function (box) {
      var kept = localStorage.getItem(box.dataset.look);
      if (kept !== null) box.checked = kept === '1';
    });
  } catch (e) { /* storage blocked */ }
  show(+root.dataset.start || 0);
  try { speak(localStorage.getItem(langKey)); } catch (e) { /* storage blocked */ }
};"""
