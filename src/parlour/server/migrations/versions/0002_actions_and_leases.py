"""Append-only action rows, table leases, closed tables, hand end times (issue 16).

Revision ID: 0002
Revises: 0001

Existing databases keep working: a hand in progress stored by 0001 keeps its actions in
its record, and action rows continue from there; tables with no owner are free to claim.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the lease and closing columns, the hands' end time and the actions table."""
    op.add_column("parlour_tables", sa.Column("owner", sa.String(64), nullable=True))
    op.add_column(
        "parlour_tables",
        sa.Column("lease_until", sa.Float, nullable=False, server_default="0"),
    )
    op.add_column("parlour_tables", sa.Column("closed_at", sa.Float, nullable=True))
    op.add_column(
        "parlour_tables", sa.Column("creator", sa.String(64), nullable=False, server_default="")
    )
    op.create_index("ix_parlour_tables_owner", "parlour_tables", ["owner"])
    op.add_column("parlour_hands", sa.Column("ended_at", sa.Float, nullable=True))
    op.create_table(
        "parlour_actions",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("action", sa.JSON, nullable=False),
        sa.Column("shuffles", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """Drop what ``upgrade`` added (action rows of hands in progress are lost)."""
    op.drop_table("parlour_actions")
    op.drop_column("parlour_hands", "ended_at")
    op.drop_index("ix_parlour_tables_owner", "parlour_tables")
    with op.batch_alter_table("parlour_tables") as batch:
        for name in ("creator", "closed_at", "lease_until", "owner"):
            batch.drop_column(name)
