"""Writes ``types/browser_data.d.ts``, the scripts' types of the data that crosses between the
package's Python and the browser (progress records, own exercises, a Learn exercise's verdicts,
a replay's words, share links, live mode's answers), from the one description of it,
``lingerlonger/views/browser_data.schema.json``. tsc holds the scripts to the types;
``tests/test_browser_data.py`` holds the Python side's output to the schema, and the file
written here to the schema (``--check``: is it current?).

    python3 book/_ext/browser_types.py            # writes types/browser_data.d.ts
    python3 book/_ext/browser_types.py --check    # exit 1 when it is not what the schema makes

Only what the schema uses is translated: ``$ref``, ``const``, ``enum``, ``anyOf``, ``type``
(one or a list), objects (``properties``, ``required``, ``additionalProperties``) and arrays
(``items``, ``prefixItems``); the bounds and patterns are the schema's alone (JSON Schema
checks them, TypeScript cannot).

>>> ts({"type": ["string", "null"]})
'string | null'
>>> ts({"type": "array", "prefixItems": [{"type": "boolean"}, {"type": "integer"}], "items": False})
'[boolean, number]'
>>> ts({"anyOf": [{"$ref": "#/$defs/A"}, {"const": True}]})
'A | true'
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
SCHEMA = REPOSITORY / "lingerlonger" / "views" / "browser_data.schema.json"
TARGET = REPOSITORY / "types" / "browser_data.d.ts"

_SIMPLE = {"string": "string", "integer": "number", "number": "number", "boolean": "boolean", "null": "null"}


def ts(schema: dict | bool, indent: str = "") -> str:
    """The TypeScript type of a schema (``indent``: of the lines of an object type's members)."""
    if schema is True or schema == {}:
        return "unknown"
    if schema is False:
        return "never"
    assert isinstance(schema, dict)
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "const" in schema:
        return json.dumps(schema["const"], ensure_ascii=False)
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    if "anyOf" in schema:
        return " | ".join(ts(member, indent) for member in schema["anyOf"])
    kinds = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
    return " | ".join(_one(kind, schema, indent) for kind in kinds)


def _one(kind: str, schema: dict, indent: str) -> str:
    if kind == "array":
        if "prefixItems" in schema:
            return "[" + ", ".join(ts(item, indent) for item in schema["prefixItems"]) + "]"
        item = ts(schema.get("items", True), indent)
        return f"({item})[]" if " | " in item else f"{item}[]"
    if kind == "object":
        return "{\n" + "".join(_members(schema, indent + "  ")) + indent + "}"
    return _SIMPLE[kind]


def _members(schema: dict, indent: str) -> list[str]:
    """An object type's lines: each property (``?`` unless required) with its description, then
    the type of any other key (``additionalProperties``)."""
    required, lines = set(schema.get("required", ())), []
    for name, member in schema.get("properties", {}).items():
        if "description" in member:
            lines.append(f"{indent}/** {member['description']} */\n")
        key = name if name.isidentifier() else json.dumps(name)
        lines.append(f"{indent}{key}{'' if name in required else '?'}: {ts(member, indent)};\n")
    extra = schema.get("additionalProperties", True)
    if extra is not False:
        known = [ts(member, indent) for member in schema.get("properties", {}).values()]
        value = " | ".join(dict.fromkeys([ts(extra, indent), *known]))
        lines.append(f"{indent}[key: string]: {value};\n")
    return lines


def declarations(schema: dict) -> str:
    """The .d.ts text: each definition as a global interface (an object with properties) or type."""
    out = [
        "/* Written by book/_ext/browser_types.py from lingerlonger/views/browser_data.schema.json:\n"
        "   do not edit (tests/test_browser_data.py checks that it is current). The data that\n"
        "   crosses between the package's Python and the browser's scripts, declared for both\n"
        "   tsconfig.json (the pages) and tsconfig.worker.json (the workers). */\n"
    ]
    for name, definition in schema["$defs"].items():
        out.append("\n")
        if "description" in definition:
            out.append(f"/** {definition['description']} */\n")
        if definition.get("type") == "object" and "properties" in definition:
            out.append(f"interface {name} {{\n" + "".join(_members(definition, "  ")) + "}\n")
        else:
            out.append(f"type {name} = {ts(definition)};\n")
    return "".join(out)


def main(argv: list[str]) -> int:
    made = declarations(json.loads(SCHEMA.read_text(encoding="utf-8")))
    if "--check" in argv:
        current = TARGET.exists() and TARGET.read_text(encoding="utf-8") == made
        if not current:
            print(
                f"{TARGET.relative_to(REPOSITORY)} is not what {SCHEMA.name} makes: run python3 {Path(__file__).name}"
            )
        return 0 if current else 1
    TARGET.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
