"""Live mode's Python side (lingerlonger/views/live_mode/endpoints.py, run in the browser by Pyodide) and the files
the build serves for it (book/_ext/site_live.py): every call takes and gives JSON text."""

from __future__ import annotations

import base64
import gzip
import html
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from lingerlonger.game.cards import parse_card
from lingerlonger.game.engine import legal_cards, play_refusal
from lingerlonger.scenario import load, loads
from lingerlonger.scenario.limits import MAX_DOCUMENT_BYTES
from lingerlonger.scenario.replay import replay
from lingerlonger.views.live_mode import endpoints as live
from lingerlonger.views.page_replay import frame_html, replay_html
from lingerlonger.views.table_html import TableStyle
from lingerlonger.words.i18n import error_text

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import site_live  # noqa: E402
import site_offline  # noqa: E402

WORKED = REPO / "scenarios" / "06-last-card-saves.yaml"
FOLLOW = REPO / "scenarios" / "03-follow-suit.yaml"
#: A card the seat to act may play (a refused one is ``data-ll-refused``, with its rule in
#: ``data-ll-why``), and any card of the seat to act.
CARD = re.compile(r'data-ll-card="([^"]+)"')
ANY_CARD = re.compile(r'data-ll-(?:card|refused)="([^"]+)"')
#: A card's button, named by its face (a picture named in words).
BUTTON = re.compile(
    r'<button type="button" class="ll-card-button" data-ll-(card|refused)="([^"]+)"'
    r'(?: data-ll-why="([^"]+)")?><span class="[^"]*" role="img" aria-label="([^"]+)">'
)


def call(function: str, **args) -> dict:
    """A call as the worker makes it: through ``serve``, JSON text both ways."""
    return json.loads(live.serve(function, json.dumps(args)))


def opened(path: Path = WORKED) -> dict:
    return call("open_replay", source=path.read_text(encoding="utf-8"))


def test_a_frame_offers_every_card_of_the_seat_to_act_the_legal_ones_marked_the_others_with_their_rule():
    session = opened(FOLLOW)
    run = replay(load(FOLLOW)[0])
    refusals = 0
    for at, frame in enumerate(run.frames):
        shown = call("frame", **session, at=at, lang="ru")["html"]
        buttons = {card: (why, label) for _, card, why, label in BUTTON.findall(shown)}
        hooks = {card: hook for hook, card, _, _ in BUTTON.findall(shown)}
        state = frame.state
        legal = {str(card) for card in legal_cards(state)}
        assert set(buttons) == ({str(card) for card in state.hands[state.to_act]} if legal else set()), at
        for card, (why, label) in buttons.items():
            if card in legal:  # marked in its name, as on the screen (live-player.js's style)
                assert not why and label.endswith(", можно сыграть") and hooks[card] == "card", (at, card)
            else:  # the engine's own refusal, worded by the reader's catalog
                refusal = play_refusal(state, parse_card(card))
                assert html.unescape(why) == error_text(refusal, "ru") and "можно сыграть" not in label
                assert hooks[card] == "refused", (at, card)  # never a [data-ll-card], a card that can be played
                refusals += 1
    assert refusals >= 3


def test_an_illegal_card_says_its_rule_in_the_readers_language_and_changes_nothing():
    session = opened(FOLLOW)
    at = 2  # Bruno must follow diamonds
    shown = call("frame", **session, at=at, lang="ru")["html"]
    [(_, card, why, _)] = [button for button in BUTTON.findall(shown) if button[1] == "8♣"]
    assert html.unescape(why) == "нужно дать масть (♦): Bruno держит 3♦, K♦, поэтому нельзя класть эту карту: 8♣"
    refused = call("what_if", **session, at=at, card=card, lang="ru")
    assert html.unescape(why) in html.unescape(refused["error"]) and "frames" not in refused
    assert call("frame", **session, at=at, lang="ru")["html"] == shown


def test_a_static_frame_carries_the_verdicts_for_a_live_mode_not_started_yet():
    """The first reaction to a pressed card needs no engine: the book's frames already say
    which cards the seat to act may play and why not the others, in each language."""
    run = replay(load(FOLLOW)[0])
    shown = frame_html(run.frames[2], style=TableStyle.of("pt"))
    assert "ll-card-button" not in shown
    assert 'data-ll-card="K♦"' in shown and 'data-ll-refused="8♣" data-ll-why="Bruno tem de assistir a ♦' in shown
    assert ANY_CARD.findall(frame_html(run.frames[2], style=TableStyle.of("pt"), show_legal=False)) == []


