"""Alembic's environment: runs on the connection :func:`teachgames.classroom.store.migrate` passes."""

from __future__ import annotations

from alembic import context

from teachgames.classroom.models import Base

connection = context.config.attributes.get("connection")
if connection is None:  # `alembic` on the command line: the URL from the ini file
    from sqlalchemy import create_engine

    engine = create_engine(context.config.get_main_option("sqlalchemy.url") or "sqlite://")
    with engine.connect() as conn:
        context.configure(connection=conn, target_metadata=Base.metadata, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
else:
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()
