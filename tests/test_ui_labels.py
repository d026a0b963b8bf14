"""The book names the controls as the screen does (issue 44, §1): a chapter writes
{ui}`ui.show-legal`, and the page shows the catalog's label in its own language. A control
named in bold instead, or by a label that no catalog of that language has, fails here."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import polib
import pytest

from lingerlonger.words.i18n import catalog

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import ui_labels  # noqa: E402 - book/_ext is no package

CHAPTERS = sorted((REPO / "book").glob("*.md"))
TRANSLATIONS = ("pt", "es", "ru")
BOLD = re.compile(r"\*\*([^*\n]+?)\*\*|(?<![*\w])\*([^*\n]+)\*(?!\*)")  # bold or italic
UI_ROLE = re.compile(r"\{ui\}`([^`]+)`")
#: The catalogs' controls: the players' and the app's labels, and the kinds of computer player
#: their menus offer.
CONTROL_KEYS = ("ui.", "player.", "kind.")
#: Words of the game that a label happens to share ("leads", ui.position-leader): prose, not a control.
GAME_WORDS = frozenset({"trump", "leads", "last", "stock", "trick", "no trump"})
#: The nouns that say the bold words beside them name a control, in each language.
CONTROL_NOUNS = {
    "en": r"button|tab|menu|option|box|checkbox|switch",
    "pt": r"botão|botões|separador|separadores|menu|opção|caixa|interruptor",
    "es": r"botón|botones|pestaña|pestañas|menú|opción|casilla|interruptor",
    "ru": r"кнопк\w*|вкладк\w*|меню|флаж\w*|пункт\w*|переключател\w*",
}


def labels(lang: str, prefixes: tuple[str, ...] = ()) -> dict[str, str]:
    """Every whole label of ``lang``'s catalog (no placeholder, no plural), lower case, to its key."""
    found = {}
    for key, text in catalog(lang).items():
        if isinstance(text, str) and "{" not in text and (not prefixes or key.startswith(prefixes)):
            found.setdefault(text.strip().rstrip(".:").lower(), key)
    return found


def bold_controls_in_english(text: str) -> list[str]:
    """Bold or italic words that are a control's English label: they should be written {ui}`key`."""
    controls = labels("en", CONTROL_KEYS)
    return [
        f"**{span}** is {controls[word]}: write {{ui}}`{controls[word]}`"
        for span in (bold or italic for bold, italic in BOLD.findall(text))
        if (word := span.strip().rstrip(".:").lower()) in controls and word not in GAME_WORDS
    ]


def unknown_controls(text: str, lang: str) -> list[str]:
    """Bold words right beside a control's noun ("the **Língua** menu") that are no label of ``lang``."""
    known = labels(lang)
    nouns = CONTROL_NOUNS[lang]
    near = re.compile(
        rf"\b(?:{nouns})\s+(?:\w+\s+){{0,2}}?\*\*([^*\n]+?)\*\*|\*\*([^*\n]+?)\*\*\s+(?:{nouns})\b", re.IGNORECASE
    )
    return [
        f"**{span}** names a control, but no {lang} label says that: write {{ui}}`key`"
        for match in near.finditer(text)
        if (span := match.group(1) or match.group(2)).strip().rstrip(".:").lower() not in known
    ]


def test_a_label_of_the_role_is_the_catalog_label_in_the_pages_language():
    assert ui_labels.label("ui.show-legal", "pt") == catalog("pt")["ui.show-legal"]
    assert ui_labels.label("player.quiz-mode", "es") == "Modo de preguntas"
    with pytest.raises(ValueError, match="no label"):
        ui_labels.label("table.played-by", "en")  # a placeholder: no control's name
    with pytest.raises(ValueError, match="no message"):
        ui_labels.label("ui.no-such-button", "ru")


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda path: path.name)
def test_the_english_chapters_name_controls_with_the_role(path):
    text = path.read_text(encoding="utf-8")
    assert not bold_controls_in_english(text), bold_controls_in_english(text)
    unknown = [key for key in UI_ROLE.findall(text) if key not in catalog("en")]
    assert not unknown, f"{{ui}} of keys no catalog has: {unknown}"
    assert not unknown_controls(text, "en"), unknown_controls(text, "en")


@pytest.mark.parametrize("lang", TRANSLATIONS)
def test_the_translated_chapters_name_controls_by_their_labels(lang):
    problems = []
    for path in sorted((REPO / "locales" / lang / "LC_MESSAGES" / "book").glob("*.po")):
        for entry in polib.pofile(str(path)):
            if entry.msgstr and not entry.obsolete:
                problems += [f"{path.name}:{entry.linenum}: {line}" for line in unknown_controls(entry.msgstr, lang)]
    assert not problems, "\n".join(problems)


def test_the_checks_find_the_defects_of_the_reading_of_2026_12_03():
    """Review items 3, 7 and 8, put back, fail; the role and the true labels pass."""
    assert bold_controls_in_english("Tick **show legal cards** in the replay.")
    assert not bold_controls_in_english("Tick {ui}`ui.show-legal` in the replay; the dealer **leads**.")
    assert unknown_controls("na aplicação, o menu **Língua** no topo", "pt")
    assert unknown_controls("Marque a caixa **Mostrar as cartas que podem ser jogadas**.", "pt")
    assert unknown_controls("Pulse el botón **Modo pregunta**.", "es")
    assert unknown_controls("Отметьте флажок **Показывать допустимые карты**.", "ru")
    assert not unknown_controls("o menu **Idioma** no topo", "pt")
    assert not unknown_controls("Отметьте флажок **Допустимые карты**.", "ru")