def test_a_what_if_card_plays_the_hand_out_and_an_illegal_one_is_refused_in_the_readers_language():
    session = opened()
    at = 1
    cards = CARD.findall(call("frame", **session, at=at, lang="en")["html"])
    answers = [call("what_if", **session, at=at, card=card, lang="en") for card in cards]
    # The scenario's own card opens no branch: the page steps on to it; the other plays the hand out.
    [line] = [answer for answer in answers if "frames" not in answer]
    assert line == {"line": at + 1}
    [branch] = [answer for answer in answers if "frames" in answer]
    assert len(cards) == 2 and "ll-table" in branch["frames"][0] and "wins the hand" in branch["frames"][-1]
    branches = answers
    tried = cards[branches.index(branch)]
    refused = call("what_if", **session, at=at, card="2♥", lang="ru")  # nobody to act holds it
    assert "error" in refused and "ll-failures" in refused["error"]
    assert re.search("[а-я]", refused["error"]) and "frames" not in refused
    # Nothing changed: the same card branches the same way again.
    again = call("what_if", **session, at=at, card=tried, lang="en")
    assert again["frames"] == branch["frames"] and again["branch"] != branch["branch"]  # each branch its own session


def test_the_coach_gives_a_chance_for_each_legal_card():
    session = opened()
    shown = call("frame", **session, at=1, lang="pt")["html"]
    advice = call("coach", **session, at=1, lang="pt")["html"]
    assert advice.count("<li>") == len(CARD.findall(shown)) and "%" in advice


def test_a_new_hand_against_the_computer_is_played_to_its_end():
    hand = call("new_hand", players=4, lang="es", seed=5)
    for _ in range(60):
        if "ll-end" in hand["html"]:
            break
        cards = CARD.findall(hand["html"])
        assert cards, "your turn, but no card to play"
        hand = {**hand, **call("hand_play", session=hand["session"], card=cards[0], lang="es")}
    assert "ll-end" in hand["html"] and not CARD.findall(hand["html"])
    refused = call("hand_play", session=hand["session"], card="A♠", lang="es")
    assert "error" in refused or "ll-end" in refused["html"]


def test_a_hand_and_a_what_if_branch_save_as_lessons_that_check(tmp_path):
    hand = call("new_hand", players=3, lang="ru", seed=2)
    hand = {**hand, **call("hand_play", session=hand["session"], card=CARD.findall(hand["html"])[0], lang="ru")}
    saved = call("save_lesson", hand=hand["session"], lang="ru")
    assert saved["text"].startswith("# yaml-language-server: $schema=scenario.schema.json\n")
    from_site = call("save_lesson", hand=hand["session"], lang="ru", site="http://127.0.0.1:8000/")["text"]
    assert from_site.startswith("# yaml-language-server: $schema=http://127.0.0.1:8000/scenario.schema.json\n")
    assert re.fullmatch(r"hand-\d{4}-\d\d-\d\d\.yaml", saved["name"])
    [lesson] = loads(saved["text"])
    assert lesson.lang == "ru" and replay(lesson).ok and lesson.players[0] == "Саша"
    assert [step.kind for step in lesson.steps].count("play") >= 1
    words = saved["words"]
    assert words["shareLimit"] == str(live.MAX_LINK_CHARS) and "65\u202f536" in words["shareTooLong"]

    session = opened()
    at = 1
    cards = CARD.findall(call("frame", **session, at=at, lang="en")["html"])
    # the card that leaves the scenario's line (its own card opens no branch)
    branch = next(answer for card in cards if "branch" in (answer := call("what_if", **session, at=at, card=card)))
    [lesson] = loads(call("save_lesson", branch=branch["branch"], lang="es")["text"])
    run = replay(lesson)
    assert run.ok and len(run.frames) - 1 == sum(step.kind == "play" for step in lesson.steps)
    assert lesson.title.endswith(": otra forma de jugarla")


