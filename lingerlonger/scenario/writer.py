"""The canonical writer: scenarios back to format-1 YAML, the way the recorded files look.

Keys come in the order of the Scenario format reference (book/scenario-format.md),
plays are one-line flow mappings (``- {play: B 3♣}``), cards are written ``10♥``, a
``say:`` is a quoted or block scalar, and the first line points editors at the JSON
Schema: at the published site's copy when the site is known (``site``, or the
``LINGERLONGER_SITE`` setting: the file can then move anywhere), else at a copy found in
the file's folder or above it (``lingerlonger schema -o FOLDER`` writes one; in a copy of
this repository, the package's own), never at the place the package is installed.
Reading what is written gives the same scenario back (locations aside):

>>> from lingerlonger.scenario import loads
>>> text = '''
... format: 1
... title: Two tricks in
... rules: {profile: sift-smoke}
... players: [A, B, C]
... dealer: C
... hands: {A: [th, 2c], B: [QS], C: [3h, 4h]}
... trump: H
... leader: A
... steps:
... - play: A TH
...   say: 'A leads: the ten.'
... '''
>>> print(dump(loads(text)), end="")
# yaml-language-server: $schema=scenario.schema.json
# (scenario.schema.json lets your editor check this file: lingerlonger schema -o FOLDER writes it)
format: 1
title: Two tricks in
rules: standard
players: [A, B, C]
dealer: C
hands:
  A: [10♥, 2♣]
  B: [Q♠]
  C: [3♥, 4♥]
stock: []
trump: ♥
leader: A
steps:
- play: A 10♥
  say: "A leads: the ten."
>>> loads(dump(loads(text))) == loads(text)
True
"""

from __future__ import annotations

import functools
import io
import math
import os
import re
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

import yaml

from lingerlonger.game.cards import Card, format_cards, sort_hand
from lingerlonger.scenario.library import nearest
from lingerlonger.scenario.located_yaml import scalar_type
from lingerlonger.scenario.model import EXPECT_KEYS, AnswerKind, Ask, Expect, Scenario, Step, StepKind, Task, Text
from lingerlonger.scenario.safe_write import replacing
from lingerlonger.words.i18n import LANGUAGES, SOURCE_LANGUAGE, translate

__all__ = [
    "SCHEMA_NAME",
    "SCHEMA_HINT",
    "SITE_SETTING",
    "schema_hint",
    "schema_file",
    "schema_line",
    "site_schema",
    "schema_target",
    "write_schema",
    "dump",
    "dump_scenario",
    "write",
    "header_comments",
]

SCHEMA_NAME = "scenario.schema.json"
#: The environment variable naming the published site (``https://USER.github.io/REPO/``),
#: whose root serves the schema: files written then point there.
SITE_SETTING = "LINGERLONGER_SITE"
_SITE = re.compile(r"https?://[^\s\"'#?<>]+/")
_SCHEMA_COMMENT = "# yaml-language-server: $schema="
#: Written under the schema line when no schema is there yet for the editor to find.
SCHEMA_HINT = f"# ({SCHEMA_NAME} lets your editor check this file: lingerlonger schema -o FOLDER writes it)"


def schema_file() -> Path:
    """The JSON Schema shipped inside the package."""
    return Path(str(resources.files("lingerlonger.scenario") / SCHEMA_NAME))


def site_schema(site: str | None = None) -> str | None:
    """The published site's copy of the schema (``site``, by default the ``LINGERLONGER_SITE``
    setting, ends in ``/``); None when no site is known or the address is not a plain
    http(s) one."""
    site = site if site is not None else os.environ.get(SITE_SETTING, "")
    return site + SCHEMA_NAME if _SITE.fullmatch(site) else None


def schema_line(target: str | Path | None = None, site: str | None = None) -> str:
    """The editor's schema comment for a file written to ``target``: the published site's
    schema when the site is known, else the relative path of the schema found near the
    file, else ``scenario.schema.json`` beside it (also for a stream)."""
    published = site_schema(site)
    if published is not None:
        return _SCHEMA_COMMENT + published
    if target is not None:
        folder = Path(target).resolve().parent
        # A schema in the folder or above it: a copy of its own, or the package's in a checkout.
        found = nearest(folder, SCHEMA_NAME, f"lingerlonger/scenario/{SCHEMA_NAME}", accept=Path.is_file)
        if found is not None:
            return _SCHEMA_COMMENT + Path(os.path.relpath(found, folder)).as_posix()
    return _SCHEMA_COMMENT + SCHEMA_NAME


def schema_hint(lang: str = SOURCE_LANGUAGE) -> str:
    """``SCHEMA_HINT`` in ``lang``."""
    return "# " + translate("writer.schema-hint", lang, name=SCHEMA_NAME)


