"""What an OpenSpiel game of parlour is played with: the game's engine, its table, its
action table, and the research-only restrictions of the deal.

A :class:`TableSpec` is immutable and shared by every state of one game (OpenSpiel clones
states by deep copy; the spec copies as itself).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards import Card
from parlour.games import get_game
from parlour.games.protocol import Game
from parlour.openspiel.dealing import Dealt
from parlour.rl.codec import Codec
from parlour.rl.table import codec_for
from parlour.seats import SeatSpec


@dataclass(frozen=True)
class TableSpec:
    """One game's fixed set-up: engine, options, seats and button, codec, deal limits.

    ``deck`` (research only) is the set of cards chance may deal, ``None`` for every card;
    ``fixed`` (research only) maps a seat to the upcards it is dealt, in order, instead of
    chance; ``abstraction`` (research only) makes information-state strings the ``cfr``
    bot's abstract keys (:mod:`parlour.bots.abstraction`), not perfect recall.
    """

    game_name: str
    options: Any
    stacks: tuple[int, ...]
    button: int
    deck: frozenset[Card] | None = None
    fixed: Mapping[int, tuple[Card, ...]] = field(default_factory=dict)
    abstraction: bool = False
    codec: Codec[Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        written = self.options.to_dict()
        codec = codec_for(self.game_name, len(self.stacks), written, max(sum(self.stacks), 1))
        object.__setattr__(self, "codec", codec)

    def __deepcopy__(self, memo: dict[int, Any]) -> TableSpec:
        return self

    @property
    def game(self) -> Game:
        """The engine module."""
        return get_game(self.game_name)

    @property
    def num_players(self) -> int:
        """Seats at the table (OpenSpiel player ``p`` is table seat ``p``)."""
        return len(self.stacks)

    @property
    def seats(self) -> list[SeatSpec]:
        """The seats as the engine takes them."""
        return [SeatSpec(i, s, f"player_{i}") for i, s in enumerate(self.stacks)]

    @property
    def chips(self) -> int:
        """Every chip at the table."""
        return sum(self.stacks)

    @property
    def preferred(self) -> dict[int, dict[int, Card]]:
        """Where the fixed upcards fall in the deal when nobody folds or sits out (A-11,
        A-13): seat ``s`` is ``d`` places from the dealer's left; its first upcard is
        card ``n + d`` of the shuffle, its ``k``-th (k >= 1) card ``2n + (k - 1) n + d``."""
        n = self.num_players
        where: dict[int, Card] = {}
        for seat, cards in self.fixed.items():
            d = (seat - self.button - 1) % n
            for k, c in enumerate(cards):
                where[n + d if k == 0 else 2 * n + (k - 1) * n + d] = c
        return {0: where} if where else {}

    def forced(self, dealt: Dealt) -> Card | None:
        """The card a research-only fixed deal puts at ``dealt``'s place, if any."""
        if dealt.kind != "upcards" or dealt.seat is None:
            return None
        cards = self.fixed.get(dealt.seat, ())
        return cards[dealt.number] if dealt.number < len(cards) else None

    def outcomes(self, shuffled: Sequence[Card], prefix: Sequence[Card]) -> list[Card]:
        """The cards chance may deal next from a shuffle of ``shuffled`` (sorted)."""
        taken = set(prefix)
        for cards in self.fixed.values():
            taken.update(cards)
        return sorted(
            c for c in shuffled if c not in taken and (self.deck is None or c in self.deck)
        )