def test_the_checker_offers_a_share_link_in_the_readers_language():
    form = live.checker_html("pt")
    assert 'wrap="off"' in form and 'class="ll-editor-numbers"' in form  # line N is row N, numbered
    assert 'data-stale="Esta reprodução é de antes do erro' in form
    assert 'data-ll-action="share">Ligação para partilhar</button>' in form
    assert 'data-share-bad="Esta ligação não contém' in form and f'data-share-limit="{live.MAX_LINK_CHARS}"' in form


def test_a_quiz_is_judged_by_meaning_and_a_wrong_answer_teaches():
    session = opened(FOLLOW)
    run = replay(load(FOLLOW)[0])
    at = next(index for index, frame in enumerate(run.frames) if frame.asks)
    ask = run.frames[at].asks[0]
    shown = call("frame", **session, at=at, lang="pt")["html"]
    buttons = re.findall(r'data-ll-answer="(\d+)">([^<]*)<', shown)
    assert buttons
    assert ask.kind == "legal"
    right = {index for index, label in buttons if label.rstrip("\ufe0e") in {str(c) for c in ask.cards}}
    wrong = next(index for index, _ in buttons if index not in right)
    taught = call("answer", **session, at=at, answer=wrong, lang="pt")
    taught = call("answer", **session, at=at, answer="check", lang="pt")
    assert "ll-quiz-feedback" in taught["quiz"]
    call("answer", **session, at=at, answer=wrong, lang="pt")  # unpicked again
    for index in right:
        call("answer", **session, at=at, answer=index, lang="pt")
    judged = call("answer", **session, at=at, answer="check", lang="pt")
    assert "ll-quiz-right" in judged["quiz"] and "ll-quiz-feedback" not in judged["quiz"]


def test_checking_a_file_gives_the_located_error_in_the_readers_language():
    bad = call("check_file", text="format: 1\ntitle: x\nplayers: [A, B\n", name="mine.yaml", lang="ru")
    assert "mine.yaml:4:1" in bad["error"] and "Не удаётся открыть" in bad["error"]
    big = call("check_file", text="x", size=MAX_DOCUMENT_BYTES + 1, lang="en")
    assert "at most" in big["error"]


def broken(text: str, old: str, new: str) -> tuple[str, int, int]:
    """``text`` with ``old`` replaced by ``new``, and the 1-based line and column where the
    change starts (where the checker is expected to point)."""
    at = text.index(old)
    return text.replace(old, new, 1), text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)


@pytest.mark.parametrize(
    "lang, words",
    [
        ("en", "Go to line {line}, column {column}"),
        ("pt", "Ir para a linha {line}, coluna {column}"),
        ("ru", "Перейти к строке {line}, столбцу {column}"),
    ],
)
def test_a_broken_file_gives_its_line_and_column_as_numbers_for_the_editor(lang, words):
    text, line, column = broken(FOLLOW.read_text(encoding="utf-8"), "K♦, 8♣]", "Z♦, 8♣]")
    checked = call("check_file", text=text, lang=lang)
    assert (checked["line"], checked["column"]) == (line, column) and "html" not in checked
    assert f'data-ll-error-line="{line}" data-ll-error-column="{column}"' in checked["error"]
    assert f"scenario.yaml:{line}:{column}:" in checked["error"]
    assert f'data-ll-action="go-to-error">{words.format(line=line, column=column)}</button>' in checked["error"]
    assert 'role="status"' in checked["error"]  # read out as one types, without interrupting


def test_a_wrong_indentation_is_located_at_the_line_that_does_not_line_up():
    text, line, _ = broken(FOLLOW.read_text(encoding="utf-8"), "  Carla:", "   Carla:")
    checked = call("check_file", text=text, lang="es")
    assert (checked["line"], checked["column"]) == (line, 4)
    assert "Ir a la línea" in checked["error"]


def test_a_replay_that_fails_is_shown_with_its_first_failure_located():
    text, line, column = broken(
        FOLLOW.read_text(encoding="utf-8"), "answer: {legal: [3♦, K♦]}", "answer: {legal: [3♦]}"
    )
    checked = call("check_file", text=text, lang="en")
    assert not checked["ok"] and 'class="ll-replay"' in checked["html"]
    assert checked["line"] == line and checked["column"] > column
    assert f'data-ll-error-line="{line}"' in checked["located"] and "ll-failures" not in checked["located"]
    good = call("check_file", text=FOLLOW.read_text(encoding="utf-8"), lang="en")
    assert good["ok"] and not {"line", "column", "located", "error"} & set(good)


