# Linger Longer: build, serve and test.  `make help` lists the targets.
# The quick start's venv (.venv) is used when no other one is active; else the
# python3 on PATH (Debian has no `python`; CI runs as root with the machine's).
ifeq ($(origin VIRTUAL_ENV)$(wildcard .venv/bin/python),undefined.venv/bin/python)
export VIRTUAL_ENV := $(CURDIR)/.venv
export PATH := $(VIRTUAL_ENV)/bin:$(PATH)
endif
PYTHON ?= python3
HOST   ?= 127.0.0.1
# PORT for `make app`; empty means "any free port".
PORT   ?=
SHELL  := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c

BOOK_VENDOR := _static/vendor
VOILA_DIR   := book/app/jupyter
APP_NB      := _build/app/app.ipynb
# A second Jupyter data dir for the app: the book's table script, where the "linger" template finds it.
APP_DATA    := _build/app/jupyter
APP_VOICE   := $(APP_DATA)/voila/templates/linger/static/table-voice.js
# Where the site will be published (sitemap.xml, link previews, 404 page): by default
# GitHub Pages of the `origin` remote when it is on GitHub, else `make serve`'s address.
PUBLISHED_URL := $(shell git remote get-url origin 2>/dev/null | sed -nE \
  's#^(https://github\.com/|git@github\.com:)([^/]+)/([^/]+)$$#https://\2.github.io/\3/#p' | sed 's#\.git/$$#/#')
