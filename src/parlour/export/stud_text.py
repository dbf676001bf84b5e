"""Americana as online rooms write stud hand histories: header, seats, streets, summary.

The text follows the usual layout of stud hand histories (``*** 3rd STREET ***``,
``Dealt to``, ``brings in for``, ``*** SHOW DOWN ***``, ``*** SUMMARY ***``), so a reader
used to them finds everything in its place. Written from the full record, every player's
hole card is printed where it was dealt; from a player's copy, a hole card its viewer
never saw is ``??``. A shown hand is named, and so is the hand that won each pot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from parlour.cards import Card
from parlour.events import Event
from parlour.export.history import History
from parlour.games.americana import events as ev
from parlour.narration.hands import americana_hand

_STRUCTURE = {"limit": "Limit", "pot_limit": "Pot Limit", "no_limit": "No Limit"}
_STREETS = ("2nd STREET", "3rd STREET", "4th STREET", "5th STREET")
_STREET_NAMES = ("2nd Street", "3rd Street", "4th Street", "5th Street")


@dataclass
class _Tracker:
    """What the narration tracks: cards, round totals, the bet, folds."""

    cards: dict[int, list[Card]] = field(default_factory=dict)
    round_total: dict[int, int] = field(default_factory=dict)
    bet_to: int = 0
    street: int = 0
    folded: dict[int, str] = field(default_factory=dict)
    shown: set[int] = field(default_factory=set)
    mucked: set[int] = field(default_factory=set)
    named: dict[int, str] = field(default_factory=dict)
    awards: int = 0


def stud_text(history: History, number: int = 1) -> str:
    """The hand history of one replayed Americana hand."""
    options = history.options.to_dict()
    bet = options["bring_in"]
    sizes = f"{bet}/{2 * bet}" if options["structure"] == "limit" else f"min bet {bet}"
    name = history.name
    lines = [
        f"Parlour Hand #{number}: Americana 32-card Stud {_STRUCTURE[options['structure']]} "
        f"({sizes}, ante {options['ante']}, bring-in {bet})",
        f"Table 'parlour' 6-max Seat #{history.button + 1} is the button",
    ]
    vantage = history.vantage()
    if vantage:
        lines.append(vantage)
    start = history.steps[0].events
    antes = next(e for e in start if isinstance(e, ev.AntesPaid))
    dealt = list(antes.seats)
    for spec in history.seats:
        out = "" if spec.seat in dealt else " is sitting out"
        lines.append(f"Seat {spec.seat + 1}: {name(spec.seat)} ({spec.stack} in chips){out}")
    lines += [f"{name(s)}: posts the ante {options['ante']}" for s in dealt]
    table = _Tracker()
    for step in history.steps:
        for event in step.events:
            lines += _event(event, table, history)
    lines += _summary(history, table, dealt)
    lines += history.unchecked()
    return "\n".join(lines) + "\n"


def _event(event: Event, table: _Tracker, history: History) -> list[str]:
    """Lines for one event."""
    who = history.name(event.seat) if event.seat is not None else ""
    seat = event.seat or 0
    match event:
        case ev.HoleDealt():
            table.cards[seat] = list(event.cards)
            return []
        case ev.UpcardsDealt():
            return _upcards(event, table, history)
        case ev.BroughtIn():
            table.round_total[seat] = event.amount
            if event.amount == 0:
                return [f"{who}: brings in for 0 (no chips left)"]
            return [f"{who}: brings in for {event.amount}"]
        case ev.BetPlaced() | ev.Raised():
            return [_aggression(event, table, who)]
        case ev.Called():
            table.round_total[seat] = table.round_total.get(seat, 0) + event.amount
            return [f"{who}: calls {event.amount}"]
        case ev.Checked():
            return [f"{who}: checks"]
        case ev.Folded():
            table.folded[seat] = _STREET_NAMES[table.street]
            return [f"{who}: folds"]
        case ev.Returned():
            return [f"Uncalled bet ({event.amount}) returned to {who}"]
        case ev.Shown() | ev.Mucked():
            marker = [] if table.shown else ["*** SHOW DOWN ***"]
            table.shown.add(seat)
            if isinstance(event, ev.Mucked):
                table.mucked.add(seat)
                return [*marker, f"{who}: mucks hand"]
            table.named[seat] = _named(event)
            return [*marker, f"{who}: shows [{history.cards(event.cards)}] ({_named(event)})"]
        case ev.Awarded():
            table.awards += 1
            return [_award(event, history, table.awards)]
    return []


def _upcards(event: ev.UpcardsDealt, table: _Tracker, history: History) -> list[str]:
    """A new street: its marker and what each player now holds."""
    first = all(len(table.cards.get(s, ())) == 1 for s in event.seats)
    if not first:
        table.street += 1
    table.round_total.clear()
    table.bet_to = 0
    lines = [f"*** {_STREETS[table.street]} ***"]
    for seat, card in zip(event.seats, event.cards, strict=True):
        held = table.cards.setdefault(seat, [])
        old = f"[{history.cards(held)}] " if held else ""
        held.append(card)
        lines.append(f"Dealt to {history.name(seat)} {old}[{history.card(card)}]")
    return lines


def _aggression(event: ev.BetPlaced | ev.Raised, table: _Tracker, who: str) -> str:
    """``bets N``, ``completes it to N`` or ``raises N to M``."""
    seat = event.seat or 0
    to = event.to
    before = max(table.bet_to, max(table.round_total.values(), default=0))
    table.round_total[seat] = to
    table.bet_to = max(before, to)
    if isinstance(event, ev.BetPlaced):
        return f"{who}: bets {to}"
    if (
        table.street == 0
        and len(table.round_total) <= 2
        and before <= min(table.round_total.values())
    ):
        return f"{who}: completes it to {to}"
    return f"{who}: raises {to - before} to {to}"


def _award(event: ev.Awarded, history: History, count: int) -> str:
    """``X collected N from side pot-1``; pots are awarded from the last side pot back."""
    pots = len(history.hand.outcome.pots)
    index = pots - count
    pot = "pot" if pots == 1 else "main pot" if index == 0 else f"side pot-{index}"
    winners = [history.name(s) for s in event.winners]
    hands = {str(americana_hand(cards)) for _, cards in event.hands}
    whole = len(event.hands) == len(winners)
    named = f" with {hands.pop()}" if len(hands) == 1 and whole else ""
    if len(winners) == 1:
        return f"{winners[0]} collected {event.amount} from {pot}{named}"
    return f"{' and '.join(winners)} split {event.amount} from {pot}{named}"


def _named(event: Event) -> str:
    """A shown hand's name ("a flush, K-J-T-9-7"): the export is written in English."""
    return str(americana_hand(event.cards))


def _summary(history: History, table: _Tracker, dealt: list[int]) -> list[str]:
    outcome = history.hand.outcome
    total = sum(p.amount for p in outcome.pots)
    lines = ["*** SUMMARY ***", f"Total pot {total} | Rake 0"]
    winners = {s for p in outcome.pots for s in p.winners}
    final = dict(zip((s.seat for s in history.seats), outcome.stacks, strict=True))
    start = {s.seat: s.stack for s in history.seats}
    for seat in sorted(dealt):
        cards = history.cards(table.cards.get(seat, []))
        who = f"Seat {seat + 1}: {history.name(seat)}"
        change = final[seat] - start[seat]
        if seat in table.folded:
            lines.append(f"{who} folded on {table.folded[seat]} [{cards}] ({change:+d})")
        elif seat not in table.shown:
            lines.append(f"{who} collected ({change:+d}), hand not shown")
        else:
            verb = "showed" if seat not in table.mucked else "mucked"
            result = "won" if seat in winners else "lost"
            named = f" with {table.named[seat]}" if seat in table.named else ""
            lines.append(f"{who} {verb} [{cards}] and {result} ({change:+d}){named}")
    return lines