def _schema_lines(target: str | Path | None = None, lang: str = SOURCE_LANGUAGE, site: str | None = None) -> str:
    """The schema line, and the hint to write the schema when it is not there yet."""
    line = schema_line(target, site)
    found = site_schema(site) is not None or (
        target is not None and (Path(target).resolve().parent / line.removeprefix(_SCHEMA_COMMENT)).is_file()
    )
    return line + "\n" + ("" if found else schema_hint(lang) + "\n")


def schema_target(target: str | Path) -> Path:
    """Where ``write_schema(target)`` writes: ``target``, or scenario.schema.json in it when it is a folder."""
    path = Path(target)
    return path / SCHEMA_NAME if path.is_dir() else path


def write_schema(target: str | Path) -> Path:
    """Copy the JSON Schema to ``target``, a file or a folder (as scenario.schema.json there)."""
    path = schema_target(target)
    path.write_text(schema_file().read_text(encoding="utf-8"), encoding="utf-8", newline="\n")
    return path


def header_comments(path: str | Path) -> str:
    """The comment lines at the top of a file (the schema line and its hint, in any language,
    left out), to keep on rewriting."""
    hints = {schema_hint(lang) for lang in LANGUAGES}
    lines = []
    try:
        with open(path, encoding="utf-8") as source:
            for line in source:
                stripped = line.strip()
                if stripped and not stripped.startswith("#"):
                    break
                if not stripped.startswith(_SCHEMA_COMMENT) and stripped not in hints:
                    lines.append(line.rstrip("\r\n") + "\n")
    except (OSError, UnicodeDecodeError):
        return ""
    while lines and not lines[-1].strip():
        lines.pop()
    return "".join(lines)


# --- scalars ----------------------------------------------------------------------

_ANALYZER = yaml.emitter.Emitter(io.StringIO(), allow_unicode=True)
#: Characters a double-quoted scalar must escape: YAML forbids them raw or reads them as breaks.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\0": "\\0"}


def _must_escape(char: str) -> bool:
    code = ord(char)
    return (
        code < 0x20
        or 0x7F <= code <= 0x9F
        or code in (0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF)
        or 0xD800 <= code <= 0xDFFF
    )


