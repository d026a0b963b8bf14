"""The key tables of the scenario format, written from the JSON Schema at build time.

``lingerlonger/scenario/scenario.schema.json`` is what editors read while an author types, and
the loader is tested against it (tests/test_schema.py). The book's tables come from the
same file, so the Scenario format reference and chapter 12 cannot drift from it or from
each other: a key added to the schema appears in both at the next build, and a key
without a description is a build warning (an error under ``-W``).

In a page::

    ```{scenario-keys} expect
    ```

PART is one of ``PARTS``; the table lists that part's keys, whether each is required, its
description (Markdown) and what it takes. Every key of the schema has a description:

>>> schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
>>> [(part, key) for part in PARTS for key, _, _, meaning in rows(schema, part) if not meaning.strip()]
[]
>>> rows(schema, "top")[9][:3]
('deck', 'a list of cards', 'a deal: required')
"""

from __future__ import annotations

import json
from pathlib import Path

from docutils import nodes
from docutils.statemachine import StringList
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

SCHEMA = Path(__file__).resolve().parents[2] / "lingerlonger" / "scenario" / "scenario.schema.json"
#: A part of the format -> the path of its object in the schema.
PARTS = {
    "top": (),
    "rules": ("definitions", "rules", "oneOf", 1),
    "step": ("definitions", "step"),
    "expect": ("definitions", "expect"),
    "ask": ("definitions", "ask"),
    "answer": ("definitions", "ask", "properties", "answer"),
    "task": ("definitions", "task"),
    "result": ("definitions", "result"),
}
#: How a value that refers to a definition is named in the tables (one, several).
DEFINITION_NAMES = {
    "text": ("text", "texts"),
    "author_text": ("text, or a text per language", "texts"),
    "seat": ("a seat", "seats"),
    "seat_or_null": ("a seat or `null`", "seats or `null`"),
    "card": ("a card", "cards"),
    "cards": ("a list of cards", "lists of cards"),
    "rules": ("a rule set", "rule sets"),
    "step": ("a step", "steps"),
    "expect": ("a mapping (see its table)", "mappings"),
    "ask": ("a mapping (see its table)", "mappings"),
    "task": ("a mapping (see its table)", "mappings"),
    "result": ("a mapping (see its table)", "mappings"),
}

logger = logging.getLogger(__name__)


def _code(value) -> str:
    return "`null`" if value is None else f"`{value}`"


def value_of(node: dict, plural: bool = False) -> str:
    """What a key takes, in words.

    >>> value_of({"type": "array", "items": {"$ref": "#/definitions/seat"}})
    'a list of seats'
    >>> value_of({"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}})
    'seat → a whole number (at least 0)'
    >>> value_of({"enum": ["last-holder", None]})
    'one of `last-holder`, `null`'
    """
    if "title" in node:
        return node["title"]
    if "$ref" in node:
        return DEFINITION_NAMES[node["$ref"].rsplit("/", 1)[1]][plural]
    if "allOf" in node:
        return value_of(node["allOf"][0], plural)
    if "const" in node:
        return _code(node["const"])
    if "enum" in node:
        return ("values from " if plural else "one of ") + ", ".join(map(_code, node["enum"]))
    if "oneOf" in node:
        return " or ".join(value_of(option, plural) for option in node["oneOf"])
    kinds = node.get("type", "string")
    kinds = kinds if isinstance(kinds, list) else [kinds]
    words = []
    for kind in kinds:
        if kind == "array":
            words.append("a list of " + value_of(node.get("items", {}), plural=True))
        elif kind == "object":
            words.append(
                "seat → " + value_of(node["additionalProperties"])
                if isinstance(node.get("additionalProperties"), dict)
                else "a mapping"
            )
        elif kind == "integer":
            least = node.get("minimum")
            words.append(
                ("whole numbers" if plural else "a whole number")
                + (f" (at least {least})" if least is not None else "")
            )
        elif kind == "null":
            words.append("`null`")
        else:
            words.append("texts" if plural else "text")
    return " or ".join(words)


def _resolve(schema: dict, node: dict) -> dict:
    while "$ref" in node and "description" not in node:
        node = schema["definitions"][node["$ref"].rsplit("/", 1)[1]]
    return node


def _when(schema: dict, part: str, owner: dict, key: str) -> str:
    """Whether a key is required: "required", "optional", or which setup it belongs to."""
    if key in owner.get("required", ()):
        return "required"
    if part == "top":
        deal, position = (option for option in schema["oneOf"])
        if key in deal["required"]:
            return "a deal: required"
        if key in position["required"]:
            return "a position: required"
        if any(key in other["required"] for other in deal["not"]["anyOf"]):
            return "a position: optional"
    return "optional"


def rows(schema: dict, part: str) -> list[tuple[str, str, str, str]]:
    """(key, value, when, description) for each key of a part, in schema order."""
    owner = schema
    for step in PARTS[part]:
        owner = owner[step]
    if part == "answer":
        return [
            (key, value_of(node), "one kind only", _resolve(schema, node).get("description", ""))
            for option in owner["oneOf"]
            for key, node in option["properties"].items()
        ]
    return [
        (
            key,
            value_of(node),
            _when(schema, part, owner, key),
            node.get("description") or _resolve(schema, node).get("description", ""),
        )
        for key, node in owner["properties"].items()
    ]


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(table: list[tuple[str, str, str, str]]) -> str:
    """Two columns, so that the table fits a phone: the key and whether it is required, then
    what it means and what it takes."""
    lines = ["| key | meaning |", "| --- | --- |"]
    lines += [
        f"| `{key}`<br>{when} | {_cell(meaning)}<br>*Takes:* {_cell(value)}. |" for key, value, when, meaning in table
    ]
    return "\n".join(lines)


class ScenarioKeys(SphinxDirective):
    """``{scenario-keys} PART``: the table of one part of the scenario format."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        part = self.arguments[0]
        if part not in PARTS:
            raise self.error(f"scenario-keys: unknown part {part!r}; one of {', '.join(PARTS)}")
        self.env.note_dependency(str(SCHEMA))
        self.env.note_dependency(__file__)  # a change in how the tables are written, too
        table = rows(json.loads(SCHEMA.read_text(encoding="utf-8")), part)
        for key, _, _, meaning in table:
            if not meaning.strip():
                logger.warning(
                    f"{SCHEMA.name}: the key {key!r} ({part}) has no description", location=self.get_location()
                )
        container = nodes.container(classes=["ll-scenario-keys"])
        source, line = self.get_source_info()
        self.state.nested_parse(StringList(markdown_table(table).splitlines(), source), self.content_offset, container)
        for cell in container.findall(nodes.TextElement):  # translatable, like the page's own text
            cell.source, cell.line = cell.source or source, cell.line or line
        return [container]


def setup(app):
    app.add_directive("scenario-keys", ScenarioKeys)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
