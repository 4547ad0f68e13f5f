# jupyterhub_config.py: the class server as a JupyterHub service, for a school.
#
# Pupils are who the Hub says they are. The Hub's groups say who is who:
#   - a teacher is in the group "teachers"; each teacher sees only the classes they made;
#   - the pupils of a class are the members of its group, "class-" and the class's name in
#     lower case with hyphens for spaces (7A -> class-7a, "Maths club" -> class-maths-club);
#     a pupil joins only a lesson of their own class.
# Copy this file beside your own Hub configuration (or paste it in), set the users and
# groups your school has, and start the Hub as usual:  jupyterhub -f jupyterhub_config.py
# The tests start a Hub on loopback with this very file (tests/classroom/test_hub.py).
# docs/classroom.md shows the same set-up as Zero to JupyterHub values (Kubernetes).
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
        "command": [
            sys.executable,
            "-m",
            "teachgames.cli",
            "class",
            "serve",
            "--hub",
            "--db",
            CLASS_DB,
            "--teachers",
            "teachers",
            "--class-groups",
            "class-",
        ],
        "display": True,
    }
]
# The service asks the Hub who owns a pupil's token (no scope needed: the token says)
# and which groups that user is in: its one scope.
c.JupyterHub.load_roles = [
    {"name": "classroom-service", "scopes": ["read:users:groups"], "services": ["classroom"]},
]
# Two teachers, each with a class; Boris is in a second class, the maths club.
# (A Hub whose authenticator brings groups, Authenticator.manage_groups, needs none of this.)
c.JupyterHub.load_groups = {
    "teachers": {"users": ["ivanova", "petrov"]},
    "class-7a": {"users": ["asel", "boris"]},
    "class-7b": {"users": ["chen", "dana"]},
    "class-maths-club": {"users": ["boris", "chen"]},
}
# Every user server (and so every kernel) knows where the class is:
# teachgames.classroom.from_hub() and Teacher.from_hub() read it.
c.Spawner.environment = {"TEACHGAMES_CLASS_URL": f"{CLASS_URL}/services/classroom"}
