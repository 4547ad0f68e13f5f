"""One current answer per pupil, task and try; the hints a pupil used.

Before this revision a pupil's side could record any number of answers to one try (a
flood of made-up ids). The newest of each (pupil, task, try) is kept, the others are
deleted, and a unique index keeps it so.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    answers = sa.table(
        "answers",
        sa.column("id", sa.String),
        sa.column("pupil_id", sa.Integer),
        sa.column("task", sa.String),
        sa.column("attempt", sa.Integer),
        sa.column("received", sa.DateTime(timezone=True)),
    )
    newer = answers.alias("newer")
    superseded = sa.exists().where(
        newer.c.pupil_id == answers.c.pupil_id,
        newer.c.task == answers.c.task,
        newer.c.attempt == answers.c.attempt,
        sa.or_(
            newer.c.received > answers.c.received,
            sa.and_(newer.c.received == answers.c.received, newer.c.id > answers.c.id),
        ),
    )
    op.execute(answers.delete().where(superseded))
    with op.batch_alter_table("answers") as batch:
        batch.add_column(sa.Column("hints", sa.Integer, nullable=True))
        batch.create_unique_constraint("uq_answers_pupil_task_attempt", ["pupil_id", "task", "attempt"])


def downgrade() -> None:
    with op.batch_alter_table("answers") as batch:
        batch.drop_constraint("uq_answers_pupil_task_attempt", type_="unique")
        batch.drop_column("hints")
