"""The error a refused command raises: a short code for programs and a sentence for people."""

from __future__ import annotations


class CommandError(ValueError):
    """A command was refused (stale, not your turn, not the host, illegal, malformed)."""

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)
