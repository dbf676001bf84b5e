"""The hand-worked golden hands: setups, actions and outcomes worked out from the rules.

Each spec builds its shuffles deliberately (see :mod:`.helpers`) so that the hand is the
one described; ``outcome`` was computed by hand from RULES.md, not by the engine, and the
``why`` text shows the working. ``test_golden.py`` checks that the JSON files under
``tests/golden/palace`` are exactly these records (writing any that are missing, then
failing so they are reviewed) and replays each one.

Defaults: SB 2, BB 4, ante 1, discard fee 2, five soldiers, cap 3; stacks 20.
"""

from __future__ import annotations

from typing import Any

from parlour.games.palace import options_from_dict

from .helpers import build_shuffles, parse_action

SPECS: list[dict[str, Any]] = [
    {
        "name": "showdown_three_players",
        "why": "3 players, banners c d h all differ (P-13). Everyone stays: a passive round "
        "(P-63) ends in a showdown with no exclusion: seat 0 trips aces (Ac As Ad) beats "
        "trips kings; seat 2's four hearts are no flush (P-38). Pot 3 antes to seat 0.",
        "banners": ["Ac", "Kd", "2h"],
        "palaces": ["As Ad 7h", "Ks Kh 9c", "3h 4h 5h"],
        "actions": ["0 stay", "1 stay", "2 stay"],
        "outcome": {
            "stacks": [22, 19, 19],
            "pots": [{"amount": 3, "eligible": [0, 1, 2], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "banner_rejects_reshuffled_six_players",
        "why": "6 players. Banner stock: 2c to seat 0; seat 1 rejects 3c..Ac then takes 2d; "
        "seat 2 rejects 3d..Ad, takes 2h; seat 3 rejects 3h..Ah, takes 2s (group A done, "
        "40 cards). Group B: seat 4 takes 3s; seat 5 rejects the 11 spades left, the stock is "
        "empty, so the 47 rejects are shuffled (P-12) and seat 5 takes Kc from them. Seats "
        "0-3 fold; seats 4 and 5 must battle (P-62) and seat 4 folds: seat 5 wins 6 antes.",
        "banners": ["2c", "2d", "2h", "2s", "3s", "Kc"],
        "banner_deck": "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd "
        "Qd Kd Ad 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
        "reject_deck": "Kc 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Ac 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad "
        "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As",
        "palaces": ["3c 4c 5c", "3d 4d 5d", "3h 4h 5h", "6c 6d 6h", "7c 7d 7h", "8c 8d 8h"],
        "actions": ["0 fold", "1 fold", "2 fold", "3 fold", "4 fold"],
        "outcome": {
            "stacks": [19, 19, 19, 19, 19, 25],
            "pots": [{"amount": 6, "eligible": [5], "winners": [5]}],
            "returned": [],
        },
    },
    {
        "name": "ten_players_forced_battle_base_returned",
        "why": "10 players: groups A (c d h s), B (c d h s), C (c d). Seats 0-7 fold; seats 8 "
        "(clubs) and 9 (diamonds) must battle (P-62). Seat 8 bets its base 2, seat 9 folds "
        "at once: nothing comes back under P-35, seat 8 captures 9's banner, one is left "
        "(P-60, no trim). Layers (P-46): 10 antes are a pot for seat 8; the 2 nobody "
        "matched go back to seat 8.",
        "banners": ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"],
        "palaces": [
            "2c 2d 2h",
            "2s 3c 3d",
            "3h 3s 4c",
            "4d 4h 4s",
            "5c 5d 5h",
            "5s 6c 6d",
            "6h 6s 7c",
            "7d 7h 7s",
            "8c 8d 8h",
            "8s 9c 9d",
        ],
        "actions": [
            "0 fold",
            "1 fold",
            "2 fold",
            "3 fold",
            "4 fold",
            "5 fold",
            "6 fold",
            "7 fold",
            "8 bet 9",
            "9 fold",
        ],
        "outcome": {
            "stacks": [19, 19, 19, 19, 19, 19, 19, 19, 29, 19],
            "pots": [{"amount": 10, "eligible": [8], "winners": [8]}],
            "returned": [{"seat": 8, "amount": 2}],
        },
    },
    {
        "name": "buys_with_trims_showdown",
        "why": "Seat 0 buys As (pays 2) and keeps it; seat 1 buys 5s and trims it; seat 2, "
        "seat 0 and seat 1 stay: every player has had a turn since the last Buy, all passive "
        "(P-63). Showdown: seat 0 Ac As 2c 3d 4h is a pair of aces (no straight: A-2-3-4 "
        "needs a 5); seat 1 K-high, seat 2 Q-high. Pots: 3 antes (all), 4 buy fees (0, 1).",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3d 4h", "5c 6d 7s", "8c 9d Js"],
        "draw": "As 5s",
        "actions": ["0 buy", "0 trim", "1 buy", "1 trim 5s", "2 stay", "0 stay", "1 stay"],
        "outcome": {
            "stacks": [24, 17, 19],
            "pots": [
                {"amount": 3, "eligible": [0, 1, 2], "winners": [0]},
                {"amount": 4, "eligible": [0, 1], "winners": [0]},
            ],
            "returned": [],
        },
    },
    {
        "name": "battle_won_by_attacker",
        "why": "Seat 0 bets seat 1: base 2 each (P-31). Seat 1 calls. Seat 0 without "
        "diamonds: Ac As Ah 7c, trips; seat 1 without clubs: Kd 3s 5h 9s, K-high. Seat 0 "
        "captures Kd, trims nothing; the turn passes left of the attacker to seat 2 "
        "(P-42), who must battle or fold (P-62) and folds. Seat 0 wins 7.",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["As Ah 7c", "3s 5h 9s", "2d 4s 6c"],
        "actions": ["0 bet 1", "1 call", "0 trim", "2 fold"],
        "outcome": {
            "stacks": [24, 17, 19],
            "pots": [{"amount": 7, "eligible": [0], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "battle_lost_by_attacker",
        "why": "Seat 0 bets seat 1 (2), seat 1 calls (2). Seat 0 without diamonds: 2c 4h 6s; "
        "seat 1 without clubs: Kd Ks Kh (trips). Seat 1 captures 2c, trims nothing; the "
        "turn passes left of seat 0: seat 1, now in a forced battle with seat 2 (P-62). "
        "Seat 1 bets its base (1 soldier + 1) x 2 = 4; seat 2 folds. Layers: 3 + 4 for "
        "seat 1, seat 1's unmatched 4 back (P-46).",
        "banners": ["2c", "Kd", "Qh"],
        "palaces": ["3d 4h 6s", "Ks Kh 9c", "5s 7s 8s"],
        "actions": ["0 bet 1", "1 call", "1 trim", "1 bet 2", "2 fold"],
        "outcome": {
            "stacks": [17, 24, 19],
            "pots": [{"amount": 7, "eligible": [1], "winners": [1]}],
            "returned": [{"seat": 1, "amount": 4}],
        },
    },
    {
        "name": "no_limit_defender_folds_extra_returned",
        "why": "No-limit. Seat 0 bets seat 1 with an extra of 6 (>= BB 4, P-32): pays 8. "
        "Seat 1 folds at once: the extra goes back to seat 0 (P-35), the base stays. Seat 0 "
        "captures Kd, trims nothing; seat 2 (forced, P-62) folds. Pot 3 antes to seat 0; "
        "seat 0's base 2 unmatched comes back (P-46): returned 6 + 2.",
        "options": {"structure": "no_limit"},
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3c 4c", "5d 6d 7d", "8h 9h Th"],
        "actions": ["0 bet 1 +6", "1 fold", "0 trim", "2 fold"],
        "outcome": {
            "stacks": [22, 19, 19],
            "pots": [{"amount": 3, "eligible": [0], "winners": [0]}],
            "returned": [{"seat": 0, "amount": 8}],
        },
    },
    {
        "name": "limit_attacker_folds_to_raise",
        "why": "Limit. Seat 0 bets seat 1 (2); seat 1 raises BB: pays 2 + 4. Seat 0 folds: "
        "the uncalled raise 4 goes back to seat 1 (P-35). Seat 1 captures Ac, trims "
        "nothing; the turn passes left of seat 0 to seat 1 (forced, P-62): bets base 4, "
        "seat 2 folds. Pot 7 to seat 1; returned 4 (raise) + 4 (unmatched base).",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3c 4c", "5d 6d 7d", "8h 9h Th"],
        "actions": ["0 bet 1", "1 raise 4", "0 fold", "1 trim", "1 bet 2", "2 fold"],
        "outcome": {
            "stacks": [17, 24, 19],
            "pots": [{"amount": 7, "eligible": [1], "winners": [1]}],
            "returned": [{"seat": 1, "amount": 8}],
        },
    },
    {
        "name": "limit_raises_to_the_cap",
        "why": "Limit, two players, 30 chips. Seat 0 bets 2; seat 1 raises (2 + 4); seat 0 "
        "re-raises (4 + 4); seat 1 re-raises (4 + 4): three raises, the cap (P-34), so seat "
        "0 may only call or fold and calls 4. Each paid 15. Seat 1 without clubs: Kd Ks Kh "
        "trips beats seat 0's A-high (diamonds excluded). Seat 1 wins 30.",
        "stacks": [30, 30],
        "banners": ["Ac", "Kd"],
        "palaces": ["2d 3h 4s", "Ks Kh 7c"],
        "actions": ["0 bet 1", "1 raise 4", "0 raise 4", "1 raise 4", "0 call"],
        "outcome": {
            "stacks": [15, 45],
            "pots": [{"amount": 30, "eligible": [1], "winners": [1]}],
            "returned": [],
        },
    },
    {
        "name": "no_limit_raise_and_reraise",
        "why": "No-limit, 50 chips. Seat 0 bets seat 1 with extra 4 (pays 6); seat 1 owes "
        "2 + 4 and raises 8 (>= BB and the extra, P-33): pays 14; seat 0 re-raises 10: pays "
        "8 + 10; seat 1 calls 10. 25 each. Seat 0 without diamonds: Ac As Ah trips; seat 1 "
        "without clubs K-high. Seat 0 captures, trims nothing; seat 2 (forced) folds.",
        "stacks": [50, 50, 50],
        "options": {"structure": "no_limit"},
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["As Ah 7d", "2s 5h 9h", "3c 4d 6s"],
        "actions": ["0 bet 1 +4", "1 raise 8", "0 raise 10", "1 call", "0 trim", "2 fold"],
        "outcome": {
            "stacks": [76, 25, 49],
            "pots": [{"amount": 51, "eligible": [0], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "no_limit_reraise_then_defender_folds",
        "why": "No-limit, 30 chips. Seat 0 bets extra 4 (pays 6), seat 1 raises 4 (pays "
        "6 + 4), seat 0 re-raises 6 (>= max(BB, 4), pays 4 + 6), seat 1 folds: seat 0's "
        "uncalled 6 goes back (P-35). 11 each in the pot, to seat 0.",
        "stacks": [30, 30],
        "options": {"structure": "no_limit"},
        "banners": ["Ac", "Kd"],
        "palaces": ["2d 3h 4s", "Ks Kh 7c"],
        "actions": ["0 bet 1 +4", "1 raise 4", "0 raise 6", "1 fold"],
        "outcome": {
            "stacks": [41, 19],
            "pots": [{"amount": 22, "eligible": [0], "winners": [0]}],
            "returned": [{"seat": 0, "amount": 6}],
        },
    },
    {
        "name": "tie_decided_by_banner_suit",
        "why": "Seat 0 without diamonds: Ac Ah 7c 3s; seat 1 without clubs: Ad As 7s 3h: "
        "both a pair of aces, 7, 3 (P-38 short hands tie). P-39: seat 0 holds two clubs "
        "(Ac 7c), seat 1 one diamond (Ad): seat 0 wins 6.",
        "banners": ["Ac", "Ad"],
        "palaces": ["Ah 7c 3s", "As 7s 3h"],
        "actions": ["0 bet 1", "1 call"],
        "outcome": {
            "stacks": [23, 17],
            "pots": [{"amount": 6, "eligible": [0], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "full_tie_both_out_orphan_returned",
        "why": "Seat 0 (Ac Ah 7c 3s without diamonds) and seat 1 (Ad As 7d 3h without clubs) "
        "tie, and each holds two of its own suit: both are out (P-39), seat 2 is the last "
        "one (P-60). Seat 2 paid only the ante: the 3 antes are its pot; the layer 1..3 "
        "that only seats 0 and 1 paid goes back to them, 2 each (P-46).",
        "banners": ["Ac", "Ad", "Kh"],
        "palaces": ["Ah 7c 3s", "As 7d 3h", "2h 4h 6h"],
        "actions": ["0 bet 1", "1 call"],
        "outcome": {
            "stacks": [19, 19, 22],
            "pots": [{"amount": 3, "eligible": [2], "winners": [2]}],
            "returned": [{"seat": 0, "amount": 2}, {"seat": 1, "amount": 2}],
        },
    },
    {
        "name": "full_tie_of_the_last_two_splits",
        "why": "Seats 0 and 1 stay, seat 2 folds: two are left after one left, so they must "
        "battle (P-62; no passive end). Seat 0 bets, seat 1 calls: a full tie as in the "
        "last hand, and they are the last two: they split (P-39). Pot 7 (antes and two "
        "bases): the odd chip goes to seat 0, first from the dealer's left (P-64).",
        "banners": ["Ac", "Ad", "Kh"],
        "palaces": ["Ah 7c 3s", "As 7d 3h", "2h 4h 6h"],
        "actions": ["0 stay", "1 stay", "2 fold", "0 bet 1", "1 call"],
        "outcome": {
            "stacks": [21, 20, 19],
            "pots": [{"amount": 7, "eligible": [0, 1], "winners": [0, 1]}],
            "returned": [],
        },
    },
    {
        "name": "short_hand_beats_five_cards",
        "why": "Seat 0 stays; seat 1 buys 4d and keeps it; seat 0 bets (base 2), seat 1 "
        "calls its base (1 + 1) x 2 = 4. Seat 0 without diamonds has three cards, Ac Ah 2s: "
        "a pair of aces (P-38). Seat 1 without clubs has five, Kd Qd 8h 6s 4d: K-high, no "
        "flush. The short pair wins; seat 1's 4 unmatched chips go back (P-46).",
        "banners": ["Ac", "Kd"],
        "palaces": ["Ah 2s 9d", "Qd 8h 6s"],
        "draw": "4d",
        "actions": ["0 stay", "1 buy", "1 trim", "0 bet 1", "1 call"],
        "outcome": {
            "stacks": [23, 17],
            "pots": [{"amount": 6, "eligible": [0], "winners": [0]}],
            "returned": [{"seat": 1, "amount": 4}],
        },
    },
    {
        "name": "forced_battle_of_the_last_two",
        "why": "Seat 0 folds; seats 1 and 2 (different suits) must battle: seat 1 may only "
        "bet or fold (P-62). Seat 1 bets 2, seat 2 calls 2. Seat 1 without hearts: 2c 3d 6s; "
        "seat 2 without clubs: Kh Ks Kd trips. Seat 2 wins 7.",
        "banners": ["Ad", "2c", "Kh"],
        "palaces": ["5d 7d 8d", "3d 4h 6s", "Ks Kd 9c"],
        "actions": ["0 fold", "1 bet 2", "2 call"],
        "outcome": {
            "stacks": [19, 17, 24],
            "pots": [{"amount": 7, "eligible": [2], "winners": [2]}],
            "returned": [],
        },
    },
    {
        "name": "two_players_passive_round_compared_as_battle",
        "why": "A hand dealt to two: both stay, a passive round; they are compared as a "
        "battle (P-62). Seat 0 without diamonds: Ac 9h 6s 5h, A-high; seat 1 without clubs: "
        "Kd Qs 3h, K-high (its Kc does not count). A plain showdown would give seat 1 a pair "
        "of kings; the battle comparison gives seat 0 the 2 antes.",
        "banners": ["Ac", "Kd"],
        "palaces": ["9h 5h 6s", "Kc Qs 3h"],
        "actions": ["0 stay", "1 stay"],
        "outcome": {
            "stacks": [21, 19],
            "pots": [{"amount": 2, "eligible": [0, 1], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "three_left_of_one_suit_split",
        "why": "10 players: clubs go to seats 0, 4 and 8 (one per group, P-10). Everyone else "
        "folds; after seat 9 folds only clubs are left: the hand ends at once (P-61) and "
        "they split 10 antes: 4, 3, 3, the odd chip to seat 0, first from the dealer's "
        "left (P-64).",
        "banners": ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"],
        "palaces": [
            "2c 2d 2h",
            "2s 3c 3d",
            "3h 3s 4c",
            "4d 4h 4s",
            "5c 5d 5h",
            "5s 6c 6d",
            "6h 6s 7c",
            "7d 7h 7s",
            "8c 8d 8h",
            "8s 9c 9d",
        ],
        "actions": [
            "0 stay",
            "1 fold",
            "2 fold",
            "3 fold",
            "4 stay",
            "5 fold",
            "6 fold",
            "7 fold",
            "8 stay",
            "9 fold",
        ],
        "outcome": {
            "stacks": [23, 19, 19, 19, 22, 19, 19, 19, 22, 19],
            "pots": [{"amount": 10, "eligible": [0, 4, 8], "winners": [0, 4, 8]}],
            "returned": [],
        },
    },
    {
        "name": "all_in_defender_and_orphan_layer",
        "why": "Seat 1 has 2 chips, 1 after the ante. Seat 0 bets it (2); seat 1 calls "
        "all-in for 1 (P-45) and wins: Ad As Ah (clubs excluded) against 6-high; it captures "
        "2c and trims nothing. The turn passes left of seat 0 to seat 1, who has no chips and "
        "is skipped (P-25); seat 2 must bet or fold (P-62) and bets 2 against a defender "
        "with no chips: compared at once (P-45). Seat 1 (hearts excluded: Ad As 9s 2c, "
        "pair of aces) beats J-high. Seat 1 wins the layers up to 2 (6 chips); the layer "
        "2..3 paid by seats 0 and 2, both out, goes back to them (P-46).",
        "stacks": [30, 2, 30],
        "banners": ["2c", "Ad", "7h"],
        "palaces": ["3d 4h 6s", "As Ah 9s", "8c Tc Js"],
        "actions": ["0 bet 1", "1 call", "1 trim", "2 bet 1"],
        "outcome": {
            "stacks": [28, 6, 28],
            "pots": [{"amount": 6, "eligible": [1], "winners": [1]}],
            "returned": [{"seat": 0, "amount": 1}, {"seat": 2, "amount": 1}],
        },
    },
    {
        "name": "discard_counts_as_passive",
        "why": "Seat 0 buys Ks, keeps it; seat 1 stays; seat 0 pays the fee 2 to discard Ks "
        "(P-20). Since the Buy both have had a turn, all Stay or Discard: the passive round "
        "is over (P-63) before seat 1 acts again, and the two dealt in are compared as a "
        "battle: seat 0 Ac Qh 5h 3s (A-high) beats Kd 9s 4s. "
        "Seat 0 paid 5, seat 1 1: pot 2, and 4 back to seat 0.",
        "banners": ["Ac", "Kd"],
        "palaces": ["Qh 5h 3s", "Jc 9s 4s"],
        "draw": "Ks",
        "actions": ["0 buy", "0 trim", "1 stay", "0 discard Ks"],
        "outcome": {
            "stacks": [21, 19],
            "pots": [{"amount": 2, "eligible": [0, 1], "winners": [0]}],
            "returned": [{"seat": 0, "amount": 4}],
        },
    },
]


def _discard_reshuffle_spec() -> dict[str, Any]:
    """10 players, draw pile 52 - 40 = 12 cards: every seat buys and trims its card, then
    seats 0 and 1 again; the draw pile is empty, so seat 2's Buy shuffles the 12 discards
    into a new draw pile (P-17), and draws its top card. Then seats 3-9, 0 and 1 fold
    (seats 1 and 2 battle-or-fold under P-62; seat 1 folds)."""
    draw = "2c 2d 2h 2s 3c 3d 3h 3s 4c 4d 4h 4s"
    order = draw.split()
    actions: list[str] = []
    for k, card in enumerate(order):
        seat = k % 10
        actions += [f"{seat} buy", f"{seat} trim {card}"]
    again = list(reversed(order))
    actions += ["2 buy", f"2 trim {again[0]}"]
    actions += [f"{s} fold" for s in (3, 4, 5, 6, 7, 8, 9, 0, 1)]
    return {
        "name": "discard_pile_reshuffled",
        "why": str(_discard_reshuffle_spec.__doc__) + " Seats 0-2 paid 5, the others 3: one pot "
        "of 36 (the two layers have the same eligible player) to seat 2.",
        "banners": ["Ac", "Ad", "Ah", "As", "Kc", "Kd", "Kh", "Ks", "Qc", "Qd"],
        "palaces": [
            "5c 5d 5h",
            "5s 6c 6d",
            "6h 6s 7c",
            "7d 7h 7s",
            "8c 8d 8h",
            "8s 9c 9d",
            "9h 9s Tc",
            "Td Th Ts",
            "Jc Jd Jh",
            "Js Qh Qs",
        ],
        "draw": draw,
        "later": [" ".join(again)],
        "actions": actions,
        "outcome": {
            "stacks": [15, 15, 51, 17, 17, 17, 17, 17, 17, 17],
            "pots": [{"amount": 36, "eligible": [2], "winners": [2]}],
            "returned": [],
        },
    }


SPECS.append(_discard_reshuffle_spec())


def record(spec: dict[str, Any]) -> dict[str, Any]:
    """The parlour.hand/1 record of a spec, with its hand-worked outcome."""
    n = len(spec["banners"])
    stacks = spec.get("stacks", [20] * n)
    shuffles = build_shuffles(
        spec["banners"],
        spec["palaces"],
        spec.get("draw", ""),
        spec.get("banner_deck"),
        spec.get("later", ()),
        spec.get("reject_deck"),
    )
    return {
        "format": "parlour.hand/1",
        "game": "palace",
        "options": options_from_dict(spec.get("options", {})).to_dict(),
        "seats": [{"seat": s, "name": f"P{s}", "stack": stacks[s]} for s in range(n)],
        "button": n - 1,
        "shuffles": [[str(c) for c in s] for s in shuffles],
        "actions": [parse_action(a) for a in spec["actions"]],
        "outcome": spec["outcome"],
    }
