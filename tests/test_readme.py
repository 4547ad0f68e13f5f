"""The README is what a teacher and a developer read first: short (under 10,000
characters; the figures live in docs/), and every file it links to exists."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_stays_short() -> None:
    assert len(README) < 10_000, f"{len(README)} characters: move detail to docs/"


def test_every_link_in_the_readme_leads_somewhere() -> None:
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", README)
    assert targets, "the README links its docs"
    missing = [t for t in targets if "://" not in t and not (ROOT / t).exists()]
    assert not missing, missing
