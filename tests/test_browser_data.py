"""The data that crosses between the package's Python and the browser's scripts is described once,
in lingerlonger/views/browser_data.schema.json: what the Python side writes into pages and
answers in live mode's worker is valid against it, the scripts' types (types/browser_data.d.ts)
are the ones book/_ext/browser_types.py makes from it, and the progress store's own checks
(course_progress.js, under node) accept exactly the files the schema accepts."""

from __future__ import annotations

import base64
import gzip
import html
import json
import random
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import jsonschema
import needed
import pytest
from class_fixture import TASK as OWN_TASK
from learn_fixture import units

from lingerlonger.scenario import load
from lingerlonger.scenario.replay import replay
from lingerlonger.session import Position
from lingerlonger.views.course_page import course_html
from lingerlonger.views.live_mode import endpoints as live
from lingerlonger.views.live_mode import position_editor as live_position
from lingerlonger.views.page_replay import replay_html

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "book" / "_ext"))
import browser_types  # noqa: E402

SCHEMA = json.loads(browser_types.SCHEMA.read_text(encoding="utf-8"))
WORKED = REPO / "scenarios" / "06-last-card-saves.yaml"
PLAYABLE = re.compile(r'data-ll-card="([^"]+)"')  # a refused card is data-ll-refused


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/{name}"})


def valid(name: str, value: object) -> object:
    """``value``, after failing the test with the schema's first complaint if it is not a ``name``."""
    error = jsonschema.exceptions.best_match(validator(name).iter_errors(value))
    assert error is None, f"{name}: {error.message} at {list(error.absolute_path)}"
    return value


def call(endpoint: str, **args: object) -> dict:
    """A call as the worker makes it (serve, JSON text both ways), its answer valid for ``endpoint``."""
    answer = json.loads(live.serve(endpoint, json.dumps(args)))
    answer_schema = {**SCHEMA, "$ref": f"#/$defs/LiveAnswers/properties/{endpoint}"}
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(answer_schema).iter_errors(answer))
    assert error is None, f"{endpoint}: {error.message} at {list(error.absolute_path)}"
    return answer


def test_the_schema_is_valid_and_the_scripts_types_are_the_ones_it_makes():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    made = browser_types.declarations(SCHEMA)
    assert browser_types.TARGET.read_text(encoding="utf-8") == made, "run: python3 book/_ext/browser_types.py"
    for name in ("tsconfig.json", "tsconfig.worker.json"):
        assert "types/browser_data.d.ts" in (REPO / name).read_text(encoding="utf-8")


def test_the_schema_names_every_endpoint_and_the_limits_of_the_python_side():
    assert set(SCHEMA["$defs"]["LiveAnswers"]["properties"]) == set(live.ENDPOINTS)
    assert SCHEMA["$defs"]["ShareLink"]["maxLength"] == live.MAX_LINK_CHARS
    assert SCHEMA["$defs"]["OwnExercise"]["properties"]["moment"]["maxLength"] == live.MAX_MOMENT_CHARS


def test_the_learn_pages_words_and_every_exercises_verdicts_are_as_described():
    for lang in ("en", "ru"):
        page = str(course_html(units(), lang))
        words = re.search(r'<script type="application/json" class="ll-learn-words">(.*?)</script>', page, re.S)
        valid("LearnWords", json.loads(words.group(1)))
        shipped = re.findall(r'<script type="application/json" class="ll-task-data">(.*?)</script>', page, re.S)
        assert shipped
        for data in shipped:
            valid("TaskData", json.loads(data))


def test_a_replays_words_and_its_frames_packed_for_other_languages_are_as_described():
    page = replay_html(replay(load(WORKED)[0]), languages=("en", "pt", "ru"))
    catalog = re.search(r'<script type="application/json" class="ll-catalog">(.*?)</script>', page, re.S)
    assert set(valid("Catalog", json.loads(catalog.group(1)))) >= {"en", "pt", "ru"}
    packed = re.findall(r'<script type="application/gzip" data-lang="(\w+)">([^<]+)</script>', page)
    assert {lang for lang, _ in packed} == {"pt", "ru"}
    for _, text in packed:
        assert valid("PackedFrames", json.loads(gzip.decompress(base64.b64decode(text))))