def test_the_editors_replay_opens_at_the_step_it_showed_or_its_last():
    frames = len(replay(load(FOLLOW)[0]).frames)
    text = FOLLOW.read_text(encoding="utf-8")
    assert 'data-start="3"' in call("check_file", text=text, at=3, lang="en")["html"]
    assert f'data-start="{frames - 1}"' in call("check_file", text=text, at=frames + 5, lang="en")["html"]


def test_a_checked_file_opens_as_a_replay_and_its_authors_text_is_escaped():
    text = WORKED.read_text(encoding="utf-8").replace(
        'title:\n  en: "The worked example', 'title:\n  en: "<script>alert(1)</script> The worked example', 1
    )
    checked = call("check_file", text=text, name="<b>.yaml", lang="en")
    assert checked["ok"] and 'class="ll-replay"' in checked["html"]
    assert "<script>alert" not in checked["html"] and "<b>.yaml" not in checked["html"]
    assert checked["message"].startswith("Opened <b>.yaml")  # plain text: the page shows it as text


def test_a_static_replay_carries_its_scenario_for_live_mode_and_no_markup_in_it():
    scenario = load(WORKED)[0]
    page = replay_html(replay(scenario))
    [source] = re.findall(r'<script type="application/gzip" class="ll-source">(.*?)</script>', page, re.S)
    assert re.fullmatch(r"[A-Za-z0-9+/=]+", source)  # no markup, no author's words in the page's text
    [again] = loads(json.loads(gzip.decompress(base64.b64decode(source))))
    assert again.steps == scenario.steps and again.title == scenario.title
    assert 'data-ll-action="live"' in page


def test_the_browser_gets_the_package_and_pure_python_yaml_and_nothing_else(tmp_path):
    site_live.packages_zip(tmp_path / "one.zip")
    site_live.packages_zip(tmp_path / "two.zip")
    assert (tmp_path / "one.zip").read_bytes() == (tmp_path / "two.zip").read_bytes()  # reproducible
    names = zipfile.ZipFile(tmp_path / "one.zip").namelist()
    for needed in (
        "lingerlonger/views/live_mode/endpoints.py",
        "lingerlonger/words/locale/ru.json",
        "lingerlonger/views/static/shared/table.css",
        "lingerlonger/views/templates/live/checker.html",  # live mode draws from its templates
        "lingerlonger/views/templates/live/position_body.html",
        "yaml/__init__.py",
        "markdown_it/__init__.py",
        "mdurl/__init__.py",
        "lingerlonger/lessons/course/course.yaml",  # a review's fresh copy is made from the course's exercise
    ):
        assert needed in names
    assert not [name for name in names if name.endswith(".so") or "/widgets" in name or "/lab/" in name]


def test_the_pages_script_is_its_parts_joined_each_one_concern_within_the_size_rule():
    """ll-live.js is made of the files of PAGE_SOURCES, in order, each under the project's 600
    lines; the kit (the worker's calls) comes first, since every other part uses it."""
    static = REPO / "lingerlonger" / "views" / "static"
    parts = [static / name for name in site_live.PAGE_SOURCES]
    joined = site_live.page_script(static)
    assert parts[0].name == "live-kit.js" and "window.llLiveKit =" in parts[0].read_text(encoding="utf-8")
    for part in parts:
        text = part.read_text(encoding="utf-8")
        assert text in joined and text.count("\n") <= 600, part.name
    assert "window.llLive = function" in joined and not (static / "live" / "live.js").exists()


