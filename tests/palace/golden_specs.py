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
        "name": "ten_players_forced_battle_base_stays_in_the_pot",
        "why": "10 players: groups A (c d h s), B (c d h s), C (c d). Seats 0-7 fold; seats 8 "
        "(clubs) and 9 (diamonds) must battle (P-62: the fold that left them did not complete "
        "a passive round, as 8 and 9 had not had a turn). Seat 8 bets its base 2, seat 9 "
        "folds at once: nothing comes back under P-35 (the base is never returned), seat 8 "
        "captures 9's banner, one is left (P-60, no trim). P-46: nobody is all-in, so one "
        "pot, 10 antes + the base 2 = 12, to seat 8; nothing returned.",
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
            "pots": [{"amount": 12, "eligible": [8], "winners": [8]}],
            "returned": [],
        },
    },
    {
        "name": "buys_with_trims_showdown",
        "why": "Seat 0 buys As (pays 2) and keeps it; seat 1 buys 5s and trims it; seat 2, "
        "seat 0 and seat 1 stay: every player has had a turn since the last Buy, all passive "
        "(P-63). Showdown: seat 0 Ac As 2c 3d 4h is a pair of aces (no straight: A-2-3-4 "
        "needs a 5); seat 1 K-high, seat 2 Q-high. One pot (P-46, nobody all-in): 3 antes "
        "+ 4 buy fees = 7, open to all three, to seat 0: 20 - 3 + 7 = 24.",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3d 4h", "5c 6d 7s", "8c 9d Js"],
        "draw": "As 5s",
        "actions": ["0 buy", "0 trim", "1 buy", "1 trim 5s", "2 stay", "0 stay", "1 stay"],
        "outcome": {
            "stacks": [24, 17, 19],
            "pots": [{"amount": 7, "eligible": [0, 1, 2], "winners": [0]}],
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
        "Seat 1 bets its base (1 soldier + 1) x 2 = 4; seat 2 folds. One pot (P-46): 3 "
        "antes + 2 + 2 + 4 = 11 to seat 1 (20 - 7 + 11 = 24); its base is not returned.",
        "banners": ["2c", "Kd", "Qh"],
        "palaces": ["3d 4h 6s", "Ks Kh 9c", "5s 7s 8s"],
        "actions": ["0 bet 1", "1 call", "1 trim", "1 bet 2", "2 fold"],
        "outcome": {
            "stacks": [17, 24, 19],
            "pots": [{"amount": 11, "eligible": [1], "winners": [1]}],
            "returned": [],
        },
    },
    {
        "name": "no_limit_defender_folds_extra_returned",
        "why": "No-limit. Seat 0 bets seat 1 with an extra of 6 (>= BB 4, P-32): pays 8. "
        "Seat 1 folds at once: the extra goes back to seat 0 (P-35), the base stays. Seat 0 "
        "captures Kd, trims nothing; seat 2 (forced, P-62) folds. One pot (P-46): 3 antes + "
        "seat 0's base 2 = 5 to seat 0; returned only the extra 6 (20 - 9 + 6 + 5 = 22).",
        "options": {"structure": "no_limit"},
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3c 4c", "5d 6d 7d", "8h 9h Th"],
        "actions": ["0 bet 1 +6", "1 fold", "0 trim", "2 fold"],
        "outcome": {
            "stacks": [22, 19, 19],
            "pots": [{"amount": 5, "eligible": [0], "winners": [0]}],
            "returned": [{"seat": 0, "amount": 6}],
        },
    },
    {
        "name": "limit_attacker_folds_to_raise",
        "why": "Limit. Seat 0 bets seat 1 (2); seat 1 raises BB: pays 2 + 4. Seat 0 folds: "
        "the uncalled raise 4 goes back to seat 1 (P-35). Seat 1 captures Ac, trims "
        "nothing; the turn passes left of seat 0 to seat 1 (forced, P-62): bets base 4, "
        "seat 2 folds. One pot (P-46): seat 0 3, seat 1 1 + 2 + 4, seat 2 1 = 11 to seat 1; "
        "returned only the uncalled raise 4 (20 - 1 - 6 + 4 - 4 + 11 = 24).",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2c 3c 4c", "5d 6d 7d", "8h 9h Th"],
        "actions": ["0 bet 1", "1 raise 4", "0 fold", "1 trim", "1 bet 2", "2 fold"],
        "outcome": {
            "stacks": [17, 24, 19],
            "pots": [{"amount": 11, "eligible": [1], "winners": [1]}],
            "returned": [{"seat": 1, "amount": 4}],
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
        "name": "full_tie_both_out_last_player_takes_all",
        "why": "Seat 0 (Ac Ah 7c 3s without diamonds) and seat 1 (Ad As 7d 3h without clubs) "
        "tie, and each holds two of its own suit: both are out (P-39), seat 2 is the last "
        "one (P-60). Seat 2 paid only the ante but is not all-in, so it is open to the one "
        "pot whatever it paid (P-46): 3 antes + 2 + 2 = 7 to seat 2, nothing returned.",
        "banners": ["Ac", "Ad", "Kh"],
        "palaces": ["Ah 7c 3s", "As 7d 3h", "2h 4h 6h"],
        "actions": ["0 bet 1", "1 call"],
        "outcome": {
            "stacks": [17, 17, 26],
            "pots": [{"amount": 7, "eligible": [2], "winners": [2]}],
            "returned": [],
        },
    },
    {
        "name": "full_tie_of_the_last_two_splits",
        "why": "Seat 0 folds first: seats 1 and 2 are left by a turn that completed no "
        "passive round (neither has had a turn), so they must battle (P-62). Seat 1 bets "
        "its base 2, seat 2 calls 2. Seat 1 without diamonds: Ac Ah 7c 3s; seat 2 without "
        "clubs: Ad As 7d 3h: both a pair of aces, 7, 3, and two cards of their own suit "
        "each: a full tie of the last two, who split (P-39). Pot 3 + 2 + 2 = 7: the odd "
        "chip goes to seat 1, first of the two from the dealer's left (seat 0, P-64).",
        "banners": ["Kh", "Ac", "Ad"],
        "palaces": ["2h 4h 6h", "Ah 7c 3s", "As 7d 3h"],
        "actions": ["0 fold", "1 bet 2", "2 call"],
        "outcome": {
            "stacks": [19, 21, 20],
            "pots": [{"amount": 7, "eligible": [1, 2], "winners": [1, 2]}],
            "returned": [],
        },
    },
    {
        "name": "stay_stay_fold_showdown_of_two",
        "why": "Seats 0 and 1 stay, seat 2 folds: every player has had a turn since play "
        "began, all Stay or Fold, so the fold completes a passive round and the hand ends "
        "in a normal showdown of the two left (P-63 before P-62). No exclusion: seat 0 Ac "
        "Kc Kd 5h, a pair of kings, beats seat 1's Qd Qs Jh 4c, a pair of queens. (A battle "
        "comparison would have given seat 1 the pot: seat 0 without diamonds is A-high, "
        "seat 1 without clubs a pair of queens.) Pot 3 antes to seat 0.",
        "banners": ["Ac", "Qd", "2h"],
        "palaces": ["Kc Kd 5h", "Qs Jh 4c", "3h 6s 8d"],
        "actions": ["0 stay", "1 stay", "2 fold"],
        "outcome": {
            "stacks": [22, 19, 19],
            "pots": [{"amount": 3, "eligible": [0, 1], "winners": [0]}],
            "returned": [],
        },
    },
    {
        "name": "short_hand_beats_five_cards",
        "why": "Seat 0 stays; seat 1 buys 4d and keeps it; seat 0 bets (base 2), seat 1 "
        "calls its base (1 + 1) x 2 = 4. Seat 0 without diamonds has three cards, Ac Ah 2s: "
        "a pair of aces (P-38). Seat 1 without clubs has five, Kd Qd 8h 6s 4d: K-high, no "
        "flush. The short pair wins and seat 1 is out (P-60). One pot (P-46): seat 0 paid "
        "1 + 2, seat 1 paid 1 + 2 + 4; all 10 to seat 0, seat 1's Buy and base included.",
        "banners": ["Ac", "Kd"],
        "palaces": ["Ah 2s 9d", "Qd 8h 6s"],
        "draw": "4d",
        "actions": ["0 stay", "1 buy", "1 trim", "0 bet 1", "1 call"],
        "outcome": {
            "stacks": [27, 13],
            "pots": [{"amount": 10, "eligible": [0], "winners": [0]}],
            "returned": [],
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
        "name": "two_players_passive_round_showdown_no_exclusion",
        "why": "A hand dealt to two: both stay, a passive round, which ends in P-63's normal "
        "showdown (P-62). No exclusion and no banner tie-break: seat 1 Kd Kc Qs 3h, a pair "
        "of kings, beats seat 0's Ac 9h 6s 5h, A-high, and wins the 2 antes. (The battle "
        "comparison would pick seat 0: without clubs seat 1 has only Kd Qs 3h, K-high.)",
        "banners": ["Ac", "Kd"],
        "palaces": ["9h 5h 6s", "Kc Qs 3h"],
        "actions": ["0 stay", "1 stay"],
        "outcome": {
            "stacks": [19, 21],
            "pots": [{"amount": 2, "eligible": [0, 1], "winners": [1]}],
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
        "pair of aces) beats J-high and is the last one (P-60). Seat 1 is all-in for 2, so "
        "the pot is cut at 2 (P-46): 2 from each of the three, 6, to seat 1; the slice "
        "2..3 paid by seats 0 and 2 is open to nobody (both out, seat 1's total does not "
        "reach it) and goes back to them, 1 each.",
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
        "is over (P-63) before seat 1 acts again: a normal showdown of the two dealt in, no "
        "exclusion: seat 0 Ac Qh 5h 3s (A-high) beats Kd Jc 9s 4s (K-high). Seat 0 paid "
        "5, seat 1 1: one pot of 6 (P-46) to seat 0, nothing returned.",
        "banners": ["Ac", "Kd"],
        "palaces": ["Qh 5h 3s", "Jc 9s 4s"],
        "draw": "Ks",
        "actions": ["0 buy", "0 trim", "1 stay", "0 discard Ks"],
        "outcome": {
            "stacks": [21, 19],
            "pots": [{"amount": 6, "eligible": [0, 1], "winners": [0]}],
            "returned": [],
        },
    },
]

SPECS += [
    {
        "name": "buyer_loses_to_ante_only_player_who_takes_all",
        "why": "RULES.md P-46's example. Seat 0 buys twice (3c, 4d; pays 5 in all with the "
        "ante), seats 1 and 2 only ante and stay; after seat 0's second Buy, seats 1, 2 and "
        "0 stay: a passive round (P-63). Showdown: seat 2 Qh Qs Qd (trips) beats seat 1's "
        "pair of kings and seat 0's A-high (Ac 9s 7h 4d 3c 2d, no straight). Nobody is "
        "all-in: one pot of 7, and seat 2 takes all of it, seat 0's Buys included.",
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2d 7h 9s", "Ks 8h 6c", "Qs Qd 5c"],
        "draw": "3c 4d",
        "actions": [
            "0 buy",
            "0 trim",
            "1 stay",
            "2 stay",
            "0 buy",
            "0 trim",
            "1 stay",
            "2 stay",
            "0 stay",
        ],
        "outcome": {
            "stacks": [15, 19, 26],
            "pots": [{"amount": 7, "eligible": [0, 1, 2], "winners": [2]}],
            "returned": [],
        },
    },
    {
        "name": "all_in_cap_and_side_pot_above",
        "why": "Seat 1 has 3 chips. Seat 0 buys 3c (pays 2); seat 1 buys 2s with its last 2 "
        "and is all-in; seat 2 stays; seat 0 buys 4d; seat 1 has no chips and is skipped "
        "(a Stay, P-25); seats 2 and 0 stay: a passive round, showdown (P-63). Totals: seat "
        "0 5, seat 1 3, seat 2 1. P-46 cuts at seat 1's 3: the main pot 3 + 3 + 1 = 7 is open "
        "to all; the slice above, seat 0's 2, is open to seats 0 and 2 (not all-in), not to "
        "seat 1. Seat 1's trip kings win the main pot (at most 3 from seat 0, the 1 seat 2 "
        "paid); seat 2's trip queens beat seat 0's A-high for the side pot of 2, which seat "
        "2 wins though it paid nothing into it.",
        "stacks": [20, 3, 20],
        "banners": ["Ac", "Kd", "Qh"],
        "palaces": ["2d 7h 9s", "Ks Kh 9c", "Qs Qd 5c"],
        "draw": "3c 2s 4d",
        "actions": [
            "0 buy",
            "0 trim",
            "1 buy",
            "1 trim",
            "2 stay",
            "0 buy",
            "0 trim",
            "2 stay",
            "0 stay",
        ],
        "outcome": {
            "stacks": [15, 7, 21],
            "pots": [
                {"amount": 7, "eligible": [0, 1, 2], "winners": [1]},
                {"amount": 2, "eligible": [0, 2], "winners": [2]},
            ],
            "returned": [],
        },
    },
    {
        "name": "limit_raise_without_soldiers_is_two_small_bets",
        "why": "Limit, SB 2, BB 6 (ante 1), 30 chips. Seat 0 buys 8s and keeps it; seat 1 "
        "bets seat 0: its base 2; seat 0 owes its own base (1 + 1) x 2 = 4 and raises "
        "BB 6 (it has a soldier): pays 10. Seat 1 has no soldiers, so its re-raise is 2 x "
        "SB = 4 (P-33): pays 6 + 4 = 10. Seat 0 calls 4. Seat 0 paid 1 + 2 + 10 + 4 = 17, "
        "seat 1 1 + 2 + 10 = 13. Seat 0 without diamonds: Ac As Ah 8s, trips; seat 1 without "
        "clubs: Kd 9h 5h 2s, K-high. Seat 0 wins the pot of 30 (P-60).",
        "stacks": [30, 30],
        "options": {"small_bet": 2, "big_bet": 6},
        "banners": ["Ac", "Kd"],
        "palaces": ["As Ah 7d", "2s 5h 9h"],
        "draw": "8s",
        "actions": ["0 buy", "0 trim", "1 bet 0", "0 raise 6", "1 raise 4", "0 call"],
        "outcome": {
            "stacks": [43, 17],
            "pots": [{"amount": 30, "eligible": [0], "winners": [0]}],
            "returned": [],
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
        "of 36 (P-46, nobody all-in) to seat 2.",
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
