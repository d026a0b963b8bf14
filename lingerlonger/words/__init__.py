"""Words: everything said to a reader, in English, Portuguese, Spanish or Russian.

- ``i18n``: the catalogs (``locale/*.json``), plurals, numbers; ``error_text`` words a refusal;
- ``narration``: the engine's events, told; ``glossary``: the game's terms, one per idea;
- ``outside_errors``: PyYAML's and the system's problems as catalog messages;
- ``chapter_words``: the book's own words in its chapters' code.

It imports only the game.
"""
