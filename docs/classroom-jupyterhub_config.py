# jupyterhub_config.py: the class server as a JupyterHub service.
#
# Pupils are who the Hub says they are; the teacher is whoever is in the Hub group
# "teachers". Copy this file beside your own Hub configuration (or paste it in), set the
# users and groups your school has, and start the Hub as usual:  jupyterhub -f jupyterhub_config.py
# The tests start a Hub on loopback with this very file (tests/classroom/test_hub.py).
import os
import sys

c = get_config()  # noqa: F821 (JupyterHub gives the config object to this file)

#: Where the class server listens (the Hub's proxy serves it at /services/classroom/).
CLASS_PORT = int(os.environ.get("TEACHGAMES_CLASS_PORT", "10101"))
CLASS_URL = f"http://127.0.0.1:{CLASS_PORT}"
#: Its database: SQLite beside the Hub by default; a school server may give PostgreSQL
#: ("postgresql://classroom@db.school.local/classroom").
CLASS_DB = os.environ.get("TEACHGAMES_CLASS_DB", "sqlite:///classroom.db")

c.JupyterHub.services = [
    {
        "name": "classroom",
        "url": CLASS_URL,
        "command": [sys.executable, "-m", "teachgames.cli", "class", "serve", "--hub", "--db", CLASS_DB],
        "display": True,
    }
]
# The service asks the Hub who owns a pupil's token and which groups they are in.
c.JupyterHub.load_roles = [
    {"name": "classroom-service", "scopes": ["read:users", "read:groups"], "services": ["classroom"]},
]
# The teachers' group (its members see the dashboard and pace the class).
c.JupyterHub.load_groups = {"teachers": {"users": ["teacher"]}}
# Every user server (and so every kernel) knows where the class is:
# teachgames.classroom.from_hub() and Teacher.from_hub() read it.
c.Spawner.environment = {"TEACHGAMES_CLASS_URL": f"{CLASS_URL}/services/classroom"}
