"""The README's first step: a virtual environment with pip from nothing but python3."""

from __future__ import annotations

import glob
import hashlib
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from teachgames.cli import bootstrap
from teachgames.cli.bootstrap import BootstrapError, pick_wheel, save_checked

ROOT = Path(__file__).resolve().parents[1]


def test_runs_with_the_standard_library_alone():
    """`python3 -m teachgames.cli.bootstrap` works in a checkout before anything is installed."""
    code = (
        "import sys, teachgames.cli.bootstrap; "
        "third = sorted({m.split('.')[0] for m in sys.modules} & {'sympy', 'matplotlib', 'numpy', "
        "'ipywidgets', 'anywidget', 'traitlets', 'IPython'}); print(third)"
    )
    done = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    helped = subprocess.run([sys.executable, "-S", "-m", "teachgames.cli.bootstrap", "--help"],
                            cwd=ROOT, capture_output=True, text=True)
    assert helped.returncode == 0 and ".venv" in helped.stdout


def test_the_newest_released_wheel_is_chosen():
    page = {"files": [
        {"filename": "pip-23.0.tar.gz", "url": "pip-23.0.tar.gz", "hashes": {"sha256": "a"}},
        {"filename": "pip-23.10-py3-none-any.whl", "url": "../../files/pip-23.10.whl", "hashes": {"sha256": "b"}},
        {"filename": "pip-23.9-py3-none-any.whl", "url": "x", "hashes": {"sha256": "c"}},
        {"filename": "pip-24.0b1-py3-none-any.whl", "url": "y", "hashes": {"sha256": "d"}},
        {"filename": "pip-99.0-py3-none-any.whl", "url": "z", "hashes": {"sha256": "e"}, "yanked": "broken"},
        {"filename": "pip-98.0-py3-none-any.whl", "url": "w", "hashes": {}},
    ]}
    url, sha = pick_wheel(page, "https://index.example/simple/pip/")
    assert (url, sha) == ("https://index.example/files/pip-23.10.whl", "b")
    with pytest.raises(BootstrapError, match="no pip wheel"):
        pick_wheel({"files": []}, "https://index.example/simple/pip/")


def test_a_download_with_the_wrong_hash_is_not_kept(tmp_path):
    data = b"wheel bytes"
    with pytest.raises(BootstrapError, match="does not match"):
        save_checked(data, hashlib.sha256(b"other").hexdigest(), tmp_path / "pip.whl")
    assert not (tmp_path / "pip.whl").exists()
    assert save_checked(data, hashlib.sha256(data).hexdigest().upper(), tmp_path / "pip.whl").read_bytes() == data


def _local_pip_wheel(folder: Path) -> Path:
    """A pip wheel: the one ensurepip or Debian ships, else one pip downloads (a Python
    without ensurepip, such as Debian's without python3-venv, has none on disk)."""
    candidates: list[str] = []
    try:
        import ensurepip
    except ImportError:
        pass
    else:
        candidates += glob.glob(str(Path(ensurepip.__file__).parent / "_bundled" / "pip-*.whl"))
    candidates += glob.glob("/usr/share/python-wheels/pip-*.whl")
    if not candidates:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:",
                        "-d", str(folder), "pip"], check=True, capture_output=True)
        candidates = glob.glob(str(folder / "pip-*.whl"))
    assert candidates, "no pip wheel to test with"
    return Path(sorted(candidates)[-1])


def test_without_ensurepip_pip_comes_from_its_wheel(tmp_path, monkeypatch):
    """Debian/Ubuntu without python3-venv: the environment is made without pip, then pip
    is installed from its wheel (here a local one instead of the index's)."""
    wheel = _local_pip_wheel(tmp_path / "wheels")

    def fetched(folder: Path, index: str | None = None) -> Path:
        return Path(shutil.copy(wheel, folder / wheel.name))

    monkeypatch.setattr(bootstrap, "download_pip", fetched)
    env = tmp_path / ".venv"
    said = bootstrap.bootstrap(env, ensurepip=False)
    assert "no ensurepip" in said and bootstrap.has_pip(env)
    assert "already has pip" in bootstrap.bootstrap(env, ensurepip=False)


def test_refuses_a_folder_that_is_not_an_environment(tmp_path, capsys):
    (tmp_path / "work.txt").write_text("a pupil's work", encoding="utf-8")
    assert bootstrap.main([str(tmp_path)]) == 2
    assert "not a virtual environment" in capsys.readouterr().err
    assert (tmp_path / "work.txt").read_text(encoding="utf-8") == "a pupil's work"