def test_live_files_are_kept_offline_only_once_asked_for(tmp_path):
    """Live mode's engine is in the whole offline copy ("Keep this book offline"); a visit
    prefetches nothing (tests/browser/test_site_weight.py)."""
    (tmp_path / "index.html").write_text(
        '<html><head></head><body><div class="ll-replay"></div></body></html>', encoding="utf-8"
    )
    (tmp_path / "plain.html").write_text("<html><head></head><body></body></html>", encoding="utf-8")
    (tmp_path / "_live").mkdir()
    (tmp_path / "_live" / "big.wasm").write_bytes(b"x")
    assert site_live.link_pages(tmp_path, [tmp_path / "index.html", tmp_path / "plain.html"]) == 1
    assert (
        "ll-live.js" in (tmp_path / "index.html").read_text()
        and "ll-live.js" not in (tmp_path / "plain.html").read_text()
    )
    assert "_live/big.wasm" in site_offline.cached_files(tmp_path)
    version = site_offline.write_worker(tmp_path)
    (tmp_path / "_live" / "big.wasm").write_bytes(b"y")
    assert site_offline.write_worker(tmp_path) != version  # a new engine is a new offline copy


# --- the worker's door: only the endpoints, each checking its arguments -------------------

#: What the pages ask the worker for (live.js, position.js, and the build's snapshot).
PAGE_CALLS = re.compile(r"""(?:call|onScenario|bounded|ask|serve)\(\s*'([a-z_]+)'""")


def test_the_worker_calls_only_the_endpoint_table_and_every_name_the_pages_send_is_in_it():
    static = REPO / "lingerlonger" / "views" / "static"
    worker = (static / "live" / "live-worker.js").read_text(encoding="utf-8")
    assert "bridge.serve(" in worker and "bridge[" not in worker
    sent = {
        name
        for path in (
            *(static / name for name in site_live.PAGE_SOURCES),
            static / "live" / "position.js",
            static / "learn" / "course.js",  # the Learn page: the reader's own exercises, drawn by the worker
            REPO / "book" / "_ext" / "live_snapshot.mjs",
        )
        for name in PAGE_CALLS.findall(path.read_text(encoding="utf-8"))
    }
    assert sent == set(live.ENDPOINTS)


@pytest.mark.parametrize(
    "name", ["replay", "loads", "read_upload", "checker_html", "serve", "_call", "json", "", "frame "]
)
def test_a_name_outside_the_table_is_refused_in_the_readers_words_and_nothing_runs(name, monkeypatch):
    ran = []
    monkeypatch.setattr(live, "loads", lambda *args: ran.append(args))
    monkeypatch.setattr(live, "replay", lambda *args: ran.append(args))
    answer = call(name, source=FOLLOW.read_text(encoding="utf-8"), lang="pt")
    assert ran == [] and set(answer) == {"error", "refused"}
    assert answer["refused"].startswith("A página pediu ao jogo algo que ele não pode fazer")


@pytest.mark.parametrize(
    "name, args, wrong",
    [
        ("open_replay", {"source": None}, "source"),
        ("open_replay", {"source": 5}, "source"),
        ("open_replay", {"index": 9}, "index"),
        ("frame", {"session": "one"}, "session"),
        ("frame", {"at": -1}, "at"),
        ("frame", {"at": 10_000}, "at"),
        ("what_if", {"at": 2}, "card"),
        ("answer", {"answer": "the third"}, "answer"),
        ("new_hand", {"players": "four"}, "players"),
        ("new_hand", {"seed": 1.5}, "seed"),
        ("check_file", {"text": ["a"]}, "text"),
        ("check_file", {"text": "", "size": "big"}, "size"),
    ],
)
def test_a_wrong_argument_is_refused_in_the_readers_words_never_a_traceback(name, args, wrong):
    source = FOLLOW.read_text(encoding="utf-8")
    base = {"source": source, **opened(FOLLOW)} if name != "open_replay" else {"source": source}
    answer = call(name, **{**base, **args, "lang": "ru"})
    assert set(answer) == {"error"}
    assert f"Страница попросила игру о том, чего она сделать не может ({wrong})" in html.unescape(answer["error"])


def test_arguments_that_are_no_json_object_are_refused_like_missing_ones():
    for arguments in ("[1, 2]", "not json", '"text"'):
        answer = json.loads(live.serve("open_replay", arguments))
        assert "(source)" in answer["error"]


def test_a_bug_in_an_endpoint_says_internal_error_in_the_readers_words_and_no_traceback(monkeypatch, caplog):
    def broken(*args, **kwargs):
        raise RuntimeError("the renderer broke")

    monkeypatch.setattr(live, "frame_html", broken)
    answer = call("frame", **opened(FOLLOW), at=1, lang="es")
    assert answer["internal"] is True and answer["refused"].startswith("Error interno: algo ha fallado")
    assert "RuntimeError" not in json.dumps(answer) and "renderer" not in json.dumps(answer)
    assert "the renderer broke" in caplog.text  # the traceback goes to the log (the browser's console)


