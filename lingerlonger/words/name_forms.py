"""A person's name in every form a text uses, so that a text can name another person in the same form.

A Russian text declines names (у Бори, Ане, с Верой): ``forms`` gives the six cases of a
Russian name by the rules of its ending, as the lessons' names need them: first-declension
names in -а/-я of either gender (Аня, Боря, Саша, Вера, Ева, Дима) and masculine names ending
in a consonant, -й or -ь (Феликс, Филипп, Андрей, Игорь); any other name (a Latin one, one
in -о or -и, a feminine one in a consonant) is not declined and has only itself. In the other
languages a name has one form.

``rename_people(text, people, lang)`` names the people of ``people`` (old name to new name) as
a copy does, all at once (names are handed round among themselves): each form of an old name
becomes the same form of the new one. When one form of the old name is two cases whose forms
differ in the new one (Боре is the dative and the prepositional, Феликсу and Феликсе), the word
before it decides (a preposition's case), else the commoner case in a lesson's texts (the
genitive, the dative).

>>> forms("Саша", "ru", "f")
('Саша', 'Саши', 'Саше', 'Сашу', 'Сашей', 'Саше')
>>> rename_people("У Бори нет бубен, Аня отдала взятку Вере.", {"Боря": "Феликс", "Аня": "Вера", "Вера": "Аня"}, "ru")
'У Феликса нет бубен, Вера отдала взятку Ане.'
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

from lingerlonger.words.people import gender_of

__all__ = ["CASES", "forms", "rename_people"]

#: The six cases, in the order ``forms`` gives them.
CASES = ("nominative", "genitive", "dative", "accusative", "instrumental", "prepositional")
#: After these letters Russian writes и for ы, and an unstressed о of an ending becomes е.
_VELARS_AND_HUSHING = "гкхжшщч"
_HUSHING = "жшщчц"
_CYRILLIC = re.compile(r"[А-ЯЁ][а-яё]+")
_CONSONANTS = "бвгджзклмнпрстфхцчшщ"
#: The case a preposition takes before a name, when the form alone could be two cases.
_PREPOSITIONS = {
    **dict.fromkeys(("у", "от", "до", "для", "без", "из", "после", "кроме", "около", "возле", "вместо"), 1),
    **dict.fromkeys(("к", "ко", "по"), 2),
    **dict.fromkeys(("на", "в", "во", "про", "через"), 3),
    **dict.fromkeys(("с", "со", "под", "над", "перед", "между"), 4),
    **dict.fromkeys(("о", "об", "обо", "при"), 5),
}
#: Without a preposition: the genitive ("ход Феликса") before the accusative, the dative
#: ("Боре нечем бить") before the prepositional.
_USUAL_CASE = (0, 1, 2, 4, 3, 5)


@functools.cache
def forms(name: str, lang: str, gender: str | None = None) -> tuple[str, ...]:
    """The six cases of ``name`` in Russian (``CASES``); elsewhere, or when it is not declined, itself."""
    if lang != "ru" or not _CYRILLIC.fullmatch(name):
        return (name,)
    stem, last = name[:-1], name[-1]
    if last in "ая":
        soft = last == "я"
        after_i = soft and stem.endswith("и")  # Мария: Марии
        genitive = "и" if soft or stem[-1] in _VELARS_AND_HUSHING else "ы"
        dative = "и" if after_i else "е"
        instrumental = "ей" if soft or stem[-1] in _HUSHING else "ой"
        return (name, stem + genitive, stem + dative, stem + ("ю" if soft else "у"), stem + instrumental, stem + dative)
    if gender != "m":
        return (name,)
    if last in "йь":
        return (name, stem + "я", stem + "ю", stem + "я", stem + "ем", stem + "е")
    if last in _CONSONANTS:
        instrumental = "ем" if last in _HUSHING else "ом"
        return (name, name + "а", name + "у", name + "а", name + instrumental, name + "е")
    return (name,)


def _case_here(text: str, start: int, cases: list[int]) -> int:
    """Which of ``cases`` a name at ``start`` is in: the preposition before it says, else the usual one."""
    before = re.findall(r"\w+", text[max(0, start - 12) : start])
    taken = _PREPOSITIONS.get(before[-1].lower()) if before else None
    if taken in cases:
        return taken
    return min(cases, key=_USUAL_CASE.index)


def rename_people(text: str, people: Mapping[str, str], lang: str) -> str:
    """``text`` with each form of each old name in ``people`` made the same form of its new name."""
    table: dict[str, dict[int, str]] = {}
    for old, new in people.items():
        old_forms = forms(str(old), lang, gender_of(old))
        new_forms = forms(str(new), lang, gender_of(new))
        for case, form in enumerate(old_forms):
            table.setdefault(form, {}).setdefault(case, new_forms[case] if case < len(new_forms) else str(new))
    if not table:
        return text
    words = sorted(table, key=len, reverse=True)
    pattern = re.compile("|".join(rf"(?<!\w){re.escape(word)}(?!\w)" for word in words))

    def said(found: re.Match[str]) -> str:
        choices = table[found[0]]
        if len(set(choices.values())) == 1:
            return next(iter(choices.values()))
        return choices[_case_here(text, found.start(), list(choices))]

    return pattern.sub(said, text)
