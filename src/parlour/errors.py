"""The errors parlour raises on bad input: each says what was wrong and what is allowed."""

from __future__ import annotations

from collections.abc import Sequence


class ParlourError(ValueError):
    """Base of parlour's input errors (a ``ValueError``)."""


class OptionError(ParlourError):
    """A table option is unknown, of the wrong type, or outside its allowed values."""


class IllegalActionError(ParlourError):
    """An action is not legal now; the state is unchanged.

    ``choices`` holds the legal choices as their record dictionaries, so the message
    can list them and a caller can show them.
    """

    def __init__(self, action: object, reason: str, choices: Sequence[object] = ()) -> None:
        self.action = action
        self.reason = reason
        self.choices = tuple(choices)
        listed = ", ".join(str(c) for c in self.choices) or "none"
        super().__init__(f"illegal action {action}: {reason}; legal choices: {listed}")


class ShuffleError(ParlourError):
    """A supplied shuffle is missing or is not a permutation of the cards being shuffled."""


class RecordError(ParlourError):
    """A hand record is malformed, illegal, incomplete, or disagrees with its replay.

    ``index`` follows HAND-RECORD.md: the index of the offending action, ``len(actions)``
    when the actions stop early, and -1 for problems not tied to an action.
    """

    def __init__(self, message: str, index: int = -1) -> None:
        self.index = index
        super().__init__(message)
