"""The shared explanation layer: checked exact arithmetic in words, for every game.

>>> from sympy import Rational
>>> from teachgames.explain import Explanation, Printed, psum
>>> e = Explanation(title="Is this capture legal?")
>>> _ = e.add("Add the orders:", [psum([Printed(1, 4), Printed(2, 8)]), Printed(4, 8),
...                                Rational(1, 2)])
>>> e.verdict = True
>>> print(e)
Is this capture legal?
  Add the orders: 1/4 + 2/8 = 4/8 = 1/2
✓ Legal

Imports sympy (explanations need it) but not matplotlib: that loads only when a picture
is drawn with mathtext or plotted.
"""

from __future__ import annotations

from .explanation import Explanation, Step, check_chain, step_latex
from .expr import ExplanationError, Mixed, Printed, exact_value, negate, pdiff, psum, ptimes
from .i18n import (
    LANGUAGES,
    get_language,
    missing_keys,
    placeholder_problems,
    set_language,
    tr,
)
from .printing import to_latex, to_text
from .representations import Representations, representations
from .svg import expression_svg

__all__ = [
    "LANGUAGES",
    "Explanation",
    "ExplanationError",
    "Mixed",
    "Printed",
    "Representations",
    "Step",
    "check_chain",
    "exact_value",
    "expression_svg",
    "get_language",
    "missing_keys",
    "negate",
    "pdiff",
    "placeholder_problems",
    "psum",
    "ptimes",
    "representations",
    "set_language",
    "step_latex",
    "to_latex",
    "to_text",
    "tr",
]
