"""A JupyterHub on loopback for the tests: the documented ``jupyterhub_config.py`` plus
test settings (DummyAuthenticator with a password, SimpleLocalProcessSpawner, the
configurable-http-proxy from npm, free ports, a temporary folder)."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .live import ROOT, free_port

CONFIG = ROOT / "docs" / "classroom-jupyterhub_config.py"
PASSWORD = "classroom-test-password"
ADMIN_TOKEN = "classroom-test-admin-token-0123456789"


def missing() -> list[str]:
    out = []
    if shutil.which("configurable-http-proxy") is None:
        out.append("configurable-http-proxy (npm install -g configurable-http-proxy)")
    try:
        import jupyterhub  # noqa: F401
    except ImportError:
        out.append("the jupyterhub package")
    return out


class Hub:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.class_port = free_port()
        self.class_url = f"http://127.0.0.1:{self.class_port}/services/classroom"
        self.process: subprocess.Popen[bytes] | None = None

    def api(self, method: str, path: str, body: Any = None, token: str = ADMIN_TOKEN) -> Any:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(
            f"{self.url}/hub/api{path}",
            data=data,
            method=method,
            headers={"Authorization": f"token {token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=30) as response:
            raw = response.read()
        return json.loads(raw) if raw else None

    def token_for(self, user: str) -> str:
        """A token of ``user`` as their user server (and its kernels) holds one."""
        try:
            self.api("POST", f"/users/{user}")
        except urllib.error.HTTPError as exc:
            if exc.code != 409:  # 409: the user exists already
                raise
        token: str = self.api("POST", f"/users/{user}/tokens", {"expires_in": 3600, "note": "test"})["token"]
        return token

    def write_config(self) -> Path:
        home = self.folder / "home"
        home.mkdir(exist_ok=True)
        jupyter_config = self.folder / "jupyter-config"
        (jupyter_config / "labconfig").mkdir(parents=True, exist_ok=True)
        (jupyter_config / "labconfig" / "page_config.json").write_text(
            json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
        )
        bindir = os.path.dirname(sys.executable)
        settings = f"""
exec(compile(open({str(CONFIG)!r}).read(), {str(CONFIG)!r}, "exec"))
c.JupyterHub.ip = "127.0.0.1"
c.JupyterHub.port = {self.port}
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = {free_port()}
c.ConfigurableHTTPProxy.api_url = "http://127.0.0.1:{free_port()}"
c.JupyterHub.db_url = "sqlite:///{self.folder / "hub.sqlite"}"
c.JupyterHub.cookie_secret_file = "{self.folder / "cookie_secret"}"
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = {PASSWORD!r}
c.Authenticator.allow_all = True
c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = "{home}/{{username}}"
c.Spawner.default_url = "/lab"
c.Spawner.args = ["--allow-root", "--LabApp.expose_app_in_browser=True",
                  "--LabApp.extension_manager=readonly"]
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 120
c.Spawner.environment.update({{
    "PYTHONPATH": {str(ROOT)!r},
    "JUPYTER_CONFIG_DIR": {str(jupyter_config)!r},
    "PATH": {bindir!r} + ":" + os.environ.get("PATH", ""),
}})
c.JupyterHub.services[0]["environment"] = {{"PYTHONPATH": {str(ROOT)!r}}}
c.JupyterHub.services[0]["cwd"] = {str(self.folder)!r}
c.JupyterHub.services.append({{"name": "test-admin", "api_token": {ADMIN_TOKEN!r}}})
c.JupyterHub.load_roles.append({{"name": "admin", "services": ["test-admin"]}})
# the documented school's groups, and the users of the browser test (a teacher, two pupils of 7B)
c.JupyterHub.load_groups["teachers"]["users"].append("teacher")
c.JupyterHub.load_groups["class-7b"]["users"] += ["pupil1", "pupil2"]
"""
        path = self.folder / "jupyterhub_config.py"
        path.write_text(settings)
        return path

    def start(self, timeout: float = 90.0) -> None:
        config = self.write_config()
        env = {
            **os.environ,
            "TEACHGAMES_CLASS_PORT": str(self.class_port),
            "TEACHGAMES_CLASS_DB": f"sqlite:///{self.folder / 'classroom.db'}",
            "PATH": os.path.dirname(sys.executable) + ":" + os.environ.get("PATH", ""),
            "PYTHONPATH": str(ROOT),
        }
        log = open(self.folder / "hub.log", "ab")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyterhub", "-f", str(config)],
            cwd=self.folder,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("JupyterHub exited:\n" + (self.folder / "hub.log").read_text()[-3000:])
            try:
                self.api("GET", "/")
                with urllib.request.urlopen(self.class_url + "/dashboard", timeout=2):
                    return
            except OSError:
                time.sleep(0.3)
        raise TimeoutError("JupyterHub did not start:\n" + (self.folder / "hub.log").read_text()[-3000:])

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


@contextmanager
def running_hub(folder: Path) -> Iterator[Hub]:
    hub = Hub(folder)
    try:
        hub.start()
        yield hub
    finally:
        hub.stop()
