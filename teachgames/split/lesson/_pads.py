"""The pad working a ticket question shows (kept apart so the ticket loads sympy only
when the working is asked for)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...explain import Explanation


def pad_working(marks: Mapping[str, int], language: str | None) -> Explanation:
    from ..explain import pad_explanation

    return pad_explanation(dict(marks), None, language)[1]
