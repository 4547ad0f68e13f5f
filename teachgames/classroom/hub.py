"""Who a request comes from when the class server runs as a JupyterHub service.

A pupil's kernel in a Hub user server holds ``JUPYTERHUB_API_TOKEN``; it sends it as
``Authorization: token <t>``. The service asks the Hub who owns the token
(``GET /hub/api/user``) and, with its own token, which groups that user is in; the
teacher is whoever is in the teachers' group. Answers are cached for a minute so a
burst of answers costs the Hub one request per pupil.
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass


@dataclass(frozen=True)
class HubUser:
    name: str
    groups: frozenset[str]


class HubIdentity:
    def __init__(
        self, api_url: str, service_token: str, teachers: str = "teachers", ttl: float = 60.0
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self.service_token = service_token
        self.teachers = teachers
        self.ttl = ttl
        self._cache: dict[str, tuple[float, HubUser | None]] = {}

    @classmethod
    def from_environment(cls, teachers: str = "teachers") -> HubIdentity | None:
        """The Hub set-up a service gets in its environment, or None outside a Hub."""
        url = os.environ.get("JUPYTERHUB_API_URL")
        token = os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            return None
        return cls(url, token, teachers)

    def _get(self, path: str, token: str) -> dict[str, object] | None:
        request = urllib.request.Request(self.api_url + path, headers={"Authorization": f"token {token}"})
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                data = json.loads(response.read(1_000_000))
        except urllib.error.HTTPError as exc:
            if exc.code in (401, 403, 404):
                return None
            raise
        return data if isinstance(data, dict) else None

    def user(self, token: str) -> HubUser | None:
        """The Hub user who owns ``token`` (blocking: call it in a worker thread)."""
        hit = self._cache.get(token)
        if hit is not None and hit[0] > time.monotonic():
            return hit[1]
        me = self._get("/user", token)
        user = None
        if me is not None and me.get("kind", "user") == "user" and isinstance(me.get("name"), str):
            name = str(me["name"])
            full = self._get("/users/" + urllib.parse.quote(name, safe=""), self.service_token) or {}
            groups = full.get("groups") or me.get("groups") or []
            names = groups if isinstance(groups, list) else []
            user = HubUser(name, frozenset(g for g in names if isinstance(g, str)))
        self._cache[token] = (time.monotonic() + self.ttl, user)
        if len(self._cache) > 5000:
            self._cache.clear()
        return user

    def is_teacher(self, user: HubUser) -> bool:
        return self.teachers in user.groups
