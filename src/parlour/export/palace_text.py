"""A Palace Poker hand told in plain sentences: the deal, every turn, battles, captures.

Written from the full record, so palaces and discarded faces are named (a table's
players saw less; the record keeps everything).
"""

from __future__ import annotations

from collections.abc import Callable

from parlour.cards import format_cards
from parlour.events import Event
from parlour.export.history import History
from parlour.games.palace import Trim

_SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
_ENDINGS = {
    "last_standing": "one player is left in the hand (P-60)",
    "one_suit": "everyone left shares one banner suit (P-61)",
    "comparison": "the last two are compared (P-62)",
    "showdown": "a passive round ends in a showdown (P-63)",
    "battle_tie": "the last two tie a battle and split (P-39)",
}


def palace_text(history: History, number: int = 1) -> str:
    """The narration of one replayed Palace hand."""
    options = history.options.to_dict()
    lines = [
        f"Palace Poker hand #{number}: {options['structure'].replace('_', '-')}, small bet "
        f"{options['small_bet']}, big bet {options['big_bet']}, ante {options['ante']}, "
        f"at most {options['max_soldiers']} soldiers",
        f"Button: Seat {history.button + 1} ({history.name(history.button)})",
    ]
    lines += [f"Seat {s.seat + 1}: {history.name(s.seat)}, {s.stack} chips" for s in history.seats]
    for step in history.steps:
        if isinstance(step.action, Trim) and not step.action.cards:
            lines.append(f"  {history.name(step.action.seat)} trims nothing.")
        for event in step.events:
            line = _sentence(event, history.name)
            if line:
                lines.append(line)
    final = dict(zip((s.seat for s in history.seats), history.hand.outcome.stacks, strict=True))
    lines.append(
        "Final stacks: "
        + ", ".join(f"{history.name(s.seat)} {final[s.seat]}" for s in history.seats)
    )
    return "\n".join(lines) + "\n"


def _sentence(event: Event, name: Callable[[int], str]) -> str:
    """One line for one event ('' for events that need none)."""
    who = name(event.seat) if event.seat is not None else ""
    cards = format_cards(event.cards)
    kind = event.kind
    simple = {
        "ante": f"{who} pays the ante of {event.amount}.",
        "banner_reject": f"{who} is dealt {cards} for a banner, but its suit is taken: rejected.",
        "reject_reshuffle": f"The {event.amount} rejected cards are shuffled to deal on.",
        "palace": f"{who} gets a palace of three face-down cards: {cards}.",
        "buy": f"  {who} buys for {event.amount} and draws {cards} as a soldier.",
        "trim_faces": f"  {who} trims, discarding {cards}.",
        "discard_faces": f"  {who} pays the fee and discards {cards}.",
        "stay": f"  {who} stays.",
        "skip": f"  {who} has no chips and is skipped.",
        "call": f"  {who} calls for {event.amount}.",
        "discard_reshuffle": f"  The discard pile ({event.amount} cards) is shuffled into a "
        "new draw pile.",
        "uncalled_returned": f"  {event.amount} uncalled chips go back to {who}.",
    }
    if kind in simple:
        return simple[kind]
    if kind == "banner":
        suit = _SUITS[str(event.cards[0])[-1]]
        return f"{who} takes {cards} as banner: {who} plays {suit}."
    if kind == "bet":
        extra = event.data.get("extra", 0)
        plus = f" with an extra of {extra}" if extra else ""
        return f"  {who} attacks {name(event.data['target'])}: bets {event.amount}{plus}. Battle!"
    if kind == "raise":
        return f"  {who} raises by {event.data['by']}, paying {event.amount}."
    if kind == "fold":
        return f"  {who} folds."
    if kind == "palace_shown":
        return f"  {who}'s palace is shown: {cards}."
    if kind == "battle_won":
        return (
            f"  {who} wins the battle: {name(event.data['loser'])} is out and {who} "
            f"captures {cards or 'nothing'}."
        )
    if kind == "battle_tie":
        first, second = (name(s) for s in event.data["seats"])
        return f"  The battle between {first} and {second} is a tie (P-39)."
    if kind == "hand_over":
        return _ending(event, name)
    return ""


def _ending(event: Event, name: Callable[[int], str]) -> str:
    """How the hand ended, and who won each pot."""
    lines = [f"Hand over: {_ENDINGS.get(event.data['how'], event.data['how'])}."]
    for i, pot in enumerate(event.data["pots"]):
        label = "Main pot" if i == 0 else f"Side pot {i}"
        winners = " and ".join(name(s) for s in pot["winners"])
        lines.append(f"{label} of {pot['amount']} goes to {winners}.")
    lines += [f"{r['amount']} returned to {name(r['seat'])}." for r in event.data["returned"]]
    return "\n".join(lines)
