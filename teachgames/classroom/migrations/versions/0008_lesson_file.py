"""A session of a teacher's own lesson keeps the lesson file's JSON text: the server
judges the lesson as it was when the session began, in every process of the server,
whatever becomes of the file on the teacher's disk. NULL for a lesson of teachgames.

Revision ID: 0008_lesson_file
Revises: 0007_practice_results
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_lesson_file"
down_revision = "0007_practice_results"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # a plain ADD COLUMN, as in 0004: SQLite's batch mode would copy and drop the table
    op.add_column("sessions", sa.Column("lesson_file", sa.Text(), nullable=True))


def downgrade() -> None:
    # plain DROP COLUMN, not a batch copy (whose drop of the old table would delete every
    # pupil and answer of the session); a teacher's lesson session is then unknown here
    op.drop_column("sessions", "lesson_file")
