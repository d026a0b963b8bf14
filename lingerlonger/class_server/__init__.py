"""A live class served from the teacher's laptop (``lingerlonger class``): the projector asks,
every phone answers, the teacher sees the room.

- ``store``: the classes, pupils and answers in SQLite (WAL, a commit per answer), so that a
  server killed and started again resumes every class with every answer;
- ``exercises``: what a teacher may push: the course's exercises and the teacher's own task files,
  each judged by the engine as the Learn page judges it, and its seats named in each page's language;
- ``rooms``: one class as it goes (who is in, what is asked, who answered what) and the protocol:
  each message checked, each refusal a coded error worded by the catalogs;
- ``app``: the Starlette application (pages, the WebSocket, the CSV, the QR code) run by uvicorn;
  ``serving``: the address on the local network, the teacher key and the terminal's QR code.

It needs the ``class`` extra (Starlette, uvicorn, websockets, segno); the command line imports it
only when ``lingerlonger class`` runs. It may import every folder but the command line.
"""
