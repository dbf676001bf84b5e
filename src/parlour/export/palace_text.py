"""A Palace Poker hand told in plain sentences: the deal, every turn, battles, captures.

Written from the full record, palaces, battle hands and discarded faces are named (a
table's players saw less; the record keeps everything); from a player's copy, only what
its viewer saw. The sentences are the ones the terminal and the browser show
(:mod:`parlour.narration.palace`), told of every seat by name.
"""

from __future__ import annotations

from parlour.export.history import History
from parlour.narration import palace as narration


def palace_text(history: History, number: int = 1) -> str:
    """The narration of one replayed Palace hand."""
    options = history.options.to_dict()
    names = {s.seat: history.name(s.seat) for s in history.seats}
    lines = [
        f"Palace Poker hand #{number}: {options['structure'].replace('_', '-')}, small bet "
        f"{options['small_bet']}, big bet {options['big_bet']}, ante {options['ante']}, "
        f"at most {options['max_soldiers']} soldiers",
        f"Button: Seat {history.button + 1} ({history.name(history.button)})",
    ]
    vantage = history.vantage()
    if vantage:
        lines.append(vantage)
    lines += [f"Seat {s.seat + 1}: {names[s.seat]}, {s.stack} chips" for s in history.seats]
    for step in history.steps:
        for event in history.told(step.events):
            line = narration.narrate(event, names, None)
            if line:
                lines.append(line)
    final = dict(zip((s.seat for s in history.seats), history.hand.outcome.stacks, strict=True))
    lines.append(
        "Final stacks: " + ", ".join(f"{names[s.seat]} {final[s.seat]}" for s in history.seats)
    )
    lines += history.unchecked()
    return "\n".join(lines) + "\n"
