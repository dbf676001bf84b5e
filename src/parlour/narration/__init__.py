"""Hand events told in words, shared by every place that shows them to a person.

The terminal's log, the browser's log and replay, and the text export all read the same
sentences, so a battle or a bring-in is told the same way wherever it is seen.
:func:`narrate` picks the game's narrator (named by the game's metadata); ``you`` names
the reader's seat, told in the second person ("You call 4."), and ``None`` tells every
seat by name. Every sentence is one template of :mod:`parlour.narration.sentences`.

Each narrator says a line as a :class:`~parlour.i18n.message.Message` (code and
parameters, :func:`message`), which the server sends as it is so each viewer reads it in
their own language; :func:`narrate` renders it in the current language
(:func:`parlour.i18n.current`) for the terminal and the text export.

Hands are named only from the events a reader received (R-4): :func:`known_hands` gives
the hands that decided a finished hand as one reader saw them, for a result line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TypeAlias

from parlour.events import Chat, Event, Notice
from parlour.games import metadata
from parlour.i18n import say
from parlour.i18n.message import Message
from parlour.narration.hands import named_hands, palace_hand
from parlour.narration.sentences import say as sentence
from parlour.narration.words import detail, joined, name_of, result_line, result_message

Narrator: TypeAlias = Callable[[Event, Mapping[int, str], "int | None"], "Message | None"]


def narrator(game: str) -> Narrator:
    """The narrator of ``game`` (its lines as messages); ``ValueError`` naming the known
    games."""
    found: Narrator = metadata(game).narrator.load()
    return found


def message(
    game: str, event: Event, names: Mapping[int, str], you: int | None = None
) -> Message | None:
    """One line for ``event`` of ``game`` as a message (``None``: nothing to tell).

    A ``notice`` (a table's own message, not part of a hand) is its own message when it
    has a code, else its text as said; a ``chat`` line is the speaker's name and what they
    said, in no language.
    """
    if isinstance(event, Notice):
        if event.code:
            return Message(event.code, dict(event.params))
        return sentence("said", text=event.text)
    if isinstance(event, Chat):
        return sentence("chat", name=event.name, said=event.said)
    said: object = narrator(game)(event, names, you)
    if isinstance(said, str):
        # A game whose narrator is not translated yet still speaks, as written.
        return sentence("said", text=said)
    return said if isinstance(said, Message) else None


def narrate(
    game: str, event: Event, names: Mapping[int, str], you: int | None = None
) -> str | None:
    """:func:`message` as text in the current language."""
    told = message(game, event, names, you)
    return None if told is None else say(told)


def known_hands(game: str, events: Iterable[Event]) -> dict[int, Message]:
    """The hands that decided a finished hand, by seat, named from ``events`` alone.

    Pass the events one reader received (``visible_to``): the result names no hand that
    reader did not see. Americana: the winners' shown hands of each award. Palace: the
    hands a final comparison showed to all, or, when the hand ended with a battle, the
    battle hands of that battle the reader was shown (P-41).
    """
    if game == "americana":
        found: dict[int, Message] = {}
        for event in events:
            if event.kind == "award":
                found.update(named_hands(game, detail(event, "hands", [])))
        return found
    battle: dict[int, Message] = {}
    last = ""
    for event in events:
        if event.kind == "bet":
            battle = {}
        elif event.kind == "battle_hand" and event.seat is not None:
            battle[event.seat] = palace_hand(event.cards, str(detail(event, "excluded")))
        elif event.kind == "hand_over":
            shown = named_hands(game, detail(event, "hands", []))
            if shown:
                return shown
            return battle if last in ("battle_won", "battle_tie") else {}
        last = event.kind
    return {}


def told_returns(events: Iterable[Event]) -> dict[int, int]:
    """Chips each seat was told it took back during the hand (A-15, A-50, P-35)."""
    told: dict[int, int] = {}
    for event in events:
        if event.kind in ("return", "uncalled_returned") and event.seat is not None:
            told[event.seat] = told.get(event.seat, 0) + event.amount
    return told


__all__ = [
    "joined",
    "known_hands",
    "message",
    "name_of",
    "narrate",
    "narrator",
    "result_line",
    "result_message",
    "told_returns",
]
