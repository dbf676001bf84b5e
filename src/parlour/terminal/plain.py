"""The line-by-line mode, for pipes and terminals without a full screen.

Same table and rules as the full-screen mode: before each decision it prints the table
as the player's seat sees it and the legal choices with their keys and the default an
empty line takes; what the player may see of each event is printed as it happens; each
hand ends with a line saying who won what. A player who can no longer be dealt in is
offered to buy in again. Bad input is explained and asked again; end of input leaves the
table cleanly and the records are saved.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from parlour.cards import Card
from parlour.events import Event
from parlour.i18n import _
from parlour.terminal.launch import saved_words
from parlour.terminal.prompt import EndOfInput, Prompt
from parlour.terminal.scene import Scene, SeatScene, column_words, status_words
from parlour.terminal.table import LocalTable, Rules


def play(
    table: LocalTable, rules: Rules, prompt: Prompt, records: Path, hands: int | None = None
) -> int:
    """Play hands until input ends, the session cannot go on, or ``hands`` are done.

    Saves the finished hands' records to ``records`` and returns how many were saved.
    """
    try:
        while True:
            reason = table.stop_reason(hands)
            if reason is None:
                _play_hand(table, rules, prompt)
            elif table.rebuy_offer(hands) and _wants_rebuy(table, prompt):
                prompt.say(_("You buy in again for {chips}.", chips=table.rebuy()))
            else:
                prompt.say(reason)
                break
    except EndOfInput:
        prompt.say(_("Input ended: leaving the table."))
    except KeyboardInterrupt:
        prompt.say("\n" + _("Interrupted: leaving the table."))
    saved = table.save(records)
    prompt.say(saved_words(saved, records))
    return saved


def _play_hand(table: LocalTable, rules: Rules, prompt: Prompt) -> None:
    prompt.say("\n" + _("=== Hand {number} ===", number=table.hand_number + 1))
    _narrate(table.deal(), table, rules, prompt)
    hand = table.hand
    assert hand is not None
    while not hand.is_over:
        for line in scene_lines(rules.scene(table)):
            prompt.say(line)
        menu = rules.menu(table)
        while True:
            action = prompt.choose(menu)
            try:
                seen = table.act(action)
            except ValueError as exc:
                prompt.say(f"  ! {exc}")
                continue
            break
        _narrate(seen, table, rules, prompt)
    prompt.say(_("Hand {number}: {result}", number=table.hand_number, result=table.result()))


def _wants_rebuy(table: LocalTable, prompt: Prompt) -> bool:
    """Ask whether the human buys back in; no unless they say yes."""
    chips = table.rebuy_offer()
    answer = prompt.line(
        _("You cannot be dealt in. Buy in again for {chips}? [y/N]> ", chips=chips)
    )
    return answer.lower() in ("y", "yes", *_("y yes").split())


def _narrate(seen: Sequence[Event], table: LocalTable, rules: Rules, prompt: Prompt) -> None:
    names = table.names
    for event in seen:
        line = rules.narrate(event, names, table.human)
        if line:
            prompt.say("  " + line)


def scene_lines(scene: Scene) -> list[str]:
    """The scene as text lines: a title, the table's lines, then the seats as a table.

    ``>`` marks the seat to act; a Palace ``#`` is the key that attacks that seat (shown in
    brackets when the attack is open to you); ``??`` is a face-down card.
    """
    lines = [f"--- {scene.title} ---"]
    for info in scene.lines:
        lines.append(info.text + (" " + _cards(info.cards) if info.cards else ""))
    keyed = "Palace" in scene.columns
    head = [" ", *(["#"] if keyed else []), "Player", "Stack", scene.bet_label, *scene.columns]
    words = [column_words(cell) for cell in head]
    rows = [words, *(_seat_row(seat, scene.columns, keyed=keyed) for seat in scene.seats)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(head))]
    right = {head.index("Stack"), head.index(scene.bet_label), *([1] if keyed else [])}
    for row, seat in zip(rows, [None, *scene.seats], strict=True):
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(row, widths, strict=True))
        ]
        state = "" if seat is None else _state(seat)
        lines.append(("  ".join(cells) + ("  " + state if state else "")).rstrip())
    return lines


def _seat_row(seat: SeatScene, columns: Sequence[str], *, keyed: bool) -> list[str]:
    groups = {g.label: g.cards for g in seat.groups}
    key = [f"[{seat.key}]" if seat.key else str(seat.seat)] if keyed else []
    cards = [_cards(groups[c]) or "-" if c in groups else "" for c in columns]
    bet = str(seat.bet) if seat.bet else ""
    return [">" if seat.acting else " ", *key, seat.title, str(seat.stack), bet, *cards]


def _state(seat: SeatScene) -> str:
    return " · ".join(p for p in (status_words(seat.status), seat.note, seat.offer) if p)


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)
