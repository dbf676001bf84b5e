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
from parlour.terminal.prompt import EndOfInput, Prompt
from parlour.terminal.scene import Scene, SeatScene
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
                prompt.say(f"You buy in again for {table.rebuy()}.")
            else:
                prompt.say(reason)
                break
    except EndOfInput:
        prompt.say("Input ended: leaving the table.")
    except KeyboardInterrupt:
        prompt.say("\nInterrupted: leaving the table.")
    saved = table.save(records)
    prompt.say(
        f"Saved {saved} hand record(s) to {records}." if saved else "No finished hand to save."
    )
    return saved


def _play_hand(table: LocalTable, rules: Rules, prompt: Prompt) -> None:
    prompt.say(f"\n=== Hand {table.hand_number + 1} ===")
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
    prompt.say(f"Hand {table.hand_number}: {table.result()}")


def _wants_rebuy(table: LocalTable, prompt: Prompt) -> bool:
    """Ask whether the human buys back in; no unless they say yes."""
    chips = table.rebuy_offer()
    answer = prompt.line(f"You cannot be dealt in. Buy in again for {chips}? [y/N]> ")
    return answer.lower() in ("y", "yes")


def _narrate(seen: Sequence[Event], table: LocalTable, rules: Rules, prompt: Prompt) -> None:
    names = table.names
    for event in seen:
        line = rules.narrate(event, names, table.human)
        if line:
            prompt.say("  " + line)


def scene_lines(scene: Scene) -> list[str]:
    """The scene as text lines: a title, the table's lines, one line per seat."""
    lines = [f"--- {scene.title} ---"]
    for info in scene.lines:
        lines.append(info.text + (" " + _cards(info.cards) if info.cards else ""))
    width = max(len(s.title) for s in scene.seats)
    lines.extend(_seat_line(seat, width) for seat in scene.seats)
    return lines


def _seat_line(seat: SeatScene, width: int) -> str:
    mark = ">" if seat.acting else " "
    text = f"{mark} {seat.title:<{width}}  stack {seat.stack:>4}"
    if seat.bet:
        text += f"  in pot {seat.bet:>3}"
    for group in seat.groups:
        text += f"  {group.label}: {_cards(group.cards) or '-'}"
    if seat.status:
        text += f"  ({seat.status})"
    return text


def _cards(cards: Sequence[Card | None]) -> str:
    return " ".join("??" if c is None else str(c) for c in cards)
