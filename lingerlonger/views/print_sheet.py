"""Printable pages: any scenario on A4 (its setup drawn as cards, its numbered steps),
and the one-page rules sheet of the book in each language.

A scenario sheet is one self-contained HTML document (no script, no outside file).
A lesson of the library (a position and one or two tricks) prints on one A4 page; a
long one (a whole hand) flows onto more pages, never splitting the table, a step or
a question across two pages. The questions of quiz steps are numbered in the steps
and answered at the end, so a teacher can fold the answers away.

>>> from lingerlonger.scenario import load
>>> [scenario] = load("scenarios/06-last-card-saves.yaml")
>>> page = scenario_sheet_html(scenario, lang="pt")
>>> page.startswith("<!DOCTYPE html>") and '<html lang="pt-PT">' in page and "size:A4" in page
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from lingerlonger.game.declared import PLAYERS
from lingerlonger.game.engine import new_hand
from lingerlonger.game.rules import Rules
from lingerlonger.scenario import Scenario
from lingerlonger.scenario.local_seats import named_in
from lingerlonger.scenario.replay import answer_text, replay
from lingerlonger.views.markdown import markdown_paragraphs
from lingerlonger.views.table_html import TABLE_CSS, TableStyle, minify_css, table_html
from lingerlonger.views.templating import Markup, render
from lingerlonger.words.i18n import LANGUAGES, check_language, language_tag, template, translate
from lingerlonger.words.narration import rules_text, suit_name

__all__ = ["scenario_sheet_html", "rules_sheet_html", "deal_rows", "RULES_SHEET_CSS", "SHEET_JS"]

_STATIC = Path(__file__).parent / "static" / "print"
_SCENARIO_CSS = minify_css((_STATIC / "sheet.css").read_text(encoding="utf-8"))
#: The rules sheet's style; printing shows only the sheet, in the language chosen on it.
RULES_SHEET_CSS = minify_css((_STATIC / "rules-sheet.css").read_text(encoding="utf-8"))
#: The rules sheet's Print button, written after the sheet wherever it is shown.
SHEET_JS = (_STATIC / "sheet.js").read_text(encoding="utf-8")


def _text(markdown: str | None) -> list[Markup]:
    """An author's Markdown as the sheet prints it, one line per paragraph (markdown-it, as
    every view reads it: bold and emphasis kept, raw HTML escaped)."""
    return [Markup(paragraph) for paragraph in markdown_paragraphs(markdown)]


def scenario_sheet_html(scenario: Scenario, *, lang: str | None = None, four_colour: bool = False) -> str:
    """One scenario as a printable A4 HTML page, in ``lang`` (default: the scenario's own):
    a whole document, to write to a file (``str``, not a fragment to embed)."""
    lang = check_language(lang or scenario.lang or "en")
    scenario = named_in(scenario.in_language(lang), lang)
    say = lambda msg_id, **values: translate(msg_id, lang, **values)  # noqa: E731
    run = replay(scenario)
    start = run.frames[0].state
    meta = [
        say("sheet.rules", rules=rules_text(scenario.rules, lang)),
        say("sheet.players", names=", ".join(scenario.players)),
        say("sheet.dealer", name=scenario.dealer),
    ]
    if start.trump is not None:
        meta.append(say("sheet.trump", suit=f"{start.trump} {suit_name(start.trump, lang)}"))
    elif not start.rules.has_trump:
        meta.append(say("sheet.no-trump"))
    steps: list[dict[str, object]] = []
    answers: list[tuple[str, list[list[Markup]]]] = []
    for frame in run.frames:
        told = frame.narration_in(lang)
        if frame.step is not None and (told or frame.say):
            steps.append({"question": "", "told": told, "said": _text(frame.say)})
        for ask in frame.asks:  # asked once this frame is shown, before the next step
            ask = ask.in_language(lang)  # a task's sentence is said in every language
            number = len(answers) + 1
            choices = say("quiz.choices", choices=" / ".join(ask.choices)) if ask.choices else ""
            steps.append({"question": say("sheet.question", number=number, question=ask.question), "choices": choices})
            answer = say("sheet.answer", number=number, answer=answer_text(ask, lang))
            answers.append((answer, [_text(text) for text in (ask.wrong, ask.hint) if text]))
    page = render(
        "sheet/scenario.html",
        lang=language_tag(lang),
        title=scenario.title,
        css=Markup(TABLE_CSS + _SCENARIO_CSS),
        classes="ll-four-colour" if four_colour else "",
        meta=meta,
        summary=_text(scenario.summary),
        table=table_html(start, options=TableStyle.of(lang, four_colour=four_colour), include_css=False),
        setup_words=_text(run.frames[0].say),  # words about the setup itself (an expect: before any play)
        steps=steps,
        answers=answers,
        words={key: say(f"sheet.{key}") for key in ("setup", "steps", "answers")},
    )
    return str(page) + "\n"


# --- the rules on one page ------------------------------------------------------------


def _sheet_words(lang: str) -> Callable[[str], Markup]:
    """One language's words of the rules sheet; the catalog's texts hold a little trusted
    HTML (<strong>, <em>)."""
    return lambda key: Markup(template(f"rules-sheet.{key}", lang))


def deal_rows(rules: Rules | None = None) -> list[tuple[int, int, int]]:
    """(players, cards each, stock) for each table size, as the engine deals them (by
    default under the standard rules)."""
    rules = rules or Rules()
    rows = []
    for players in PLAYERS.options:
        state, _ = new_hand(rules, players, dealer=0, seed=0)
        rows.append((players, len(state.hands[0]), len(state.stock)))
    return rows


def rules_sheet_html(lang: str = "en", languages: Sequence[str] | None = None) -> Markup:
    """The rules on one page in each of ``languages`` (every one by default), ``lang`` shown
    first; the reader picks another with the buttons on the sheet (no script; none when there
    is one language), and printing prints the one shown. A translated chapter embeds its own
    language alone: one language per screen.
    """
    check_language(lang)
    languages = [code for code in LANGUAGES if code in (languages or LANGUAGES) or code == lang]
    return render(
        "sheet/rules.html",
        lang=lang,
        label=translate("rules-sheet.aria", lang),
        language=translate("player.language", lang),
        languages=[(code, language_tag(code), translate("language.name", code)) for code in languages],
        versions=[
            {"tag": language_tag(code), "t": _sheet_words(code), "print": translate("sheet.print", code)}
            for code in languages
        ],
        deal_rows=deal_rows(),
        script=Markup(SHEET_JS),
    )
