"""A match: bots playing independent hands, each dealt from a seed derived from the
master seed, so any hand can be played again alone and the results never depend on
how the hands are split among worker processes.

Every hand starts with fresh stacks (``stack`` chips each, 100 big bets by default)
and counts what each bot won or lost. The button moves one seat per deal. Without
duplicate mode the bots also move one seat per deal. In duplicate mode each deal (the
same shuffles) is played once per seat rotation, so every bot holds every seat's cards
once, which cancels card luck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from parlour.bots import Bot, make_bot
from parlour.games import get_game
from parlour.games.protocol import View
from parlour.records import make_record
from parlour.seats import SeatSpec
from parlour.shuffles import SeededShuffler

#: A hand that has not ended after this many decisions is a bug, not a long hand.
MAX_DECISIONS: Final = 10_000
#: Default stack, in big bets: deep enough that stacks rarely limit the betting.
STACK_BIG_BETS: Final = 100


def deal_seed(master: int, deal: int) -> int:
    """The seed of deal number ``deal``: a hash of the master seed and the deal number."""
    return random.Random(f"parlour/deal/{master}/{deal}").getrandbits(64)


@dataclass(frozen=True, slots=True)
class HandResult:
    """Chips each bot (in match order) won in one hand, and the hand's record if kept."""

    winnings: tuple[int, ...]
    record: dict[str, Any] | None = None


@dataclass(frozen=True)
class Match:
    """A game, its options, the bots (one per seat) and how hands are dealt.

    ``options`` are the table options as ``(name, value)`` pairs (hashable, so a worker
    can keep its bots per match); ``stack`` is each seat's chips at the start of
    every hand (``None``: :data:`STACK_BIG_BETS` big bets).
    """

    game: str
    bots: tuple[str, ...]
    seed: int
    duplicate: bool = False
    stack: int | None = None
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        if len(self.bots) < 2:
            raise ValueError("a match needs at least two bots")
        if self.stack is not None and self.stack < 1:
            raise ValueError("the stack must be at least 1 chip")

    @property
    def table_options(self) -> Any:
        """The validated table options."""
        return get_game(self.game).options_from_dict(dict(self.options))

    @property
    def big_bet(self) -> int:
        """Chips in one big bet: Palace's ``big_bet``; twice Americana's bring-in (A-20)."""
        written = self.table_options.to_dict()
        return int(written["big_bet"]) if "big_bet" in written else 2 * int(written["bring_in"])

    @property
    def chips(self) -> int:
        """Each seat's chips at the start of a hand."""
        return self.stack if self.stack is not None else STACK_BIG_BETS * self.big_bet

    @property
    def hands_per_deal(self) -> int:
        """Hands played from one deal: every rotation in duplicate mode, else one."""
        return len(self.bots) if self.duplicate else 1

    def deals_for(self, hands: int) -> int:
        """Deals needed to play at least ``hands`` hands."""
        return -(-hands // self.hands_per_deal)

    def labels(self) -> list[str]:
        """A name per bot, numbered when a kind of bot plays more than once."""
        out = []
        for i, name in enumerate(self.bots):
            same = self.bots.count(name)
            out.append(f"{name}#{self.bots[:i].count(name) + 1}" if same > 1 else name)
        return out

    def make_bots(self) -> list[Bot[View]]:
        """One bot per entry of ``bots``."""
        options = self.table_options.to_dict()
        return [make_bot(name, self.game, options) for name in self.bots]

    def play_deal(
        self, deal: int, bots: Sequence[Bot[View]], *, keep_records: bool = False
    ) -> list[HandResult]:
        """Play deal number ``deal`` (every rotation in duplicate mode)."""
        n = len(self.bots)
        rotations = range(n) if self.duplicate else [deal % n]
        seed = deal_seed(self.seed, deal)
        return [self._play(seed, deal % n, r, bots, keep_records=keep_records) for r in rotations]

    def _play(
        self,
        seed: int,
        button: int,
        rotation: int,
        bots: Sequence[Bot[View]],
        *,
        keep_records: bool,
    ) -> HandResult:
        """One hand with bot ``i`` in seat ``(i + rotation) % n``."""
        game = get_game(self.game)
        options = self.table_options
        n = len(self.bots)
        chips = self.chips
        seats = [SeatSpec(s, chips, f"P{s}") for s in range(n)]
        hand = game.start_hand(options, seats, button, SeededShuffler(seed))
        bot_at = {(i + rotation) % n: i for i in range(n)}
        rngs = {s: random.Random(f"parlour/bot/{seed}/{rotation}/{s}") for s in range(n)}
        for _ in range(MAX_DECISIONS):
            seat = hand.to_act
            if seat is None:
                break
            hand.apply(bots[bot_at[seat]].choose(hand.view(seat), rngs[seat]))
        else:
            raise RuntimeError(f"a hand of {self.game} did not end after {MAX_DECISIONS} actions")
        outcome = hand.outcome
        assert outcome is not None  # the loop ends only when nobody is to act
        stacks = outcome.stacks
        won = [0] * n
        for s in range(n):
            won[bot_at[s]] = stacks[s] - chips
        record = make_record(self.game, options, seats, button, hand) if keep_records else None
        return HandResult(tuple(won), record)
