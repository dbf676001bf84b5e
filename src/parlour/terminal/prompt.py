"""Reading one decision from a line-based stream: the plain mode's prompt.

The prompt lists the legal options with their keys and the choice an empty line takes,
when there is one: a free check, stay or keep-all, never a fold (facing a bet an empty
line is answered with the choices). An answer is a key or a word, optionally followed by
a size (``r 12``) or cards (``d 7h 9c``); a missing size or pick is asked for next, and a
size with one allowed value is not asked for. A bad answer prints why and asks again;
end of input raises :class:`EndOfInput` so the caller can end the session cleanly.
"""

from __future__ import annotations

from typing import Any, TextIO

from parlour.cards import format_cards
from parlour.i18n import _
from parlour.terminal.menu import Menu, Option, size_head, size_words


class EndOfInput(Exception):
    """Standard input ended: the player has left the table."""


class Prompt:
    """Asks the player for decisions on ``out`` and reads answers from ``source``."""

    def __init__(self, source: TextIO, out: TextIO) -> None:
        self.source = source
        self.out = out

    def say(self, text: str = "") -> None:
        """Print a line and flush, so a piping caller sees it before the next prompt."""
        self.out.write(text + "\n")
        self.out.flush()

    def line(self, question: str) -> str:
        """Ask ``question`` and return the answer without its newline; raises at end of input."""
        self.out.write(question)
        self.out.flush()
        answer = self.source.readline()
        if not answer:
            self.say()
            raise EndOfInput
        if not self.source.isatty():
            self.say(answer.rstrip("\n"))
        return answer.strip()

    def choose(self, menu: Menu) -> Any:
        """Show the menu and return the engine action chosen; raises :class:`EndOfInput`."""
        self.say(_("Your choices: {choices}", choices="   ".join(_shown(o) for o in menu.options)))
        default = menu.default_option
        question = (
            _("choice [{default}]> ", default=default.label)
            if default is not None
            else _("choice> ")
        )
        while True:
            answer = self.line(question)
            try:
                return self._answer(menu, answer)
            except ValueError as exc:
                self.say(f"  ! {exc}")

    def _answer(self, menu: Menu, answer: str) -> Any:
        default = menu.default_option
        if not answer:
            if default is None:
                raise ValueError(menu.enter_hint())
            return self._complete(default, "")
        head, _space, rest = answer.partition(" ")
        option = menu.find(head)
        if option is None:
            keys = ", ".join(f"{o.key} ({o.spoken})" for o in menu.options)
            if default is not None:
                raise ValueError(
                    _(
                        "{typed} is not a choice; type one of {keys}, or Enter for {default}",
                        typed=repr(head),
                        keys=keys,
                        default=default.label,
                    )
                )
            raise ValueError(
                _("{typed} is not a choice; type one of {keys}", typed=repr(head), keys=keys)
            )
        return self._complete(option, rest.strip())

    def _complete(self, option: Option, rest: str) -> Any:
        """Ask for what the option still needs (a size, a pick) and build the action."""
        amount = self._size(option, rest)
        cards = self._pick(option, rest)
        return option.build(amount, cards)

    def _size(self, option: Option, given: str) -> int:
        size = option.size
        if size is None or not option.asks_size:
            return 0
        asked = size_words(option, size)
        text = given or self.line(
            _(
                "{asked} ({range}; Enter: {least})> ",
                asked=size_head(option, size),
                range=size.describe(),
                least=size.least,
            )
        )
        if not text:
            return size.least
        if not text.isdigit():
            raise ValueError(
                _(
                    "{typed} is not a whole number of chips; you can {asked}",
                    typed=repr(text),
                    asked=asked,
                )
            )
        return int(text)

    def _pick(self, option: Option, given: str) -> tuple[Any, ...]:
        pick = option.pick
        if pick is None:
            return ()
        if not given:
            listed = "  ".join(f"{i}={c}" for i, c in enumerate(pick.cards, 1))
            if pick.least == 0:
                question = _(
                    "{choice}: pick {range} of {cards} (Enter: none)> ",
                    choice=option.name,
                    range=pick.describe(),
                    cards=listed,
                )
            else:
                question = _(
                    "{choice}: pick {range} of {cards}> ",
                    choice=option.name,
                    range=pick.describe(),
                    cards=listed,
                )
            given = self.line(question)
        if not given and pick.least == 0:
            return ()
        return pick.parse(given)


def _shown(option: Option) -> str:
    text = f"[{option.key}] {option.label}"
    if option.pick is not None and not option.label.endswith(")"):
        text += f" ({format_cards(option.pick.cards)})"
    return text
