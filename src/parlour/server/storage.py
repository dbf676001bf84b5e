"""Storage through SQLAlchemy 2: tables, leases, hands and the actions of hands in progress.

SQLite by default, PostgreSQL by URL. The schema is created and upgraded by the Alembic
migrations in :mod:`parlour.server.migrations`, run automatically when a store opens.

What is written, and when (issue 16: persistence that never blocks a table):
- ``parlour_tables``: a table's state, written only when it changes (a seat, a stack, the
  ledger, a request; never for a chat or a connection), and its lease: which server process
  owns the table (``owner``) and until when (``lease_until``, renewed by the owner).
- ``parlour_hands``: one row per hand, inserted when it is dealt (the record's header and
  first shuffles) and completed once when it ends (the whole record, ``ended_at``).
- ``parlour_actions``: one row per accepted action of a hand in progress (with any shuffle
  the action needed), appended in the transaction that accepts it, deleted when the hand's
  record is completed. A restart replays header + rows to take the hand up again.

Every write names the table's owner and checks the lease in the same transaction, so a
process that lost a table (frozen past its lease, then thawed) can never write to it.
The store is synchronous; :mod:`parlour.server.writer` runs it off the event loop.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from sqlalchemy.dialects import postgresql, sqlite

from parlour.errors import ParlourError
from parlour.server.homes import ID_LENGTH

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
    sa.Column("owner", sa.String(64), nullable=True, index=True),
    sa.Column("lease_until", sa.Float, nullable=False, server_default="0"),
    sa.Column("closed_at", sa.Float, nullable=True),
    sa.Column("creator", sa.String(64), nullable=False, server_default=""),
)

hands_table = sa.Table(
    "parlour_hands",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("finished", sa.Boolean, nullable=False),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("people", sa.JSON, nullable=False),
    sa.Column("ended_at", sa.Float, nullable=True),
)

actions_table = sa.Table(
    "parlour_actions",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("idx", sa.Integer, primary_key=True),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("shuffles", sa.JSON, nullable=False),
)

MIGRATIONS = Path(__file__).with_name("migrations")
#: A released table's lease is dated this many seconds back, so that a claim made in the
#: same clock tick already sees it lapsed.
RELEASED_BEFORE = 0.001

# The statements of every write, built once: building one (and its cache key) costs the
# writer thread more than SQLite takes to run it, for every change of every table.
_HOLD = (
    tables_table.update()
    .where(
        tables_table.c.id.in_(sa.bindparam("ids", expanding=True))
        & (tables_table.c.owner == sa.bindparam("holder"))
    )
    .values(lease_until=sa.bindparam("until"))
    .returning(tables_table.c.id)
)
_STATE = (
    tables_table.update()
    .where(tables_table.c.id == sa.bindparam("key"))
    .values(updated_at=sa.bindparam("now"), state=sa.bindparam("state"))
)
#: Insert-or-keep statements by (dialect name, table name).
_INSERTS: dict[tuple[str, str], Any] = {}


def migrate(engine: sa.Engine) -> None:
    """Bring the database schema up to the newest migration (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Several processes may start at once on one database: one migrates at a time.
            connection.execute(sa.text("SELECT pg_advisory_xact_lock(7120516)"))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class DatabaseError(ParlourError):
    """The database named by a URL cannot be used (bad URL, no driver, unreachable)."""


class LeaseLost(ParlourError):
    """This process no longer owns the table (another process took it over)."""


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
        engine = sa.create_engine(parsed, pool_pre_ping=True)
    except (sa.exc.NoSuchModuleError, ImportError) as error:
        shown = parsed.render_as_string(hide_password=True)
        raise DatabaseError(f"cannot use database {shown}: {error}") from None
    if engine.dialect.name == "sqlite":
        sa.event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    """WAL lets downloads read while the writer writes; a busy file is waited for."""
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


@dataclass
class Change:
    """What one change of one table must store, written together in one transaction.

    ``state`` is the table's new state (``None``: unchanged); ``started`` a hand just dealt
    ``(number, header record, people)``; ``actions`` the new action rows ``(number, index,
    action, new shuffles)``; ``ended`` hands just finished ``(number, record, people)``.
    """

    table_id: str
    owner: str
    state: dict[str, Any] | None = None
    started: list[tuple[int, dict[str, Any], dict[str, str]]] = field(default_factory=list)
    actions: list[tuple[int, int, dict[str, Any], list[list[str]]]] = field(default_factory=list)
    ended: list[tuple[int, dict[str, Any], dict[str, str]]] = field(default_factory=list)

    def empty(self) -> bool:
        """Whether there is nothing to write."""
        return self.state is None and not (self.started or self.actions or self.ended)


@dataclass(frozen=True)
class Loaded:
    """A stored table as its new owner needs it."""

    table_id: str
    state: dict[str, Any]
    #: The hand in progress as a record so far (header + action rows), if one is.
    unfinished: dict[str, Any] | None
    #: The newest finished hands' numbers, oldest first.
    recent: list[int]


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

    @property
    def shared(self) -> bool:
        """Whether several processes may use this database at once (PostgreSQL)."""
        return self.engine.dialect.name == "postgresql"

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    # Writes (run by the writer thread, in order).

    def create(
        self,
        table_id: str,
        game: str,
        state: dict[str, Any],
        *,
        owner: str,
        lease: float,
        creator: str,
    ) -> None:
        """Store a new table, owned by ``owner`` for ``lease`` seconds."""
        now = time.time()
        with self.engine.begin() as db:
            db.execute(
                tables_table.insert().values(
                    id=table_id,
                    game=game,
                    created_at=now,
                    updated_at=now,
                    state=state,
                    owner=owner,
                    lease_until=now + lease,
                    creator=creator,
                )
            )

    def write(self, changes: Sequence[Change], lease: float) -> list[str]:
        """Store many tables' changes in one transaction (a group commit).

        Each table's lease is checked (and renewed) first; the ids of tables whose lease
        is lost are returned and their changes are not written. Safe to repeat after a
        failure whose commit may or may not have happened: rows already there are kept.
        Rows of one kind go in one statement for the whole batch.
        """
        now = time.time()
        with self.engine.begin() as db:
            held: set[str] = set()
            for owner in {c.owner for c in changes}:
                ids = sorted({c.table_id for c in changes if c.owner == owner})
                held |= {f"{owner}\n{t}" for t in _hold(db, ids, owner, now + lease)}
            kept = [c for c in changes if f"{c.owner}\n{c.table_id}" in held]
            _write_changes(db, kept, now)
        return [c.table_id for c in changes if f"{c.owner}\n{c.table_id}" not in held]

    def renew(self, owner: str, lease: float) -> set[str]:
        """Extend the lease of every table ``owner`` holds; the ids it still holds."""
        now = time.time()
        mine = tables_table.c.owner == owner
        with self.engine.begin() as db:
            db.execute(tables_table.update().where(mine).values(lease_until=now + lease))
            rows = db.execute(sa.select(tables_table.c.id).where(mine)).all()
        return {row.id for row in rows}

    def claim(
        self, owner: str, lease: float, limit: int, *, home: str = "", grace: float = 0.0
    ) -> list[str]:
        """Take up to ``limit`` open tables whose lease has run out (their owner died), or
        that are already ``owner``'s (the same process slot, restarted), not yet taken up.

        ``home`` (a worker of ``parlour serve --workers``) names the last characters of the
        ids of this worker's own tables (:mod:`parlour.server.homes`): those it takes as soon
        as their lease runs out, the others only ``grace`` seconds later, so after a restart
        each table goes back to its home worker, where the connections for it arrive.

        On PostgreSQL the rows are locked with SKIP LOCKED, so processes claiming at once
        take different tables and never the same one.
        """
        now = time.time()
        lapsed = tables_table.c.lease_until < now
        if home:
            last = sa.func.substr(tables_table.c.id, ID_LENGTH, 1)
            lapsed = lapsed & (last.in_(list(home)) | (tables_table.c.lease_until < now - grace))
        free = (tables_table.c.closed_at.is_(None)) & (lapsed | (tables_table.c.owner == owner))
        pick = sa.select(tables_table.c.id).where(free).order_by(tables_table.c.lease_until)
        pick = pick.limit(limit)
        with self.engine.begin() as db:
            if db.dialect.name == "postgresql":
                pick = pick.with_for_update(skip_locked=True)
            ids = [row.id for row in db.execute(pick).all()]
            if ids:
                db.execute(
                    tables_table.update()
                    .where(tables_table.c.id.in_(ids) & free)
                    .values(owner=owner, lease_until=now + lease)
                )
        return ids

    def release(self, owner: str, table_ids: Iterable[str]) -> None:
        """Give tables up (a clean shutdown): another process may take them at once (a
        worker of ``--workers`` other than the table's home waits its grace from now)."""
        ids = list(table_ids)
        if not ids:
            return
        with self.engine.begin() as db:
            db.execute(
                tables_table.update()
                .where(tables_table.c.id.in_(ids) & (tables_table.c.owner == owner))
                .values(owner=None, lease_until=time.time() - RELEASED_BEFORE)
            )

    def close_table(self, table_id: str, owner: str) -> bool:
        """Close an idle table for good (its hands stay downloadable); whether it was ours."""
        with self.engine.begin() as db:
            done = db.execute(
                tables_table.update()
                .where((tables_table.c.id == table_id) & (tables_table.c.owner == owner))
                .values(closed_at=time.time(), owner=None, lease_until=0.0)
            )
        return bool(done.rowcount)

    # Reads (any thread).

    def load(self, table_id: str, recent: int = 30) -> Loaded:
        """A table's state, its hand in progress (as a record so far) and recent hands."""
        with self.engine.begin() as db:
            state = db.execute(
                sa.select(tables_table.c.state).where(tables_table.c.id == table_id)
            ).scalar_one()
            number = int(state["hand_number"])
            unfinished = _record_so_far(db, table_id, number)
            rows = db.execute(
                sa.select(hands_table.c.number)
                .where((hands_table.c.table_id == table_id) & hands_table.c.finished)
                .order_by(hands_table.c.number.desc())
                .limit(recent)
            ).all()
        return Loaded(table_id, dict(state), unfinished, sorted(r.number for r in rows))

    def load_tables(self) -> list[tuple[str, dict[str, Any]]]:
        """Every open stored table as ``(id, state)``, oldest first."""
        with self.engine.begin() as db:
            rows = db.execute(
                sa.select(tables_table.c.id, tables_table.c.state)
                .where(tables_table.c.closed_at.is_(None))
                .order_by(tables_table.c.created_at)
            ).all()
        return [(row.id, dict(row.state)) for row in rows]

    def table_status(self, table_id: str) -> tuple[str, dict[str, Any]] | None:
        """``("open" | "closed", state)`` of a table, or ``None`` if there is no such table."""
        with self.engine.begin() as db:
            row = db.execute(
                sa.select(tables_table.c.state, tables_table.c.closed_at).where(
                    tables_table.c.id == table_id
                )
            ).first()
        if row is None:
            return None
        return ("open" if row.closed_at is None else "closed", dict(row.state))

    def open_count(self, creator: str | None = None) -> int:
        """How many open tables there are (made from address ``creator``, if given)."""
        where: sa.ColumnElement[bool] = tables_table.c.closed_at.is_(None)
        if creator is not None:
            where = where & (tables_table.c.creator == creator)
        with self.engine.begin() as db:
            return int(db.execute(sa.select(sa.func.count()).where(where)).scalar_one())

    def load_hand(self, table_id: str, number: int) -> HandRow | None:
        """One hand: ``(number, record, finished, people)``, or ``None``.

        A hand in progress comes as its record so far (header and action rows).
        """
        key = (hands_table.c.table_id == table_id) & (hands_table.c.number == number)
        with self.engine.begin() as db:
            row = db.execute(
                sa.select(hands_table.c.finished, hands_table.c.people).where(key)
            ).first()
            if row is None:
                return None
            if row.finished:
                record = db.execute(sa.select(hands_table.c.record).where(key)).scalar_one()
            else:
                record = _record_so_far(db, table_id, number)
        return (number, dict(record), bool(row.finished), dict(row.people))

    def finished_hands(self, table_id: str) -> list[int]:
        """The numbers of a table's finished hands, in order."""
        with self.engine.begin() as db:
            rows = db.execute(
                sa.select(hands_table.c.number)
                .where((hands_table.c.table_id == table_id) & hands_table.c.finished)
                .order_by(hands_table.c.number)
            ).all()
        return [row.number for row in rows]

    def hand_page(
        self, table_id: str, page: int, per_page: int
    ) -> tuple[list[tuple[int, float | None, dict[str, Any]]], int]:
        """One page of a table's finished hands, newest first: ``(number, ended_at, record)``
        rows and the total count."""
        where = (hands_table.c.table_id == table_id) & hands_table.c.finished
        with self.engine.begin() as db:
            total = int(db.execute(sa.select(sa.func.count()).where(where)).scalar_one())
            rows = db.execute(
                sa.select(hands_table.c.number, hands_table.c.ended_at, hands_table.c.record)
                .where(where)
                .order_by(hands_table.c.number.desc())
                .offset((page - 1) * per_page)
                .limit(per_page)
            ).all()
        return [(r.number, r.ended_at, dict(r.record)) for r in rows], total


def _hold(db: sa.Connection, ids: list[str], owner: str, until: float) -> list[str]:
    """Renew ``owner``'s lease on tables inside this transaction; the ids it holds."""
    done = db.execute(_HOLD, {"ids": ids, "holder": owner, "until": until})
    return list(done.scalars())


def _write_changes(db: sa.Connection, changes: Sequence[Change], now: float) -> None:
    """Every row of a batch of changes, one statement per kind of row."""
    states = [
        {"key": c.table_id, "state": c.state, "now": now} for c in changes if c.state is not None
    ]
    if states:
        db.execute(_STATE, states)
    started = [
        {"table_id": c.table_id, "number": n, "finished": False, "record": r, "people": p}
        for c in changes
        for n, r, p in c.started
    ]
    _insert_new(db, hands_table, started)
    actions = [
        {"table_id": c.table_id, "number": n, "idx": i, "action": a, "shuffles": s}
        for c in changes
        for n, i, a, s in c.actions
    ]
    _insert_new(db, actions_table, actions)
    for change in changes:
        for number, record, people in change.ended:
            _end_hand(db, change.table_id, number, record, people, now)


def _end_hand(
    db: sa.Connection,
    table_id: str,
    number: int,
    record: dict[str, Any],
    people: dict[str, str],
    now: float,
) -> None:
    """Complete a hand's row with its whole record; its action rows are no longer needed."""
    hand = (hands_table.c.table_id == table_id) & (hands_table.c.number == number)
    done = db.execute(
        hands_table.update()
        .where(hand)
        .values(finished=True, record=record, people=people, ended_at=now)
    )
    if not done.rowcount:  # a hand dealt and over at once (all in on the antes)
        row = {"table_id": table_id, "number": number, "finished": True}
        _insert_new(db, hands_table, [{**row, "record": record, "people": people, "ended_at": now}])
    db.execute(
        actions_table.delete().where(
            (actions_table.c.table_id == table_id) & (actions_table.c.number == number)
        )
    )


def _insert_new(db: sa.Connection, table: sa.Table, rows: list[dict[str, Any]]) -> None:
    """Insert rows, keeping any whose key is there already (a write repeated after a lost
    answer), in one statement."""
    if not rows:
        return
    key = (db.dialect.name, table.name)
    statement = _INSERTS.get(key)
    if statement is None:
        dialect = postgresql if db.dialect.name == "postgresql" else sqlite
        statement = _INSERTS[key] = dialect.insert(table).on_conflict_do_nothing()
    db.execute(statement, rows)


def _record_so_far(db: sa.Connection, table_id: str, number: int) -> dict[str, Any] | None:
    """The unfinished hand ``number`` as a record: its header plus its action rows."""
    key = (hands_table.c.table_id == table_id) & (hands_table.c.number == number)
    row = db.execute(sa.select(hands_table.c.record, hands_table.c.finished).where(key)).first()
    if row is None or row.finished:
        return None
    record = dict(row.record)
    actions = list(record.get("actions", []))
    shuffles = list(record.get("shuffles", []))
    rows = db.execute(
        sa.select(actions_table.c.idx, actions_table.c.action, actions_table.c.shuffles)
        .where((actions_table.c.table_id == table_id) & (actions_table.c.number == number))
        .order_by(actions_table.c.idx)
    ).all()
    for item in rows:
        if item.idx == len(actions):  # rows past the record (older stores kept actions in it)
            actions.append(item.action)
            shuffles.extend(item.shuffles)
    return {**record, "actions": actions, "shuffles": shuffles}
