"""Which worker of ``parlour serve --workers N`` is a table's home, read from its id alone.

The process in front (:mod:`parlour.server.switchboard`) hands each new connection to the
worker that owns the table it names, so a viewer's commands and snapshots never cross
Redis. For that it must know the owner from the request line alone, without asking the
database: a worker therefore creates only tables whose id ends in one of its own
characters, and claims those first when tables are up for taking (after a restart of
the whole server, every worker takes back its own). Ownership itself still lives in the
lease (:mod:`parlour.server.lobby`); a table taken over elsewhere after its home worker
died keeps working through Redis, only one hop slower.
"""

from __future__ import annotations

import secrets
import string
from dataclasses import dataclass

#: The characters of ``secrets.token_urlsafe``, in base64's order.
ALPHABET = string.ascii_uppercase + string.ascii_lowercase + string.digits + "-_"
#: Length of a table id (``token_urlsafe(9)``); other lengths have no home.
ID_LENGTH = 12


def home_of(table_id: str, count: int) -> int | None:
    """The worker (0 to ``count`` - 1) whose table this id names, or ``None`` if it is no
    table id of ours."""
    if len(table_id) != ID_LENGTH or count < 1:
        return None
    index = ALPHABET.find(table_id[-1])
    return None if index < 0 else index % count


@dataclass(frozen=True, slots=True)
class Home:
    """Worker ``index`` of ``count``: the table ids it makes and claims first."""

    index: int = 0
    count: int = 1

    def __post_init__(self) -> None:
        if not 0 <= self.index < self.count <= len(ALPHABET):
            raise ValueError(f"worker {self.index} of {self.count} is not a worker")

    @property
    def characters(self) -> str:
        """The last characters of this worker's table ids."""
        return ALPHABET[self.index :: self.count]

    @property
    def shared(self) -> bool:
        """Whether other workers share the machine (one worker: every table is home)."""
        return self.count > 1

    def new_table_id(self) -> str:
        """A fresh unguessable table id whose home is this worker (at least 66 random bits)."""
        return secrets.token_urlsafe(9)[:-1] + secrets.choice(self.characters)

    def owns(self, table_id: str) -> bool:
        """Whether ``table_id``'s home is this worker."""
        return home_of(table_id, self.count) == self.index
