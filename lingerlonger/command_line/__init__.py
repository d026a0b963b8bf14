"""The ``lingerlonger`` command: its parser in the reader's language, its options and its commands.

- ``commands``: ``main`` and every command but two; ``tournament``: ``lingerlonger tournament``;
  ``live_class``: ``lingerlonger class`` (the class server, imported only when it runs);
- ``parser``: argparse in the reader's language; ``options``: argument types shared by both.

It may import anything in the package; nothing imports it.
"""
