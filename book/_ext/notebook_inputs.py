"""Re-read and re-execute a chapter when the files its code reads change.

Sphinx re-reads a page only when its own source changed, and myst-nb's cache
(``execute_notebooks: cache``) keys a notebook on its code cells alone. So a
chapter calling ``ScenarioPlayer("../scenarios/06-last-card-saves.yaml")``,
the gallery globbing ``Path("../scenarios")``, or any chapter importing
``lingerlonger`` would go on showing what the old scenario or the old engine
did in an incremental build, and a new scenario would never reach the gallery.

So this extension fingerprints the files each chapter's source names (found
by ``INPUTS``) and keeps the fingerprints beside myst-nb's cache, in
``RECORD``, which lives and dies with the cached outputs it vouches for (and
survives the environment resets Sphinx does on a configuration change):

- ``env-get-outdated``: a chapter whose inputs no longer match its record is
  read again, even though its own source did not change;
- ``env-before-read-docs``: a chapter about to be read whose inputs do not
  match its record (or that has none) loses its cached execution, so myst-nb
  runs it afresh; then its record is updated.
"""

from __future__ import annotations

import contextlib
import glob
import hashlib
import json
import os
import re
from pathlib import Path

#: (pattern in a chapter's source, the glob of files it stands for). "{match}"
#: is the matched text, relative to the chapter's folder; a glob starting with
#: "/" is relative to the book's root (the repository).
INPUTS = (
    # One file: ScenarioPlayer("../scenarios/06-last-card-saves.yaml")
    (re.compile(r"\.\./scenarios/[\w.-]+\.ya?ml"), "{match}"),
    # The folder: Path("../scenarios").glob("*.yaml")
    (re.compile(r"\.\./scenarios(?![\w/.-])"), "{match}/*.yaml"),
    # A folder of it: LearnPage("../scenarios/course")
    (re.compile(r"\.\./scenarios/[\w-]+(?![\w/.-])"), "{match}/*.yaml"),
    # The package the chapters run, code and data.
    (re.compile(r"\b(?:from|import) lingerlonger\b"), "/lingerlonger/**/*.*"),
    # The chapters' own words (lingerlonger.words.chapter_words's _()), translated in code.po.
    (re.compile(r"\bfrom lingerlonger\.booktext import\b"), "/locales/*/LC_MESSAGES/code.po"),
)
#: Chapter source path -> fingerprint of its inputs when it was last read.
RECORD = "notebook_inputs.json"


def input_globs(source: str) -> list[str]:
    """The globs of the files a chapter's source reads.

    >>> input_globs('ScenarioPlayer("../scenarios/a.yaml"); Path("../scenarios").glob("*.yaml")')
    ['../scenarios/*.yaml', '../scenarios/a.yaml']
    >>> input_globs('LearnPage("../scenarios/course")')
    ['../scenarios/course/*.yaml']
    >>> input_globs("from lingerlonger.views.widgets import ScenarioPlayer")
    ['/lingerlonger/**/*.*']
    >>> input_globs("Nothing to run here.")
    []
    """
    return sorted(
        {template.format(match=match.group()) for pattern, template in INPUTS for match in pattern.finditer(source)}
    )


def _digest(pattern: str, root: Path) -> str:
    """A hash of the names and contents of the files an absolute glob matches now
    (a plain path that does not exist counts too)."""
    paths = sorted(glob.glob(pattern, recursive=True)) if glob.has_magic(pattern) else [pattern]
    digest = hashlib.sha256()
    for path in paths:
        if "__pycache__" in Path(path).parts:
            continue
        digest.update(os.path.relpath(path, root).encode() + b"\0")
        digest.update(Path(path).read_bytes() if os.path.isfile(path) else b"(missing)")
        digest.update(b"\0")
    return digest.hexdigest()


def fingerprint(path: Path, root: Path, digests: dict[str, str] | None = None) -> str | None:
    """A hash of the files the chapter at ``path`` reads (None when it reads none), the book's
    root being ``root``; ``digests`` keeps each glob's hash for the next chapter."""
    globs = input_globs(path.read_text(encoding="utf-8"))
    if not globs:
        return None
    digests = {} if digests is None else digests
    patterns = [os.path.normpath((root if g.startswith("/") else path.parent) / g.lstrip("/")) for g in globs]
    for pattern in patterns:
        if pattern not in digests:
            digests[pattern] = _digest(pattern, root)
    return hashlib.sha256("".join(digests[p] for p in patterns).encode()).hexdigest()


class Inputs:
    """Fingerprints of the chapters' inputs, each folder hashed once per build."""

    def __init__(self, app):
        self.root = Path(app.srcdir)
        self.env = app.env
        self.record_path = Path(app.env.mystnb_config.execution_cache_path) / RECORD
        self._digests: dict[str, str] = {}

    def source_path(self, docname: str) -> str:
        return str(Path(self.env.doc2path(docname)))

    def fingerprint(self, docname: str) -> str | None:
        return fingerprint(Path(self.source_path(docname)), self.root, self._digests)

    def recorded(self) -> dict[str, str]:
        with contextlib.suppress(FileNotFoundError, ValueError):
            return json.loads(self.record_path.read_text(encoding="utf-8"))
        return {}

    def save(self, records: dict[str, str]) -> None:
        self.record_path.parent.mkdir(parents=True, exist_ok=True)
        self.record_path.write_text(json.dumps(records, indent=1, sort_keys=True), encoding="utf-8")


def _drop_cached_execution(app, source_paths: set[str]) -> None:
    """Remove these notebooks from myst-nb's execution cache, if it has them."""
    config = app.env.mystnb_config
    if config.execution_mode != "cache" or not os.path.isdir(config.execution_cache_path):
        return
    from jupyter_cache import get_cache

    cache = get_cache(config.execution_cache_path)
    for record in cache.list_cache_records():
        if record.uri in source_paths:
            with contextlib.suppress(KeyError):  # its notebook folder is gone already
                cache.remove_cache(record.pk)


def _outdated(app, env, added, changed, removed) -> list[str]:
    inputs = Inputs(app)
    records = inputs.recorded()
    unchanged = env.found_docs - set(added) - set(changed) - set(removed)
    return sorted(
        docname for docname in unchanged if inputs.fingerprint(docname) != records.get(inputs.source_path(docname))
    )


def _before_read(app, env, docnames: list[str]) -> None:
    inputs = Inputs(app)
    records = inputs.recorded()
    stale = set()
    for docname in docnames:
        path, fingerprint = inputs.source_path(docname), inputs.fingerprint(docname)
        if fingerprint is None:
            records.pop(path, None)
        elif records.get(path) != fingerprint:
            stale.add(path)
            records[path] = fingerprint
    _drop_cached_execution(app, stale)
    inputs.save(records)


def setup(app):
    app.connect("env-get-outdated", _outdated)
    app.connect("env-before-read-docs", _before_read)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
