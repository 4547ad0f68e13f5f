"""Classes, sessions, pupils and answers.

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

TZ = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("created", TZ, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("class_id", sa.Integer, sa.ForeignKey("classes.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("tasks", sa.Text, nullable=False),
        sa.Column("code", sa.String(12), nullable=False, unique=True),
        sa.Column("started", TZ, nullable=False),
        sa.Column("expires", TZ, nullable=False),
        sa.Column("pacing", sa.Integer, nullable=True),
        sa.Column("reveal_answer", sa.String(32), nullable=True),
        sa.Column("timer_started", TZ, nullable=True),
        sa.Column("timer_seconds", sa.Integer, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
    )
    op.create_index("ix_sessions_class_id", "sessions", ["class_id"])
    op.create_table(
        "pupils",
        sa.Column("id", sa.Integer, primary_key=True),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("name", sa.String(80), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("hub_user", sa.String(120), nullable=True),
        sa.Column("joined", TZ, nullable=False),
        sa.UniqueConstraint("session_id", "hub_user"),
    )
    op.create_index("ix_pupils_session_id", "pupils", ["session_id"])
    op.create_table(
        "answers",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("pupil_id", sa.Integer, sa.ForeignKey("pupils.id", ondelete="CASCADE"), nullable=False),
        sa.Column("session_id", sa.Integer, sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False),
        sa.Column("lesson", sa.String(120), nullable=False),
        sa.Column("task", sa.String(120), nullable=False),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("correct", sa.Boolean, nullable=False),
        sa.Column("misconception", sa.String(120), nullable=True),
        sa.Column("attempt", sa.Integer, nullable=False),
        sa.Column("at", TZ, nullable=False),
        sa.Column("received", TZ, nullable=False),
        sa.Column("language", sa.String(5), nullable=False),
    )
    op.create_index("ix_answers_pupil_id", "answers", ["pupil_id"])
    op.create_index("ix_answers_session_task", "answers", ["session_id", "task"])


def downgrade() -> None:
    op.drop_table("answers")
    op.drop_table("pupils")
    op.drop_table("sessions")
    op.drop_table("classes")
