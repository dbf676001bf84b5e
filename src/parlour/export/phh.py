"""Americana in the Poker Hand History format (PHH, TOML), and back (docs/export.md).

PHH has no 32-card stud, so the variant codes are our own: ``FAM`` (fixed-limit
Americana), ``PAM`` (pot-limit) and ``NAM`` (no-limit), the first letter naming the
betting structure as PHH's own codes do. Players are listed from the dealer's left (PHH's
stud order). Actions use PHH's grammar: ``d dh p1 Ah9c`` deals a player's hole card and
first upcard (later ``d dh p1 Ts`` one upcard), ``pb`` posts the bring-in, ``cc`` checks
or calls, ``cbr N`` completes, bets or raises to N chips in the round, ``f`` folds,
``sm Ah9cTsJdKh`` shows (every card dealt to the player, in deal order, as PHH's stud
showings do) and a bare ``sm`` mucks. User fields (``_parlour_*``) keep what PHH has no
field for, so a hand reads back to exactly its record. PokerKit's reader loads every file;
no tool but parlour can replay one (docs/export.md says why).
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from parlour.events import Event
from parlour.export.history import History, replay
from parlour.games.americana import BringIn, Call, Check, Fold
from parlour.games.americana import events as ev
from parlour.games.americana.actions import Action as AmericanaAction
from parlour.games.americana.actions import Bet, Raise
from parlour.records import REDACTED, read_record
from parlour.records.unseen import Arrangement, FillingShuffler
from parlour.shuffles import RecordedShuffler

#: Betting structure -> our PHH variant code.
VARIANTS: Final = {"limit": "FAM", "pot_limit": "PAM", "no_limit": "NAM"}
_STRUCTURES: Final = {code: structure for structure, code in VARIANTS.items()}
_VERBS: Final = {"bring_in": "pb", "check": "cc", "call": "cc", "fold": "f"}
_EXTRA_OPTIONS: Final = ("raise_cap", "tie_break", "show_all")


def to_phh(history: History) -> dict[str, Any]:
    """The PHH fields of a replayed Americana hand, in writing order."""
    if history.game != "americana":
        raise ValueError("PHH export covers Americana only (Palace has no PHH notation)")
    options = history.options.to_dict()
    order = _order(history)
    specs = {s.seat: s for s in history.seats}
    bet = options["bring_in"]
    fields: dict[str, Any] = {"variant": VARIANTS[options["structure"]]}
    fields["antes"] = [options["ante"]] * len(order)
    fields["bring_in"] = bet
    if options["structure"] == "limit":
        fields["small_bet"], fields["big_bet"] = bet, 2 * bet
    else:
        fields["min_bet"] = bet
    fields["starting_stacks"] = [specs[s].stack for s in order]
    fields["actions"] = _actions(history, order)
    if any(specs[s].name for s in order):
        fields["players"] = [specs[s].name or "" for s in order]
    fields["seats"] = [s + 1 for s in order]
    fields["seat_count"] = max(6, max(s.seat for s in history.seats) + 1)
    final = dict(zip((s.seat for s in history.seats), history.hand.outcome.stacks, strict=True))
    fields["finishing_stacks"] = [final[s] for s in order]
    fields["_parlour_button"] = history.button
    fields["_parlour_deck"] = "".join(
        REDACTED if c is None else str(c) for c in history.shuffles[0]
    )
    fields["_parlour_options"] = {k: options[k] for k in _EXTRA_OPTIONS}
    absent = [s.to_dict() for s in history.seats if s.seat not in order]
    if absent:
        fields["_parlour_absent"] = absent
    return fields


def dumps(fields: Mapping[str, Any]) -> str:
    """One hand as PHH (TOML) text."""
    return "".join(_line(key, value) for key, value in fields.items())


def dumps_all(hands: Iterable[Mapping[str, Any]]) -> str:
    """Several hands as a ``.phhs`` file: tables ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{i}]\n{dumps(fields)}" for i, fields in enumerate(hands, 1))


def loads_all(text: str) -> list[dict[str, Any]]:
    """The hands of a ``.phh`` (one hand) or ``.phhs`` (numbered tables) text."""
    data = tomllib.loads(text)
    if "variant" in data:
        return [data]
    return [data[k] for k in sorted(data, key=int)]


