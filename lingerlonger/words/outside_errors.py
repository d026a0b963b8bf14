"""Words from outside the package, as catalog messages: PyYAML's problems and the system's errors.

PyYAML (libyaml or its pure-Python reader) and the operating system explain what went wrong
in English ("mapping values are not allowed here", "No such file or directory"). A reader
of a Portuguese, Spanish or Russian lesson must not meet that English, so the common ones
become messages with a code (``error.yaml.*``, ``error.os.*``), said like any refusal in the
reader's language by ``i18n.error_text``. One that is not known yet is said by a generic
message that still shows the original text (``error.yaml.other``, ``error.os.other``).

>>> from lingerlonger.words.i18n import error_text
>>> error_text(yaml_problem("mapping values are not allowed in this context"), "pt")
"aqui não pode haver dois pontos seguidos de um espaço (': ')"
>>> error_text(os_reason(FileNotFoundError(2, "No such file or directory")), "es")
'no existe el archivo o la carpeta'
"""

from __future__ import annotations

import errno
import re

from lingerlonger.game.errors import Message

__all__ = ["yaml_problem", "yaml_context", "yaml_error", "os_reason"]

#: PyYAML's problem texts, from libyaml and from the pure-Python reader, and their codes.
_PROBLEMS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), code)
    for pattern, code in (
        (r"^mapping values are not allowed", "yaml.mapping-values"),
        (r"^could not find expected ':'", "yaml.expected-colon"),
        (r"^did not find expected key|^expected <block end>, but found", "yaml.expected-key"),
        (r"^did not find expected '-' indicator", "yaml.expected-dash"),
        (r"^(did not find )?expected ',' or '\]'", "yaml.expected-bracket"),
        (r"^(did not find )?expected ',' or '\}'", "yaml.expected-brace"),
        (r"^found unexpected end of stream", "yaml.unexpected-end"),
        (r"^found a tab character", "yaml.tab"),
        (r"^found character .*cannot start any token", "yaml.cannot-start"),
        (r"^found undefined alias", "yaml.undefined-alias"),
        (r"^found duplicate anchor|^second occurrence", "yaml.duplicate-anchor"),
        (r"^found unknown escape character", "yaml.unknown-escape"),
        (r"^did not find expected node content|^expected the node content", "yaml.expected-value"),
        (r"^found unexpected ':'", "yaml.unexpected-colon"),
        (r"control characters|special characters|invalid Unicode character", "yaml.special-character"),
        (r"UTF-8|start byte|continuation byte|end of data|octet", "yaml.not-utf8"),
    )
)

#: What PyYAML was reading when it stopped ("while scanning a simple key"...).
_CONTEXTS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), code)
    for pattern, code in (
        (r"simple key", "yaml.context.key"),
        (r"quoted scalar", "yaml.context.quoted"),
        (r"block collection|block sequence", "yaml.context.list"),
        (r"block mapping", "yaml.context.keys"),
        (r"flow sequence", "yaml.context.bracket"),
        (r"flow mapping", "yaml.context.brace"),
        (r"anchor|alias", "yaml.context.anchor"),
        (r"block scalar", "yaml.context.block-text"),
        (r"next token|block node|flow node|plain scalar|a tag|directive", "yaml.context.reading"),
    )
)

#: The system's errors a reader meets: a path mistyped, a folder given for a file, a full disk.
_ERRNO = {
    errno.ENOENT: "os.not-found",
    errno.EACCES: "os.permission",
    errno.EPERM: "os.permission",
    errno.EISDIR: "os.is-a-directory",
    errno.ENOTDIR: "os.not-a-directory",
    errno.EEXIST: "os.exists",
    errno.ENOSPC: "os.no-space",
    errno.EROFS: "os.read-only",
    errno.ENAMETOOLONG: "os.name-too-long",
    errno.EPIPE: "os.broken-pipe",
}


def _match(table: tuple[tuple[re.Pattern[str], str], ...], text: str) -> str | None:
    text = " ".join(text.split())
    return next((code for pattern, code in table if pattern.search(text)), None)


def yaml_problem(text: str) -> Message:
    """PyYAML's ``problem`` as a message (``error.yaml.other`` shows one not known yet)."""
    code = _match(_PROBLEMS, text)
    return Message(code) if code else Message("yaml.other", text=" ".join(text.split()))


def yaml_context(text: str) -> Message:
    """PyYAML's ``context`` ("while parsing a block mapping") as a message."""
    code = _match(_CONTEXTS, text)
    return Message(code) if code else Message("yaml.context.other", text=" ".join(text.split()))


def yaml_error(
    problem: str | None, context: str | None, context_line: int | None = None, context_column: int | None = None
) -> Message:
    """The words of a PyYAML syntax error: its problem, and what it was reading from where.

    >>> from lingerlonger.words.i18n import error_text
    >>> error_text(yaml_error("could not find expected ':'", "while scanning a simple key", 3, 1), "ru")
    "после ключа не хватает ':' (в ключе, начиная со строки 3, столбца 1)"
    """
    if problem is None:  # libyaml puts the whole complaint in the context at times
        return yaml_problem(context or "")
    said = yaml_problem(problem)
    if context and context_line is not None:
        if said.code == "yaml.duplicate-anchor":  # "found duplicate anchor" is the context there
            return said
        return Message(
            "yaml.in-context", problem=said, context=yaml_context(context), line=context_line, column=context_column
        )
    return said


def os_reason(error: OSError) -> Message:
    """Why the system refused, as a message (``error.os.other`` shows an errno not known yet)."""
    code = None if error.errno is None else _ERRNO.get(error.errno)
    return Message(code) if code else Message("os.other", text=error.strerror or str(error))
