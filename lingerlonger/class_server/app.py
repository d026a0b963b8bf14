"""The class server's Starlette application: the pages, the files they load, the QR code, the
CSV and the WebSocket every page speaks to (``rooms.Classes`` does what the messages ask).

Everything a page loads comes from here (no CDN: a school's network may block them). A page's
socket is one ``rooms.Connection``; a message over ``rooms.MAX_MESSAGE`` is refused and one over
``MAX_FRAME`` bytes is not even read (uvicorn closes the socket: the page reconnects by itself);
a connection that floods is refused, then closed. A bug in handling a message is logged and
answered with ``error.internal``, never a traceback.
"""

from __future__ import annotations

import csv
import io
import json
import logging
from pathlib import Path

import segno
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, RedirectResponse, Response
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from lingerlonger.class_server.rooms import FLOOD_CLOSE, JOIN_LENGTH, Classes, Connection
from lingerlonger.views import class_live
from lingerlonger.words.i18n import DEFAULT_LANGUAGE, LANGUAGES, translate

__all__ = ["create_app", "MAX_FRAME"]

#: The largest WebSocket frame uvicorn reads (its ``ws_max_size``); a bigger one closes the socket.
MAX_FRAME = 64 * 1024
STATIC = Path(class_live.__file__).parent / "static"
_log = logging.getLogger("lingerlonger.class")
_HEADERS = {
    # Only the server's own files; the socket back to it; images it draws (the QR code, a CSV's blob).
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


def _lang(request: Request) -> str:
    asked = request.query_params.get("lang", "")
    if asked in LANGUAGES:
        return asked
    for part in request.headers.get("accept-language", "").split(","):
        primary = part.split(";")[0].strip().split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return DEFAULT_LANGUAGE


def _page(markup: object, status: int = 200) -> HTMLResponse:
    return HTMLResponse(str(markup), status_code=status, headers=_HEADERS)


def _code(text: str) -> str:
    """A join code as typed: blanks and dashes left out, capitals."""
    return "".join(char for char in text.upper() if char.isalnum())[: JOIN_LENGTH + 6]


def create_app(classes: Classes, join_url: str) -> Starlette:
    """The application over ``classes``; ``join_url`` is the address phones reach it at."""

    async def teacher(request: Request) -> Response:
        lang = _lang(request)
        exercises = classes.exercises
        groups = []
        for group in classes.exercises.groups:
            title = class_live.text_in(group.title, lang)
            groups.append(
                (
                    title,
                    [
                        (task_id, class_live.exercise_label(exercises.named[task_id, lang].task, at, lang))
                        for at, task_id in enumerate(group.ids, 1)
                    ],
                )
            )
        return _page(class_live.teacher_page(lang, groups, join_url))

    async def join(request: Request) -> Response:
        return _page(class_live.join_page(_lang(request)))

    async def join_by_code(request: Request) -> Response:
        code = _code(request.query_params.get("code", ""))
        lang = _lang(request)
        if classes.room(code) is None:
            return _page(class_live.join_page(lang, unknown=code), status=404)
        return RedirectResponse(f"/c/{code}?lang={lang}", status_code=303)

    async def pupil(request: Request) -> Response:
        code = _code(request.path_params["code"])
        room = classes.room(code)
        if room is None:
            return _page(class_live.join_page(_lang(request), unknown=code), status=404)
        lang = request.query_params.get("lang", "")
        return _page(class_live.pupil_page(lang if lang in LANGUAGES else _lang(request) or room.record.lang, code))

    async def qr(request: Request) -> Response:
        code = _code(request.path_params["code"])
        if classes.room(code) is None:
            return Response(status_code=404)
        svg = io.BytesIO()
        segno.make(f"{join_url}/c/{code}", error="m").save(
            svg, kind="svg", scale=6, border=2, dark="#000", light="#fff"
        )
        return Response(svg.getvalue(), media_type="image/svg+xml", headers=_HEADERS)

    async def answers_csv(request: Request) -> Response:
        if not classes.is_teacher(request.headers.get("x-teacher-key")):
            return Response(translate("error.class.not-teacher", _lang(request)), status_code=403)
        code = _code(request.path_params["code"])
        if classes.room(code) is None:
            return Response(status_code=404)
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(["exercise", "pupil", "answer", "answer_words", "right", "rule"])
        writer.writerows([[_cell(value) for value in row] for row in classes.rows(code)])
        return Response(
            out.getvalue(),
            media_type="text/csv; charset=utf-8",
            headers={**_HEADERS, "Content-Disposition": f'attachment; filename="class-{code}.csv"'},
        )

    async def static(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in class_live.STATIC_FILES:  # only the files the pages load, by name
            return Response(status_code=404)
        return FileResponse(STATIC / class_live.STATIC_FILES[name], headers={"X-Content-Type-Options": "nosniff"})

    async def socket(websocket: WebSocket) -> None:
        await websocket.accept()

        async def send(message: dict) -> None:
            try:
                await websocket.send_text(json.dumps(message, ensure_ascii=False))
            except (WebSocketDisconnect, RuntimeError, OSError):  # that page has gone: its own loop ends
                classes.gone(conn)

        conn = Connection(send, lang=_lang_of(websocket))
        try:
            while True:
                text = await websocket.receive_text()
                if not conn.bucket.take():
                    if conn.bucket.refused == 1:
                        await conn.send(_refusal("class.flood", conn.lang))
                    if conn.bucket.refused >= FLOOD_CLOSE:
                        await websocket.close(code=1008)
                        break
                    continue
                try:
                    await classes.receive(conn, text)
                except WebSocketDisconnect:
                    raise
                except Exception:  # a bug: logged, said as one, and the session goes on
                    _log.exception("a class message could not be handled")
                    await conn.send(_refusal("internal", conn.lang))
        except WebSocketDisconnect:
            pass
        finally:
            classes.gone(conn)

    routes = [
        Route("/", teacher),
        Route("/join", join),
        Route("/c", join_by_code),
        Route("/c/{code}", pupil),
        Route("/qr/{code}.svg", qr),
        Route("/class/{code}/answers.csv", answers_csv),
        Route("/static/{name}", static),
        WebSocketRoute("/ws", socket),
    ]
    return Starlette(routes=routes)


def _lang_of(websocket: WebSocket) -> str:
    lang = websocket.query_params.get("lang", "")
    return lang if lang in LANGUAGES else DEFAULT_LANGUAGE


def _refusal(code: str, lang: str) -> dict:
    return {"op": "refused", "code": code, "text": translate(f"error.{code}", lang)}


def _cell(value: str) -> str:
    """A cell a spreadsheet shows and never runs: a leading = + - @ is made plain text."""
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value
