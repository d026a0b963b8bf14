"""One voice per language (issue 44, §4): every text a reader meets in Portuguese, Spanish or
Russian (the catalog, the chapters' translations, the lessons and the course) speaks to the
reader the same way, quotes the same way and names the players the same way.

- pt: European Portuguese, the reader addressed without "você" or "tu"; names without an
  article ("Ana sai", "a carta de Bruno"), as the narration must say them, whatever the name.
- es: usted, or ustedes to a class or a family; never tú or vosotros.
- ru: вы; never ты.
- Quotation marks: «…» in all three (“…” inside them); straight or English quotes are for
  code and for the book's quotations of its sources (*"…"*), which keep the source's own.
A quoted span «…» is someone's words (a pupil's question), and is not held to the register.
"""

from __future__ import annotations

import re

import pytest
from texts_by_language import every_text

#: Code is no prose: `spans`, and a source quoted in the book's way, *"…"*.
CODE = re.compile(r"`[^`]*`|\*\"[^\"]*\"\*|\{[a-z]+\}`[^`]*`")
QUOTED = re.compile(r"«[^»]*»")
#: The catalogs' messages that show a file's syntax: their straight quotes are YAML's.
SYNTAX_MESSAGES = re.compile(
    r"(load\.quote-colon|starter\.|error\.|lab\.no-distributed|rules-sheet\.example)", re.IGNORECASE
)
#: The lessons' seats (Eva and the sixth seat too: issue 44's native reading found "A Eva", "da Eva").
NAMES = r"(?:\*\*)?(?:Ana|Bruno|Carla|Dani|Eva|F[eé]lix|Filipe)\b"
WRONG_VOICE = {
    "pt": {
        "você (write the verb alone, or o senhor)": r"\bvocês?\b",
        "tu and its forms": r"\b(tu|teu|tua|teus|tuas|contigo)\b",
        "an article before a name (the narration names without one)": (
            rf"\b(da|do|na|no|pela|pelo|ao|à|Da|Do|Na|No|Pela|Pelo|Ao|À)\s+{NAMES}"
            rf"|(?:^|[.!?:;]\s+|\*\*)(A|O)\s+{NAMES}"
            rf"|\b(e|que|mas|só|isso|aqui|agora|depois|pode|deve|E|Só|Aqui|Agora|Depois)\s+(a|o)\s+{NAMES}"
            rf"|\b(a|o|A|O)\s+{NAMES}\s+(pode|podia|joga|jogou|tem|tinha|ganha|ganhou|sai|saiu|compra|comprou"
            r"|fica|ficou|assiste|corta|descarta|está|vê|escolhe|quer)\b"
        ),
    },
    "es": {
        "tú and its forms (write usted)": (
            r"\b(tú|tienes|puedes|juegas|debes|quieres|sabes|ganas|pierdes|robas|eres|estás|contigo)\b"
            r"|\bte\s+(toca|quedas|toque)\b|\btus?\s+(cartas?|mano|turno|baza|jugada)\b"
        ),
        "a tú imperative after a stop (write dé, pase, escriba...)": (
            r"(?:^|[;:.!?¿¡] ?)(da|pasa|escribe|pulsa|haz|pon|usa|añade|quita|mira|prueba|fíjate|recuerda|intenta"
            r"|cambia|corrige|(?i:activa|desactiva))\s+(un|una|el|la|los|las|otr[oa]s?|algun[oa]s?|con|su|sus|lo|aquí|primero"
            r"|JavaScript)\b"
        ),
        "a word of American Spanish in a book that says ordenador and móvil": r"\b(computadoras?|celulares?)\b",
        "vosotros and its forms (write ustedes)": (
            r"\b(vosotr[oa]s|vuestr[oa]s?|os\s+toca)\b|\b(?!dieci|veinti)\w+(áis|éis)\b"  # not dieciséis
        ),
    },
    "ru": {
        "ты and its forms (write вы)": (
            r"(?<!\w)(ты|тебя|тебе|тобой|твой|твоя|твоё|твои|твоего|твоей|твоих|твоим|твоими|твою)(?!\w)"
        ),
        "a verb said to ты, even to anyone («выиграешь — сохранишь»: write вы or the past)": (
            r"(?<!\w)(?!лишь\b)\w+(ешь|ишь|ёшь)(ся)?(?!\w)"
        ),
    },
}
#: Straight or English double quotes around words: «…» is the quotation mark of pt, es and ru.
#: A quotation may run over a line break (lesson 15's summary quoted a source so, unmarked).
OTHER_QUOTES = re.compile(r'"[^"]*[^\W\d_][^"]*"|“[^”]*”')


def prose(text: str) -> str:
    return CODE.sub(" ", text)


def wrong_voice(text: str, lang: str) -> list[str]:
    said = QUOTED.sub(" ", prose(text))
    return [
        f"{what}: {match.group(0)!r}"
        for what, pattern in WRONG_VOICE[lang].items()
        for match in re.finditer(pattern, said, re.MULTILINE)
    ]


