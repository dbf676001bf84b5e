"""Hand events told in words, shared by every place that shows them to a person.

The terminal's log, the browser's log and replay, and the Palace hand history all read
the same sentences, so a battle or a bring-in is told the same way wherever it is seen.
:func:`narrate` picks the game's narrator (named by the game's metadata); ``you`` names
the reader's seat, told in the second person ("You call 4."), and ``None`` tells every
seat by name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeAlias

from parlour.events import Chat, Event, Notice
from parlour.games import metadata
from parlour.narration.words import actor, awarded, joined, name_of, result_line

Narrator: TypeAlias = Callable[[Event, Mapping[int, str], "int | None"], "str | None"]


def narrator(game: str) -> Narrator:
    """The narrator of ``game``; ``ValueError`` naming the known games."""
    found: Narrator = metadata(game).narrator.load()
    return found


def narrate(
    game: str, event: Event, names: Mapping[int, str], you: int | None = None
) -> str | None:
    """One line for ``event`` of ``game`` (``None`` for an event with nothing to tell).

    A ``notice`` (a table's own message, not part of a hand) is its text; a ``chat``
    line is the speaker's name and what they said.
    """
    if isinstance(event, Notice):
        return event.text
    if isinstance(event, Chat):
        return f"{event.name}: {event.said}"
    return narrator(game)(event, names, you)


__all__ = ["actor", "awarded", "joined", "name_of", "narrate", "narrator", "result_line"]
