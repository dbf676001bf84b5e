"""What each viewer of a finished hand may see, worked out from its record and the rulebook
alone: no engine, no view, no event, no redaction code of parlour's is used, so a leak in
any of them shows up as a card outside these sets (R-4, P-41).

Americana (exact): the hole cards are the first cards of the shuffle, one per player from
the dealer's left (A-11); every upcard dealt is public; the betting rounds are followed
from the record's actions to know who was still in when each upcard was dealt (A-12,
A-13, A-15); at the showdown hands are shown in A-30's order and a hand is mucked when
A-31 lets it (ranked by the evaluator, the rulebook's ranking), so a mucked hole card is
seen by its owner only.

Palace (what must stay hidden): every palace, dealt three cards each from the palace
shuffle (P-14, P-15), is its owner's, unless the viewer fought its owner (P-41) or the
hand ended with several players in it (a showdown shows their palaces); the draw pile's
cards nobody bought are nobody's (P-16). Every card dealt for a banner, accepted or
rejected (P-11), and every card bought from the draw pile was face up, wherever it went
after (a rejected card may end in a palace: its face is still no secret).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.cards import DECK_32, DECK_52, Card, parse_card
from parlour.evaluation import americana_value
from parlour.games import metadata

#: A-3: hearts > diamonds > clubs > spades (card & 3: c=0, d=1, h=2, s=3).
SUIT_ORDER = {2: 3, 1: 2, 0: 1, 3: 0}


@dataclass
class Sight:
    """Cards everyone saw, and cards only some seats saw, by seat."""

    public: set[str] = field(default_factory=set)
    private: dict[int, set[str]] = field(default_factory=dict)
    every: set[str] = field(default_factory=set)

    def of(self, seat: int | None) -> set[str]:
        """What ``seat`` (``None``: a spectator) may have seen of the hand."""
        return self.public | (self.private.get(seat, set()) if seat is not None else set())


def sight(record: Mapping[str, Any]) -> Sight:
    """The hand's sight, by its game."""
    if record["game"] == "americana":
        return americana_sight(record)
    return palace_sight(record)


def _order(record: Mapping[str, Any], least: int) -> list[int]:
    """Seats dealt in, clockwise from the dealer's left (those with ``least`` chips)."""
    seats = [s for s in record["seats"] if s["stack"] >= least]
    numbers = [s["seat"] for s in seats]
    after = [n for n in numbers if n > record["button"]]
    return after + [n for n in numbers if n <= record["button"]]


def _cards(shuffle: Sequence[str]) -> list[Card]:
    return [parse_card(c) for c in shuffle]


def americana_sight(record: Mapping[str, Any]) -> Sight:
    """A-11 to A-15, A-30, A-31, followed from the record."""
    options = metadata("americana").resolve(record["options"])
    order = _order(record, max(1, options["ante"]))
    stacks = {s["seat"]: s["stack"] - options["ante"] for s in record["seats"]}
    deck = _cards(record["shuffles"][0])
    n = len(order)
    hole = {seat: deck[k] for k, seat in enumerate(order)}
    up = {seat: [deck[n + k]] for k, seat in enumerate(order)}
    table = _Betting(order, stacks, deck, 2 * n, up)
    table.play(record["actions"], options["bring_in"])
    out = Sight(every={str(c) for c in DECK_32})
    out.public = {str(c) for cards in up.values() for c in cards}
    for seat, card in hole.items():
        out.private[seat] = {str(card)}
    live = [s for s in order if s in table.live]
    if len(live) >= 2 and record.get("outcome") is not None:
        shown = _showdown(record, options, live, table.aggressor, hole, up)
        out.public |= {str(hole[s]) for s in shown}
    return out


