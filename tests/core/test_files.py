"""Files written whole: a reader (another build, another thread) never sees half a file, and
two writers of one path both finish, however their writes interleave."""

from __future__ import annotations

import os
import stat
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from teachgames.core.files import write_whole


def test_a_new_file_replaces_the_old_one_whole(tmp_path: Path) -> None:
    place = tmp_path / "lesson.json"
    place.write_bytes(b"old")
    assert write_whole(place, b"new") == place
    assert place.read_bytes() == b"new"
    assert [p.name for p in tmp_path.iterdir()] == ["lesson.json"], "no spare file is left behind"


def test_a_private_file_is_for_its_owner_alone(tmp_path: Path) -> None:
    key = write_whole(tmp_path / "teacher.key", b"secret", private=True)
    assert stat.S_IMODE(key.stat().st_mode) == 0o600


def test_a_failed_write_leaves_the_old_file_and_no_spare(tmp_path: Path) -> None:
    place = tmp_path / "lesson.json"
    place.write_bytes(b"old")
    with pytest.raises(TypeError):
        write_whole(place, "text, not bytes")  # type: ignore[arg-type]
    assert place.read_bytes() == b"old"
    assert sorted(os.listdir(tmp_path)) == ["lesson.json"]


def test_many_writers_of_one_path_each_finish_with_a_whole_file(tmp_path: Path) -> None:
    place = tmp_path / "shared.gz"
    payloads = [bytes([n]) * 200_000 for n in range(16)]
    with ThreadPoolExecutor(max_workers=8) as pool:
        list(pool.map(lambda data: write_whole(place, data), payloads * 4))
    assert place.read_bytes() in payloads
    assert [p.name for p in tmp_path.iterdir()] == ["shared.gz"]
