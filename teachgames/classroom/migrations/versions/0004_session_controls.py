"""The teacher's session controls that must outlast a reload or a restart: the class
paused (pupils' input frozen), names hidden on the board, a screen shown to the class,
when the session started (for the session picker).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ... ADD COLUMN on both databases: SQLite's batch mode would copy
    # the table and drop the old one, and with foreign keys on that drop would take
    # every pupil and answer of the sessions with it
    op.add_column("sessions", sa.Column("paused", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("sessions", sa.Column("anonymous", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.add_column("sessions", sa.Column("shown_screen", sa.Integer(), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("shown_screen")
        batch.drop_column("anonymous")
        batch.drop_column("paused")
