"""Game-neutral wording: who acts (you or a name), who won what, names joined for a sentence."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from parlour.outcome import Outcome


def actor(seat: int | None, names: Mapping[int, str], you: int | None) -> tuple[str, str]:
    """The subject for a sentence about ``seat`` and the verb ending that goes with it.

    ``("You", "")`` for the reader's own seat (you fold), ``("Ann", "s")`` otherwise;
    ``you`` is ``None`` for a reader with no seat (a spectator, an exported history).
    """
    if seat is None:
        return "", "s"
    if seat == you:
        return "You", ""
    return names.get(seat, f"Seat {seat + 1}"), "s"


def name_of(seat: int, names: Mapping[int, str], you: int | None) -> str:
    """How a seat is named mid-sentence: ``you`` for the reader, else the player's name."""
    return "you" if seat == you else names.get(seat, f"Seat {seat + 1}")


def awarded(winners: Sequence[int], what: object, names: Mapping[int, str], you: int | None) -> str:
    """``Ann wins 12``, ``You win 12``, ``Ann and you split 12`` (``what`` may be words)."""
    named = [name_of(w, names, you) for w in winners]
    verb = "split" if len(named) > 1 else ("win" if named == ["you"] else "wins")
    text = joined(named)
    return f"{text[:1].upper()}{text[1:]} {verb} {what}"


def joined(names: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def result_line(
    outcome: Outcome,
    seats: Sequence[int],
    before: Mapping[int, int],
    names: Mapping[int, str],
    you: int | None,
) -> str:
    """One sentence saying who won which pot, then each player's net change.

    ``seats`` are the hand's seats in record order (``outcome.stacks`` follows them) and
    ``before`` their stacks when the hand started.
    """
    parts: list[str] = []
    many = len(outcome.pots) > 1
    for index, pot in enumerate(outcome.pots):
        which = ("the main pot" if index == 0 else f"side pot {index}") if many else "the pot"
        parts.append(awarded(pot.winners, f"{which} of {pot.amount}", names, you))
    for seat, amount in outcome.returned:
        if amount:
            who, s = actor(seat, names, you)
            parts.append(f"{who} get{s} {amount} back")
    changes = []
    for seat, stack in zip(seats, outcome.stacks, strict=True):
        delta = stack - before[seat]
        if delta:
            changes.append(f"{names[seat]} {delta:+d}")
    summary = "; ".join(parts) if parts else "no pot"
    return f"{summary}. ({', '.join(changes) or 'no chips moved'})"
