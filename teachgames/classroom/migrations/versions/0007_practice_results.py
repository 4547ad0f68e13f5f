"""Practice results: each try at a practice item a pupil in the class made, marked by
the server, for the teacher's skill x pupil mastery grid.

Revision ID: 0007_practice_results
Revises: 0006_board_version
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_practice_results"
down_revision = "0006_board_version"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "practice_results",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("pupil_id", sa.Integer(), sa.ForeignKey("pupils.id", ondelete="CASCADE"), nullable=False),
        sa.Column(
            "session_id", sa.Integer(), sa.ForeignKey("sessions.id", ondelete="CASCADE"), nullable=False
        ),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("skill", sa.String(80), nullable=False),
        sa.Column("level", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("probe", sa.String(80), nullable=True),
        sa.Column("item", sa.String(240), nullable=False),
        sa.Column("attempt", sa.Integer(), nullable=False),
        sa.Column("answer", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("misconception", sa.String(120), nullable=True),
        sa.Column("fits", sa.Text(), nullable=False),
        sa.Column("refutes", sa.Text(), nullable=False),
        sa.Column("guess", sa.Float(), nullable=True),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("received", sa.DateTime(timezone=True), nullable=False),
        sa.Column("language", sa.String(5), nullable=False),
        sa.UniqueConstraint("pupil_id", "item", "attempt", name="uq_practice_results_pupil_item_attempt"),
    )
    op.create_index("ix_practice_results_pupil_id", "practice_results", ["pupil_id"])
    op.create_index("ix_practice_results_session", "practice_results", ["session_id"])


def downgrade() -> None:
    op.drop_table("practice_results")
