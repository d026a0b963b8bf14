"""Re-read and re-execute a chapter when the files its code reads change.

Sphinx re-reads a page only when its own source changed, and myst-nb's cache
(``execute_notebooks: cache``) keys a notebook on its code cells alone. So a
chapter calling ``ScenarioPlayer("../scenarios/06-last-card-saves.yaml")``,
the gallery globbing ``Path("../scenarios")``, or any chapter importing
``lingerlonger`` would go on showing what the old scenario or the old engine
did in an incremental build, and a new scenario would never reach the gallery.

So when a chapter is read, this extension records a fingerprint of the files
its source names (found by ``INPUTS``); at the start of the next build
(``env-get-outdated``) a chapter whose fingerprint changed (a file edited,
added to or removed from a globbed folder) is read again, and its cached
execution is dropped so that myst-nb runs it afresh.
"""

from __future__ import annotations

import glob
import hashlib
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
    # The package the chapters run, code and data.
    (re.compile(r"\b(?:from|import) lingerlonger\b"), "/lingerlonger/**/*.*"),
)


def input_globs(source: str) -> list[str]:
    """The globs of the files a chapter's source reads.

    >>> input_globs('ScenarioPlayer("../scenarios/a.yaml"); Path("../scenarios").glob("*.yaml")')
    ['../scenarios/*.yaml', '../scenarios/a.yaml']
    >>> input_globs("from lingerlonger.widgets import ScenarioPlayer")
    ['/lingerlonger/**/*.*']
    >>> input_globs("Nothing to run here.")
    []
    """
    return sorted({template.format(match=match.group())
                   for pattern, template in INPUTS for match in pattern.finditer(source)})


def fingerprint(root: Path, chapter: Path, globs: list[str]) -> str:
    """A hash of the names and contents of the files the globs match now (a
    named file that is missing counts too)."""
    digest = hashlib.sha256()
    for pattern in globs:
        base = root if pattern.startswith("/") else chapter.parent
        full = os.path.normpath(base / pattern.lstrip("/"))
        paths = sorted(glob.glob(full, recursive=True)) if glob.has_magic(full) else [full]
        for path in paths:
            if "__pycache__" in Path(path).parts:
                continue
            digest.update(os.path.relpath(path, root).encode() + b"\0")
            digest.update(Path(path).read_bytes() if os.path.isfile(path) else b"(missing)")
            digest.update(b"\0")
    return digest.hexdigest()


def _inputs(env) -> dict[str, tuple[list[str], str]]:
    """docname -> (its input globs, their fingerprint when it was last read)."""
    if not hasattr(env, "notebook_inputs"):
        env.notebook_inputs = {}
    return env.notebook_inputs


def _record(app, docname: str, source: list[str]) -> None:
    globs = input_globs(source[0])
    if globs:
        path = Path(app.env.doc2path(docname))
        _inputs(app.env)[docname] = (globs, fingerprint(Path(app.srcdir), path, globs))
    else:
        _inputs(app.env).pop(docname, None)


def _drop_cached_execution(app, docnames: list[str]) -> None:
    """Remove these chapters' notebooks from myst-nb's execution cache (if any)."""
    config = app.env.mystnb_config
    if config.execution_mode != "cache" or not os.path.isdir(config.execution_cache_path):
        return
    from jupyter_cache import get_cache

    cache = get_cache(config.execution_cache_path)
    paths = {str(Path(app.env.doc2path(docname))) for docname in docnames}
    for record in cache.list_cache_records():
        if record.uri in paths:
            cache.remove_cache_record(record.pk)


def _outdated(app, env, added, changed, removed) -> list[str]:
    stale = [docname for docname, (globs, recorded) in _inputs(env).items()
             if docname in env.found_docs and docname not in removed
             and fingerprint(Path(app.srcdir), Path(env.doc2path(docname)), globs) != recorded]
    _drop_cached_execution(app, stale)
    return stale


def _purge(app, env, docname: str) -> None:
    _inputs(env).pop(docname, None)


def _merge(app, env, docnames, other) -> None:
    _inputs(env).update({docname: _inputs(other)[docname]
                         for docname in docnames if docname in _inputs(other)})


def setup(app):
    app.connect("source-read", _record)
    app.connect("env-get-outdated", _outdated)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
