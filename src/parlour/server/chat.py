"""Table chat: what a seated player says to everyone at the table, cleaned and bounded.

A chat line is a public log event (kind ``chat``), so it reaches every viewer with the
rest of the log, spectators included, and it never carries a card the game did not show.
Spectators cannot chat: they have no name at the table and nothing to hold them to it.
"""

from __future__ import annotations

from typing import Final

from parlour.events import Chat, Event
from parlour.server.errors import CommandError

#: The longest chat line, in characters after cleaning.
CHAT_LIMIT: Final = 280


def chat_event(seat: int, name: str, text: object) -> Event:
    """The log event for ``name`` (at ``seat``) saying ``text``; refuses what is not a line.

    Control characters and runs of white space become one space, so a message cannot
    forge extra log lines or blank the log.
    """
    if not isinstance(text, str):
        raise CommandError("bad_chat", "text")
    cleaned = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    if not cleaned:
        raise CommandError("bad_chat", "empty")
    if len(cleaned) > CHAT_LIMIT:
        raise CommandError("bad_chat", "long", limit=CHAT_LIMIT, length=len(cleaned))
    return Chat(seat=seat, name=name, said=cleaned)
