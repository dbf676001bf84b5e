"""Play parlour's games in a terminal: a full-screen Textual table, or a line-by-line mode.

The pieces, each game-neutral unless named for a game:

- :mod:`.scene` — what one seat sees, as seats, card groups and table lines to draw;
- :mod:`.menu` — the legal choices as labelled options with keys, sizes and card picks;
- :mod:`.americana`, :mod:`.palace` — each game's scene, menu and event wording;
- :mod:`.table` — the live table: a human seat, bots in the others, hands one after another;
- :mod:`.plain` — the line-by-line mode on standard input and output;
- :mod:`.app` and :mod:`.widgets` — the full-screen table (Textual).
"""
