"""35 pupils answering at once, on SQLite and PostgreSQL: nothing lost, nothing counted
twice, even when the server is killed mid-burst and started again. (Times are printed
by benchmarks/classroom_load.py, never asserted.)"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .burst import direct_burst, fault_burst
from .live import LiveServer


@pytest.fixture
def server(db_url: str, tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(db_url, log=tmp_path / "server.log").start()
    yield live
    live.stop()


@pytest.mark.slow
def test_a_class_answering_at_once_is_recorded_exactly(server: LiveServer) -> None:
    figures = direct_burst(server, pupils=35, answers=20)
    assert (figures.stored, figures.distinct) == (700, 700)


@pytest.mark.slow
def test_the_server_killed_mid_burst_loses_nothing_it_acknowledged(server: LiveServer) -> None:
    figures = fault_burst(server, pupils=35, answers=20, kill_at=0.4)
    assert figures.acknowledged_before_kill > 0
    assert figures.lost_acknowledged == 0
    assert (figures.stored, figures.distinct, figures.missing) == (700, 700, 0)
