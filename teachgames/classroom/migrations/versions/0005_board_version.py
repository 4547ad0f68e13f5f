"""The board's own version, kept with the session so that every process of a class
server (``--workers``, or two servers on one PostgreSQL) tells a dashboard the same
thing: it grows with every answer, join and removal, as ``version`` does with pacing.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN, as in 0004: SQLite's batch mode would copy and drop the table
    op.add_column(
        "sessions", sa.Column("board_version", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("board_version")
