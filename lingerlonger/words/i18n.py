"""Messages in English, Portuguese, Spanish and Russian, read from the catalogs in ``locale/``.

Every sentence the program shows a reader lives in ``locale/<lang>.json`` as a message
id mapped to a text with ``{name}`` placeholders, or, for a text that holds a count, to
its plural forms. Portuguese is European Portuguese (tagged ``pt-PT``), with the terms of
the one-page Portuguese rules ("vaza", "dador", "monte"; "sair" is to lead, "ficar de
fora" to go out); every language's words for the game are in ``locale/glossary.json``
(see ``glossary``). Of the game it imports only ``errors``, so every layer above may use it.

>>> translate("narrate.led", "pt", name="A", card="K♣")
'A sai com o K♣.'
>>> [translate("count.cards", "ru", count=n) for n in (1, 2, 5, 21)]
['1 карта', '2 карты', '5 карт', '21 карта']

A message agrees with a person's grammatical gender the ICU way, ``{name, select, f {…}
other {…}}``: the branch is the gender of the value given for ``name`` (``people.gender_of``:
a ``people.Name`` knows its own; the default names are in ``locale/names.json``), ``other``
when it has none.

>>> fill_selects("{name} {name, select, f {сыграла} other {сыграл}}", {"name": "Аня"})
'{name} сыграла'
"""

from __future__ import annotations

import functools
import json
import os
import re
import string
from collections.abc import Callable, Mapping
from importlib import resources
from typing import SupportsInt, cast

from lingerlonger.game.errors import ENGLISH as ENGLISH_ERRORS
from lingerlonger.game.errors import Message, fill, speak_with
from lingerlonger.words.people import gender_of

__all__ = [
    "ui",
    "LANGUAGES",
    "SOURCE_LANGUAGE",
    "ENVIRONMENT_LANGUAGE",
    "DEFAULT_LANGUAGE",
    "PLURAL_CATEGORIES",
    "terminal_language",
    "browser_language",
    "I18nError",
    "catalog",
    "error_text",
    "translate",
    "template",
    "plural_category",
    "language_tag",
    "check_language",
    "placeholders",
    "format_number",
    "format_percent",
    "speaker",
    "fill_selects",
]

LANGUAGES = ("en", "pt", "es", "ru")
#: The catalogs' source, and the language of an author's text that does not say otherwise.
SOURCE_LANGUAGE = "en"
#: The reader's language when the environment names one: ``LINGERLONGER_LANG=pt``, as each
#: language's book build sets it for the chapters' kernels. None when it is unset or not offered.
ENVIRONMENT_LANGUAGE = os.environ.get("LINGERLONGER_LANG") if os.environ.get("LINGERLONGER_LANG") in LANGUAGES else None
#: What every ``lang`` argument defaults to.
DEFAULT_LANGUAGE = ENVIRONMENT_LANGUAGE or SOURCE_LANGUAGE
#: The CLDR cardinal categories a whole number can take. Counts here are whole numbers
#: of cards (0 to 52), so CLDR's "other" for fractions in Russian and "many" for
#: millions in Portuguese and Spanish never arise and are left out.
PLURAL_CATEGORIES: Mapping[str, tuple[str, ...]] = {
    "en": ("one", "other"),
    "pt": ("one", "other"),
    "es": ("one", "other"),
    "ru": ("one", "few", "many"),
}


class I18nError(ValueError):
    """A language that is not offered, or a message id no catalog has."""


