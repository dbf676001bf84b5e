"""The table's own lines in its log (a player sits down, the host pauses), by code.

A notice is sent as a :class:`~parlour.events.Notice` with its English text and its code
and parameters, so each viewer reads it in their own language; nothing here reaches a
hand record.
"""

from __future__ import annotations

from typing import Final

from parlour.events import Notice
from parlour.i18n.message import N_, Message, register

NOTICES: Final[dict[str, str]] = {
    "notice.hand_begins": N_("Hand {number} begins."),
    "notice.hand_resumes": N_("Hand {number} resumes."),
    "notice.hand_over": N_("Hand {number} is over."),
    "notice.hand_cancelled": N_("Hand {number} could not be resumed and was cancelled."),
    "notice.database_back": N_("The database was away for {seconds} s; play goes on."),
    "notice.server_error": N_("A server error paused the table; the host can resume it."),
    "notice.paused": N_("The host paused the game."),
    "notice.resumed": N_("The game is on."),
    "notice.timed_out": N_("{name} ran out of time and sits out."),
    "notice.asks_seat": N_("{name} asks for a seat."),
    "notice.declined": N_("The host declined {name}."),
    "notice.stack_next": N_("The host set {name}'s stack to {chips} from the next hand."),
    "notice.leaving": N_("{name} will leave after this hand."),
    "notice.sits_out": N_("{name} sits out."),
    "notice.is_back": N_("{name} is back."),
    "notice.muted": N_("The host muted {name}."),
    "notice.unmuted": N_("The host unmuted {name}."),
    "notice.new_host": N_("{name} is now the host."),
    "notice.nobody": N_("Nobody is at the table: dealing waits for a player to sit in."),
    "notice.leaves": N_("{name} leaves with {chips}."),
    "notice.sits_in": N_("{name} sits in seat {seat} with {chips}."),
    "notice.stack_set": N_("The host set {name}'s stack from {before} to {after}."),
}

register(NOTICES)


def notice(code: str, **params: str | int) -> Notice:
    """A public line in the table's log that is not part of a hand, by its code."""
    if code not in NOTICES:
        raise KeyError(f"no notice {code!r}")
    said = Message(code, params)
    return Notice(text=str(said), code=code, params=dict(params))
