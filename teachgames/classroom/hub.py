"""Who a request comes from when the class server runs as a JupyterHub service.

A pupil's kernel in a Hub user server holds ``JUPYTERHUB_API_TOKEN``; it sends it as
``Authorization: token <t>``. The service asks the Hub who owns the token
(``GET /hub/api/user``) and, with its own token, which groups that user is in (the
service's role needs the one scope ``read:users:groups``). Answers are cached for a
minute so a burst of answers costs the Hub one request per pupil.

A school shares one Hub, and the groups say who is who: a teacher is in the teachers'
group (``teachers``), and the pupils of a class are the members of the class's group,
named by :func:`class_group` (``class-`` and the class's name: ``class-7b`` for 7B).
"""

from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

#: The Hub groups of classes start with this (``teachgames class serve --class-groups``).
CLASS_PREFIX = "class-"


def class_group(name: str, prefix: str = CLASS_PREFIX) -> str:
    """The Hub group of the class called ``name``: its pupils are that group's members.

    The name in lower case with its spaces as hyphens after the prefix ("7B" ->
    "class-7b", "Year 7 Maths" -> "class-year-7-maths"), so an administrator can
    write the group's name from the class's without asking the server."""
    return prefix + "-".join(name.casefold().split())


@dataclass(frozen=True)
class HubUser:
    name: str
    groups: frozenset[str]


class HubIdentity:
    def __init__(
        self,
        api_url: str,
        service_token: str,
        teachers: str = "teachers",
        ttl: float = 60.0,
        class_prefix: str = CLASS_PREFIX,
    ) -> None:
        self.api_url = api_url.rstrip("/")
        self.service_token = service_token
        self.teachers = teachers
        self.class_prefix = class_prefix
        self.ttl = ttl
        self._cache: dict[str, tuple[float, HubUser | None]] = {}

    @classmethod
    def from_environment(
        cls, teachers: str = "teachers", class_prefix: str = CLASS_PREFIX
    ) -> HubIdentity | None:
        """The Hub set-up a service gets in its environment, or None outside a Hub."""
        url = os.environ.get("JUPYTERHUB_API_URL")
        token = os.environ.get("JUPYTERHUB_API_TOKEN")
        if not url or not token:
            return None
        return cls(url, token, teachers, class_prefix=class_prefix)

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

    def in_class(self, user: HubUser, class_name: str) -> bool:
        """Whether ``user`` is a pupil of the class: a member of its Hub group."""
        return class_group(class_name, self.class_prefix) in user.groups