class _Betting:
    """The betting rounds of an Americana record: who is in, who acted, what was dealt."""

    def __init__(
        self,
        order: list[int],
        stacks: dict[int, int],
        deck: list[Card],
        next_card: int,
        up: dict[int, list[Card]],
    ) -> None:
        self.order, self.stacks, self.deck, self.next, self.up = order, stacks, deck, next_card, up
        self.live = set(order)
        self.street = 1
        self.bets = dict.fromkeys(order, 0)
        self.acted: set[int] = set()
        self.bet_to = 0
        self.aggressor: int | None = None

    def play(self, actions: list[Mapping[str, Any]], bring_in: int) -> None:
        """Every action, the rounds' ends and the deals between them."""
        self.bet_to = bring_in
        forced = max(self.order, key=lambda s: _card_order(self.up[s][0]))
        if not self.stacks[forced]:
            self.acted.add(forced)  # posted as nothing
        for action in actions:
            self._act(action)
            if len(self.live) == 1:
                return
            if self._round_over():
                self._next_round()

    def _act(self, action: Mapping[str, Any]) -> None:
        seat, do = action["seat"], action["do"]
        self.acted.add(seat)
        if do == "fold":
            self.live.discard(seat)
            return
        if do in ("call", "bring_in"):
            paid = min(self.bet_to - self.bets[seat], self.stacks[seat])
        elif do in ("bet", "raise"):
            paid = action["to"] - self.bets[seat]
            self.bet_to = max(self.bet_to, action["to"])
            self.aggressor = seat
        else:
            paid = 0
        self.stacks[seat] -= paid
        self.bets[seat] += paid

    def _round_over(self) -> bool:
        """Everyone in with chips has acted and matched the bet (A-12, A-13)."""
        return all(
            s in self.acted and self.bets[s] >= self.bet_to for s in self.live if self.stacks[s] > 0
        )

    def _next_round(self) -> None:
        """Deal the next upcards; with fewer than two able to bet, deal on (A-13)."""
        while self.street < 4:
            self.street += 1
            for seat in self.order:
                if seat in self.live:
                    self.up[seat].append(self.deck[self.next])
                    self.next += 1
            self.bets = dict.fromkeys(self.order, 0)
            self.acted = set()
            self.bet_to = 0
            self.aggressor = None
            if sum(1 for s in self.live if self.stacks[s] > 0) >= 2:
                return


def _card_order(card: Card) -> int:
    """A-12: a single card by rank, then suit (A-3)."""
    return int(card.rank) * 4 + SUIT_ORDER[card & 3]


def _showdown(
    record: Mapping[str, Any],
    options: Mapping[str, Any],
    live: list[int],
    aggressor: int | None,
    hole: Mapping[int, Card],
    up: Mapping[int, list[Card]],
) -> list[int]:
    """The seats whose hands are shown (A-30 order; A-31 mucks unless ``show_all``)."""
    start = live.index(aggressor) if aggressor in live else 0
    turn = live[start:] + live[:start]
    value = {s: americana_value([hole[s], *up[s]], options["tie_break"]) for s in live}
    pots = [set(p["eligible"]) for p in record["outcome"]["pots"]]
    shown: list[int] = []
    for seat in turn:
        beaten = all(
            any(value[r] > value[seat] for r in shown if r in pot) for pot in pots if seat in pot
        )
        if options["show_all"] or not shown or not beaten:
            shown.append(seat)
    return shown


def palace_sight(record: Mapping[str, Any]) -> Sight:
    """P-14 to P-16, P-41 and a showdown's palaces, from the record."""
    options = metadata("palace").resolve(record["options"])
    order = _order(record, max(1, options["ante"]))
    n = len(order)
    shuffles = [_cards(s) for s in record["shuffles"]]
    first = next(i for i, s in enumerate(shuffles) if i > 0 and len(s) == len(DECK_52) - n)
    turned = _banner_deal(shuffles[:first], n)
    deck = shuffles[first]
    palaces = {seat: {str(deck[k + j * n]) for j in range(3)} for k, seat in enumerate(order)}
    draw = deck[3 * n :]
    buys = sum(1 for a in record["actions"] if a["do"] == "buy")
    bought = {str(c) for c in [*draw, *(c for s in shuffles[first + 1 :] for c in s)][:buys]}
    unseen = {str(c) for c in draw[buys:]}
    hidden = set().union(*palaces.values()) | unseen
    out = Sight(every={str(c) for c in DECK_52})
    out.public = (out.every - hidden) | bought | turned
    pots = (record.get("outcome") or {}).get("pots", [])
    if any(len(p["eligible"]) >= 2 for p in pots):  # several players in at the end
        for seat in {s for p in pots for s in p["eligible"]}:
            out.public |= palaces[seat]
    foes = _battles(record["actions"])
    for seat in order:
        out.private[seat] = set(palaces[seat])
        for foe in foes.get(seat, ()):
            out.private[seat] |= palaces[foe]
    return out


def _banner_deal(stocks: list[list[Card]], players: int) -> set[str]:
    """Every card turned face up for a banner (P-10 to P-12): each player in turn takes
    cards until one's suit is new in its group of four; the stock's next shuffles are the
    rejects reshuffled when it ran out."""
    cards = (c for stock in stocks for c in stock)
    turned: set[str] = set()
    taken: set[int] = set()
    for k in range(players):
        if k % 4 == 0:
            taken = set()
        while True:
            card = next(cards)
            turned.add(str(card))
            if card & 3 not in taken:
                taken.add(card & 3)
                break
    return turned


def _battles(actions: list[Mapping[str, Any]]) -> dict[int, set[int]]:
    """Who fought whom (a bet names its target, P-24)."""
    foes: dict[int, set[int]] = {}
    for action in actions:
        if action["do"] == "bet":
            a, d = action["seat"], action["target"]
            foes.setdefault(a, set()).add(d)
            foes.setdefault(d, set()).add(a)
    return foes
