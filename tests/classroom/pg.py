"""A throw-away PostgreSQL server for the tests: Debian's binaries, a temporary data
directory, a loopback port, trust authentication, stopped at the end.

``TEACHGAMES_TEST_PG`` (a URL) uses a server that is already running instead.
PostgreSQL refuses to run as root, so as root the server runs as the ``postgres`` user
that Debian's package creates.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager


def binaries() -> str | None:
    found = shutil.which("pg_ctl")
    if found:
        return os.path.dirname(os.path.realpath(found))
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return os.path.dirname(versions[-1]) if versions else None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def postgres_server() -> Iterator[str]:
    """Yield the URL of a running server's ``postgres`` database."""
    given = os.environ.get("TEACHGAMES_TEST_PG")
    if given:
        yield given
        return
    bindir = binaries()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL is not installed (Debian: apt-get install postgresql)")
    folder = tempfile.mkdtemp(prefix="teachgames-pg-")
    prefix: list[str] = []
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(folder, user.pw_uid, user.pw_gid)
        prefix = ["runuser", "-u", "postgres", "--"]
    data = os.path.join(folder, "data")
    port = free_port()
    subprocess.run(
        [*prefix, f"{bindir}/initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8"],
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(
        [*prefix, f"{bindir}/pg_ctl", "-D", data, "-o", options, "-l", f"{folder}/log", "-w", "start"],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, f"{bindir}/pg_ctl", "-D", data, "-m", "immediate", "stop"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(0.1)
        shutil.rmtree(folder, ignore_errors=True)


def new_database(server_url: str) -> str:
    """A fresh empty database on that server; its URL."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server_url.replace("postgresql://", "postgresql://", 1), autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return server_url.rsplit("/", 1)[0] + "/" + name
