"""Every sentence the narrator says, each one whole template with named placeholders.

A sentence is never put together from pieces: "You call 4." and "Ann calls 4." are two
templates, not a subject glued to a verb, so a translator sees each sentence whole and
can order its words as their language needs. Sentences with a count have a form for one
and a form for many (:data:`PLURALS`), as gettext's plural forms will. Placeholders hold
names, chips, cards in notation, a suit's name and a hand's name; lists of names are
joined by :func:`parlour.narration.words.joined`.

Keys read ``<what>.<who>``: ``you`` when the reader does it, ``other`` when someone else
does (or the reader has no seat), ``split`` when several share; a ``.you_target`` form is
for something done to the reader.
"""

from __future__ import annotations

from typing import Final

SENTENCES: Final[dict[str, str]] = {
    # -- both games: pots, chips back, results -----------------------------------------
    "pot.you": "You win the pot of {amount}.",
    "pot.other": "{name} wins the pot of {amount}.",
    "pot.split": "{names} split the pot of {amount}.",
    "pot.you.hand": "You win the pot of {amount} with {hand}.",
    "pot.other.hand": "{name} wins the pot of {amount} with {hand}.",
    "pot.split.hand": "{names} split the pot of {amount}, each with {hand}.",
    "main.you": "You win the main pot of {amount}.",
    "main.other": "{name} wins the main pot of {amount}.",
    "main.split": "{names} split the main pot of {amount}.",
    "main.you.hand": "You win the main pot of {amount} with {hand}.",
    "main.other.hand": "{name} wins the main pot of {amount} with {hand}.",
    "main.split.hand": "{names} split the main pot of {amount}, each with {hand}.",
    "side.you": "You win side pot {number} of {amount}.",
    "side.other": "{name} wins side pot {number} of {amount}.",
    "side.split": "{names} split side pot {number} of {amount}.",
    "side.you.hand": "You win side pot {number} of {amount} with {hand}.",
    "side.other.hand": "{name} wins side pot {number} of {amount} with {hand}.",
    "side.split.hand": "{names} split side pot {number} of {amount}, each with {hand}.",
    "back.you": "You get {amount} back.",
    "back.other": "{name} gets {amount} back.",
    "uncalled.you": "You take back {amount} nobody called.",
    "uncalled.other": "{name} takes back {amount} nobody called.",
    "result.changes": "Chips: {changes}.",
    "result.none": "No chips changed hands.",
    "result.nopot": "Nobody won a pot.",
    "change.you": "you {delta}",
    "change.other": "{name} {delta}",
    # -- hands: a hand's name as a sentence uses it, by category --------------------------
    "hand.high_card": "{description}",
    "hand.pair": "a {description}",
    "hand.two_pair": "{description}",
    "hand.three_of_a_kind": "{description}",
    "hand.straight": "a {description}",
    "hand.flush": "a {description}",
    "hand.full_house": "a {description}",
    "hand.four_of_a_kind": "{description}",
    "hand.straight_flush": "a {description}",
    "hand.without": "{hand} (no {suit})",
    "suit.c": "clubs",
    "suit.d": "diamonds",
    "suit.h": "hearts",
    "suit.s": "spades",
    # -- Americana ------------------------------------------------------------------------
    "antes": "The antes are in: the pot is {amount}.",
    "hole.you": "You get hole card {card}.",
    "hole.other": "{name} gets hole card {card}.",
    "upcards": "Upcards: {deals}.",
    "upcard.you": "you {card}",
    "upcard.other": "{name} {card}",
    "bring_in.you": "You bring in {amount}.",
    "bring_in.other": "{name} brings in {amount}.",
    "bring_in_none.you": "You must bring in but have no chips.",
    "bring_in_none.other": "{name} must bring in but has no chips.",
    "bet_to.you": "You bet {to}.",
    "bet_to.other": "{name} bets {to}.",
    "raise_to.you": "You raise to {to}.",
    "raise_to.other": "{name} raises to {to}.",
    "call_amount.you": "You call {amount}.",
    "call_amount.other": "{name} calls {amount}.",
    "check.you": "You check.",
    "check.other": "{name} checks.",
    "muck.you": "You muck your hand.",
    "muck.other": "{name} mucks.",
    "show.you": "You show {cards}: {hand}.",
    "show.other": "{name} shows {cards}: {hand}.",
    "show_cards.you": "You show {cards}.",
    "show_cards.other": "{name} shows {cards}.",
    "award.you": "You win {amount}.",
    "award.other": "{name} wins {amount}.",
    "award.split": "{names} split {amount}.",
    "award.you.hand": "You win {amount} with {hand}.",
    "award.other.hand": "{name} wins {amount} with {hand}.",
    "award.split.hand": "{names} split {amount}, each with {hand}.",
    # -- Palace: the deal -----------------------------------------------------------------
    "ante.you": "You ante {amount}.",
    "ante.other": "{name} antes {amount}.",
    "banner.you": "You take {card} as your banner: you play {suit}.",
    "banner.other": "{name} takes {card} as banner, playing {suit}.",
    "banner_reject.you": "{card} is dealt to you for a banner, but its suit is taken: put aside.",
    "banner_reject.other": (
        "{card} is dealt to {name} for a banner, but its suit is taken: put aside."
    ),
    "palace.you": "You get palace {cards}.",
    "palace.other": "{name} gets palace {cards}.",
    "palace_shown.all.you": "Your palace is shown: {cards}.",
    "palace_shown.all.other": "{name}'s palace is shown: {cards}.",
    "palace_shown.to_you": "{name}'s palace is shown to you: {cards}.",
    "palace_shown.you_to": "Your palace is shown to {viewer}: {cards}.",
    "palace_shown.to_other": "{name}'s palace is shown to {viewer}: {cards}.",
    # -- Palace: turns --------------------------------------------------------------------
    "stay.you": "You stay.",
    "stay.other": "{name} stays.",
    "fold.you": "You fold.",
    "fold.other": "{name} folds.",
    "skip.you": "You have no chips: turn skipped.",
    "skip.other": "{name} has no chips: turn skipped.",
    "buy.you": "You buy a soldier for {amount}: {card}.",
    "buy.other": "{name} buys a soldier for {amount}: {card}.",
    "keep.you": "You keep all your soldiers.",
    "keep.other": "{name} keeps every soldier.",
    "faces.you": "You put {cards} face down.",
    "faces.other": "{name} puts {cards} face down.",
    # -- Palace: battles ------------------------------------------------------------------
    "attack.you": "You attack {target}, betting {amount}.",
    "attack.you.extra": "You attack {target}, betting {amount} (extra {extra}).",
    "attack.other.you_target": "{name} attacks you, betting {amount}.",
    "attack.other.you_target.extra": "{name} attacks you, betting {amount} (extra {extra}).",
    "attack.other": "{name} attacks {target}, betting {amount}.",
    "attack.other.extra": "{name} attacks {target}, betting {amount} (extra {extra}).",
    "raise_by.you": "You raise by {by}, paying {amount}.",
    "raise_by.other": "{name} raises by {by}, paying {amount}.",
    "call_pay.you": "You call, paying {amount}.",
    "call_pay.other": "{name} calls, paying {amount}.",
    "battle_hand.you": "Without {suit}, your battle hand is {hand}.",
    "battle_hand.other": "Without {suit}, {name}'s battle hand is {hand}.",
    "showdown_hand.you": "At the showdown your hand is {hand}.",
    "showdown_hand.other": "At the showdown {name}'s hand is {hand}.",
    "battle_won.you": "You win the battle against {loser} and capture {cards}.",
    "battle_won.other.you_target": "{name} wins the battle against you and captures {cards}.",
    "battle_won.other": "{name} wins the battle against {loser} and captures {cards}.",
    "battle_tie.you": "Your battle with {name} is a tie.",
    "battle_tie.other": "The battle of {first} and {second} is a tie.",
    # -- Palace: the end ------------------------------------------------------------------
    "over.last_standing": "Hand over: one player is left.",
    "over.one_suit": "Hand over: everyone left shares one banner suit.",
    "over.battle_tie": "Hand over: the last two tied their battle and split.",
    "over.comparison": (
        "Hand over: neither of the last two can pay, so they are compared as in a battle."
    ),
    "over.showdown": "Hand over: a passive round ends the hand in a showdown.",
    "leftover.you": "You get {amount} back that nobody else could win.",
    "leftover.other": "{name} gets {amount} back that nobody else could win.",
    "over.other": "Hand over.",
}

#: Sentences with a count: the form for one, and the form for any other number.
PLURALS: Final[dict[str, tuple[str, str]]] = {
    "trim.you": ("You trim {count} soldier.", "You trim {count} soldiers."),
    "trim.other": ("{name} trims {count} soldier.", "{name} trims {count} soldiers."),
    "discard.you": ("You discard {count} soldier.", "You discard {count} soldiers."),
    "discard.other": ("{name} discards {count} soldier.", "{name} discards {count} soldiers."),
    "reject_reshuffle": (
        "The {count} card put aside is shuffled to deal on.",
        "The {count} cards put aside are shuffled to deal on.",
    ),
    "discard_reshuffle": (
        "The discard pile ({count} card) is shuffled into a new draw pile.",
        "The discard pile ({count} cards) is shuffled into a new draw pile.",
    ),
}


def say(key: str, **fields: object) -> str:
    """The sentence ``key`` with its placeholders filled."""
    return SENTENCES[key].format(**fields)


def say_count(key: str, count: int, **fields: object) -> str:
    """The sentence ``key`` in the form for ``count`` (one, or any other number)."""
    one, many = PLURALS[key]
    return (one if count == 1 else many).format(count=count, **fields)
