"""Views: the same values drawn for a page, a notebook, the app and the browser's live mode.

- ``templating``: the Jinja2 templates of ``templates/``, the one place markup is made and escaped;
- ``table_html``: a table as HTML; ``page_replay``: a replay pre-rendered for a book page;
- ``shared_panels``: the panels every player shows alike; ``print_sheet``: A4 handouts;
- ``markdown``: an author's Markdown, for a page and a terminal; ``terminal``: the command line's
  board, narration and quiz;
- ``widgets/``: the ipywidgets players of notebooks and the Voilà app;
- ``live_mode/``: the package's calls from the reader's browser (Pyodide, in a Web Worker);
- ``static/``: their CSS and JavaScript.

It may import every layer below it (game, words, computer, scenario, session). Nothing outside the
views and the command line imports them.
"""
