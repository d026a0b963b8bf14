"""A teacher's own task files in a Class page assignment (issue 42), as live mode's worker reads
them (views/live_mode/class_tasks.py, endpoints.class_tasks): a file checked with located errors
in the reader's language, each exercise packed as data; a packed exercise read again like any
file, forged ones (bad YAML, oversized, a zip bomb, prototype keys, markup in a title) refused
with a message, never drawn. The codec's side: tests/js/class_codec.test.js."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest
from class_fixture import TASK
from learn_fixture import units

from lingerlonger.views.class_page import class_html
from lingerlonger.views.live_mode import class_tasks
from lingerlonger.views.live_mode.endpoints import serve
from lingerlonger.words.i18n import LANGUAGES, format_number

REPO = Path(__file__).resolve().parents[1]


def call(**args: object) -> dict:
    return json.loads(serve("class_tasks", json.dumps(args)))


def squeezed(data: bytes) -> str:
    squeezer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(squeezer.compress(data) + squeezer.flush()).decode().rstrip("=")


def test_a_file_is_checked_and_packed_then_drawn_again_from_its_packed_text():
    [made] = call(text=TASK, name="mine.yaml", lang="en")["tasks"]
    assert made["id"] == "own-trump" and len(made["packed"]) <= class_tasks.MAX_PACKED
    exercise = made["exercise"]
    assert exercise["own"] and exercise["title"] == 'Trump the <b>king</b> & "win"'  # data: the page sets it as text
    assert exercise["answers"]["9♥"][0] is True and exercise["answers"]["5♥"][0] is False
    drawn = call(packed=made["packed"], id="own-trump", lang="ru")
    assert drawn["exercise"]["answers"].keys() == exercise["answers"].keys()
    assert 'data-ll-task="own-trump"' in drawn["html"] and "data-ll-practice" not in drawn["html"]
    assert "<b>king" not in drawn["html"] and "&lt;b&gt;king" in drawn["html"]  # the title escaped


def test_a_file_of_several_exercises_gives_each_its_own_text():
    second = TASK.replace("own-trump", "own-trump-2")
    made = call(text=TASK + "---\n" + second, name="two.yaml", lang="en")["tasks"]
    assert [m["id"] for m in made] == ["own-trump", "own-trump-2"]
    assert call(packed=made[1]["packed"], id="own-trump-2", lang="en")["exercise"]["id"] == "own-trump-2"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_bad_file_is_refused_at_its_place_in_the_readers_language(lang):
    wrong = call(text=TASK.replace("accept: [9♥]", "accept: [9♥, 5♥]"), name="mine.yaml", lang=lang)
    assert set(wrong) == {"refused"} and wrong["refused"].startswith("mine.yaml:18:15:")
    broken = call(
        text=TASK.replace("steps:", "steps: [").replace("  - play: Ana", "- play: Ana"), name="b.yaml", lang=lang
    )
    assert re.match(r"b\.yaml:\d+:\d+: ", broken["refused"])
    proto = call(text=TASK.replace("rules: standard", "__proto__: {}\nrules: standard"), name="p.yaml", lang=lang)
    assert proto["refused"].startswith("p.yaml:3:1:") and "__proto__" in proto["refused"]
    none = call(text=TASK.split("  - task:")[0], name="n.yaml", lang=lang)
    assert none["refused"].startswith("n.yaml:")  # an exercise has exactly one task


def test_a_task_too_big_once_packed_is_refused_with_the_limit_in_words():
    noise = ["".join(chr(0x4E00 + (i * 7919 + k) % 20000) for i in range(1900)) for k in range(3)]  # packs badly
    big = TASK.replace("hints: [Dani has no clubs either.]", f"hints: [{', '.join(noise)}]")
    refused = call(text=big, name="big.yaml", lang="en")["refused"]
    assert refused.startswith("big.yaml:1:1:") and f"{class_tasks.MAX_PACKED:,}" in refused


@pytest.mark.parametrize(
    "packed",
    [
        "",  # nothing
        "not base64!",  # no base64url
        "A" * (class_tasks.MAX_PACKED + 1),  # longer than a task may be
        squeezed(b"\xff\xfe not utf-8"),  # damaged text
        squeezed(b"x" * (class_tasks.MAX_TASK_BYTES + 10)),  # a zip bomb: refused unread
        squeezed(TASK.encode())[:-6],  # cut short
        squeezed(TASK.replace("rules: standard", "constructor: 1\nrules: standard").encode()),
        squeezed(b"steps: [[[[[[[[[[[[[[[[[["),  # bad YAML
    ],
)
def test_a_forged_packed_task_is_refused_and_draws_nothing(packed):
    answer = call(packed=packed, id="own-trump", lang="pt")
    assert set(answer) == {"refused"} and answer["refused"]


def test_a_packed_task_under_another_id_is_refused():
    [made] = call(text=TASK, name="mine.yaml", lang="en")["tasks"]
    assert (
        call(packed=made["packed"], id="__proto__", lang="en")["refused"]
        == call(packed="@", id="own-trump", lang="en")["refused"]
    )


def test_the_codec_and_the_worker_share_the_limit_of_a_packed_task():
    codec = (REPO / "lingerlonger/views/static/class/codec.js").read_text(encoding="utf-8")
    assert (
        f"var MAX_OWN_PACKED = {class_tasks.MAX_PACKED};" in codec and f"var MAX_OWN = {class_tasks.MAX_OWN};" in codec
    )


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_class_page_offers_own_task_files_with_their_limits_in_words(lang):
    html = str(class_html(units(), lang))
    assert 'type="file" multiple' in html and "data-ll-class-own-files" in html
    assert format_number(class_tasks.MAX_PACKED, lang) in html and "data-ll-class-qr-too-long" in html


def test_a_huge_file_is_refused_by_its_size_unread():
    refused = call(text="format: 1\n", name="huge.yaml", lang="ru", size=50_000_000)["refused"]
    assert "huge.yaml" in refused and format_number(50_000_000, "ru") in refused