def _quote(text: str) -> str:
    """A double-quoted scalar that reads back as exactly ``text``, on one line."""
    out = []
    for char in text:
        if char in _ESCAPES:
            out.append(_ESCAPES[char])
        elif _must_escape(char):
            code = ord(char)
            out.append(f"\\x{code:02X}" if code <= 0xFF else f"\\u{code:04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


@functools.lru_cache(maxsize=4096)
def _scalar(text: str, flow: bool = True) -> str:
    """``text`` plain when it reads back as the same text (in a flow or block context), else quoted."""
    if text and scalar_type(text) == "str":
        analysis = _ANALYZER.analyze_scalar(text)
        if analysis.allow_flow_plain if flow else analysis.allow_block_plain:
            return text
    return _quote(text)


def _block_text(text: str, indent: str) -> str:
    """Narration or Markdown: a literal block when it spans lines, else a quoted line."""
    if (
        "\n" in text
        and text.strip()
        and not text[0].isspace()
        and not text.endswith("\n\n")
        and "\r" not in text
        and not any(_must_escape(char) and char not in "\n\t" for char in text)
    ):
        chomp = "" if text.endswith("\n") else "-"
        body = "".join(f"{indent}  {line}\n" if line else "\n" for line in text.removesuffix("\n").split("\n"))
        return f"|{chomp}\n{body}".removesuffix("\n")
    return _quote(text)


def _text(text: str, indent: str, own: str, block: bool = True) -> str:
    """An author's text after its key's colon: `` value``, or, written in several languages,
    a mapping by language (the scenario's own first, then the others in the catalogs' order)."""

    def one(version: str, inner: str) -> str:
        return _block_text(version, inner) if block else _scalar(version, flow=False)

    if not (isinstance(text, Text) and text.translations):
        return " " + one(text, indent)
    order = [own] + [lang for lang in LANGUAGES if lang in text.translations and lang != own]
    return "".join(f"\n{indent}  {lang}: {one(text.in_(lang), indent + '  ')}" for lang in order)


def _choices(choices: tuple[str, ...], own: str, key: str = "choices") -> list[str]:
    """A question's choices (or a task's hints): a flow list, or a block list of mappings once
    one is translated."""
    if not any(isinstance(choice, Text) and choice.translations for choice in choices):
        return [f"    {key}: [{', '.join(_scalar(choice) for choice in choices)}]"]
    lines = [f"    {key}:"]
    for choice in choices:
        first, *rest = _text(choice, "      ", own, block=False).lstrip("\n").split("\n")
        lines += [f"      - {first.strip()}", *rest]
    return lines


def _flow(value: Any) -> str:
    """Plain data (an x- value) in flow style."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_flow(str(key))}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return ".nan"
        if math.isinf(value):
            return ".inf" if value > 0 else "-.inf"
        return repr(value)
    return _scalar(str(value))


def _cards(cards: Iterable[Card]) -> str:
    return "[" + format_cards(cards) + "]"


def _seat(name: str | None) -> str:
    return "null" if name is None else _scalar(name)


# --- one scenario -------------------------------------------------------------------


def _names_lines(names: dict[str, dict[str, tuple[str | None, str | None]]]) -> list[str]:
    """``names:``, one line per seat, as the reader reads it back."""

    def said(lang: str, name: str | None, gender: str | None) -> str:
        if lang == "*":
            return f"gender: {gender}"
        if gender is None and name is not None:
            return f"{lang}: {_scalar(name)}"
        parts = ([f"name: {_scalar(name)}"] if name is not None else []) + ([f"gender: {gender}"] if gender else [])
        return f"{lang}: {{{', '.join(parts)}}}"

    lines = ["names:"] if names else []
    for seat, by_lang in names.items():
        lines.append(f"  {_scalar(seat)}: {{{', '.join(said(lang, *pair) for lang, pair in by_lang.items())}}}")
    return lines


def dump_scenario(scenario: Scenario) -> str:
    """One scenario as a YAML document (no ``---``, no schema line)."""
    s = scenario
    own = s.lang or SOURCE_LANGUAGE
    lines = ["format: 1", f"title:{_text(s.title, '', own, block=False)}"]
    if s.summary is not None:
        lines.append(f"summary:{_text(s.summary, '', own)}")
    if s.tags:
        lines.append(f"tags: [{', '.join(_scalar(tag) for tag in s.tags)}]")
    if s.lang is not None:
        lines.append(f"lang: {s.lang}")
    rules = s.rules
    if not rules.variants and rules.hand_size is None:
        lines.append(f"rules: {rules.profile}")
    else:
        lines += ["rules:", f"  profile: {rules.profile}"]
        if rules.variants:
            lines.append(f"  variants: [{rules.spec.partition('+')[2].replace('+', ', ')}]")
        if rules.hand_size is not None:
            lines.append(f"  hand_size: {rules.hand_size}")
    lines.append(f"players: [{', '.join(_scalar(name) for name in s.players)}]")
    lines += _names_lines(s.names)
    lines.append(f"dealer: {_seat(s.dealer)}")
    if s.deck is not None:
        lines.append(f"deck: {_cards(s.deck)}")
    else:
        lines.append("hands:" if s.hands else "hands: {}")
        hands = s.hands or {}
        lines += [f"  {_seat(name)}: {_cards(hands[name])}" for name in s.players if name in hands]
        lines.append(f"stock: {_cards(s.stock)}")
        lines.append(f"trump: {s.trump if s.trump is not None else 'none'}")
        lines.append(f"leader: {_seat(s.leader)}")
    lines.append("steps:" if s.steps else "steps: []")
    lines += [_step(step, s.players, own) for step in s.steps]
    if s.result is not None:
        given = [key for key in ("winner", "reason") if key in s.result.given]
        values = {"winner": _seat(s.result.winner), "reason": "null" if s.result.reason is None else s.result.reason}
        lines.append("result: {" + ", ".join(f"{key}: {values[key]}" for key in given) + "}")
    lines += [f"{_scalar(key, flow=False)}: {_flow(value)}" for key, value in s.extras.items()]
    return "\n".join(lines) + "\n"


def _step(step: Step, players: tuple[str, ...], own: str) -> str:
    if step.kind == StepKind.SAY:
        assert step.say is not None  # each kind of step carries its part
        return f"- say:{_text(step.say, '  ', own)}"
    if step.kind == StepKind.ASK:
        assert step.ask is not None
        text = "- ask:" + _ask(step.ask, own)
    elif step.kind == StepKind.EXPECT:
        assert step.expect is not None
        text = "- expect:" + _expect(step.expect, players)
    elif step.kind == StepKind.TASK:
        assert step.task is not None
        text = "- task:" + _task(step.task, own)
    else:
        action = f"{step.seat} {step.card if step.kind == StepKind.PLAY else step.suit}"
        if step.say is None and step.ask is None:
            return f"- {{{step.kind}: {_scalar(action)}}}"
        text = f"- {step.kind}: {_scalar(action, flow=False)}"
    if step.ask is not None and step.kind != StepKind.ASK:
        text += "\n  ask:" + _ask(step.ask, own)
    if step.say is not None:
        text += f"\n  say:{_text(step.say, '  ', own)}"
    return text


def _ask(ask: Ask, own: str) -> str:
    """A question as a block mapping under ``ask:``, its answer as one flow mapping."""
    if ask.kind in (AnswerKind.LEGAL, AnswerKind.CARD):
        answer = _cards(sort_hand(ask.cards))
    elif ask.kind == AnswerKind.WINNER:
        answer = _seat(ask.seat)
    else:
        answer = _scalar(str(ask.choice))  # named in the scenario's language: judged by meaning
    lines = [f"    question:{_text(ask.question, '    ', own)}", f"    answer: {{{ask.kind}: {answer}}}"]
    if ask.choices:
        lines += _choices(ask.choices, own)
    lines += [
        f"    {key}:{_text(getattr(ask, key), '    ', own)}"
        for key in ("hint", "wrong")
        if getattr(ask, key) is not None
    ]
    return "\n" + "\n".join(lines)


def _task(task: Task, own: str) -> str:
    """A task as a block mapping under ``task:``, its accepted answers as written in a file."""
    lines = [f"    id: {_scalar(task.id)}", f"    seat: {_seat(task.seat)}", f"    goal: {task.goal}"]
    if task.against is not None:
        lines.append(f"    against: {_scalar(task.against)}")
    if task.deals is not None:
        lines.append(f"    deals: {task.deals}")
    if task.tip is not None:
        lines.append(f"    tip: {task.tip}")
    if task.choices:
        lines += _choices(task.choices, own)
    if task.accept is not None:
        shown = [str(task.choices[int(answer)]) for answer in task.accept] if task.choices else task.accept
        lines.append(f"    accept: [{', '.join(_scalar(answer) for answer in shown)}]")
    if task.hints:
        lines += _choices(task.hints, own, "hints")
    lines += [
        f"    {key}:{_text(getattr(task, key), '    ', own)}"
        for key in ("right", "wrong")
        if getattr(task, key) is not None
    ]
    return "\n" + "\n".join(lines)


def _expect(expect: Expect, players: tuple[str, ...]) -> str:
    if not expect.given:
        return " {}"
    lines = []
    for key in EXPECT_KEYS:
        if key not in expect.given:
            continue
        value = getattr(expect, key)
        if key in ("trick_winner", "leader"):
            text = _seat(value)
        elif key == "stock_size":
            text = str(value)
        elif key == "out":
            text = "[" + ", ".join(_seat(name) for name in players if name in value) + "]"
        elif key == "hand_sizes":
            text = "{" + ", ".join(f"{_seat(name)}: {value[name]}" for name in players if name in value) + "}"
        elif key == "drawn":
            if value:
                lines.append(f"    {key}:")
                lines += [f"      {_seat(name)}: {_cards(value[name])}" for name in players if name in value]
                continue
            text = "{}"
        else:  # legal
            seat, cards = value
            text = f"{{{_seat(seat)}: {_cards(sort_hand(cards))}}}"
        lines.append(f"    {key}: {text}")
    return "\n" + "\n".join(lines)


# --- streams and files -------------------------------------------------------------------


def _stream(scenarios: Iterable[Scenario], out: TextIO, schema: str, header: str) -> None:
    out.write(schema)
    out.write(header)
    several = not (isinstance(scenarios, (list, tuple)) and len(scenarios) == 1)
    for scenario in scenarios:
        if several:
            out.write("---\n")
        out.write(dump_scenario(scenario))


def dump(scenarios: Iterable[Scenario], schema: str | None = None, header: str = "", site: str | None = None) -> str:
    """Scenarios as one YAML text: the schema line (``schema``, else the one for ``site``),
    ``header`` (comments), then each document.

    One scenario in a list is written alone; otherwise each document starts with ``---``.
    """
    out = io.StringIO()
    _stream(scenarios, out, schema + "\n" if schema else _schema_lines(site=site), header)
    return out.getvalue()


def write(
    path: str | Path | TextIO,
    scenarios: Iterable[Scenario],
    keep_header_from: str | Path | None = None,
    header: str = "",
    lang: str = SOURCE_LANGUAGE,
) -> None:
    """Write scenarios to a file (or an open text stream), one document at a time.

    ``keep_header_from`` names a file whose leading comments are carried over,
    usually the very file being rewritten; ``header`` is more comment lines; ``lang`` is
    the language of the hint on writing the schema.
    """
    if keep_header_from is not None:
        header = header_comments(keep_header_from) + header
    if not isinstance(path, (str, Path)):  # an open text stream
        _stream(scenarios, path, _schema_lines(lang=lang), header)
        return
    with replacing(path) as out:
        _stream(scenarios, out, _schema_lines(path, lang), header)
