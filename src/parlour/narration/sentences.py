"""Every sentence the narrator says, each one whole template with named placeholders.

A sentence is never put together from pieces: "You call 4." and "Ann calls 4." are two
templates, not a subject glued to a verb, so a translator sees each sentence whole and
can order its words as their language needs. Sentences with a count have a form for one
and a form for many (:data:`PLURALS`), as gettext's plural forms will. Placeholders hold
names, chips, cards in notation, a suit's name and a hand's name, the last two
messages themselves (:data:`WORDS`); lists of names are joined by
:func:`parlour.narration.words.joined`. Every template is a msgid of the catalogs
(:mod:`parlour.i18n`): a sentence is a :class:`~parlour.i18n.message.Message` that each
reader renders in their own language.

Keys read ``<what>.<who>``: ``you`` when the reader does it, ``other`` when someone else
does (or the reader has no seat), ``split`` when several share; a ``.you_target`` form is
for something done to the reader.
"""

from __future__ import annotations

from typing import Final

from parlour.i18n.message import N_, Ctx, Message, Nn_, Np_, Value, register

SENTENCES: Final[dict[str, str]] = {
    # -- both games: pots, chips back, results -----------------------------------------
    "pot.you": N_("You win the pot of {amount}."),
    "pot.other": N_("{name} wins the pot of {amount}."),
    "pot.split": N_("{names} split the pot of {amount}."),
    "pot.you.hand": N_("You win the pot of {amount} with {hand}."),
    "pot.other.hand": N_("{name} wins the pot of {amount} with {hand}."),
    "pot.split.hand": N_("{names} split the pot of {amount}, each with {hand}."),
    "main.you": N_("You win the main pot of {amount}."),
    "main.other": N_("{name} wins the main pot of {amount}."),
    "main.split": N_("{names} split the main pot of {amount}."),
    "main.you.hand": N_("You win the main pot of {amount} with {hand}."),
    "main.other.hand": N_("{name} wins the main pot of {amount} with {hand}."),
    "main.split.hand": N_("{names} split the main pot of {amount}, each with {hand}."),
    "side.you": N_("You win side pot {number} of {amount}."),
    "side.other": N_("{name} wins side pot {number} of {amount}."),
    "side.split": N_("{names} split side pot {number} of {amount}."),
    "side.you.hand": N_("You win side pot {number} of {amount} with {hand}."),
    "side.other.hand": N_("{name} wins side pot {number} of {amount} with {hand}."),
    "side.split.hand": N_("{names} split side pot {number} of {amount}, each with {hand}."),
    "back.you": N_("You get {amount} back."),
    "back.other": N_("{name} gets {amount} back."),
    "uncalled.you": N_("You take back {amount} nobody called."),
    "uncalled.other": N_("{name} takes back {amount} nobody called."),
    "result.changes": N_("Chips: {changes}."),
    "result.none": N_("No chips changed hands."),
    "result.nopot": N_("Nobody won a pot."),
    "change.you": N_("you {delta}"),
    "you.listed": N_("you"),
    "seat.unnamed": N_("Seat {number}"),
    "change.other": N_("{name} {delta}"),
    # -- hands: a hand's name as a sentence uses it, by category --------------------------
    "hand.high_card": N_("{description}"),
    "hand.pair": N_("a {description}"),
    "hand.two_pair": N_("{description}"),
    "hand.three_of_a_kind": N_("{description}"),
    "hand.straight": N_("a {description}"),
    "hand.flush": N_("a {description}"),
    "hand.full_house": N_("a {description}"),
    "hand.four_of_a_kind": N_("{description}"),
    "hand.straight_flush": N_("a {description}"),
    "hand.without": N_("{hand} (no {suit})"),
    # -- a hand's description: its category and the ranks it is compared by -----------------
    "desc.none": N_("no cards"),
    "desc.high_card.one": N_("high card, {rank}"),
    "desc.high_card": N_("high card, {cards}"),
    "desc.pair": N_("pair of {rank}"),
    "desc.two_pair": N_("two pair, {high} and {low}"),
    "desc.three_of_a_kind": N_("three of a kind, {rank}"),
    "desc.straight": N_("straight, {high} high"),
    "desc.flush": N_("flush, {cards}"),
    "desc.full_house": N_("full house, {three} full of {two}"),
    "desc.four_of_a_kind": N_("four of a kind, {rank}"),
    "desc.straight_flush": N_("straight flush, {high} high"),
    "desc.deciding": N_("{hand} (deciding card {card})"),
    # -- Americana ------------------------------------------------------------------------
    "antes": N_("The antes are in: the pot is {amount}."),
    "hole.you": N_("You get hole card {card}."),
    "hole.other": N_("{name} gets hole card {card}."),
    "upcards": N_("Upcards: {deals}."),
    "upcard.you": N_("you {card}"),
    "upcard.other": N_("{name} {card}"),
    "bring_in.you": N_("You bring in {amount}."),
    "bring_in.other": N_("{name} brings in {amount}."),
    "bring_in_none.you": N_("You must bring in but have no chips."),
    "bring_in_none.other": N_("{name} must bring in but has no chips."),
    "bet_to.you": N_("You bet {to}."),
    "bet_to.other": N_("{name} bets {to}."),
    "raise_to.you": N_("You raise to {to}."),
    "raise_to.other": N_("{name} raises to {to}."),
    "call_amount.you": N_("You call {amount}."),
    "call_amount.other": N_("{name} calls {amount}."),
    "check.you": N_("You check."),
    "check.other": N_("{name} checks."),
    "muck.you": N_("You muck your hand."),
    "muck.other": N_("{name} mucks."),
    "show.you": N_("You show {cards}: {hand}."),
    "show.other": N_("{name} shows {cards}: {hand}."),
    "show_cards.you": N_("You show {cards}."),
    "show_cards.other": N_("{name} shows {cards}."),
    "award.you": N_("You win {amount}."),
    "award.other": N_("{name} wins {amount}."),
    "award.split": N_("{names} split {amount}."),
    "award.you.hand": N_("You win {amount} with {hand}."),
    "award.other.hand": N_("{name} wins {amount} with {hand}."),
    "award.split.hand": N_("{names} split {amount}, each with {hand}."),
    # -- Palace: the deal -----------------------------------------------------------------
    "ante.you": N_("You ante {amount}."),
    "ante.other": N_("{name} antes {amount}."),
    "banner.you": N_("You take {card} as your banner: you play {suit}."),
    "banner.other": N_("{name} takes {card} as banner, playing {suit}."),
    "banner_reject.you": N_(
        "{card} is dealt to you for a banner, but its suit is taken: put aside."
    ),
    "banner_reject.other": N_(
        "{card} is dealt to {name} for a banner, but its suit is taken: put aside."
    ),
    "palace.you": N_("You get palace {cards}."),
    "palace.other": N_("{name} gets palace {cards}."),
    "palace_shown.all.you": N_("Your palace is shown: {cards}."),
    "palace_shown.all.other": N_("{name}'s palace is shown: {cards}."),
    "palace_shown.to_you": N_("{name}'s palace is shown to you: {cards}."),
    "palace_shown.you_to": N_("Your palace is shown to {viewer}: {cards}."),
    "palace_shown.to_other": N_("{name}'s palace is shown to {viewer}: {cards}."),
    # -- Palace: turns --------------------------------------------------------------------
    "stay.you": N_("You stay."),
    "stay.other": N_("{name} stays."),
    "fold.you": N_("You fold."),
    "fold.other": N_("{name} folds."),
    "skip.you": N_("You have no chips: turn skipped."),
    "skip.other": N_("{name} has no chips: turn skipped."),
    "buy.you": N_("You buy a soldier for {amount}: {card}."),
    "buy.other": N_("{name} buys a soldier for {amount}: {card}."),
    "keep.you": N_("You keep all your soldiers."),
    "keep.other": N_("{name} keeps every soldier."),
    "faces.you": N_("You put {cards} face down."),
    "faces.other": N_("{name} puts {cards} face down."),
    # -- Palace: battles ------------------------------------------------------------------
    "attack.you": N_("You attack {target}, betting {amount}."),
    "attack.you.extra": N_("You attack {target}, betting {amount} (extra {extra})."),
    "attack.other.you_target": N_("{name} attacks you, betting {amount}."),
    "attack.other.you_target.extra": N_("{name} attacks you, betting {amount} (extra {extra})."),
    "attack.other": N_("{name} attacks {target}, betting {amount}."),
    "attack.other.extra": N_("{name} attacks {target}, betting {amount} (extra {extra})."),
    "raise_by.you": N_("You raise by {by}, paying {amount}."),
    "raise_by.other": N_("{name} raises by {by}, paying {amount}."),
    "call_pay.you": N_("You call, paying {amount}."),
    "call_pay.other": N_("{name} calls, paying {amount}."),
    "battle_hand.you": N_("Without {suit}, your battle hand is {hand}."),
    "battle_hand.other": N_("Without {suit}, {name}'s battle hand is {hand}."),
    "showdown_hand.you": N_("At the showdown your hand is {hand}."),
    "showdown_hand.other": N_("At the showdown {name}'s hand is {hand}."),
    "battle_won.you": N_("You win the battle against {loser} and capture {cards}."),
    "battle_won.other.you_target": N_("{name} wins the battle against you and captures {cards}."),
    "battle_won.other": N_("{name} wins the battle against {loser} and captures {cards}."),
    "battle_tie.you": N_("Your battle with {name} is a tie."),
    "battle_tie.other": N_("The battle of {first} and {second} is a tie."),
    # -- Palace: the end ------------------------------------------------------------------
    "over.last_standing": N_("Hand over: one player is left."),
    "over.one_suit": N_("Hand over: everyone left shares one banner suit."),
    "over.battle_tie": N_("Hand over: the last two tied their battle and split."),
    "over.comparison": N_(
        "Hand over: neither of the last two can pay, so they are compared as in a battle."
    ),
    "over.showdown": N_("Hand over: a passive round ends the hand in a showdown."),
    "leftover.you": N_("You get {amount} back that nobody else could win."),
    "leftover.other": N_("{name} gets {amount} back that nobody else could win."),
    "over.other": N_("Hand over."),
    # -- the table's own lines: a notice without a code, and chat, are said as written ------
    "said": N_("{text}"),
    "chat": N_("{name}: {said}"),
    # -- several sentences told as one line -----------------------------------------------
    "sentences": N_("{sentences}"),
}

