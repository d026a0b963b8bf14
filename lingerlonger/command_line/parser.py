"""argparse in the reader's language: usage errors, the help and its section titles.

argparse words its own messages in English ("the following arguments are required",
"invalid choice", "unrecognized arguments", "usage:", "options") through the module's
``_``/``ngettext``, which it looks up each time it speaks. ``Parser`` lends it the
package's catalogs (messages ``argparse.*``, written with argparse's own ``%(name)s``
placeholders) while it parses, prints help or reports an error, in the language of
``--lang`` when the command line gives one, else the terminal's (``LINGERLONGER_LANG``,
``LANG``...), else English. A value refused by the package's own checks (a rules spec)
is said in that language too.

The commands' own words (a description, an epilog, each option's help) are declared as
catalog messages, ``HelpText("cli.help.check.paths")``: a ``HelpText`` is the English, and the
``Parser`` says it in the language of the command line when it prints the help. An option's
help (and a command's one-line summary) is an argparse help string: argparse fills its
``%(default)s`` and the like, and a percent sign is written ``%%``; a description or an
epilog is plain text, whose unindented lines are wrapped and whose indented ones (example
commands) are kept whole.

>>> import contextlib, io
>>> parser = Parser(prog="lingerlonger")
>>> _ = parser.add_argument("file")
>>> _ = parser.add_argument("--lang")
>>> err = io.StringIO()
>>> with contextlib.redirect_stderr(err), contextlib.suppress(SystemExit):
...     parser.parse_args(["--lang", "ru"])
>>> print(err.getvalue().strip())
использование: lingerlonger [-h] [--lang LANG] file
lingerlonger: ошибка: не хватает обязательных аргументов: file
"""

from __future__ import annotations

import argparse
import contextlib
import re
import textwrap
from collections.abc import Callable, Iterator, Sequence

from lingerlonger.game.errors import Message
from lingerlonger.game.visible_text import visible
from lingerlonger.words.i18n import (
    LANGUAGES,
    SOURCE_LANGUAGE,
    catalog,
    error_text,
    plural_category,
    terminal_language,
    translate,
)

__all__ = ["Parser", "HelpText", "HelpFormatter", "examples", "speaking", "language_of", "ARGPARSE_MESSAGES"]

#: The help's prose is wrapped to at most this width.
HELP_WIDTH = 79

#: argparse's English (Python 3.9 to 3.13) → the catalog message that says it.
ARGPARSE_MESSAGES = {
    "usage: ": "argparse.usage",
    "positional arguments": "argparse.positional",
    "options": "argparse.options",
    "optional arguments": "argparse.options",  # Python before 3.10
    "show this help message and exit": "argparse.help",
    "show program's version number and exit": "argparse.version",
    "%(prog)s: error: %(message)s\n": "argparse.error",
    "the following arguments are required: %s": "argparse.required",
    "unrecognized arguments: %s": "argparse.unrecognized",
    "invalid choice: %(value)r (choose from %(choices)s)": "argparse.invalid-choice",
    "argument %(argument_name)s: %(message)s": "argparse.argument",
    "expected one argument": "argparse.expected-one",
    "expected at most one argument": "argparse.expected-at-most-one",
    "expected at least one argument": "argparse.expected-at-least-one",
    "invalid %(type)s value: %(value)r": "argparse.invalid-value",
    "ambiguous option: %(option)s could match %(matches)s": "argparse.ambiguous",
    "not allowed with argument %s": "argparse.not-allowed-with",
    "one of the arguments %s is required": "argparse.one-required",
    "ignored explicit argument %r": "argparse.ignored-explicit",
    "can't open '%(filename)s': %(error)s": "argparse.cannot-open",
}
#: argparse's one plural message: "expected %s argument(s)" (the catalog writes {count} for %s).
ARGPARSE_PLURALS = {("expected %s argument", "expected %s arguments"): "argparse.expected-n"}


def language_of(argv: Sequence[str] | None) -> str:
    """The language a command line asks for: its ``--lang`` (before or after the command; the
    last one, as argparse keeps it), else the terminal's, else English.

    >>> language_of(["replay", "x.yaml", "--lang", "pt"]), language_of(["--lang=es"])
    ('pt', 'es')
    >>> language_of(["--lang", "ru", "demo", "--lang", "pt"])
    'pt'
    """
    argv = list(argv or ())
    found = None
    for index, arg in enumerate(argv):
        if arg == "--":
            break
        value = (
            arg.partition("=")[2]
            if arg.startswith("--lang=")
            else (argv[index + 1] if arg == "--lang" and index + 1 < len(argv) else None)
        )
        if value in LANGUAGES:
            found = value
    return found or terminal_language() or SOURCE_LANGUAGE


def _said(lang: str) -> tuple[Callable[[str], str], Callable[[str, str, int], str]]:
    messages = catalog(lang)

    def gettext(text: str) -> str:
        key = ARGPARSE_MESSAGES.get(text)
        said = messages.get(key, text) if key else text
        return said if isinstance(said, str) else text

    def ngettext(singular: str, plural: str, count: int) -> str:
        key = ARGPARSE_PLURALS.get((singular, plural))
        forms = messages.get(key) if key else None
        if isinstance(forms, dict):
            return forms[plural_category(int(count), lang)].replace("{count}", "%s")  # argparse fills %s
        return singular if count == 1 else plural

    return gettext, ngettext