SITE_URL ?= $(or $(PUBLISHED_URL),http://localhost:8000/)
# Lessons the app saves point their schema line at the published site's copy, when there
# is one (lingerlonger/scenario/writer.py, site_schema).
app: export LINGERLONGER_SITE ?= $(PUBLISHED_URL)
# `make publish` pushes _build/html to this git remote's gh-pages branch (a name or a path).
REMOTE ?= origin

.PHONY: help assets book book-en serve publish app lint test bench demo clean pot lock

help:
	@echo "make assets  - npm ci; copy the widget JS where the book serves it"
	@echo "make book    - strict build of the Jupyter Book into _build/html, in every language"
	@echo "make book-pt - the Portuguese book alone (likewise book-es, book-ru) into _build/html/pt"
	@echo "               (book-en: the English book alone, at the root of _build/html)"
	@echo "make pot     - the English messages (.pot) and updated locales/*/LC_MESSAGES/*.po (code.po: the code's)"
	@echo "make serve   - serve the built book on http://localhost:8000/"
	@echo "make publish - push _build/html to the gh-pages branch of REMOTE (default origin)"
	@echo "make app     - serve the Voila app on $(HOST) (PORT=... to choose the port)"
	@echo "make class   - a live class on the local network: lingerlonger class (PORT=..., CLASS_DATA=FILE)"
	@echo "make lint    - ruff (lint and format), mypy (types), ESLint and tsc on the scripts: make test runs it first"
	@echo "make test    - make lint, then the test suite (browser tests need 'make book' first)"
	@echo "make bench   - run bench/*.py, a copy of each output in bench/out/"
	@echo "make demo    - lingerlonger demo"
	@echo "make clean   - remove build outputs and copied assets"
	@echo "make lock    - re-pin requirements.lock (CI's install) from requirements.txt"

# npm writes node_modules/.package-lock.json on every install: reinstall only
# when the lock file is newer.
node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

assets: node_modules/.package-lock.json
	mkdir -p $(BOOK_VENDOR)
	cp node_modules/requirejs/require.js \
	   node_modules/@jupyter-widgets/html-manager/dist/embed-amd.js $(BOOK_VENDOR)/

# English at _build/html, each other language under _build/html/LANG/ (same pages, same
# paths), each with its own Sphinx environment and execution cache under _build/LANG/.
# Sphinx compiles locales/LANG/LC_MESSAGES/*.po itself; the chapters' code reads
# LINGERLONGER_LANG, so outputs and replays speak the page's language.
BOOK_LANGUAGES := pt es ru
# Each build's closing box names its intermediate copy (_build/ru/_build/html/index.html):
# build_log.py drops that box alone (warnings and errors pass), so the one address to open is
# the last thing `make book` says.
JB_BUILD := jupyter-book build . --builder html -W -n --keep-going
# A long simulation's numbers are the same in every language: the first build to run one keeps
# them here and the others read them (lingerlonger/computer/kept_results.py); the course's best-chance
# measurements too, which the Learn and Class pages of every language and the tests judging the course share.
export LINGERLONGER_RESULTS := $(CURDIR)/_build/results
JB_LOG   := $(PYTHON) book/_ext/build_log.py

# The four builds share nothing but their sources, and each runs its chapters one at a time in
# one kernel: BOOK_JOBS of them at once (each build's log comes whole when it ends). Each
# language's kernels take their ports from a block of their own (book/_ext/kernel_ports.py):
# jupyter_client alone can hand two builds' kernels the same free port at the same moment.
# BOOK_JOBS=1 builds them one after the other.
BOOK_JOBS ?= 2

book: assets
	@$(MAKE) --no-print-directory -j$(BOOK_JOBS) --output-sync=target book-en $(addprefix book-,$(BOOK_LANGUAGES))
	# The whole site, every language: prune, handouts, sitemap, 404, link previews, offline copy.
	$(PYTHON) book/_ext/site_pack.py _build/html --base-url "$(SITE_URL)"
	@echo
	@echo "The app: make app"
	@echo "The book: _build/html (opened as a file, _build/html/index.html shows the pages and steps"
	@echo "through the replays; live mode needs the served site). To read all of it: make serve, then open"
	@echo "http://localhost:8000/"

# English, at the root of _build/html (the other languages' copies go beside it, untouched).
book-en: assets
	LINGERLONGER_LANG=en PYTHONUNBUFFERED=1 $(JB_BUILD) | $(JB_LOG)

book-%: assets
	mkdir -p _build/$*
	$(PYTHON) book/_ext/translations.py $* > _build/$*/_config.yml
	LINGERLONGER_LANG=$* PYTHONUNBUFFERED=1 $(JB_BUILD) --config _build/$*/_config.yml --path-output _build/$* | $(JB_LOG)
	mkdir -p _build/html && rm -rf _build/html/$*
	cp -R _build/$*/_build/html _build/html/$*

serve:
	$(PYTHON) book/_ext/site_server.py _build/html --port 8000

# ghp-import commits _build/html as the only commit of the gh-pages branch (-o; -n adds
# .nojekyll so that GitHub serves _static/) and force-pushes it to REMOTE.
publish:
	@test -f _build/html/index.html || { echo "no _build/html/index.html: run 'make book' first"; exit 1; }
	$(PYTHON) -m ghp_import -n -o -f -p -r "$(REMOTE)" -b gh-pages \
	  -m "Publish the book ($$(git rev-parse --short HEAD 2>/dev/null || echo unversioned))" _build/html

$(APP_NB): book/app/app.md
	mkdir -p $(dir $@)
	$(PYTHON) -m jupytext --to ipynb --output $@ $<

# The app's tables speak and take command keys with the book's own script (index.html.j2): its
# template serves it from a Jupyter data dir of the build (a pip install puts it in the
# template's folder, pyproject.toml). Voila serves no link that leads out of a template.
$(APP_VOICE): lingerlonger/views/static/shared/table-voice.js
	mkdir -p $(dir $@)
	cp $< $@

# Voila cannot serve a MyST .md notebook, so it serves the converted copy.
# book/app/jupyter is a Jupyter data + config dir: its voila.json selects the
# "linger" template (its icons are SVG files of the template, no CDN) and culls the kernel of
# a closed page after 5 idle minutes (a class of 30 would otherwise leave 30).
app: $(APP_NB) $(APP_VOICE)
	@port="$(PORT)"; \
	if [ -z "$$port" ]; then \
	  port=$$($(PYTHON) -c 'import socket; s = socket.socket(); s.bind(("$(HOST)", 0)); print(s.getsockname()[1])'); \
	fi; \
	echo "Starting the app: open http://$(HOST):$$port/ once Voila says it is running (Ctrl-C to stop)"; \
	JUPYTER_PATH="$(CURDIR)/$(VOILA_DIR):$(CURDIR)/$(APP_DATA)$${JUPYTER_PATH:+:$$JUPYTER_PATH}" \
	JUPYTER_CONFIG_PATH="$(CURDIR)/$(VOILA_DIR)$${JUPYTER_CONFIG_PATH:+:$$JUPYTER_CONFIG_PATH}" \
	  $(PYTHON) -m voila $(APP_NB) --no-browser --port=$$port --Voila.ip=$(HOST)

# The checks a reviewer would make first: lint, formatting and types (pyproject.toml says which),
# then the scripts' (eslint.config.mjs, tsconfig.json, tsconfig.worker.json), with the tools of package-lock.json that `make assets`
# installed: nothing is fetched here.
NODE_BIN := node_modules/.bin
lint:
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .
	$(PYTHON) -m mypy
	@test -x $(NODE_BIN)/eslint -a -x $(NODE_BIN)/tsc || { echo "make lint: no $(NODE_BIN)/eslint or tsc: run 'make assets' first (npm ci, from package-lock.json)" >&2; exit 1; }
	@test ! package-lock.json -nt node_modules/.package-lock.json || { echo "make lint: node_modules is older than package-lock.json: run 'make assets' first" >&2; exit 1; }
	$(NODE_BIN)/eslint .
	$(NODE_BIN)/tsc -p tsconfig.json
	$(NODE_BIN)/tsc -p tsconfig.worker.json

# On TEST_WORKERS processes (pytest-xdist; each has its own chromium, served book and Voila),
# idle ones taking tests from busy ones (worksteal: a few tests take a minute). The 25 slowest
# tests are listed at the end. Serially: make test TEST_WORKERS=0.
# Three on two cores: a browser test waits on its page part of the time (sampled, the browser
# tests kept 1.3 of 2 cores busy); the whole suite, back to back on one build, 500 s against 557.
# Extra options: make test PYTEST_ARGS="-m 'not browser'"
TEST_WORKERS ?= 3
test: lint
	$(PYTHON) -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=25 $(PYTEST_ARGS)

# Each bench/*.py prints its figures; a copy goes to bench/out/<name>.txt.
bench:
	mkdir -p bench/out
	for script in bench/*.py; do \
	  echo "=== $$script"; \
	  $(PYTHON) $$script 2>&1 | tee bench/out/$$(basename $$script .py).txt; \
	done

demo:
	lingerlonger demo

# A live class served from this computer to the pupils' phones on the local network (issue 43):
# it prints the join address, its QR code and the teacher key. Its store is CLASS_DATA.
.PHONY: class
CLASS_DATA ?= lingerlonger-class.db
class:
	$(PYTHON) -m lingerlonger class --data $(CLASS_DATA) $(if $(PORT),--port $(PORT))

# After changing a chapter: new English paragraphs appear untranslated in every .po, changed ones
# fuzzy (with the old translation), for translators to review (Poedit, Weblate, any .po editor).
# (Its own output folder: a gettext environment cannot be reused by the HTML builder.)
pot:
	rm -rf _build/pot
	jupyter-book build . --builder custom --custom-builder gettext --path-output _build/pot
	# The chapters' code speaks too: each _("...") of a code cell goes to code.pot (lingerlonger/words/chapter_words.py);
	# the toc's part titles go to sphinx.pot, the sidebar's catalog.
	$(PYTHON) book/_ext/code_messages.py _build/pot/_build/gettext
	sphinx-intl update -w 76 -p _build/pot/_build/gettext -d locales $(addprefix -l ,$(BOOK_LANGUAGES))

clean:
	rm -rf _build $(BOOK_VENDOR) bench/out .hypothesis .pytest_cache

# CI installs requirements.lock (every version pinned, every file hashed), so that
# a new release upstream cannot break it overnight. Refresh it on purpose, then run
# the tests: `make lock` keeps the pins that still fit, `make lock UPGRADE=1` takes
# the newest that requirements.txt allows. Needs uv (pip install uv). CI installs the
# lock with uv (ten times pip's speed): .ci/installer.lock pins the uv that made it.
LOCK_PYTHON := 3.11
lock:
	$(PYTHON) -m uv pip compile requirements.txt --generate-hashes $(if $(UPGRADE),--upgrade) \
	  --python-version $(LOCK_PYTHON) --python-platform x86_64-unknown-linux-gnu \
	  --no-emit-package lingerlonger --custom-compile-command "make lock" -o requirements.lock
	$(PYTHON) -m uv --version | sed -E 's/^uv ([^ ]+).*/uv==\1/' | $(PYTHON) -m uv pip compile - --generate-hashes \
	  --python-version $(LOCK_PYTHON) --custom-compile-command "make lock" -q -o .ci/installer.lock
