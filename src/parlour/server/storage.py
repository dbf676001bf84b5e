"""Storage through SQLAlchemy 2: tables between hands and hand records (finished or in progress).

SQLite by default, PostgreSQL by URL. The schema is created and upgraded by the Alembic
migrations in :mod:`parlour.server.migrations`, run automatically when a store opens.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, TypeAlias

import sqlalchemy as sa
from alembic import command
from alembic.config import Config

from parlour.errors import ParlourError

#: One stored hand: number, record, whether it is finished, and who held each seat
#: (seat number as text -> token hash), so each person can later see their own view of it.
HandRow: TypeAlias = tuple[int, dict[str, Any], bool, dict[str, str]]

metadata = sa.MetaData()

tables_table = sa.Table(
    "parlour_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("state", sa.JSON, nullable=False),
)

hands_table = sa.Table(
    "parlour_hands",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("people", sa.JSON, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")


def migrate(engine: sa.Engine) -> None:
    """Bring the database schema up to the newest migration (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class DatabaseError(ParlourError):
    """The database named by a URL cannot be used (bad URL, no driver, unreachable)."""


def engine_for(url: str) -> sa.Engine:
    """An engine for ``url``; a bare ``postgresql://`` URL uses psycopg 3, the driver
    the server extra installs (SQLAlchemy would otherwise look for psycopg2)."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise DatabaseError(
            f"cannot read database URL {url!r}; write it as sqlite:///PATH or "
            "postgresql://USER@HOST:PORT/NAME"
        ) from None
    if parsed.drivername == "postgresql":
        parsed = parsed.set(drivername="postgresql+psycopg")
    try:
        return sa.create_engine(parsed, future=True)
    except (sa.exc.NoSuchModuleError, ImportError) as error:
        shown = parsed.render_as_string(hide_password=True)
        raise DatabaseError(f"cannot use database {shown}: {error}") from None


class Store:
    """The server's only door to the database; every call is one short transaction."""

    def __init__(self, url: str) -> None:
        self.engine = engine_for(url)
        try:
            migrate(self.engine)
        except sa.exc.SQLAlchemyError as error:
            self.engine.dispose()
            shown = self.engine.url.render_as_string(hide_password=True)
            reason = str(getattr(error, "orig", None) or error).strip().splitlines()[0]
            raise DatabaseError(f"cannot open database {shown}: {reason}") from None

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    def save(
        self, table_id: str, game: str, state: dict[str, Any], *, hand: HandRow | None = None
    ) -> None:
        """Store a table's state and (optionally) one hand's record in one transaction.

        ``hand`` is ``(number, record, finished, people)``: the record so far while the hand is
        played, the whole record when it is over. One transaction keeps stacks and the
        finished hand in step, so a crash between the two cannot create or lose chips.
        """
        now = time.time()
        with self.engine.begin() as db:
            found = db.execute(
                sa.select(tables_table.c.id).where(tables_table.c.id == table_id)
            ).first()
            if found is None:
                db.execute(
                    tables_table.insert().values(
                        id=table_id, game=game, created_at=now, updated_at=now, state=state
                    )
                )
            else:
                db.execute(
                    tables_table.update()
                    .where(tables_table.c.id == table_id)
                    .values(updated_at=now, state=state)
                )
            if hand is not None:
                _save_hand(db, table_id, hand)

    def load_tables(self) -> list[tuple[str, dict[str, Any]]]:
        """Every stored table as ``(id, state)``, oldest first."""
        with self.engine.begin() as db:
            rows = db.execute(
                sa.select(tables_table.c.id, tables_table.c.state).order_by(
                    tables_table.c.created_at
                )
            ).all()
        return [(row.id, dict(row.state)) for row in rows]

    def load_hand(self, table_id: str, number: int) -> HandRow | None:
        """One hand: ``(number, record, finished, people)``, or ``None``."""
        key = (hands_table.c.table_id == table_id) & (hands_table.c.number == number)
        with self.engine.begin() as db:
            row = db.execute(
                sa.select(hands_table.c.record, hands_table.c.finished, hands_table.c.people).where(
                    key
                )
            ).first()
        if row is None:
            return None
        return (number, dict(row.record), bool(row.finished), dict(row.people))

    def finished_hands(self, table_id: str) -> list[int]:
        """The numbers of a table's finished hands, in order."""
        with self.engine.begin() as db:
            rows = db.execute(
                sa.select(hands_table.c.number)
                .where((hands_table.c.table_id == table_id) & hands_table.c.finished)
                .order_by(hands_table.c.number)
            ).all()
        return [row.number for row in rows]


def _save_hand(db: sa.Connection, table_id: str, hand: HandRow) -> None:
    number, record, finished, people = hand
    key = (hands_table.c.table_id == table_id) & (hands_table.c.number == number)
    found = db.execute(sa.select(hands_table.c.number).where(key)).first()
    if found is None:
        db.execute(
            hands_table.insert().values(
                table_id=table_id, number=number, finished=finished, record=record, people=people
            )
        )
    else:
        db.execute(hands_table.update().where(key).values(finished=finished, record=record))
