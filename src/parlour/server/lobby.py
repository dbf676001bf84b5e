"""All tables of the server: creating them, listing open ones, and restoring them at start."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from parlour.games.protocol import Game
from parlour.server.config import TableConfig
from parlour.server.hub import Hub
from parlour.server.runner import TableRunner
from parlour.server.seating import new_id, new_token, token_hash
from parlour.server.settings import Settings
from parlour.server.storage import Store
from parlour.server.table import Table

log = logging.getLogger(__name__)


class Lobby:
    """Owns one :class:`TableRunner` per table."""

    def __init__(
        self, store: Store, hub: Hub, settings: Settings, games: Mapping[str, Game]
    ) -> None:
        self.store = store
        self.hub = hub
        self.settings = settings
        self.games = games
        self.runners: dict[str, TableRunner] = {}

    def load(self) -> None:
        """Rebuild every stored table, resuming hands in progress by replaying their records."""
        for table_id, state in self.store.load_tables():
            table = Table.from_dict(table_id, state, self.games)
            stored = self.store.load_hand(table_id, table.hand_number)
            if stored is not None and not stored[2]:
                self._resume(table, stored[1])
            self.runners[table_id] = TableRunner(table, self.store, self.hub, self.settings)

    def _resume(self, table: Table, record: dict[str, Any]) -> None:
        try:
            table.restore(record)
        except Exception:
            # Stacks in the stored table predate the hand, so cancelling it loses no chips.
            log.exception("hand %s of table %s could not be resumed", table.hand_number, table.id)
            table.hand, table.hand_seats = None, []
            table.note(f"Hand {table.hand_number} could not be resumed and was cancelled.")

    def start(self) -> None:
        """Start every table's task (inside the running event loop)."""
        for runner in self.runners.values():
            runner.start()

    async def stop(self) -> None:
        """Stop every table's task."""
        for runner in self.runners.values():
            await runner.stop()

    def create(self, config: TableConfig, host_name: str) -> tuple[str, str]:
        """Make a table with its host seated (paused until the host starts it).

        Returns the table id and the host's secret token.
        """
        table = Table(new_id(), config, self.games[config.game])
        token = new_token()
        person = token_hash(token)
        table.sit(host_name, person, config.starting_stack)
        table.host = person
        table.paused = True
        for kind in config.bots:
            table.add_bot(kind)
        self.store.save(table.id, config.game, table.to_dict())
        runner = TableRunner(table, self.store, self.hub, self.settings)
        self.runners[table.id] = runner
        runner.start()
        return table.id, token

    def open_tables(self) -> list[dict[str, Any]]:
        """Tables with a free seat, for the lobby list."""
        out = []
        for table_id, runner in self.runners.items():
            table = runner.table
            if len(table.seats) >= table.config.seats:
                continue
            out.append(
                {
                    "id": table_id,
                    "name": table.config.name,
                    "game": table.config.game,
                    "structure": table.options.to_dict().get("structure"),
                    "seated": len(table.seats),
                    "seats": table.config.seats,
                    "hand_number": table.hand_number,
                    "paused": table.paused,
                }
            )
        return out
