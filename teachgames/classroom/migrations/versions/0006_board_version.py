"""The board's own version, kept with the session so that every process of a class
server (``--workers``, or two servers on one PostgreSQL) tells a dashboard the same
thing: it grows with every answer, join and removal, as ``version`` does with pacing.

Revision ID: 0006_board_version
Revises: 0005_class_owner
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_board_version"
down_revision = "0005_class_owner"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN, as in 0004: SQLite's batch mode would copy and drop the table
    op.add_column(
        "sessions", sa.Column("board_version", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    # plain ALTER TABLE ... DROP COLUMN (SQLite 3.35 and later), not a batch copy: the
    # copy's drop of the old table would delete every pupil and answer of the session
    op.drop_column("sessions", "board_version")
