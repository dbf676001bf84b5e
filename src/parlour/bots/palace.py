"""The Palace Poker bots above ``random``: rules of thumb, and battle odds by enumeration.

Both read the same facts from the view (:class:`PalaceSpot`): their own banner, palace
and soldiers, and each live opponent's banner and soldiers (public), plus any palace
the rules showed them. ``rules`` judges a battle by hand categories; ``montecarlo``
counts, over every palace an opponent could hold given the unseen cards, its chance of
winning the battle (P-37 to P-39) and the showdown (P-63).

Chips follow P-46: the whole pot goes to the hand's winner, and nothing a player paid
comes back because the winner paid less. So a Buy (or a call) is priced as chips lost
for good unless the bot takes the pot: both bots estimate their chance of taking it
(beating every rival still in the hand) and buy only when the chance a soldier adds, on
the pot it makes, outweighs its price at the chance of losing anyway (:func:`buy_pays`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from parlour.cards import DECK_52, Card, Suit
from parlour.equity.contest import Options
from parlour.equity.palace import SUIT_SLOT, Side, options
from parlour.evaluation import Category, category_of
from parlour.games.palace import (
    Action,
    BattleView,
    Bet,
    BetChoice,
    CardChoice,
    Choice,
    Discard,
    PalaceView,
    Plain,
    Raise,
    RaiseChoice,
    Trim,
    battle_value,
)

#: What a trim is worth with only these soldiers kept (greater is better).
Worth = Callable[[list[Card]], float]

#: Attack when the chance of winning the battle is at least this.
ATTACK_LINE: Final = 0.62
#: Raise inside a battle from this chance on.
RAISE_LINE: Final = 0.75
#: Rules of thumb: how much a soldier adds to the chance of beating a rival, by category.
SOLDIER_GAIN: Final = {Category.HIGH_CARD: 0.15, Category.PAIR: 0.08}


def buy_pays(before: float, after: float, pot: int, price: int) -> bool:
    """Whether a Buy is worth its ``price`` under P-46.

    ``before`` and ``after`` are the chances of taking the pot without and with the
    soldier. The price is lost for good unless the buyer wins, so the Buy pays when
    ``after x (pot + price) - price > before x pot``.
    """
    return after * (pot + price) - price > before * pot


def pot_chance(chances: Sequence[float]) -> float:
    """The chance of taking the pot: beating every rival, each independently (rough)."""
    product = 1.0
    for chance in chances:
        product *= chance
    return product


@dataclass(frozen=True, slots=True)
class Rival:
    """A live opponent of another banner suit, as the viewer sees it."""

    seat: int
    side: Side


@dataclass(frozen=True, slots=True)
class PalaceSpot:
    """What a Palace view says about the seat to act."""

    seat: int
    phase: str
    pot: int
    me: Side
    rivals: tuple[Rival, ...]
    unseen: tuple[Card, ...]
    choices: tuple[Choice, ...]
    battle: BattleView | None

    @classmethod
    def from_view(cls, view: PalaceView) -> PalaceSpot:
        """Read the spot from the view of the seat to act."""
        if view.seat is None:
            raise ValueError("a spectator's view has no choices to make")
        mine = next(p for p in view.players if p.seat == view.seat)
        if mine.banner is None:
            raise ValueError(f"seat {view.seat} was not dealt in")
        me = Side(mine.banner, tuple(mine.palace or ()), tuple(mine.soldiers))
        rivals = tuple(
            Rival(p.seat, Side(p.banner, tuple(p.palace or ()), tuple(p.soldiers)))
            for p in view.players
            if p.in_hand
            and p.seat != view.seat
            and p.banner is not None
            and p.banner.suit != me.suit
        )
        seen = {c for p in view.players for c in (p.banner, *p.soldiers, *(p.palace or ()))}
        seen.update(view.own_discards)
        return cls(
            seat=view.seat,
            phase=view.phase,
            pot=view.pot,
            me=me,
            rivals=rivals,
            unseen=tuple(c for c in DECK_52 if c not in seen),
            choices=tuple(view.legal_actions),
            battle=view.battle,
        )

    def plain(self, do: str) -> Plain | None:
        """The legal ``buy``, ``stay``, ``fold`` or ``call``, if ``do`` is one now."""
        return next((c for c in self.choices if isinstance(c, Plain) and c.do == do), None)

    def picking(self, do: str) -> CardChoice | None:
        """The legal ``trim`` or ``discard``, if ``do`` is one now."""
        return next((c for c in self.choices if isinstance(c, CardChoice) and c.do == do), None)

    def raising(self) -> RaiseChoice | None:
        """The legal raise inside a battle, if any."""
        return next((c for c in self.choices if isinstance(c, RaiseChoice)), None)

    def bets(self) -> dict[int, BetChoice]:
        """The legal attacks, by target seat."""
        return {c.target: c for c in self.choices if isinstance(c, BetChoice)}

    def foe(self) -> Rival | None:
        """The other battler while a battle is on."""
        if self.battle is None:
            return None
        other = self.battle.defender if self.battle.attacker == self.seat else self.battle.attacker
        return next((r for r in self.rivals if r.seat == other), None)

    def owed(self) -> int:
        """What the seat must pay to call in the current battle."""
        call = self.plain("call")
        if call is not None and call.amount:
            return call.amount
        raise_ = self.raising()
        return raise_.call if raise_ is not None else 0

    def cards(self, side: Side | None = None) -> tuple[Card, ...]:
        """Every known card of a side (the seat's own by default)."""
        return (side or self.me).known


def _plain(choice: Choice) -> Action:
    """The action of a choice (the single one of a plain choice)."""
    return choice.sample(random.Random(0))


def _attack(choice: BetChoice, *, strong: bool) -> Action:
    """A bet on the choice's target; in no-limit, the minimum extra when ``strong``."""
    extra = choice.min_extra if strong and choice.max_extra else 0
    return Bet(choice.seat, choice.target, extra)


def _trim(choice: CardChoice, drop: Sequence[Card]) -> Action:
    """A trim or discard of exactly ``drop`` (which must fit the choice)."""
    kind = Trim if choice.do == "trim" else Discard
    return kind(choice.seat, tuple(drop))


def _battle_reply(spot: PalaceSpot, chance: float, rest: float = 1.0) -> Action:
    """Fold, call or raise in a battle by the chance of winning it and the price.

    Winning the battle wins chips only once the other rivals are beaten too (P-46: one
    pot to the hand's winner), so the price is weighed against ``chance x rest``, ``rest``
    being the chance of then taking the pot from the others.
    """
    owed = spot.owed()
    raise_ = spot.raising()
    if raise_ is not None and chance >= RAISE_LINE:
        return Raise(raise_.seat, raise_.min_by)
    need = owed / (spot.pot + owed) if owed else 0.0
    call = spot.plain("call")
    if call is not None and (chance >= 0.5 or chance * rest >= min(0.9, 1.5 * need)):
        return _plain(call)
    fold = spot.plain("fold")
    return _plain(fold or call or spot.choices[0])


def _keep_best(spot: PalaceSpot, choice: CardChoice, worth: Worth) -> Action:
    """Trim greedily: drop the soldier whose loss costs least, while it is required or free."""
    kept = list(spot.me.soldiers)
    dropped: list[Card] = []
    while len(dropped) < choice.most:
        base = worth(kept)
        costs = [(base - worth([c for c in kept if c != s]), s) for s in kept]
        if not costs:
            break
        cost, card = min(costs)
        if len(dropped) >= choice.least and cost > 0:
            break
        kept.remove(card)
        dropped.append(card)
    return _trim(choice, dropped)


class PalaceRules:
    """Rules of thumb: attack the weakest-looking rival with a strong hand, buy when weak."""

    name = "rules"

    def __init__(self, game: str = "palace", options: Mapping[str, Any] | None = None) -> None:
        """Rules of thumb need no table option beyond what the choices say."""

    def strength(self, cards: Sequence[Card], against: Suit) -> int:
        """The hand's value in a battle against banner suit ``against`` (P-37, P-38)."""
        return battle_value(cards, against)

    def shown(self, rival: Rival, me: Suit) -> int:
        """What a rival's public cards are worth against the seat's suit."""
        return battle_value(rival.side.known, me)

    def chance(self, spot: PalaceSpot, rival: Rival) -> float:
        """A rough chance of winning a battle, from categories only."""
        mine = category_of(self.strength(spot.cards(), rival.side.suit))
        theirs = category_of(self.shown(rival, spot.me.suit))
        lead = int(mine) - int(theirs)
        base = {Category.HIGH_CARD: 0.3, Category.PAIR: 0.5, Category.TWO_PAIR: 0.65}
        level = base.get(mine, 0.8)
        return max(0.05, min(0.95, level + 0.1 * (lead - 1)))

    def choose(self, view: PalaceView, rng: random.Random) -> Action:
        """Act by the phase: trim weak soldiers, answer a battle, or take a turn."""
        spot = PalaceSpot.from_view(view)
        trim = spot.picking("trim")
        if spot.phase == "trim" and trim is not None:
            return _keep_best(spot, trim, self._soldier_worth(spot))
        foe = spot.foe()
        if spot.phase == "battle":
            rest = pot_chance([self.chance(spot, r) for r in spot.rivals if r != foe])
            return _battle_reply(spot, self.chance(spot, foe) if foe else 0.5, rest)
        return self._turn(spot)

    def _soldier_worth(self, spot: PalaceSpot) -> Worth:
        def worth(soldiers: list[Card]) -> float:
            cards = replace(spot.me, soldiers=tuple(soldiers)).known
            return int(category_of(battle_value(cards, None)))

        return worth

    def _turn(self, spot: PalaceSpot) -> Action:
        bets = spot.bets()
        forced = bets and not any(c.do in ("stay", "buy") for c in spot.choices)
        scored = sorted(
            ((self.chance(spot, r), r.seat) for r in spot.rivals if r.seat in bets), reverse=True
        )
        if scored and (forced or scored[0][0] >= ATTACK_LINE):
            return _attack(bets[scored[0][1]], strong=scored[0][0] >= RAISE_LINE)
        mine = category_of(battle_value(spot.cards(), None))
        buy = spot.plain("buy")
        if buy is not None and mine in SOLDIER_GAIN and len(spot.me.soldiers) < 3:
            gain = SOLDIER_GAIN[mine]
            chances = [self.chance(spot, r) for r in spot.rivals]
            before = pot_chance(chances)
            after = pot_chance([c + gain * (1 - c) for c in chances])
            if buy_pays(before, after, spot.pot, buy.amount):
                return _plain(buy)
        return _plain(spot.plain("stay") or spot.choices[0])


class PalaceMonteCarlo:
    """Plays by exact battle and showdown odds against each rival over the palaces it could
    hold; the chance of beating a rival on the way to the pot is the mean of the two (a
    battle or the showdown may decide it), and of taking the pot their product. Attacks,
    Buys and calls are weighed in chips of that one pot (P-46)."""

    name = "montecarlo"

    def __init__(self, game: str = "palace", options: Mapping[str, Any] | None = None) -> None:
        """The odds need no table option beyond what the choices say."""

    def choose(self, view: PalaceView, rng: random.Random) -> Action:
        """Act by the phase, from the chance of winning a battle against each rival."""
        spot = PalaceSpot.from_view(view)
        field = {r.seat: options(r.side, spot.me.suit, spot.unseen) for r in spot.rivals}
        trim = spot.picking("trim")
        if spot.phase == "trim" and trim is not None:
            return _keep_best(spot, trim, lambda kept: self._best(spot, field, kept))
        foe = spot.foe()
        if spot.phase == "battle":
            if foe is None:
                return _battle_reply(spot, 0.5)
            others = [r for r in spot.rivals if r != foe]
            rest = self._pot_chance(spot, field, self._showdowns(spot, others), others)
            return _battle_reply(spot, self.chance(spot, foe, field[foe.seat]), rest)
        return self._turn(spot, field)

    def chance(
        self,
        spot: PalaceSpot,
        rival: Rival,
        theirs: Options,
        extra: tuple[Card, ...] = (),
        *,
        showdown: bool = False,
    ) -> float:
        """The chance (ties half) of beating ``rival`` with the seat's cards plus ``extra``:
        in a battle (P-37 to P-39), or with ``showdown`` in P-63's showdown, where
        ``theirs`` must be scored with no exclusion."""
        cards = [*spot.cards(), *extra]
        if showdown:
            value = battle_value(cards, None) * SUIT_SLOT
        else:
            value = battle_value(cards, rival.side.suit) * SUIT_SLOT + sum(
                1 for c in cards if c.suit == spot.me.suit
            )
        fits = theirs.masks & _mask(spot.unseen, extra) == 0
        count = int(fits.sum())
        if not count:
            return 0.5
        won = int((fits & (theirs.values < value)).sum())
        tied = int((fits & (theirs.values == value)).sum())
        return (won + tied / 2) / count

    def _best(self, spot: PalaceSpot, field: dict[int, Options], soldiers: list[Card]) -> float:
        """The best battle chance with only ``soldiers`` kept, less a little per soldier
        (each one raises the base a battle costs, P-31)."""
        trimmed = replace(spot, me=replace(spot.me, soldiers=tuple(soldiers)))
        best = max((self.chance(trimmed, r, field[r.seat]) for r in spot.rivals), default=0.0)
        return best - 0.01 * len(soldiers)

    def _turn(self, spot: PalaceSpot, field: dict[int, Options]) -> Action:
        """Attack the rival whose battle is worth most in chips, if that beats staying;
        otherwise buy when a soldier is worth its price, otherwise stay."""
        bets = spot.bets()
        forced = bool(bets) and not any(c.do in ("stay", "buy") for c in spot.choices)
        showdowns = self._showdowns(spot, spot.rivals)
        now = self._pot_chance(spot, field, showdowns, spot.rivals)
        target = self._target(spot, field, showdowns, bets, now * spot.pot, forced=forced)
        if target is not None:
            rival, chance = target
            return _attack(bets[rival.seat], strong=chance >= RAISE_LINE)
        buy = spot.plain("buy")
        if buy is not None and spot.rivals:
            sample = spot.unseen[:: max(1, len(spot.unseen) // 12)]
            after = sum(
                self._pot_chance(spot, field, showdowns, spot.rivals, (c,)) for c in sample
            ) / len(sample)
            if buy_pays(now, after, spot.pot, buy.amount):
                return _plain(buy)
        return _plain(spot.plain("stay") or spot.choices[0])

    def _target(
        self,
        spot: PalaceSpot,
        field: dict[int, Options],
        showdowns: dict[int, Options],
        bets: dict[int, BetChoice],
        staying: float,
        *,
        forced: bool,
    ) -> tuple[Rival, float] | None:
        """The rival to attack and the battle chance against it, or ``None`` to stay.

        Under P-46 a battle won wins chips only with the hand, so an attack is worth the
        battle chance x the chance of then beating the other rivals x the pot it makes
        (the bet and the defender's call in), less the bet; it is made when that beats
        ``staying`` (the chips expected without it) and the battle chance reaches
        ``ATTACK_LINE``, or always when P-62 forces a battle.
        """
        best: tuple[Rival, float] | None = None
        worth = staying
        for rival in spot.rivals:
            choice = bets.get(rival.seat)
            if choice is None:
                continue
            chance = self.chance(spot, rival, field[rival.seat])
            others = [r for r in spot.rivals if r != rival]
            rest = self._pot_chance(spot, field, showdowns, others)
            value = chance * rest * (spot.pot + choice.bet + choice.call) - choice.bet
            if (forced and best is None) or value > worth:
                best, worth = (rival, chance), value
        if best is None or not (forced or best[1] >= ATTACK_LINE):
            return None
        return best

    def _showdowns(self, spot: PalaceSpot, rivals: Sequence[Rival]) -> dict[int, Options]:
        """Each rival's possible hands scored for the showdown (no exclusion, P-63)."""
        return {r.seat: options(r.side, None, spot.unseen) for r in rivals}

    def _pot_chance(
        self,
        spot: PalaceSpot,
        field: dict[int, Options],
        showdowns: dict[int, Options],
        rivals: Sequence[Rival],
        extra: tuple[Card, ...] = (),
    ) -> float:
        """The chance of taking the pot from ``rivals``, with the seat's cards plus ``extra``."""
        return pot_chance(
            [
                (
                    self.chance(spot, r, field[r.seat], extra)
                    + self.chance(spot, r, showdowns[r.seat], extra, showdown=True)
                )
                / 2
                for r in rivals
            ]
        )


def _mask(unseen: Sequence[Card], cards: Sequence[Card]) -> int:
    """The bit mask, over ``unseen``, of those of ``cards`` that are unseen."""
    index = {c: i for i, c in enumerate(unseen)}
    return sum(1 << index[c] for c in cards if c in index)