def test_every_answer_of_live_modes_worker_is_as_described():
    """Every endpoint called as the pages call it (a scenario, a hand played out and reviewed,
    "Practise this", the checker, the position editor), and refused, each answer valid."""
    opened = call("open_replay", source=WORKED.read_text(encoding="utf-8"))
    frame = call("frame", session=opened["session"], at=1, lang="pt")
    tried = call("what_if", session=opened["session"], at=1, card=PLAYABLE.findall(frame["html"])[0], lang="pt")
    call("save_lesson", branch=tried["branch"], lang="pt")
    call("coach", session=opened["session"], at=1, lang="en")
    call("answer", session=opened["session"], at=1, answer="check", lang="en")
    assert "error" in call("what_if", session=opened["session"], at=1, card="2♣", lang="ru")  # a refusal
    assert call("frame", session=123, at=0, lang="es")["lost"] is True

    rng = random.Random(4)
    hand = call("new_hand", players=3, lang="es", seed=4)
    while "ll-end" not in hand["html"]:
        hand = {**hand, **call("hand_play", session=hand["session"], card=rng.choice(PLAYABLE.findall(hand["html"])))}
    call("save_lesson", hand=hand["session"], lang="es", site="http://localhost:8000/")
    review = call("review", hand=hand["session"], lang="ru", deals=2)
    while "html" not in review:
        review = call("review", review=review["review"], lang="ru")
    call("save_lesson", review=review["review"], lang="ru")
    call("review_moment", review=review["review"], step=0, lang="ru")
    kept = call("practise", review=review["review"], step=0, lang="ru")
    own = {key: kept[key] for key in ("id", "lang", "moment", "lesson")}
    valid("OwnExercise", {**own, "day": 20_000})
    call("practice_task", **own)
    call("review_copy", of="follow-void", id="follow-void-review-2", round=0, lang="es")  # a review's fresh copy

    text = WORKED.read_text(encoding="utf-8")
    call("check_file", text=text, name="worked.yaml", lang="en", at=2)
    assert "line" in call("check_file", text=text.replace("steps:", "steps: [", 1), lang="en")
    call("make_task", text=text, lang="en", at=1)
    call("make_task", text="not: [a scenario", lang="en")
    [made] = call("class_tasks", text=OWN_TASK, name="mine.yaml", lang="pt")["tasks"]
    call("class_tasks", packed=made["packed"], id=made["id"], lang="ru")
    assert "refused" in call("class_tasks", packed="@", id=made["id"], lang="es")

    # a position set up by taps, as the editor's page sends them: A holds A♥ K♣, B 2♥, the stock Q♠
    state = live_position._state(Position.empty(players=3))
    for do, value in (
        ("click", "A♥"),
        ("click", "K♣"),
        ("aim", "1"),
        ("click", "2♥"),
        ("aim", "stock"),
        ("click", "Q♠"),
    ):
        shown = call("position_change", state=state, do=do, value=value, lang="en")
        state = html.unescape(re.search(r'data-ll-state="([^"]*)"', shown["html"])[1])
    assert call("position_play", state=state, lang="en").get("replay")  # set up: it plays
    call("position_change", state=state, do="clear", lang="en")
    call("position_play", state=state, lang="en")
    call("position_save", state=state, lang="en", site="http://localhost:8000/")
    call("position_task", state=state, lang="en")
    call("position_save", state="not json", lang="en")
    assert "internal" not in valid("Refusal", json.loads(live.serve("nothing", "{}")))  # serve's own refusal


# --- the progress files: the schema and the store's own checks agree ----------------------

GOOD = {"s": 3, "m": 0, "h": 0, "n": 1, "t": 20_000}
SKILL = {"r": 2, "h": 1, "w": 3}
OWN = {"id": "review-0123abcd-7", "lang": "pt", "moment": "Vaza 3: 8♦", "lesson": "title: x\n", "day": 20_001}