def wrong_quotes(text: str) -> list[str]:
    """English or straight quotes used as quotation marks (inside «…» “…” is right)."""
    outside = QUOTED.sub(lambda match: " " * len(match.group(0)), prose(text))
    return [f"quotation marks: {match.group(0)!r} (write «…»)" for match in OTHER_QUOTES.finditer(outside)]


@pytest.mark.parametrize("lang", ["pt", "es", "ru"])
def test_every_text_speaks_in_the_languages_one_voice(lang):
    problems = []
    for place, text in every_text(lang):
        problems += [f"{place}: {line}" for line in wrong_voice(text, lang)]
        if not SYNTAX_MESSAGES.search(place):
            problems += [f"{place}: {line}" for line in wrong_quotes(text)]
    assert not problems, f"{len(problems)} texts in another voice:\n" + "\n".join(problems)


def test_the_checks_find_the_other_voices_and_pass_the_right_one():
    """The defects of the reading of 2026-12-03 (old 6 and 11, new 24), put back, fail."""
    assert wrong_voice("A Ana sai com o rei; depois o Bruno assiste.", "pt")
    assert wrong_voice("O ás da Carla ganha.", "pt")
    assert not wrong_voice("Ana sai com o rei; depois Bruno assiste. O ás de Carla ganha.", "pt")
    assert not wrong_voice("a saída passa a Dani", "pt")  # the preposition, not an article
    # The native reading of 2026-12-05: an article after any word, before a verb; Eva too.
    assert wrong_voice("pergunte ao motor que cartas a Dani pode jogar", "pt")
    assert wrong_voice("**Uma renúncia.** O Bruno tem uma copa.", "pt")
    assert wrong_voice("A Eva tem de assistir. O ás de copas da Eva ganha.", "pt")
    assert not wrong_voice("a saída passa a Eva, que tem cartas; Eva joga.", "pt")
    assert wrong_voice("Si tienes un triunfo, puedes jugarlo.", "es")
    assert wrong_voice("Barajad y repartid: podéis empezar.", "es")
    assert not wrong_voice("Si tiene un triunfo, puede jugarlo; seis jugadores.", "es")
    assert wrong_voice("la búsqueda pasó de 100 posiciones; da una posición más pequeña, o pasa algunas tareas", "es")
    assert not wrong_voice("la búsqueda pasó de 100 posiciones; dé una posición más pequeña", "es")
    assert wrong_voice("Activa JavaScript para poder buscar.", "es")  # sphinx.po
    assert not wrong_voice("Active JavaScript para poder buscar.", "es")
    assert wrong_voice("un jugador de la computadora se equivoca", "es")  # scenario-format.po
    assert not wrong_voice("un jugador del ordenador se equivoca", "es")
    assert not wrong_voice("Pregunte: «¿Tienes que seguir el palo?»", "es")  # a pupil's words
    assert wrong_voice("Посмотри на свои карты: твой ход.", "ru")
    assert not wrong_voice("Посмотрите на свои карты: ваш ход.", "ru")
    assert wrong_voice("Вся игра: выиграешь — сохранишь карты; где сидишь?", "ru")
    assert not wrong_voice("Взяли — сохранили карты, лишь бы хватило колоды.", "ru")
    assert wrong_quotes("Clique em “Nova mão” para jogar outra vez.")
    assert wrong_quotes('perguntem em voz alta: "Quem ganhou?"')
    assert not wrong_quotes('Clique em «Nova mão»; a regra diz *"conte o monte"*; `say: "x"`.')
    assert not wrong_quotes("«Ele disse “sai” e saiu.»")
    assert wrong_quotes('as fontes dizem:\n"Se todos os jogadores exceto um\nforem eliminados".')


#: What the Learn page's verdict already says above a right answer's explanation ("K♣: Right!"),
#: and its short forms: an explanation that begins with them says it twice.
SAID_ALREADY = {
    "en": ("Right.", "Yes.", "Correct."),
    "pt": ("Certo.", "Sim.", "Correto."),
    "es": ("Bien.", "Sí.", "Correcto."),
    "ru": ("Верно.", "Да.", "Правильно."),
}


@pytest.mark.parametrize("lang", sorted(SAID_ALREADY))
def test_a_right_answers_explanation_does_not_say_right_again(lang):
    """Native readings 2026-12-05: 56 English, 29 Portuguese and 29 Spanish explanations (and
    the Russian ones, fixed first) began «Right.», «Certo.», «Bien.» under the verdict."""
    from pathlib import Path

    from lingerlonger.scenario.course import read_course
    from lingerlonger.scenario.model import in_language
    from lingerlonger.words.i18n import translate

    said = (*SAID_ALREADY[lang], translate("learn.right", lang).strip("!¡"))  # the verdict, with any stop after it
    again = [
        f"{step.task.id}: {in_language(step.task.right, lang)[:40]}"
        for unit in read_course(Path(__file__).resolve().parents[1] / "scenarios" / "course").units
        for exercise in unit.exercises
        for step in exercise.steps
        if step.task is not None and step.task.right and in_language(step.task.right, lang).startswith(said)
    ]
    assert not again, again