# --- sessions: bounded, one key type, and lost ones said or recovered ------------------------


@pytest.mark.parametrize("name", ["frame", "what_if", "coach", "answer", "hand_play", "save_lesson"])
def test_a_call_on_a_session_the_worker_no_longer_holds_says_so_in_the_readers_words(name):
    """A restarted worker (live-checker.js stops a slow check with its worker) holds no session: the
    answer says so, marked ``lost`` (live-player.js then opens its scenario again), never a KeyError."""
    held = {"frame": opened, "what_if": opened, "coach": opened, "answer": opened}.get(name)
    session = held(FOLLOW)["session"] if held else call("new_hand", lang="pt")["session"]
    live._SESSIONS.clear()  # what a new worker holds
    args = {"session": session, "hand": session, "branch": session, "at": 2, "card": "3♦", "answer": "0"}
    if name == "save_lesson":
        args.pop("session")
    answer = json.loads(live.serve(name, json.dumps({**args, "lang": "pt"})))
    assert answer["lost"] is True
    assert "O jogo no seu navegador foi reiniciado" in html.unescape(answer["error"])


def test_a_lost_scenario_is_opened_again_from_the_page_and_the_call_answers_as_before():
    source = FOLLOW.read_text(encoding="utf-8")
    session = call("open_replay", source=source)["session"]
    before = call("what_if", session=session, at=2, card="3♦", lang="en")
    live._SESSIONS.clear()
    assert call("what_if", session=session, at=2, card="3♦", lang="en")["lost"]
    again = call("open_replay", source=source)["session"]  # what live-player.js does on "lost"
    assert again != session and call("what_if", session=again, at=2, card="3♦", lang="en")["frames"] == before["frames"]


def test_sessions_are_numbers_at_most_a_bounded_many_the_least_recently_used_dropped(monkeypatch):
    monkeypatch.setattr(live, "_SESSIONS", live.Sessions(limit=3))
    first, second, third = (opened(FOLLOW)["session"] for _ in range(3))
    branch = call("what_if", session=first, at=2, card="3♦", lang="en")["branch"]  # uses first: second is oldest
    assert all(isinstance(number, int) for number in (first, second, third, branch))
    assert len({first, second, third, branch}) == 4 and len(live._SESSIONS) == 3
    assert call("frame", session=second, at=0)["lost"]
    assert "html" in call("frame", session=first, at=0) and "html" in call("frame", session=third, at=0)
    assert "text" in call("save_lesson", branch=branch, lang="en")
    for _ in range(live.MAX_SESSIONS):
        opened(FOLLOW)
    assert len(live._SESSIONS) == 3


def test_a_session_number_sent_as_text_is_the_same_session_and_keys_stay_numbers():
    session = opened(FOLLOW)["session"]
    assert "quiz" in call("answer", session=str(session), at=0, answer="0", lang="en")
    assert "frames" in call("what_if", session=str(session), at=2, card="3♦", lang="en")
    assert all(isinstance(number, int) for number in live._SESSIONS._kept)


def test_a_session_of_another_kind_is_refused_not_used():
    hand = call("new_hand", lang="en")["session"]
    answer = call("frame", session=hand, at=0, lang="en")
    assert "(session)" in answer["error"] and "lost" not in answer


def test_live_mode_imports_nothing_the_browser_does_not_get():
    """Pyodide has the package's zip and pure-Python PyYAML only: no ipywidgets, IPython,
    matplotlib, nor the package's widgets or lab (site_live.NOT_IN_BROWSER). (PyYAML falls back
    by itself from its C extension, which the browser lacks.)"""
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, lingerlonger.views.live_mode.endpoints; print(' '.join(sorted(sys.modules)))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    ).stdout.split()
    banned = (
        "ipywidgets",
        "IPython",
        "matplotlib",
        *(f"lingerlonger.{name.rstrip('/')}" for name in site_live.NOT_IN_BROWSER if name != "__pycache__"),
    )
    assert not [name for name in loaded if name.startswith(banned)]
