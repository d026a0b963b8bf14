"""A replay for pages without a kernel: every frame pre-rendered, stepped by a little JS.

The published book has no Python behind it, so a replay is written out as its
frames (each a table and its narration, in inert ``<template>`` elements) with
buttons, a slider and autoplay driven by a short script inlined in the page.
Nothing is fetched from anywhere: the icons are inline SVG, the style and the
script are in the page, so it works with the network cut.

Every English word the players and the app show lives in ``UI`` (the table's
own words are ``render.LABELS``), so a translation is one more dict.

>>> from lingerlonger.scenario import load
>>> from lingerlonger.replay import replay
>>> from pathlib import Path
>>> run = replay(load(Path(__file__).parents[1] / "scenarios/06-last-card-saves.yaml")[0])
>>> page = replay_html(run)
>>> page.count("<template data-frame=") == len(run.frames), "http" in page
(True, False)
"""

from __future__ import annotations

import hashlib
import html
import json
from types import MappingProxyType
from typing import Iterable, Mapping

from markdown_it import MarkdownIt

from .i18n import translate
from .render import DEFAULT_STYLE, TABLE_CSS, TableStyle, table_html
from .replay import Frame, Replay, answer_text
from .scenario import Ask

__all__ = ["UI", "SPEEDS", "ICONS", "markdown_html", "frame_html", "quiz_html", "failures_html", "notice_html",
           "replay_html", "gallery_html", "icon_svg"]

_MARKDOWN = MarkdownIt("commonmark", {"html": False})  # authors' text never injects markup

#: Every English word of the replay players (static and live) and of the app.
#: Values with ``{name}`` fields are filled in with ``str.format``.
UI: Mapping[str, str] = MappingProxyType({
    # the replay player, static and live
    "controls": "Replay controls",
    "first": "First step",
    "back": "Back one step",
    "play": "Play",
    "pause": "Pause",
    "next": "Next step",
    "last": "Last step",
    "first-short": "First",
    "back-short": "Back",
    "next-short": "Next",
    "last-short": "Last",
    "step": "Step",
    "counter": "step {at} of {last}",
    "speed": "Speed",
    "speed-slow": "slow",
    "speed-normal": "normal",
    "speed-fast": "fast",
    "show-legal": "Show legal cards",
    "what-if": "What if…?",
    "live-only": ("Trying your own card needs the live version: open this chapter in Jupyter, "
                  "or start the app with <code>make app</code>."),
    "failures": "This scenario does not check against the rules:",
    "cannot-show": "This replay cannot be shown.",
    # the live player only
    "view-as": "View",
    "view-all": "All hands",
    "view-seat": "As {name} sees it",
    "coach": "Coach",
    "coach-tip": "Estimate each card's chance to win the hand",
    "what-if-title": "What if {name} played…",
    "what-if-trump": "What if {name} named…",
    "what-if-help": "Click a card to try it: the rules say whether it may be played, and the "
                    "engine plays on from there.",
    "what-if-hidden": "To try another card for {name}, view all hands or view as {name}.",
    "what-if-over": "The hand is over.",
    "refused": "Not allowed: {message}.",
    "same-as-line": "That is the scenario's own play: here it is.",
    "branch-banner": ("<strong>What-if:</strong> off the scenario's line. {name} played {card} "
                      "instead at step {step}; from there the engine plays on, keeping to the "
                      "scenario's plays where they are still legal and letting the computer "
                      "choose otherwise."),
    "branch-back": "Back to the scenario",
    "coach-title": "{name}'s chance to win the hand, card by card",
    "coach-note": ("From {rollouts} random deals of the cards {name} cannot see, each played "
                   "out by random players: it ranks the cards, it promises nothing."),
    "coach-thinking": "The coach is thinking…",
    "coach-none": "Nobody has a card to choose here.",
    "trump-choice": "trump {suit}",
    "oops": "Something went wrong ({what}). The page is still working: try again, or pick "
            "another scenario.",
    # the app
    "app-title": "Linger Longer",
    "app-intro": ("Step through the lessons of the book, or play a hand against the computer. "
                  "Everything runs on this computer; no internet is needed."),
    "tab-scenario": "Step through a scenario",
    "tab-play": "Play a hand",
    "pick": "Scenario",
    "browser-help": ("Choose a lesson, then press Next (or Play) to step through it. At any "
                     "step, click a card under the table to try another move."),
    "play-help": ("You sit at the bottom of the table and see only your own cards. When it is "
                  "your turn, click one of the cards under the table; the others play by "
                  "themselves."),
    "upload": "Open a scenario file",
    "no-library": "No scenarios/ folder was found next to the app: open a scenario file instead.",
    "no-scenario": "No scenario is chosen yet.",
    "library-problems": "Some lessons of scenarios/ cannot be opened (the others can):",
    "upload-tip": "A .yaml scenario file (format 1) from your computer",
    "upload-too-big": "{name} is {size} bytes: scenario files are at most {limit} bytes.",
    "upload-not-text": "{name}:1:1: not UTF-8 text, so not a scenario file.",
    "upload-bad": "{name} cannot be opened:",
    "upload-ok": "Opened {name}: {count} scenario(s).",
    "upload-fails": "The engine disagrees with some of it: the red note below says where.",
    "profile": "Rules",
    "variants": "Variants",
    "players": "Players",
    "your-seat": "Your seat",
    "seat-number": "{number}",
    "opponents": "Opponents",
    "opponent-random": "Beginners (random cards)",
    "opponent-tips": "Casual (follow the tips)",
    "opponent-expert": "Strong (think ahead)",
    "new-hand": "New hand",
    "pace": "Computer speed",
    "pace-relaxed": "relaxed",
    "pace-normal": "normal",
    "pace-quick": "quick",
    "pace-instant": "instant",
    "settings": "Game settings: your name, players, rules, variants, opponents",
    "settings-note": ("Changes apply to the next hand: press “New hand”. Hover over a variant "
                      "to see what it does."),
    "settings-summary": ("{rules} · {players} players · you sit in seat {seat} · "
                         "opponents: {opponents}"),
    "your-name": "Your name",
    "default-name": "Sam",
    "your-turn": "Your turn: choose a card.",
    "your-trump": "You won the first trick: name the trump suit.",
    "waiting": "{name} is thinking…",
    "you-are-out": "You are out of this hand: the others play on to the end.",
    "hint": "Hint",
    "hint-tip": "Ask the coach which card gives you the best chance",
    "you-won": "🏆 You win the hand: {reason}.",
    "they-won": "{name} wins the hand: {reason}.",
    "play-again": "Press “New hand” to play again.",
    "rules-refused": "These rules cannot be combined: {message}. Untick one of the variants.",
    "what-happened": "What happened",
})

