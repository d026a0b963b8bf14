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
#: A card the seat to act may play (a refused one carries its rule, ``data-ll-why``), and any card.
CARD = re.compile(r'data-ll-card="([^"]+)"(?! data-ll-why)')
ANY_CARD = re.compile(r'data-ll-card="([^"]+)"')
BUTTON = re.compile(
    r'<button type="button" class="ll-card-button" data-ll-card="([^"]+)"'
    r'(?: data-ll-why="([^"]+)")? aria-label="([^"]+)">'
)


def call(function: str, **args) -> dict:
    return json.loads(getattr(live, function)(json.dumps(args)))


def opened(path: Path = WORKED) -> dict:
    return call("open_replay", source=path.read_text(encoding="utf-8"))


def test_a_frame_offers_every_card_of_the_seat_to_act_the_legal_ones_marked_the_others_with_their_rule():
    session = opened(FOLLOW)
    run = replay(load(FOLLOW)[0])
    refusals = 0
    for at, frame in enumerate(run.frames):
        shown = call("frame", **session, at=at, lang="ru")["html"]
        buttons = {card: (why, label) for card, why, label in BUTTON.findall(shown)}
        state = frame.state
        legal = {str(card) for card in legal_cards(state)}
        assert set(buttons) == ({str(card) for card in state.hands[state.to_act]} if legal else set()), at
        for card, (why, label) in buttons.items():
            if card in legal:  # marked in its name, as on the screen (live.js's style)
                assert not why and label.endswith(", можно сыграть"), (at, card)
            else:  # the engine's own refusal, worded by the reader's catalog
                refusal = play_refusal(state, parse_card(card))
                assert html.unescape(why) == error_text(refusal, "ru") and "можно сыграть" not in label
                refusals += 1
    assert refusals >= 3


def test_an_illegal_card_says_its_rule_in_the_readers_language_and_changes_nothing():
    session = opened(FOLLOW)
    at = 2  # Bruno must follow diamonds
    shown = call("frame", **session, at=at, lang="ru")["html"]
    [(card, why, _)] = [button for button in BUTTON.findall(shown) if button[0] == "8♣"]
    assert html.unescape(why) == "нужно дать масть ♦: у игрока Bruno есть 3♦, K♦, поэтому 8♣ класть нельзя"
    refused = call("what_if", **session, at=at, card=card, lang="ru")
    assert html.unescape(why) in html.unescape(refused["error"]) and "frames" not in refused
    assert call("frame", **session, at=at, lang="ru")["html"] == shown


def test_a_static_frame_carries_the_verdicts_for_a_live_mode_not_started_yet():
    """The first reaction to a pressed card needs no engine: the book's frames already say
    which cards the seat to act may play and why not the others, in each language."""
    run = replay(load(FOLLOW)[0])
    shown = frame_html(run.frames[2], style=TableStyle.of("pt"))
    assert "ll-card-button" not in shown
    assert 'data-ll-card="K♦"' in shown and 'data-ll-card="8♣" data-ll-why="Bruno tem de assistir a ♦' in shown
    assert ANY_CARD.findall(frame_html(run.frames[2], style=TableStyle.of("pt"), show_legal=False)) == []


def test_a_what_if_card_plays_the_hand_out_and_an_illegal_one_is_refused_in_the_readers_language():
    session = opened()
    at = 1
    cards = CARD.findall(call("frame", **session, at=at, lang="en")["html"])
    branches = [call("what_if", **session, at=at, card=card, lang="en") for card in cards]
    # The scenario's own card steps on along its line; the other plays the hand out.
    assert len(cards) == 2 and all("ll-table" in branch["frames"][0] for branch in branches)
    [branch] = [branch for branch in branches if "wins the hand" in branch["frames"][-1]]
    tried = cards[branches.index(branch)]
    refused = call("what_if", **session, at=at, card="2♥", lang="ru")  # nobody to act holds it
    assert "error" in refused and "ll-failures" in refused["error"]
    assert re.search("[а-я]", refused["error"]) and "frames" not in refused
    # Nothing changed: the same card branches the same way again.
    assert call("what_if", **session, at=at, card=tried, lang="en") == branch


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
    card = CARD.findall(call("frame", **session, at=at, lang="en")["html"])[-1]
    branch = call("what_if", **session, at=at, card=card, lang="en")
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
        "lingerlonger/views/static/table.css",
        "yaml/__init__.py",
        "markdown_it/__init__.py",
        "mdurl/__init__.py",
    ):
        assert needed in names
    assert not [name for name in names if name.endswith(".so") or "/widgets" in name or "/lab/" in name]


def test_live_files_are_kept_offline_only_once_asked_for(tmp_path):
    """Live mode's engine is in the whole offline copy ("Keep this book offline"), not in the
    chapters a visit prefetches."""
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
    chapters = site_offline.chapters(tmp_path, site_offline.cached_files(tmp_path))
    assert chapters["en"] and not [name for names in chapters.values() for name in names if name.startswith("_live/")]
    version = site_offline.write_worker(tmp_path)
    (tmp_path / "_live" / "big.wasm").write_bytes(b"y")
    assert site_offline.write_worker(tmp_path) != version  # a new engine is a new offline copy


@pytest.mark.parametrize("name", ["frame", "what_if", "coach", "answer", "hand_play", "save_lesson"])
def test_a_call_for_a_session_that_does_not_exist_fails_without_a_partial_answer(name):
    with pytest.raises(KeyError):
        getattr(live, name)(json.dumps({"session": 10**9, "at": 0, "card": "A♠", "answer": "0"}))


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
