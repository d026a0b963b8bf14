"""The game: cards, rules, the declared game, events, the engine, the play loop with the
``Player`` protocol, and the match. It follows the book's Rules reference to the letter.

It imports nothing else of the package: it has no words (a refusal is an ``errors.LingerError``,
a code and its values), no files and no views.

- ``cards``: cards, suits, the card notation; ``rules``: a profile and its variants;
- ``declared``: a ``Game``, the rules, the seats and the hand size checked together;
- ``engine``: an immutable ``State``, ``legal_actions``, ``apply`` → (state, events);
  ``seat_view``: ``view(state, seat)``, everything one seat may know;
- ``events``: what can happen, as frozen values; ``play_loop``: ``Player`` and ``play_out``;
- ``match``: hands in sequence; ``errors``: every refusal; ``visible_text``: text made safe to show.
"""