#: Autoplay speeds: (UI key, milliseconds per step); "normal" is the default.
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
    """An author's Markdown (``summary:``, ``say:``) as HTML, raw HTML escaped."""
    return _MARKDOWN.render(text) if text else ""


def frame_html(frame: Frame, *, seat: int | None = None, show_legal: bool = True,
               style: TableStyle | None = None, quiz: bool = True) -> str:
    """One frame: the table, then the author's words, the engine's narration (in the style's
    language) and, with ``quiz``, the frame's questions with their answers behind a button."""
    style = style or DEFAULT_STYLE
    said = f'<div class="ll-say">{markdown_html(frame.say)}</div>' if frame.say else ""
    told = "".join(f"<li>{html.escape(line)}</li>" for line in frame.narration_in(style.lang))
    narration = f'<ul class="ll-narration">{told}</ul>' if told else ""
    table = table_html(frame.state, seat=seat, show_legal=show_legal, last_trick=frame.last_trick,
                       options=style, include_css=False)
    questions = "".join(quiz_html(ask, style.lang) for ask in frame.asks) if quiz else ""
    return f'{table}<div class="ll-words" aria-live="polite">{said}{narration}</div>{questions}'


def quiz_html(ask: Ask, lang: str = "en") -> str:
    """A question with its answer (and hint) hidden behind a reveal button."""
    say = lambda msg_id, **values: html.escape(translate(msg_id, lang, **values))  # noqa: E731
    hint = f"<p>{say('quiz.hint', hint=ask.hint)}</p>" if ask.hint else ""
    reveal = "this.hidden=true;this.nextElementSibling.hidden=false"
    return (f'<div class="ll-quiz"><p><strong>{say("quiz.question")}:</strong> '
            f'{html.escape(ask.question)}</p><button type="button" class="ll-reveal" '
            f'onclick="{reveal}">{say("quiz.reveal")}</button><div class="ll-answer" hidden>'
            f'<p>{say("quiz.answer", answer=answer_text(ask, lang))}</p>{hint}</div></div>')


def failures_html(run: Replay) -> str:
    """Located failures, shown to the reader as a note, never as a traceback."""
    if run.ok:
        return ""
    items = "".join(f"<li><code>{html.escape(str(error))}</code></li>" for error in run.failures)
    return (f'<div class="ll-failures" role="alert"><strong>{UI["failures"]}</strong>'
            f"<ul>{items}</ul></div>")


