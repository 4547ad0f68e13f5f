"""A class's owner: the JupyterHub teacher who made it, so each teacher of a school on
one Hub sees their own classes only. NULL: a class of the teacher's key (the LAN
server's, and every class made before this revision).

Revision ID: 0005_class_owner
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_class_owner"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # plain ALTER TABLE ... ADD COLUMN (as 0004): SQLite's batch copy of the table would
    # drop the old one, and with foreign keys on every session, pupil and answer with it
    op.add_column("classes", sa.Column("owner", sa.String(120), nullable=True))
    op.create_index("ix_classes_owner", "classes", ["owner"])


def downgrade() -> None:
    # plain ALTER TABLE ... DROP COLUMN (SQLite 3.35 and later), not a batch copy, for
    # the same reason: the copy's drop of the old table would delete every session
    op.drop_index("ix_classes_owner", table_name="classes")
    op.drop_column("classes", "owner")
