"""Words a pupil meets in every lesson are the same words in every lesson: the exit
ticket has one name per language (a Bulgarian class once met three), in its activity's
title and in the notebook's heading above it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from teachgames.lesson.prose import read_sections

ROOT = Path(__file__).resolve().parents[2] / "teachgames"
TICKET = {"en": "Exit ticket", "ru": "Билет на выход", "bg": "Изходна карта"}


@pytest.mark.parametrize("language", sorted(TICKET))
def test_the_exit_ticket_has_one_name(language: str) -> None:
    names = {}
    for path in sorted(ROOT.glob(f"*/lesson/text/{language}/*.md")):
        sections = read_sections(path.read_text(encoding="utf-8"), str(path))
        if "ticket.activity" in sections:
            names[str(path.relative_to(ROOT))] = sections["ticket.activity"].strip()
            heading = sections.get("nb.ticket", "").splitlines()[:1]
            if heading:
                # "## 5. Exit ticket (8 minutes)": the name without its number and minutes
                name = re.sub(r"\s*\(.*\)$", "", heading[0].lstrip("#0123456789. "))
                names[f"{path.relative_to(ROOT)} nb.ticket"] = name.strip()
    assert len(names) >= 8, names
    assert {name for name in names.values()} == {TICKET[language]}, names
