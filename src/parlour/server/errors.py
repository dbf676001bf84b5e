"""The error a refused command raises: a short code for programs and a sentence for people.

The sentence is a :class:`~parlour.i18n.message.Message`, so each client reads it in its
own language: the wire form (:meth:`CommandError.to_dict`) carries ``code``, the English
``message`` and ``params``, and ``/api/i18n`` gives each code's template. A code with one
sentence is that sentence's template; a code with several (``bad_config``) reads
``{reason}`` and its ``params`` hold the sentence as a message of its own code
(``bad_config.printable``), so programs still see one code per kind of refusal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from parlour.i18n.message import N_, Message, Value, from_wire, register

#: Every error sentence, by code (``code.variant`` for the sentences of a shared code).
ERRORS: Final[dict[str, str]] = {
    "error.said": N_("{text}"),
    "no_hand": N_("no such finished hand"),
    "no_hand.hand": N_("no such hand"),
    "bad_config": N_("{reason}"),
    "bad_config.text": N_("{key} must be text of 1 to {limit} characters"),
    "bad_config.printable": N_("{key} must be printable text"),
    "bad_config.number": N_("{key} must be a whole number from {low} to {high}"),
    "bad_config.game": N_("game must be one of {games}"),
    "bad_config.options": N_("options must be an object"),
    "bad_config.option": N_("options: {detail}"),
    "bad_config.bots": N_("bots: fewer than the seats, kinds {kinds}"),
    "bad_config.stack": N_(
        "starting_stack {stack} is less than the ante of {least}: nobody could be dealt in"
    ),
    "bad_name": N_("{reason}"),
    "bad_name.length": N_("a name must be 1 to 24 characters"),
    "bad_name.printable": N_("a name must be printable"),
    "moved": N_("{reason}"),
    "moved.moving": N_("the table is moving to another server; try again"),
    "moved.silent": N_("the table did not answer; try again"),
    "moved.process": N_("the table is moving to another server process; try again in a moment"),
    "moved.starting": N_("the table is starting up; try again in a moment"),
    "bad_chat": N_("{reason}"),
    "bad_chat.text": N_("chat needs a 'text' string"),
    "bad_chat.empty": N_("the message is empty"),
    "bad_chat.long": N_("a message has at most {limit} characters; this has {length}"),
    "too_large": N_("{reason}"),
    "too_large.message": N_("a message may be at most {limit} bytes"),
    "too_large.request": N_("the request is too large"),
    "too_large.limit": N_("a request may be at most {limit} bytes"),
    "bad_json": N_("{reason}"),
    "bad_json.message": N_("a message must be JSON"),
    "bad_json.request": N_("the request is not JSON"),
    "bad_json.object": N_("the request must be a JSON object"),
    "bad_message": N_("{reason}"),
    "bad_message.type": N_("a message must be an object with a type"),
    "bad_message.text": N_("messages must be text"),
    "bad_token": N_("a token must be text"),
    "rate_limited": N_("{reason}"),
    "rate_limited.requests": N_("too many requests from your address; slow down"),
    "rate_limited.messages": N_("too many messages; slow down"),
    "stalled": N_("the database is not answering: the table waits and carries on by itself"),
    "bad_page": N_("{reason}"),
    "bad_page.numbers": N_("page and per_page must be whole numbers"),
    "bad_page.range": N_("page from 1, per_page from 1 to {limit}"),
    "no_table": N_("no such table"),
    "closed": N_("the table has closed; its hands can still be downloaded"),
    "server": N_("server error: {detail}"),
    "bad_seq": N_("a command must carry the seq of its snapshot"),
    "not_host": N_("only the host can do that"),
    "no_seat": N_("{reason}"),
    "no_seat.yours": N_("you have no seat at this table"),
    "no_seat.empty": N_("nobody sits in that seat"),
    "unknown": N_("unknown command type"),
    "stale": N_("{reason}"),
    "stale.bot": N_("the bot thought too long"),
    "stale.moved_on": N_("the table moved on; choose again"),
    "paused": N_("the game is paused"),
    "bad_action": N_("act needs an action object"),
    "unavailable": N_("the database is not answering; try again"),
    "too_many_tables": N_("{reason}"),
    "too_many_tables.server": N_("the server has as many tables as it can hold"),
    "too_many_tables.address": N_(
        "one address may keep {limit} open tables; an idle table closes by itself"
    ),
    "full": N_("the table is full"),
    "seated": N_("you already have a seat"),
    "bad_bot": N_("bot kind must be one of {kinds}"),
    "muted": N_("the host has muted you"),
    "bad_mute": N_("mute needs 'muted': true or false"),
    "cannot_deal": N_("the hand cannot be dealt: {detail}"),
    "not_your_turn": N_("it is not your turn"),
    "illegal": N_("that move is not allowed: {detail}"),
    "busy": N_("{reason}"),
    "busy.queue": N_("too many people are waiting for a seat; try later"),
    "busy.address": N_("your address already has seat requests waiting here; wait for the host"),
    "name_taken": N_("someone at this table is already called {name}"),
    "no_request": N_("no such seat request"),
    "bad_stack": N_("a stack must be a whole number from 0 to 1000000000"),
}

register(ERRORS)


def sentence(code: str, variant: str | None, params: Mapping[str, Value]) -> Message:
    """The message of an error: ``code``'s own sentence, or its ``variant`` as ``{reason}``.

    A variant that is no registered sentence is English said as is (a refusal worded
    by a game engine), as the code's ``{reason}`` or ``{detail}``.
    """
    if code not in ERRORS:
        raise KeyError(f"no error sentence for {code!r}")
    if variant is None:
        return Message(code, dict(params))
    if f"{code}.{variant}" in ERRORS:
        reason = Message(f"{code}.{variant}", dict(params))
    else:
        reason = Message("error.said", {"text": variant})
    return Message(code, {"reason": reason} if ERRORS[code] == "{reason}" else {"detail": reason})


class CommandError(ValueError):
    """A command was refused (stale, not your turn, not the host, illegal, malformed).

    ``CommandError("bad_config", "printable", key="name")``: the code, the variant of its
    sentence when the code has several, and the sentence's parameters.
    """

    def __init__(
        self,
        code: str,
        variant: str | None = None,
        /,
        *,
        text: Message | None = None,
        **params: Value,
    ) -> None:
        self.code = code
        self.text = text if text is not None else sentence(code, variant, params)
        super().__init__(str(self.text))

    def to_dict(self) -> dict[str, Any]:
        """The wire form: ``{"type": "error", "code", "message", "params"}`` (``code`` is
        also the template's code at ``/api/i18n``)."""
        return {
            "type": "error",
            "code": self.code,
            "message": str(self),
            "params": self.text.to_dict()["params"],
        }

    @classmethod
    def received(cls, body: Mapping[str, Any]) -> CommandError:
        """An error as another process sent it (:meth:`to_dict`); one without ``params``
        (an older process) is its English message said as is."""
        code = str(body["code"])
        params = body.get("params")
        if code in ERRORS and isinstance(params, dict):
            text = from_wire({"code": code, "params": params})
            if isinstance(text, Message):
                return cls(code, text=text)
        return cls(code, text=Message("error.said", {"text": str(body.get("message", code))}))