#: Sentences with a count: the form for one, and the form for any other number.
PLURALS: Final[dict[str, tuple[str, str]]] = {
    "trim.you": Nn_("You trim {count} soldier.", "You trim {count} soldiers."),
    "trim.other": Nn_("{name} trims {count} soldier.", "{name} trims {count} soldiers."),
    "discard.you": Nn_("You discard {count} soldier.", "You discard {count} soldiers."),
    "discard.other": Nn_("{name} discards {count} soldier.", "{name} discards {count} soldiers."),
    "reject_reshuffle": Nn_(
        "The {count} card put aside is shuffled to deal on.",
        "The {count} cards put aside are shuffled to deal on.",
    ),
    "desc.kickers": Nn_("{hand}, kicker {cards}", "{hand}, kickers {cards}"),
    "discard_reshuffle": Nn_(
        "The discard pile ({count} card) is shuffled into a new draw pile.",
        "The discard pile ({count} cards) is shuffled into a new draw pile.",
    ),
}


#: Words said in more than one way: a rank by its symbol (``K``) and a suit by its letter,
#: each in the forms the sentences above need.
WORDS: Final[dict[str, Ctx]] = {
    # "straight, {high} high"
    "rank.2.high": Np_("rank high", "two"),
    "rank.3.high": Np_("rank high", "three"),
    "rank.4.high": Np_("rank high", "four"),
    "rank.5.high": Np_("rank high", "five"),
    "rank.6.high": Np_("rank high", "six"),
    "rank.7.high": Np_("rank high", "seven"),
    "rank.8.high": Np_("rank high", "eight"),
    "rank.9.high": Np_("rank high", "nine"),
    "rank.T.high": Np_("rank high", "ten"),
    "rank.J.high": Np_("rank high", "jack"),
    "rank.Q.high": Np_("rank high", "queen"),
    "rank.K.high": Np_("rank high", "king"),
    "rank.A.high": Np_("rank high", "ace"),
    # "high card, {rank}"
    "rank.2.one": Np_("rank alone", "two"),
    "rank.3.one": Np_("rank alone", "three"),
    "rank.4.one": Np_("rank alone", "four"),
    "rank.5.one": Np_("rank alone", "five"),
    "rank.6.one": Np_("rank alone", "six"),
    "rank.7.one": Np_("rank alone", "seven"),
    "rank.8.one": Np_("rank alone", "eight"),
    "rank.9.one": Np_("rank alone", "nine"),
    "rank.T.one": Np_("rank alone", "ten"),
    "rank.J.one": Np_("rank alone", "jack"),
    "rank.Q.one": Np_("rank alone", "queen"),
    "rank.K.one": Np_("rank alone", "king"),
    "rank.A.one": Np_("rank alone", "ace"),
    # "pair of {rank}", "three of a kind, {rank}", "four of a kind, {rank}"
    "rank.2.of": Np_("ranks of", "twos"),
    "rank.3.of": Np_("ranks of", "threes"),
    "rank.4.of": Np_("ranks of", "fours"),
    "rank.5.of": Np_("ranks of", "fives"),
    "rank.6.of": Np_("ranks of", "sixes"),
    "rank.7.of": Np_("ranks of", "sevens"),
    "rank.8.of": Np_("ranks of", "eights"),
    "rank.9.of": Np_("ranks of", "nines"),
    "rank.T.of": Np_("ranks of", "tens"),
    "rank.J.of": Np_("ranks of", "jacks"),
    "rank.Q.of": Np_("ranks of", "queens"),
    "rank.K.of": Np_("ranks of", "kings"),
    "rank.A.of": Np_("ranks of", "aces"),
    # "two pair, {high} and {low}", "full house, {three} full of {two}"
    "rank.2.list": Np_("ranks", "twos"),
    "rank.3.list": Np_("ranks", "threes"),
    "rank.4.list": Np_("ranks", "fours"),
    "rank.5.list": Np_("ranks", "fives"),
    "rank.6.list": Np_("ranks", "sixes"),
    "rank.7.list": Np_("ranks", "sevens"),
    "rank.8.list": Np_("ranks", "eights"),
    "rank.9.list": Np_("ranks", "nines"),
    "rank.T.list": Np_("ranks", "tens"),
    "rank.J.list": Np_("ranks", "jacks"),
    "rank.Q.list": Np_("ranks", "queens"),
    "rank.K.list": Np_("ranks", "kings"),
    "rank.A.list": Np_("ranks", "aces"),
    # "you play {suit}"
    "suit.c": Np_("suit", "clubs"),
    "suit.d": Np_("suit", "diamonds"),
    "suit.h": Np_("suit", "hearts"),
    "suit.s": Np_("suit", "spades"),
    # "(no {suit})", "Without {suit}, ..."
    "suit.c.without": Np_("suit without", "clubs"),
    "suit.d.without": Np_("suit without", "diamonds"),
    "suit.h.without": Np_("suit without", "hearts"),
    "suit.s.without": Np_("suit without", "spades"),
}


def say(key: str, **fields: Value) -> Message:
    """The sentence ``key`` with the values of its placeholders."""
    if key not in SENTENCES and key not in WORDS:
        raise KeyError(f"no sentence {key!r}")
    return Message(key, fields)


def say_count(key: str, count: int, **fields: Value) -> Message:
    """The sentence ``key`` in the form for ``count`` (gettext's plural forms)."""
    if key not in PLURALS:
        raise KeyError(f"no sentence with a count {key!r}")
    return Message(key, {"count": count, **fields})


register(SENTENCES)
register(PLURALS)
register(WORDS)