def notice_html(title: str, lines: Iterable[str] = ()) -> str:
    """A friendly note (e.g. a scenario that cannot be loaded), each line as located text."""
    items = "".join(f"<li><code>{html.escape(line)}</code></li>" for line in lines)
    return (f'<div class="ll-failures" role="alert"><strong>{html.escape(title)}</strong>'
            + (f"<ul>{items}</ul>" if items else "") + "</div>")


def _element_id(run: Replay) -> str:
    """Stable across builds (same scenario, same id), distinct between replays on a page."""
    key = f"{run.scenario.where}|{run.scenario.title}|{run.scenario.index}"
    return "ll-replay-" + hashlib.sha1(key.encode()).hexdigest()[:10]


def _button(go: str, label: str, body: str) -> str:
    return (f'<button type="button" data-go="{go}" aria-label="{html.escape(label)}" '
            f'title="{html.escape(label)}">{body}</button>')


def replay_html(run: Replay, *, seat: int | None = None, style: TableStyle | None = None,
                start: int = 0, include_css: bool = True) -> str:
    """The whole static player for one replay; ``start`` is the frame shown first."""
    scenario = run.scenario
    if style is None and scenario.lang:
        style = TableStyle.of(scenario.lang)  # a scenario written in Portuguese is narrated so
    element = _element_id(run) + ("" if seat is None else f"-{seat}")
    frames = "".join(f'<template data-frame="{frame.index}">'
                     f"{frame_html(frame, seat=seat, style=style)}</template>"
                     for frame in run.frames)
    last = len(run.frames) - 1
    start = max(0, min(last, start))
    speeds = "".join(f'<option value="{ms}"{" selected" if key == "speed-normal" else ""}>'
                     f"{UI[key]}</option>" for key, ms in SPEEDS)
    play = (f'<button type="button" data-go="play" aria-pressed="false" '
            f'data-play="{UI["play"]}" data-pause="{UI["pause"]}">'
            f'{icon_svg("play")}{icon_svg("pause")}<span>{UI["play"]}</span></button>')
    buttons = {go: _button(go, UI[go], f'{icon_svg(go)}<span class="ll-word">{UI[go + "-short"]}</span>')
               for go in ("first", "back", "next", "last")}
    controls = f"""
<div class="ll-controls" role="group" aria-label="{UI['controls']}">
  <span class="ll-buttons">{buttons["first"]}{buttons["back"]}{play}{buttons["next"]}\
{buttons["last"]}</span>
  <input type="range" min="0" max="{last}" value="{start}" step="1" aria-label="{UI['step']}">
  <span class="ll-counter" data-format="{html.escape(UI['counter'])}">\
{html.escape(UI['counter'].format(at=start, last=last))}</span>
  <label>{UI['speed']} <select aria-label="{UI['speed']}">{speeds}</select></label>
  <label><input type="checkbox" data-legal> {UI['show-legal']}</label>
  <button type="button" data-go="whatif">{UI['what-if']}</button>
</div>
<p class="ll-live-only" hidden>{UI['live-only']}</p>"""
    css = f"<style>{TABLE_CSS}{REPLAY_CSS}</style>" if include_css else ""
    return f"""<div class="ll-replay" id="{element}" data-frames="{last + 1}" data-start="{start}">
<h3 class="ll-replay-title">{html.escape(scenario.title)}</h3>
<div class="ll-summary">{markdown_html(scenario.summary)}</div>
{failures_html(run)}{controls}
<div class="ll-stage"></div>
{frames}
</div>
{css}<script>{REPLAY_JS}
window.llReplay(document.getElementById({json.dumps(element)}));</script>"""


def gallery_html(runs: Iterable[Replay], *, style: TableStyle | None = None) -> str:
    """Several replays, compactly: each folded under its title, the style sheet written once."""
    players = "".join(f'<details class="ll-gallery-item"><summary>{html.escape(run.scenario.title)}'
                      f"</summary>{replay_html(run, style=style, include_css=False)}</details>"
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
"""

# One definition per page, one call per replay; kept small and dependency-free.
REPLAY_JS = """
window.llReplay = window.llReplay || function (root) {
  var stage = root.querySelector('.ll-stage');
  var frames = root.querySelectorAll('template[data-frame]');
  var slider = root.querySelector('input[type=range]');
  var counter = root.querySelector('.ll-counter');
  var play = root.querySelector('[data-go=play]');
  var playText = play.querySelector('span');
  var speed = root.querySelector('select');
  var timer = null, at = -1, last = frames.length - 1;
  function show(i) {
    i = Math.max(0, Math.min(last, i));
    if (i === at) return;
    at = i;
    stage.replaceChildren(frames[i].content.cloneNode(true));
    slider.value = i;
    counter.textContent = counter.dataset.format.replace('{at}', i).replace('{last}', last);
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
  show(+root.dataset.start || 0);
};"""