def terminal_language(environ: Mapping[str, str] = os.environ) -> str | None:
    """The language a terminal asks for, when offered: ``LINGERLONGER_LANG``, else the locale
    (``LC_ALL``, ``LC_MESSAGES``, ``LANG``; the first that is set decides, as POSIX says).

    >>> terminal_language({"LANG": "pt_BR.UTF-8"}), terminal_language({"LC_ALL": "C", "LANG": "ru_RU"})
    ('pt', None)
    """
    for name in ("LINGERLONGER_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def browser_language(accept_language: str) -> str | None:
    """The first offered language of a browser's ``Accept-Language`` header, by its preference
    (``q``) and then its order; a region counts as its language (pt-BR asks for pt).

    >>> browser_language("pt-BR,pt;q=0.9,en;q=0.8"), browser_language("de, ru;q=0.5, en;q=0.4")
    ('pt', 'ru')
    >>> browser_language("de-DE"), browser_language("")
    (None, None)
    """
    asked = []
    for order, part in enumerate(accept_language.split(",")):
        tag, _, params = part.strip().partition(";")
        weight = params.strip().removeprefix("q=")
        try:
            quality = float(weight) if params else 1.0
        except ValueError:
            continue
        asked.append((-quality, order, tag.split("-")[0].strip().lower()))
    return next((lang for _, _, lang in sorted(asked) if lang in LANGUAGES), None)


def check_language(lang: str) -> str:
    """``lang`` if it is offered, else a clear error naming those that are."""
    if lang not in LANGUAGES:
        raise I18nError(f"no language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


@functools.cache
def catalog(lang: str) -> Mapping[str, str | Mapping[str, str]]:
    """The messages of one language, read once from the package. The English of errors
    (``error.*``) comes from ``errors.ENGLISH``, its one source (see ``errors``)."""
    text = (resources.files("lingerlonger.words") / "locale" / f"{check_language(lang)}.json").read_text(
        encoding="utf-8"
    )
    messages: dict[str, str | Mapping[str, str]] = json.loads(text)
    if lang == SOURCE_LANGUAGE:
        messages.update({f"error.{code}": english for code, english in ENGLISH_ERRORS.items()})
    return messages


def plural_category(count: int, lang: str) -> str:
    """The CLDR plural category of a whole number (pt is pt-PT: only 1 is "one").

    >>> [plural_category(n, "ru") for n in (1, 2, 5, 11, 21, 22, 25, 111, 0)]
    ['one', 'few', 'many', 'many', 'one', 'few', 'many', 'many', 'many']
    """
    check_language(lang)
    count = abs(count)
    if lang == "ru":
        if count % 10 == 1 and count % 100 != 11:
            return "one"
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
            return "few"
        return "many"
    return "one" if count == 1 else "other"


def language_tag(lang: str) -> str:
    """The BCP 47 tag a page writes for ``lang`` (``<html lang>``, ``hreflang``): Portuguese is
    European, ``pt-PT``; a browser asking for ``pt`` or ``pt-BR`` is matched on the primary subtag.

    >>> language_tag("pt"), language_tag("ru")
    ('pt-PT', 'ru')
    """
    return str(template("language.tag", lang))


def template(msg_id: str, lang: str = DEFAULT_LANGUAGE) -> str | Mapping[str, str]:
    """Message ``msg_id`` in ``lang`` as written, placeholders unfilled (for a page's own script)."""
    message = catalog(lang).get(msg_id)
    if message is None:
        raise I18nError(f"no message {msg_id!r} in the {lang} catalog")
    return message


_SELECT = re.compile(r"\{(\w+), select,")
_BRANCH = re.compile(r"\s*(\w+)\s*\{")


def _selects(text: str, choose: Callable[[str, Mapping[str, str]], str]) -> str:
    """``text`` with each ``{var, select, key {…} … other {…}}`` replaced by ``choose(var, branches)``."""
    said, at = [], 0
    while (found := _SELECT.search(text, at)) is not None:
        said.append(text[at : found.start()])
        at, branches = found.end(), {}
        while (branch := _BRANCH.match(text, at)) is not None:
            start = at = branch.end()
            depth = 1
            while depth:
                if at >= len(text):
                    raise I18nError(f"unclosed select in {text!r}")
                depth += {"{": 1, "}": -1}.get(text[at], 0)
                at += 1
            branches[branch.group(1)] = text[start : at - 1]
        closing = text.find("}", at)
        if "other" not in branches or closing < 0 or text[at:closing].strip():
            raise I18nError(f"a select needs branches and an 'other' one: {text!r}")
        said.append(choose(found.group(1), branches))
        at = closing + 1
    return "".join(said) + text[at:]


def fill_selects(text: str, values: Mapping[str, object]) -> str:
    """``text`` with each select's branch chosen by the gender of its value (else ``other``)."""
    return _selects(text, lambda var, branches: branches.get(gender_of(values.get(var)) or "other", branches["other"]))


def translate(msg_id: str, lang: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """Message ``msg_id`` in ``lang`` with its placeholders filled; a plural message takes
    its form from ``values["count"]``, a select its branch from the gender of its value."""
    message = template(msg_id, lang)
    if isinstance(message, Mapping):
        if "count" not in values:
            raise I18nError(f"message {msg_id!r} has plural forms: give it a count")
        message = message[plural_category(int(cast(SupportsInt, values["count"])), lang)]
    return fill_selects(message, values).format(**values)


def error_text(error: Message, lang: str = DEFAULT_LANGUAGE) -> str:
    """A refusal (or a part of one) in ``lang``: the one place where an error becomes words.

    >>> from lingerlonger.game.errors import LingerError
    >>> error_text(LingerError("setup.card-twice", card="K♣"), "pt")
    'K♣ aparece duas vezes'
    """
    message = template(f"error.{error.code}", lang)
    if isinstance(message, Mapping):  # a plural message: its form follows params["count"]
        message = message[plural_category(int(error.params["count"]), lang)]
    return fill(fill_selects(message, error.params), error.params, lambda reason: error_text(reason, lang))


#: Every error's ``text(lang)`` and ``str()`` are said by the catalogs from here on.
speak_with(error_text)


def format_number(number: float, lang: str, digits: int = 0, *, sign: bool = False) -> str:
    """A number as ``lang`` writes it: ``digits`` decimals, thousands grouped; 12,345.6 in
    English, 12 345,6 (a narrow no-break space, a decimal comma) in Portuguese, Spanish and
    Russian. ``sign`` writes + before a positive number.

    >>> format_number(2_000_000, "en"), format_number(2_000_000, "ru"), format_number(-0.25, "pt", 2)
    ('2,000,000', '2\u202f000\u202f000', '-0,25')
    """
    text = format(number, f"{'+' if sign else ''},.{digits}f")
    if check_language(lang) == "en":
        return text
    return text.replace(",", "\u202f").replace(".", ",")


#: How each language writes a percentage after the number (CLDR): Spanish and Russian
#: with a no-break space.
PERCENT_SIGNS: Mapping[str, str] = {"en": "%", "pt": "%", "es": "\u00a0%", "ru": "\u00a0%"}


def format_percent(value: float, lang: str, digits: int = 0, *, sign: bool = False) -> str:
    """A share (0.25 for a quarter) as a percentage the way ``lang`` writes it.

    >>> format_percent(0.235, "en", 1), format_percent(0.235, "ru", 1), format_percent(0.01, "pt", sign=True)
    ('23.5%', '23,5\xa0%', '+1%')
    """
    return format_number(value * 100, lang, digits, sign=sign) + PERCENT_SIGNS[lang]


def placeholders(text: str) -> frozenset[str]:
    """The ``{name}`` fields of a message text, a select's own and those of all its branches.

    >>> sorted(placeholders("{name, select, f {{name} сыграла {card}} other {{name} сыграл {card}}}"))
    ['card', 'name']
    """
    chosen = set()

    def every_branch(var: str, branches: Mapping[str, str]) -> str:
        chosen.add(var)
        return " ".join(branches.values())

    plain = _selects(text, every_branch)
    return frozenset(chosen | {field for _, field, _, _ in string.Formatter().parse(plain) if field})


def ui(key: str, lang: str = DEFAULT_LANGUAGE, **values: object) -> str:
    """The players' and the app's label ``key`` in ``lang`` (catalog id ``ui.KEY``)."""
    return translate(f"ui.{key}", lang, **values)


def speaker(lang: str, prefix: str = "") -> functools.partial[str]:
    """``translate`` held to ``lang``, for code that says many messages: ``say = speaker(lang)``,
    then ``say("cli.done", count=3)``. ``prefix`` goes before every id: ``speaker(lang, "ui.")``
    says the players' labels, as ``ui`` does.

    >>> say = speaker("pt", "ui.")
    >>> say("hint") == ui("hint", "pt")
    True
    """
    return functools.partial(_say, lang, prefix)


def _say(lang: str, prefix: str, msg_id: str, /, **values: object) -> str:
    return translate(prefix + msg_id, lang, **values)
