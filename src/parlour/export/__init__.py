"""Hand histories for people and other tools: readable text and the PHH format.

- :mod:`parlour.export.history` replays a hand record into its steps and events;
- :mod:`parlour.export.stud_text` writes Americana as online rooms write stud hands;
- :mod:`parlour.export.palace_text` narrates a Palace hand, battles and captures included;
- :mod:`parlour.export.phh` writes and reads Americana in the Poker Hand History format.

See docs/export.md.
"""
