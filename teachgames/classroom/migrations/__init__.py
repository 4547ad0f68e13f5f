"""Alembic migrations of the class server's database (run by :func:`..store.migrate`)."""
