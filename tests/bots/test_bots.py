"""Every bot returns a legal action, decides from the view alone, and is reproducible."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pytest

from parlour.bots import bot_kinds, make_bot
from parlour.bots.palace import buy_pays
from parlour.cards import parse_card, parse_cards
from parlour.games.palace import (
    BetChoice,
    CardChoice,
    PalaceView,
    Plain,
    PlayerView,
    Trim,
    options_from_dict,
)

from .hands import TABLES, decisions, start

BOTS_DIR = Path(__file__).resolve().parents[2] / "src" / "parlour" / "bots"
#: Every kind of bot; each plays both games except ``cfr`` (Americana only).
NAMES = bot_kinds("americana")


def _plays(bot_name: str, game: str) -> None:
    """Skip (saying why) a kind of bot the game does not have."""
    if bot_name not in bot_kinds(game):
        pytest.skip(f"the {bot_name} bot does not play {game}")


OPTIONS = options_from_dict({})


def _choices(view: Any) -> tuple[Any, ...]:
    return tuple(view.legal_actions)


@pytest.mark.parametrize("bot_name", NAMES)
@pytest.mark.parametrize(("game", "players", "options"), TABLES)
def test_bot_always_returns_a_legal_action(
    bot_name: str, game: str, players: int, options: dict[str, Any]
) -> None:
    _plays(bot_name, game)
    hands = 6 if bot_name == "montecarlo" else 25
    for seed in range(hands):
        hand = start(game, players, options, seed)
        bot = make_bot(bot_name, game, hand.options.to_dict())
        # Mix the bot with random players, so it meets every kind of spot.
        other = make_bot("random", game)
        pair = [bot, other]
        rng = random.Random(seed)

        def choose(view: Any, rng: random.Random, pair: list[Any] = pair) -> Any:
            return pair[view.seat % 2].choose(view, rng)

        for view, action in decisions(hand, choose, rng):
            assert any(c.allows(action) for c in _choices(view)), (view.seat, action)
        assert hand.is_over


@pytest.mark.parametrize("options", [{}, {"max_soldiers": 9}])
def test_rules_bots_survive_holding_more_than_nine_cards(options: dict[str, Any]) -> None:
    """P-40: a battle winner holds every captured card until the trim, and with
    ``max_soldiers`` above five a player keeps more than the evaluator's nine for good.
    Rules bots buy soldiers only when the pot makes a Buy worth its price (P-46), so with
    a big ante they buy, and a table of four meets such hands in a few hands."""
    largest = 0
    for seed in range(30):
        hand = start("palace", 4, {**options, "ante": 20}, seed, stack=120)
        bot = make_bot("rules", "palace", hand.options.to_dict())
        for view, action in decisions(hand, bot.choose, random.Random(seed)):
            assert any(c.allows(action) for c in _choices(view)), (view.seat, action)
            me = next(p for p in view.players if p.seat == view.seat)
            largest = max(largest, 4 + len(me.soldiers))
    assert largest > 9  # the case was met


@pytest.mark.parametrize("bot_name", ["rules", "montecarlo"])
def test_a_trim_after_a_big_capture_keeps_the_best_soldiers(bot_name: str) -> None:
    """Twelve cards before the trim (P-40): the bot trims to ``max_soldiers`` legally."""
    soldiers = parse_cards("Kh Kd 2c 3c 4d 5s 9h 9d")
    me = PlayerView(0, "P0", 30, 4, True, True, parse_card("Ks"), soldiers, 3,
                    parse_cards("Kc 7h 8h"))  # fmt: skip
    foe = PlayerView(1, "P1", 30, 4, True, True, parse_card("Ac"), (), 3, None)
    trim = CardChoice("trim", 0, soldiers, 3, 8)
    view = PalaceView(0, 1, 0, "trim", (me, foe), 8, 30, 0, (), None, (trim,), None, OPTIONS)
    action = make_bot(bot_name, "palace").choose(view, random.Random(1))
    assert isinstance(action, Trim)
    assert trim.allows(action)
    kept = set(soldiers) - set(action.cards)
    assert {parse_card("Kh"), parse_card("Kd")} <= kept  # four kings stay


@pytest.mark.parametrize("bot_name", ["rules", "montecarlo"])
def test_a_rival_with_many_soldiers_is_weighed_not_a_crash(bot_name: str) -> None:
    """With max_soldiers above five a rival may show eight soldiers (twelve cards with a
    palace): the odds count the best five of them."""
    me = PlayerView(0, "P0", 30, 4, True, True, parse_card("Ks"), parse_cards("2s"), 3,
                    parse_cards("Kc 7h 8h"))  # fmt: skip
    rival = PlayerView(1, "P1", 30, 4, True, True, parse_card("Ac"),
                       parse_cards("2d 3d 4d 5d 6d 7d 8d 9h"), 3, None)  # fmt: skip
    choices = (Plain("stay", 0), Plain("buy", 0, 2), BetChoice("bet", 0, 1, 2, 4))
    view = PalaceView(0, 1, 0, "turn", (me, rival), 8, 30, 0, (), None, choices, None, OPTIONS)
    action = make_bot(bot_name, "palace").choose(view, random.Random(1))
    assert any(c.allows(action) for c in _choices(view))
    assert action.to_dict()["do"] != "bet"  # a straight flush in diamonds is not attacked


def test_p46_buy_pays_only_when_the_chance_it_adds_outweighs_its_price() -> None:
    # A Buy of 2 taking the chance of the pot from 0.3 to 0.4: lost unless the bot wins.
    assert not buy_pays(0.3, 0.4, 4, 2)  # 0.4 x 6 - 2 = 0.4 < 0.3 x 4 = 1.2
    assert buy_pays(0.3, 0.4, 40, 2)  # 0.4 x 42 - 2 = 14.8 > 12
    assert not buy_pays(0.3, 0.3, 1000, 2)  # a soldier that adds nothing is never bought


@pytest.mark.parametrize("bot_name", ["rules", "montecarlo"])
def test_p46_a_weak_hand_buys_into_a_big_pot_not_a_small_one(bot_name: str) -> None:
    """Under P-46 a Buy's chips are gone unless the buyer takes the pot: with only the
    antes in it the bot stays; with a big pot the same spot is worth a soldier."""
    me = PlayerView(0, "P0", 30, 1, True, True, parse_card("Ks"), (), 3,
                    parse_cards("2h 7d 9c"))  # fmt: skip
    rival = PlayerView(1, "P1", 30, 1, True, True, parse_card("Ac"), (), 3, None)
    choices = (Plain("buy", 0, 2), Plain("stay", 0), Plain("fold", 0), BetChoice("bet", 0, 1, 2, 2))
    actions = {}
    for pot in (2, 200):
        view = PalaceView(
            0, 1, 0, "turn", (me, rival), pot, 42, 0, (), None, choices, None, OPTIONS
        )
        actions[pot] = make_bot(bot_name, "palace").choose(view, random.Random(1)).to_dict()["do"]
    assert actions == {2: "stay", 200: "buy"}


class _Sealed(Exception):
    """Raised when anything touches a sealed hand."""


@pytest.mark.parametrize("bot_name", NAMES)
@pytest.mark.parametrize("game", ["americana", "palace"])
def test_bot_never_touches_the_hand(
    bot_name: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a bot decides, any attribute access on the hand's class raises."""
    _plays(bot_name, game)
    hand = start(game, 3, {}, seed=11)
    bot = make_bot(bot_name, game, hand.options.to_dict())
    rng = random.Random(1)
    hand_type = type(hand)
    original = hand_type.__getattribute__
    for _ in range(40):
        seat = hand.to_act
        if seat is None:
            break
        view = hand.view(seat)

        def sealed(self: Any, name: str) -> Any:
            raise _Sealed(name)

        monkeypatch.setattr(hand_type, "__getattribute__", sealed)
        try:
            action = bot.choose(view, rng)
        finally:
            monkeypatch.setattr(hand_type, "__getattribute__", original)
        hand.apply(action)


def test_bot_modules_import_no_engine_state() -> None:
    """Bots may use a game's actions and choices, never its hand (state) modules."""
    forbidden = (
        "state",
        "betting",
        "rounds",
        "hand",
        "flow",
        "battle",
        "start",
        "settle",
        "showdown",
    )
    for path in BOTS_DIR.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                last = node.module.rsplit(".", 1)[-1]
                assert not (node.module.startswith("parlour.games.") and last in forbidden), (
                    path.name,
                    node.module,
                )
                names = {a.name for a in node.names}
                assert not names & {"AmericanaHand", "PalaceHand"}, path.name


@pytest.mark.parametrize("bot_name", NAMES)
@pytest.mark.parametrize("game", ["americana", "palace"])
def test_same_seed_same_actions(bot_name: str, game: str) -> None:
    _plays(bot_name, game)

    def play() -> list[dict[str, Any]]:
        hand = start(game, 3, {"structure": "no_limit"}, seed=5)
        bot = make_bot(bot_name, game, hand.options.to_dict())
        return [a.to_dict() for _, a in decisions(hand, bot.choose, random.Random(9))]

    assert play() == play()


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle", "americana")