#: Each a file's data, and whether both the schema and the store take it.
DATA = [
    ({"tasks": {}, "own": [], "skills": {}}, True),
    (
        {
            "tasks": {"deal-1": GOOD, "trump.2": {**GOOD, "b": 1, "r": 20_003}},
            "last": "deal-1",
            "own": [OWN],
            "skills": {},
        },
        True,
    ),
    ({"tasks": {"deal-1": {**GOOD, "b": 1}}, "own": [], "skills": {}}, False),  # a box without its day
    ({"tasks": {"deal-1": {**GOOD, "c": 5}}, "own": [], "skills": {}}, True),  # review copies 0 and 2 seen
    ({"tasks": {"deal-1": {**GOOD, "c": 0}}, "own": [], "skills": {}}, False),  # none seen: no key
    ({"tasks": {"deal-1": {**GOOD, "c": 256}}, "own": [], "skills": {}}, False),  # at most 8 copies
    ({"tasks": {"deal-1": {**GOOD, "c": "5"}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "s": 4}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "s": 0}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "m": 1.5}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "n": 0}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "x": 1}}, "own": [], "skills": {}}, False),
    ({"tasks": {"deal-1": {**GOOD, "t": "20000"}}, "own": [], "skills": {}}, False),
    ({"tasks": {"-bad id": GOOD}, "own": [], "skills": {}}, False),
    ({"tasks": {"a" * 121: GOOD}, "own": [], "skills": {}}, False),
    ({"tasks": {"__proto__": GOOD}, "own": [], "skills": {}}, False),
    ({"tasks": {"constructor": GOOD}, "own": [], "skills": {}}, True),  # an id like any other
    ({"tasks": [], "own": [], "skills": {}}, False),
    ({"tasks": {}, "own": [], "skills": {}, "more": 1}, False),
    ({"tasks": {}, "own": []}, False),  # version 3 has skills
    ({"tasks": {}}, False),
    ({"tasks": {}, "own": [], "last": 7, "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "id": "review-x-1"}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "lang": "pt-PT"}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "moment": "a\u0007b"}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "moment": "m" * 201}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "lesson": "l" * 60_001}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "extra": "<b>"}], "skills": {}}, False),
    ({"tasks": {}, "own": [{k: v for k, v in OWN.items() if k != "day"}], "skills": {}}, False),
    ({"tasks": {}, "own": [{**OWN, "id": f"review-0123abcd-{n}"} for n in range(41)], "skills": {}}, False),
    ({"tasks": {}, "own": [], "skills": {"rule-9": SKILL, "tip-3": {**SKILL, "w": 0}}}, True),
    ({"tasks": {}, "own": [], "skills": {"rule-x": SKILL}}, False),
    ({"tasks": {}, "own": [], "skills": {"__proto__": SKILL}}, False),
    ({"tasks": {}, "own": [], "skills": {"constructor": SKILL}}, False),
    ({"tasks": {}, "own": [], "skills": {"rule-9": {**SKILL, "x": 1}}}, False),
    ({"tasks": {}, "own": [], "skills": {"rule-9": {**SKILL, "w": 1.5}}}, False),
    ({"tasks": {}, "own": [], "skills": {"rule-9": {"r": 1, "h": 0}}}, False),
    ({"tasks": {}, "own": [], "skills": []}, False),
]


def test_the_store_accepts_exactly_the_progress_files_the_schema_accepts(tmp_path):
    node = needed.node()
    for data, expected in DATA:
        assert validator("ProgressData").is_valid(data) is expected, data
    probe = tmp_path / "probe.js"
    probe.write_text(
        "const api = require(process.argv[2]);\n"
        "const found = JSON.parse(require('fs').readFileSync(0, 'utf8')).map((text) => {\n"
        "  const file = JSON.parse(text);  // the text a __proto__ key survives in: parsed here as the store does\n"
        "  file.sum = api.checksum(file.data);\n"
        "  try { api.unwrap(JSON.stringify(file)); return true; } catch (error) { return error.code; }\n"
        "});\n"
        "process.stdout.write(JSON.stringify(found));\n",
        encoding="utf-8",
    )
    files = [json.dumps({"format": "linger-longer-progress", "v": 3, "data": data, "sum": ""}) for data, _ in DATA]
    store = REPO / "lingerlonger" / "views" / "static" / "learn" / "course_progress.js"
    run = subprocess.run(
        [node, str(probe), str(store)], input=json.dumps(files), capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, run.stderr
    taken = json.loads(run.stdout)
    assert [answer is True for answer in taken] == [expected for _, expected in DATA], taken
    assert set(taken) - {True} == {"shape"}
    wrapped = {"format": "linger-longer-progress", "v": 3, "data": DATA[1][0], "sum": "0123abcd"}
    valid("ProgressFile", wrapped)


@pytest.mark.parametrize("built", [REPO / "_build" / "html" / "_live" / "live.json"])
def test_live_modes_listing_is_as_described(built):
    if not built.exists():
        needed.missing("no built site: make book")
    valid("LiveListing", json.loads(built.read_text(encoding="utf-8")))
