"""parlour's games in OpenSpiel (the ``openspiel`` extra): ``import parlour.openspiel``
registers ``parlour_americana`` and ``parlour_palace`` with ``pyspiel``.

>>> import pyspiel, parlour.openspiel
>>> game = pyspiel.load_game("parlour_americana(players=2,structure=no_limit)")

Both games run the reference engines (:mod:`parlour.games`): the deal is chance nodes, card
by card (:mod:`parlour.openspiel.dealing`); decisions are the rows of the RL action tables
(docs/rl.md); returns are chips. See docs/research.md.
"""

from __future__ import annotations

from parlour.openspiel import americana, palace

GAMES = (americana.NAME, palace.NAME)

__all__ = ["GAMES"]
