"""The repository stands alone: every document the code, the tests and the docs cite is in it.

A reader who clones the project has ``docs/`` and nothing beside it, so a docstring that
cites a notes file kept outside the repository or a page that links ``../elsewhere/`` sends them nowhere. Two checks:
every mention of a project document (an upper-case Markdown name such as README.md, or a path under ``docs/``)
names a file the repository holds, and every relative Markdown link in ``README.md``,
``docs/`` and ``lessons/`` leads to a file (and, with ``#anchor``, to a heading) that exists.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: Where references live: the package, its tests, benchmarks, docs and lesson plans.
FOLDERS = ("teachgames", "tests", "benchmarks", "docs", "lessons", "notebooks")
TOP_FILES = ("README.md", "pyproject.toml", "eslint.config.mjs")
TEXT = {".py", ".md", ".json", ".js", ".mjs", ".css", ".toml", ".ipynb", ".txt", ".html", ".tex"}

#: A project document in the usual upper-case spelling, as README.md
DOCUMENT = re.compile(r"(?<![\w/.-])([A-Z][A-Z0-9_-]*\.md)\b")
#: A path under the repository's docs/ folder.
DOCS_PATH = re.compile(r"(?<![\w/.-])(docs/[\w./-]*\w)")
#: A folder beside the checkout (a sibling ``shared`` folder of notes, for instance).
OUTSIDE = re.compile(r"(?<![\w.])\.\./(?:\.\./)*shared\b")
#: A Markdown link ``[words](target)``; external targets (``https:``, ``mailto:``) are skipped.
LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
FENCE = re.compile(r"^```.*?^```", re.S | re.M)


def text_files() -> list[Path]:
    found = [ROOT / name for name in TOP_FILES if (ROOT / name).exists()]
    for folder in FOLDERS:
        found += [
            p
            for p in sorted((ROOT / folder).rglob("*"))
            if p.suffix in TEXT and p.is_file() and "__pycache__" not in p.parts
        ]
    return found


@functools.cache
def document_names() -> frozenset[str]:
    """The names of every Markdown file the repository holds."""
    return frozenset(p.name for f in ("", *FOLDERS) for p in (ROOT / f).rglob("*.md"))


def missing_references(text: str) -> list[str]:
    """The references in ``text`` to documents the repository does not hold."""
    missing = [m for m in DOCUMENT.findall(text) if m not in document_names()]
    missing += [m for m in DOCS_PATH.findall(text) if not (ROOT / m.rstrip(".")).exists()]
    missing += OUTSIDE.findall(text)
    return missing


def slug(heading: str) -> str:
    """A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces to -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


@functools.cache
def anchors(page: Path) -> frozenset[str]:
    seen: dict[str, int] = {}
    out = set()
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        name = slug(heading)
        count = seen.get(name, 0)
        seen[name] = count + 1
        out.add(name if count == 0 else f"{name}-{count}")
    return frozenset(out)


def broken_links(page: Path) -> list[str]:
    """The relative links of the Markdown ``page`` that lead nowhere."""
    broken = []
    for target in LINK.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):
            continue
        path, _, fragment = target.partition("#")
        linked = (page.parent / path) if path else page
        no_heading = fragment and linked.suffix == ".md" and fragment not in anchors(linked)
        if not linked.exists() or no_heading:
            broken.append(target)
    return broken


def markdown_pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted((ROOT / "lessons").rglob("*.md"))]


def test_the_checks_catch_a_missing_document_and_a_broken_link(tmp_path: Path) -> None:
    absent = "NOWHERE" + ".md"
    assert missing_references(f"the rules of {absent} §2") == [absent]
    nowhere, beside = "docs/" + "nowhere.md", "../" + "shared"
    assert missing_references(f"see {nowhere} and README.md") == [nowhere]
    assert missing_references(f"as {beside}/notes say") == [beside]
    assert missing_references("see docs/delissimo.md and docs/architecture.md.") == []
    page = tmp_path / "page.md"
    page.write_text("# Top\n\n[a](other.md) [b](#top) [c](#gone) [d](https://example.org)\n", encoding="utf-8")
    assert broken_links(page) == ["other.md", "#gone"]


def test_nothing_cites_a_document_the_repository_lacks() -> None:
    found = {}
    for path in text_files():
        missing = missing_references(path.read_text(encoding="utf-8", errors="replace"))
        if missing:
            found[str(path.relative_to(ROOT))] = sorted(set(missing))
    assert not found, f"references to files this repository does not hold (cite docs/ instead): {found}"


@pytest.mark.parametrize("page", markdown_pages(), ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_leads_somewhere(page: Path) -> None:
    assert not broken_links(page), f"{page.relative_to(ROOT)}: {broken_links(page)}"
