"""The handout pack (run by site_pack.py): ``handouts/index.html`` lists a print-ready A4
sheet of every lesson in ``scenarios/`` in every language (lingerlonger.views.print_sheet, as
`lingerlonger sheet` writes them) and the rules sheet, for a teacher to print a class set.

The sheets are light on ink: handouts/handouts.css draws their table in outline (no green
felt, no dark seats). A file that does not load is left out and named on the page.
"""

from __future__ import annotations

import html
import shutil
from pathlib import Path

from lingerlonger.scenario import ScenarioError, load
from lingerlonger.views.print_sheet import RULES_SHEET_CSS, rules_sheet_html, scenario_sheet_html
from lingerlonger.words.i18n import LANGUAGES, language_tag, translate

HERE = Path(__file__).parent
FOLDER = "handouts"
STYLE = "handouts.css"


def _document(lang: str, title: str, head: str, body: str) -> str:
    return (
        f'<!DOCTYPE html>\n<html lang="{language_tag(lang)}"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(title)}</title>{head}</head><body>{body}</body></html>\n"
    )


def light_sheet(sheet: str, style: str) -> str:
    """A lesson's sheet with its table in outline: the pack's style after the sheet's own."""
    return sheet.replace("</head>", f'<link rel="stylesheet" href="{style}"></head>', 1).replace(
        '<body class="', '<body class="ll-ink-light ', 1
    )


def write_handouts(site: Path, scenarios: Path, page_lang: str = "en") -> Path:
    """Write the pack into ``site``/handouts (replacing an older one); returns its page."""
    folder = site / FOLDER
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    shutil.copy(HERE / FOLDER / STYLE, folder / STYLE)
    say = lambda msg_id: html.escape(translate(msg_id, page_lang))  # noqa: E731
    rows, problems = [], []
    for path in sorted(scenarios.glob("*.yaml")):
        try:
            lessons = load(path)
        except ScenarioError as error:
            problems.append(str(error))
            continue
        for number, scenario in enumerate(lessons):
            name = f"{path.stem}-{number}.html"
            for lang in LANGUAGES:
                sheet = light_sheet(scenario_sheet_html(scenario, lang=lang), f"../{STYLE}")
                (folder / lang).mkdir(exist_ok=True)
                (folder / lang / name).write_text(sheet, encoding="utf-8")
            links = "".join(
                f'<a href="{lang}/{name}" hreflang="{language_tag(lang)}" lang="{language_tag(lang)}">{lang}</a> '
                for lang in LANGUAGES
            )
            rows.append(
                f"<tr><td>{html.escape(path.stem.split('-', 1)[0])}</td>"
                f"<td>{html.escape(scenario.title)}</td><td>{links}</td></tr>"
            )
    for lang in LANGUAGES:
        (folder / lang).mkdir(exist_ok=True)
        (folder / lang / "rules.html").write_text(
            _document(
                lang, translate("site.rules-sheet", lang), f"<style>{RULES_SHEET_CSS}</style>", rules_sheet_html(lang)
            ),
            encoding="utf-8",
        )
    rules = "".join(
        f'<a href="{lang}/rules.html" hreflang="{language_tag(lang)}" lang="{language_tag(lang)}">{lang}</a> '
        for lang in LANGUAGES
    )
    notes = "".join(f"<li><code>{html.escape(problem)}</code></li>" for problem in problems)
    body = (
        f'<main class="ll-handouts"><p><a href="../index.html">Linger Longer</a></p>'
        f"<h1>{say('site.handouts')}</h1><p>{say('site.handouts-intro')}</p>"
        f"<p><strong>{say('site.rules-sheet')}:</strong> {rules}</p>"
        f"<table><thead><tr><th>#</th><th>{say('site.lesson')}</th><th>{say('sheet.print')}</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table>" + (f"<ul>{notes}</ul>" if notes else "") + "</main>"
    )
    page = folder / "index.html"
    page.write_text(
        _document(
            page_lang,
            translate("site.handouts", page_lang),
            f'<link rel="stylesheet" href="{STYLE}"><link rel="icon" href="../favicon.ico">',
            body,
        ),
        encoding="utf-8",
    )
    return page