def from_phh(fields: Mapping[str, Any]) -> dict[str, Any]:
    """The ``parlour.hand/1`` record of one PHH hand of our variants.

    The hand is replayed through the engine; ``cc`` and ``cbr`` become check or call and
    bet or raise as the rules allow at that point. Raises ``ValueError`` when the hand
    does not follow the rules or its dealing lines disagree with ``_parlour_deck``.
    """
    from parlour.games import americana

    variant = fields.get("variant")
    if variant not in _STRUCTURES:
        raise ValueError(f"variant {variant!r} is not one of ours ({', '.join(_STRUCTURES)})")
    order = [int(s) - 1 for s in fields["seats"]]
    names = list(fields.get("players", [""] * len(order)))
    seats = [
        _seat(seat, int(stack), name)
        for seat, stack, name in zip(order, fields["starting_stacks"], names, strict=True)
    ]
    seats += [dict(s) for s in fields.get("_parlour_absent", [])]
    seats.sort(key=lambda s: int(s["seat"]))
    options = {
        "structure": _STRUCTURES[str(variant)],
        "ante": int(fields["antes"][0]),
        "bring_in": int(fields["bring_in"]),
        **dict(fields.get("_parlour_options", {})),
    }
    deck = str(fields["_parlour_deck"])
    record: dict[str, Any] = {
        "format": "parlour.hand/1",
        "game": "americana",
        "options": americana.options_from_dict(options).to_dict(),
        "seats": seats,
        "button": int(fields["_parlour_button"]),
        "shuffles": [[deck[i : i + 2] for i in range(0, len(deck), 2)]],
        "actions": [],
    }
    lines = [a for a in (_strip(x) for x in fields["actions"]) if a]
    header = read_record(record)
    # A player's copy: the unseen cards stand in anywhere, as nothing before the showdown
    # depends on them; the replay below then checks the copy as parlour replay does.
    shuffler = (
        FillingShuffler(header.shuffles, Arrangement())
        if header.redacted
        else RecordedShuffler(header.complete_shuffles())
    )
    hand = header.game.start_hand(header.options, header.seats, header.button, shuffler)
    for line in lines:
        words = line.split()
        if words[0] == "d" or words[1] == "sm":
            continue
        seat = order[int(words[0][1:]) - 1]
        action = _action(hand, seat, words[1:])
        hand.apply(action)
        record["actions"].append(action.to_dict())
    history = replay(record)
    expected = [a for a in (_strip(x) for x in _actions(history, order)) if a]
    if expected != lines:
        first = next(i for i, (a, b) in enumerate(zip(expected, lines, strict=False)) if a != b)
        raise ValueError(f"PHH action {first} ({lines[first]!r}) disagrees with the replay")
    if history.unseen is None or history.unseen.outcome_known:
        record["outcome"] = history.hand.outcome.to_dict()
    return record


def _order(history: History) -> list[int]:
    """Seats dealt in, from the dealer's left (the ``antes`` event lists them so)."""
    antes = next(e for e in history.steps[0].events if isinstance(e, ev.AntesPaid))
    return list(antes.seats)


def _actions(history: History, order: Sequence[int]) -> list[str]:
    """The PHH action lines of the hand."""
    player = {seat: f"p{i}" for i, seat in enumerate(order, 1)}
    lines: list[str] = []
    start = history.steps[0].events
    hole = {e.seat: e.cards[0] for e in start if isinstance(e, ev.HoleDealt)}
    first_up = next(e for e in start if isinstance(e, ev.UpcardsDealt))
    for seat, card in zip(first_up.seats, first_up.cards, strict=True):
        lines.append(f"d dh {player[seat]} {history.card(hole[seat])}{card}")
    for step in history.steps:
        if step.action is not None:
            lines.append(f"{player[step.action.seat]} {_verb(step.action)}")
        for event in step.events if step.action is not None else ():
            lines.extend(_event_lines(event, player))
        if step.action is None:
            lines.extend(
                f"# {player[e.seat]} posts no bring-in: no chips (A-23)"
                for e in start
                if isinstance(e, ev.BroughtIn) and e.seat is not None
            )
    return lines


def _event_lines(event: Event, player: Mapping[int, str]) -> list[str]:
    """PHH lines for the automatic events after an action: upcards and the showdown."""
    match event:
        case ev.UpcardsDealt(seats=seats):
            return [f"d dh {player[s]} {c}" for s, c in zip(seats, event.cards, strict=True)]
        case ev.Shown(seat=int(seat)):
            # PHH (stud): a showing names every card dealt to the player, hole card first
            return [f"{player[seat]} sm {''.join(str(c) for c in event.cards)}"]
        case ev.Mucked(seat=int(seat)):
            return [f"{player[seat]} sm"]
    return []


def _verb(action: object) -> str:
    if isinstance(action, Bet | Raise):
        return f"cbr {action.to}"
    if isinstance(action, Fold | Check | Call | BringIn):
        return _VERBS[action.do]
    raise ValueError(f"{action!r} is not an Americana action")


def _action(hand: Any, seat: int, words: Sequence[str]) -> AmericanaAction:
    """Our action for one PHH player action, given the choices the rules allow now."""
    if hand.is_over or hand.to_act != seat:
        raise ValueError(f"PHH action {' '.join(words)!r} for seat {seat} is out of turn")
    legal = {c.do for c in hand.legal_actions()}
    verb = words[0]
    if verb == "pb":
        return BringIn(seat)
    if verb == "f":
        return Fold(seat)
    if verb == "cc":
        return Check(seat) if "check" in legal else Call(seat)
    if verb == "cbr" and len(words) == 2:
        to = int(words[1])
        return Bet(seat, to) if "bet" in legal else Raise(seat, to)
    raise ValueError(f"unknown PHH action {' '.join(words)!r}")


def _seat(seat: int, stack: int, name: str) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat}
    if name:
        out["name"] = name
    out["stack"] = stack
    return out


def _strip(line: str) -> str:
    """An action line without its ``#`` commentary."""
    return line.split("#", 1)[0].strip()


def _line(key: str, value: Any) -> str:
    if key == "actions":
        inner = "".join(f"  {json.dumps(a)},\n" for a in value)
        return f"actions = [\n{inner}]\n"
    return f"{key} = {_value(value)}\n"


def _value(value: Any) -> str:
    """A TOML value: booleans, integers, strings, arrays and inline tables."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{k} = {_value(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    raise TypeError(f"no TOML form for {value!r}")
