"""Tables and hand records.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables table and the hands table."""
    op.create_table(
        "parlour_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("state", sa.JSON, nullable=False),
    )
    op.create_table(
        "parlour_hands",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("finished", sa.Boolean, nullable=False),
        sa.Column("record", sa.JSON, nullable=False),
        sa.Column("people", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("parlour_hands")
    op.drop_table("parlour_tables")
