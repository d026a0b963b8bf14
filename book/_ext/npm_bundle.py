"""npm packages made into one classic script each, at build time, for the Class page (a Sphinx
extension's helper, used by site_assets.py): nothing is loaded from a CDN, and a classic script
loads from ``file://`` too.

* ``ll-qrcode.js``: the QR encoder of the npm ``qrcode`` package (``lib/core/qrcode.js`` and the
  CommonJS modules it requires, ``dijkstrajs`` among them), as ``window.llQRCode`` (its
  ``create(text, options)``); the Class page draws the modules itself (static/class/qr.js).
* ``ll-jsqr.js``: the npm ``jsqr`` reader as published (a UMD script: ``window.jsQR``), for the
  browsers without a ``BarcodeDetector``.

The bundler knows CommonJS's ``require`` of relative paths and of packages by their ``main``,
which is all these two need; each module runs once, in order of first need.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NODE_MODULES = ROOT / "node_modules"
REQUIRE = re.compile(r"""require\(\s*['"]([^'"]+)['"]\s*\)""")
#: Comments on lines of their own, and blank lines: 40 % of the encoder's sources, not sent.
COMMENT_LINES = (
    re.compile(r"(?m)^[ \t]*/\*(?:(?!\*/)[\s\S])*\*/[ \t]*\n"),  # a whole comment, ending its line
    re.compile(r"(?m)^[ \t]*//.*\n"),
    re.compile(r"\n\s*\n"),
)


def _resolve(name: str, start: Path) -> Path:
    """The file ``require(name)`` loads from ``start``: a relative path (``.js`` added), or a
    package's ``main``."""
    if name.startswith("."):
        path = (start.parent / name).resolve()
        return path if path.suffix == ".js" else path.with_name(path.name + ".js")
    folder = NODE_MODULES / name
    main = json.loads((folder / "package.json").read_text(encoding="utf-8")).get("main", "index.js")
    path = folder / main
    return path if path.suffix == ".js" else path.with_name(path.name + ".js")


def commonjs_bundle(entry: Path, global_name: str) -> str:
    """``entry`` and every module it requires as one script that sets ``window[global_name]``
    to the entry's exports."""
    modules: dict[Path, tuple[int, str]] = {}
    todo = [entry.resolve()]
    while todo:
        path = todo.pop()
        if path in modules:
            continue
        code = path.read_text(encoding="utf-8")
        for pattern in COMMENT_LINES:
            code = pattern.sub("\n", code)
        modules[path] = (len(modules), code)
        todo.extend(_resolve(name, path) for name in REQUIRE.findall(code))
    parts = []
    for path, (number, code) in modules.items():
        table = {name: modules[_resolve(name, path)][0] for name in REQUIRE.findall(code)}
        parts.append(f"{number}: [function (require, module, exports) {{\n{code}\n}}, {json.dumps(table)}]")
    return (
        f"/* npm bundle for {global_name}: {entry.relative_to(NODE_MODULES)} and its requires "
        "(book/_ext/npm_bundle.py) */\n"
        "(function () {\n'use strict';\nvar defs = {\n" + ",\n".join(parts) + "\n};\n"
        "var cache = {};\n"
        "function load(n) {\n  if (cache[n]) return cache[n].exports;\n"
        "  var module = cache[n] = {exports: {}};\n"
        "  defs[n][0](function (name) { return load(defs[n][1][name]); }, module, module.exports);\n"
        "  return module.exports;\n}\n"
        f"self.{global_name} = load(0);\n}})();\n"
    )


def class_scripts() -> dict[str, str]:
    """The Class page's npm scripts by the name each is served under (``_static/``)."""
    return {
        "ll-qrcode.js": commonjs_bundle(NODE_MODULES / "qrcode" / "lib" / "core" / "qrcode.js", "llQRCode"),
        "ll-jsqr.js": (NODE_MODULES / "jsqr" / "dist" / "jsQR.js").read_text(encoding="utf-8"),
    }