@contextlib.contextmanager
def speaking(lang: str) -> Iterator[None]:
    """argparse says its messages in ``lang`` inside this block."""
    # argparse's module-level gettext functions are not in its stubs: hence the ignores.
    saved = argparse._, argparse.ngettext  # type: ignore[attr-defined]
    argparse._, argparse.ngettext = _said(lang)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._, argparse.ngettext = saved  # type: ignore[attr-defined]


class HelpText(str):
    """A text of the help declared as a catalog message, with the values of its ``{name}``
    placeholders (a value that is a ``HelpText`` is said in the same language). It is its English,
    so code reading a parser's help reads words; ``Parser`` says it in the reader's language.

    >>> index = HelpText("cli.help.index")
    >>> index, index.key
    ('which scenario of a stream, from 1 (default: %(default)s)', 'cli.help.index')
    >>> index.said("pt")
    'qual cenário de uma sequência, a partir de 1 (por omissão: %(default)s)'
    """

    key: str
    values: dict[str, object]

    def __new__(cls, key: str, /, **values: object) -> HelpText:
        text = super().__new__(cls, translate(key, SOURCE_LANGUAGE, **values))
        text.key, text.values = key, values
        return text

    def said(self, lang: str) -> str:
        """The text in ``lang``."""
        return translate(
            self.key,
            lang,
            **{name: value.said(lang) if isinstance(value, HelpText) else value for name, value in self.values.items()},
        )


def examples(*commands: str) -> HelpText:
    """An epilog of example command lines, under the heading "examples:" in the reader's language."""
    return HelpText("cli.examples", commands="\n".join(f"  {command}" for command in commands))


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help, where a description or an epilog keeps its lines: an unindented line
    is wrapped, an indented one (an example command) kept whole. No line is broken at a
    hyphen, so that option names and rules specs (``draw-per-card``) stay whole."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        width = min(width, HELP_WIDTH)
        return "\n".join(
            indent + line
            if line.startswith(" ") or not line
            else textwrap.fill(line, width, initial_indent=indent, subsequent_indent=indent, break_on_hyphens=False)
            for line in text.splitlines()
        )

    def _split_lines(self, text: str, width: int) -> list[str]:
        text = re.sub(r"\s+", " ", text, flags=re.ASCII).strip()  # a no-break space stays one
        return textwrap.wrap(text, width, break_on_hyphens=False)


def _message_behind(error: BaseException | None) -> Message | None:
    """The package's refusal behind an exception, if any: a type function that raises
    ``ArgumentTypeError(...)`` while handling a ``LingerError``, or ``from`` one."""
    seen: set[int] = set()
    while error is not None and id(error) not in seen:
        seen.add(id(error))
        if isinstance(error, Message):
            return error
        error = error.__cause__ or error.__context__
    return None


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` that speaks the command line's language (see the module);
    its subcommands' parsers are ``Parser`` too."""

    lang: str | None = None  # the language of the parse under way (shared with the subcommands')

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def parse_args(self, args=None, namespace=None):
        with self._speaking(args):  # "unrecognized arguments" is said here, after the parse
            return super().parse_args(args, namespace)

    def parse_known_args(self, args=None, namespace=None):
        with self._speaking(args):
            return super().parse_known_args(args, namespace)

    @contextlib.contextmanager
    def _speaking(self, args) -> Iterator[None]:
        """argparse speaks the command line's language while it reads ``args`` (a subcommand's
        parser keeps the language its main parser found)."""
        import sys

        lang = Parser.lang or language_of(sys.argv[1:] if args is None else args)
        previous, Parser.lang = Parser.lang, lang
        try:
            with speaking(lang):
                yield
        finally:
            Parser.lang = previous

    def _get_value(self, action, arg_string):
        try:
            return super()._get_value(action, arg_string)
        except argparse.ArgumentError as error:
            # A type function refusing a value with one of the package's errors (a rules spec):
            # argparse kept only its English str(); say it again in the reader's language.
            reason = _message_behind(error)
            if reason is None:
                raise
            raise argparse.ArgumentError(action, error_text(reason, self._language())) from None

    def _language(self) -> str:
        return Parser.lang or terminal_language() or SOURCE_LANGUAGE

    def error(self, message):
        # argparse quotes what was typed ("unrecognized arguments: ..."): shown, never obeyed,
        # on one line (a line break or a tab typed is escaped too)
        super().error(visible(message))

    def _print_message(self, message, file=None):
        # the help and the usage, which hold what a command line was given (its name) as well
        super()._print_message(visible(message, keep_lines=True) if message else message, file)

    def format_usage(self) -> str:
        with speaking(self._language()):
            return super().format_usage()

    def format_help(self) -> str:
        lang = self._language()
        with speaking(lang), _worded(self, lang):
            return super().format_help()


@contextlib.contextmanager
def _worded(parser: argparse.ArgumentParser, lang: str) -> Iterator[None]:
    """The parser's texts in ``lang`` while its help is formatted: its description and epilog,
    its sections' titles, each option's help and each subcommand's summary."""
    gettext, _ = _said(lang)
    actions = [*parser._actions]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            actions += action._get_subactions()  # the subcommands, as their list shows them
    places = [
        (parser, "description"),
        (parser, "epilog"),
        *((group, "title") for group in parser._action_groups),
        *((action, "help") for action in actions),
    ]
    saved = [(owner, name, getattr(owner, name)) for owner, name in places]
    for owner, name, text in saved:
        if isinstance(text, HelpText):
            setattr(owner, name, text.said(lang))
        elif isinstance(text, str):  # argparse's own words: "options", "show this help..."
            setattr(owner, name, gettext(text))
    try:
        yield
    finally:
        for owner, name, text in saved:
            setattr(owner, name, text)
