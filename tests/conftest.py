"""Suite-wide collection: tests that share a costly server run on one worker.

The README's test command runs the suite with pytest-xdist (``-n auto --dist loadgroup``).
A session-scoped fixture is made once per worker, so a test that needs JupyterLab, Voilà,
the built site, PostgreSQL or JupyterHub is put in that server's group: each server then
starts once, on the worker that runs its group, while the plain tests spread over every
worker. A test marked ``site`` that builds a site of its own joins the site's group too: the
builds then run one after another on one worker, and each after the first finds the
builder's cache (runtime, bytecode, compressed copies) warm instead of doing the same work at
the same time. Without xdist the mark does nothing.
"""

from __future__ import annotations

import pytest

#: Session fixture -> the group of the tests that use it (first match wins).
SHARED_SERVERS = {
    "built_site": "site",
    "voila_servers": "voila",
    "lab": "jupyterlab",
    "hub": "jupyterhub",
    "pg_server": "postgresql",
}


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist's own hook reads the marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        used = getattr(item, "fixturenames", ())
        group = next((g for fixture, g in SHARED_SERVERS.items() if fixture in used), None)
        if group is None and item.get_closest_marker("site"):
            group = SHARED_SERVERS["built_site"]
        if group is not None:
            item.add_marker(pytest.mark.xdist_group(group))
