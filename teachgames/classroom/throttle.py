"""Throttling of class-code guesses: a code has about 887 million values, and a client
may get only a few wrong per minute, the whole server a few dozen."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable


class Throttle:
    """Failed tries per client and overall within a sliding window."""

    def __init__(
        self,
        per_client: int = 8,
        overall: int = 60,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.per_client = per_client
        self.overall = overall
        self.window = window
        self.clock = clock
        self._clients: dict[str, deque[float]] = {}
        self._all: deque[float] = deque()

    def _trim(self, times: deque[float], now: float) -> None:
        while times and times[0] <= now - self.window:
            times.popleft()

    def wait(self, client: str) -> float:
        """Seconds ``client`` must wait before trying again (0: it may try now)."""
        now = self.clock()
        self._trim(self._all, now)
        mine = self._clients.get(client)
        if mine is not None:
            self._trim(mine, now)
            if not mine:
                del self._clients[client]
        waits = []
        if mine is not None and len(mine) >= self.per_client:
            waits.append(mine[0] + self.window - now)
        if len(self._all) >= self.overall:
            waits.append(self._all[0] + self.window - now)
        return max(waits, default=0.0)

    def failed(self, client: str) -> None:
        now = self.clock()
        self._clients.setdefault(client, deque()).append(now)
        self._all.append(now)
        if len(self._clients) > 10_000:  # a flood of addresses: forget the oldest
            for key in list(self._clients)[:5_000]:
                del self._clients[key]


class Limit:
    """At most ``count`` events per key within a sliding ``window`` of seconds: joins per
    address and per class code, so one pupil's script cannot fill a class with names."""

    def __init__(self, count: int, window: float = 60.0, clock: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.window = window
        self.clock = clock
        self._times: dict[str, deque[float]] = {}

    def wait(self, key: str) -> float:
        """Seconds before ``key`` may have another event (0: now)."""
        now = self.clock()
        times = self._times.get(key)
        if times is None:
            return 0.0
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._times[key]
            return 0.0
        return times[0] + self.window - now if len(times) >= self.count else 0.0

    def add(self, key: str) -> None:
        self._times.setdefault(key, deque()).append(self.clock())
        if len(self._times) > 10_000:  # a flood of keys: forget the oldest
            for old in list(self._times)[:5_000]:
                del self._times[old]
