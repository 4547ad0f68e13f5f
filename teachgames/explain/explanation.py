"""``Explanation``: ordered steps of words and checked exact arithmetic, with renderers.

Every chain is checked when it is added: each member is evaluated exactly and each
relation must hold, or :class:`ExplanationError` is raised (a wrong step is a bug).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from sympy import Basic, Expr

from ..pictures import xml_attr
from .expr import ExplanationError, as_expr, exact_value, normalise_relation, relation_holds
from .i18n import resolve_language, tr
from .printing import chain_latex, chain_text, to_text
from .svg import Engine, layout_document


@dataclass(frozen=True)
class Step:
    """One step: words, and optionally a chain of expressions joined by relations.

    ``chain`` holds the expressions as written (unevaluated); ``relations`` has one entry
    fewer than ``chain``. A heading step (``heading=True``) has words only.
    """

    words: str
    chain: tuple[Expr, ...] = ()
    relations: tuple[str, ...] = ()
    heading: bool = False

    @property
    def latex(self) -> str:
        return step_latex(self)


def step_latex(step: Step) -> str:
    """Just the maths of one step (no ``$``): LaTeX that matplotlib mathtext renders.

    A step without a chain gives "".
    """
    return chain_latex(step.chain, step.relations)


def check_chain(
    chain: Sequence[Any], relations: Sequence[str] | str | None = None, words: str = ""
) -> tuple[tuple[Expr, ...], tuple[str, ...]]:
    """Normalise and check a chain; raise ExplanationError on any false relation."""
    members = tuple(as_expr(m) for m in chain)
    n = max(len(members) - 1, 0)
    if relations is None:
        rels: tuple[str, ...] = ("=",) * n
    elif isinstance(relations, str):
        rels = (normalise_relation(relations),) * n
    else:
        rels = tuple(normalise_relation(r) for r in relations)
    if len(rels) != n:
        raise ValueError(f"a chain of {len(members)} members needs {n} relations, not {len(rels)}")
    values = [exact_value(m) for m in members]
    for i, rel in enumerate(rels):
        if not relation_holds(values[i], rel, values[i + 1]):
            where = f" in step {words!r}" if words else ""
            raise ExplanationError(
                f"false step{where}: {to_text(members[i])} {rel} {to_text(members[i + 1])}"
                f" (the left side is {to_text(values[i])}, the right side is"
                f" {to_text(values[i + 1])}); whole chain: {chain_text(members, rels)}"
            )
    return members, rels


_LATEX_TEXT_ESCAPES = str.maketrans(
    {
        "\\": r"\textbackslash{}",
        "{": r"\{",
        "}": r"\}",
        "_": r"\_",
        "^": r"\^{}",
        "$": r"\$",
        "%": r"\%",
        "#": r"\#",
        "&": r"\&",
        "~": r"\textasciitilde{}",
        "<": r"\textless{}",
        ">": r"\textgreater{}",
    }
)
_MARKDOWN_ESCAPES = str.maketrans(
    {
        "\\": "\\\\",
        "*": r"\*",
        "_": r"\_",
        "`": r"\`",
        "[": r"\[",
        "]": r"\]",
        "#": r"\#",
        "|": r"\|",
        "$": r"\$",
        "<": "&lt;",
        ">": "&gt;",
        "&": "&amp;",
    }
)


_MATHJAX_TEXT_ESCAPES = str.maketrans(
    {
        "\\": r"\backslash ",
        "{": r"\{",
        "}": r"\}",
        "$": r"\$",
        "&": r"\&",
        "%": r"\%",
        "#": r"\#",
    }
)


def mathjax_words(text: str) -> str:
    """Words for ``\\text{}`` inside MathJax maths (``&`` would split an array's columns)."""
    return text.translate(_MATHJAX_TEXT_ESCAPES)


def latex_words(text: str) -> str:
    """Words escaped for a LaTeX document."""
    return text.translate(_LATEX_TEXT_ESCAPES)


def mathtext_words(text: str) -> str:
    """Words for matplotlib text: only ``$`` is special there."""
    return text.replace("$", r"\$")



def joined(words: str, maths: str) -> str:
    """A step's words and its maths on one line ("Pizza taken: 7/8", "adds −20 − 20 = −40");
    when the words end with an amount of their own, a colon keeps the two amounts apart
    ("… the cards taken make 7/8: 6/8 ≠ 7/8", never "make 7/8 6/8 ≠ 7/8")."""
    if not words or not maths:
        return words or maths
    last = words.rstrip().rstrip(".").split()[-1] if words.split() else ""
    if any(ch.isdigit() for ch in last):
        return f"{words.rstrip().rstrip('.')}: {maths}"
    return f"{words} {maths}"

class Explanation:
    """Ordered steps of words and checked exact arithmetic.

    >>> from teachgames.explain import Explanation, Printed
    >>> e = Explanation(title="Is this capture legal?")
    >>> _ = e.add("Write both over eighths:", [Printed(1, 4), Printed(2, 8)])
    >>> print(e.text())
    Is this capture legal?
      Write both over eighths: 1/4 = 2/8
    """

    def __init__(
        self,
        title: str = "",
        language: str | None = None,
        steps: Iterable[Step] = (),
        verdict: bool | None = None,
    ) -> None:
        self.title = title
        self.language = resolve_language(language)
        self._steps: list[Step] = list(steps)
        self.verdict: bool | None = verdict

    # ------------------------------------------------------------------ building

    def add(
        self,
        words: str = "",
        chain: Sequence[Any] | Basic | int | None = None,
        relations: Sequence[str] | str | None = None,
    ) -> Step:
        """Add a step: words, and optionally a chain (checked now; relations default "=")."""
        if not isinstance(words, str):
            raise TypeError(f"words must be a string, not {words!r}")
        if chain is None:
            if relations:
                raise ValueError("relations given without a chain")
            step = Step(words)
        else:
            if isinstance(chain, (Basic, int)):
                chain = [chain]
            members, rels = check_chain(chain, relations, words)
            step = Step(words, members, rels)
        self._steps.append(step)
        return step

    def add_heading(self, words: str) -> Step:
        """A section heading inside the explanation (for instance "Player 1")."""
        step = Step(words, heading=True)
        self._steps.append(step)
        return step

    def extend(self, other: Explanation | Iterable[Step]) -> Explanation:
        """Append the steps of another explanation (its title and verdict are not copied)."""
        steps = other.steps if isinstance(other, Explanation) else tuple(other)
        for step in steps:
            if not isinstance(step, Step):
                raise TypeError(f"not a Step: {step!r}")
        self._steps.extend(steps)
        return self

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(self._steps)

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(tuple(self._steps))

    def __repr__(self) -> str:
        return f"<Explanation {self.title!r}: {len(self._steps)} steps>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Explanation):
            return NotImplemented
        return (self.title, self.language, self._steps, self.verdict) == (
            other.title,
            other.language,
            other._steps,
            other.verdict,
        )

    __hash__ = None  # type: ignore[assignment]

    def verdict_words(self) -> str | None:
        """The verdict in words ("Legal" / "Not legal") in the explanation's language."""
        if self.verdict is None:
            return None
        key = "explain.verdict_legal" if self.verdict else "explain.verdict_illegal"
        return tr(key, self.language)

    # ------------------------------------------------------------------ renderers

    def text(self) -> str:
        """Plain Unicode (no LaTeX): the title, indented steps, headings, the verdict."""
        lines = [self.title] if self.title else []
        indent = "  " if self.title else ""
        inner = indent
        for step in self._steps:
            if step.heading:
                lines.append(indent + step.words)
                inner = indent + "  "
                continue
            maths = chain_text(step.chain, step.relations)
            lines.append(inner + joined(step.words, maths))
        verdict = self.verdict_words()
        if verdict is not None:
            lines.append(("✓ " if self.verdict else "✗ ") + verdict)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def latex(self, flavour: str = "latex") -> str:
        """One line per step: words as text, maths in ``$…$``.

        ``flavour="latex"`` (default) is a LaTeX document fragment: words escaped, the
        title and headings in ``\\textbf``, lines ended by ``\\\\``.
        ``flavour="mathtext"`` gives lines that matplotlib's text renders as they are
        (mathtext knows no ``\\text`` or ``\\textbf``; words stay outside the maths).
        """
        if flavour not in ("latex", "mathtext"):
            raise ValueError('flavour must be "latex" or "mathtext"')
        tex = flavour == "latex"
        esc = latex_words if tex else mathtext_words

        def bold(words: str) -> str:
            return rf"\textbf{{{esc(words)}}}" if tex else esc(words)

        lines = [bold(self.title)] if self.title else []
        for step in self._steps:
            if step.heading:
                lines.append(bold(step.words))
                continue
            maths = step_latex(step)
            parts = [esc(step.words)] if step.words else []
            if maths:
                parts.append(f"${maths}$")
            lines.append(" ".join(parts))
        verdict = self.verdict_words()
        if verdict is not None:
            mark = r"$\checkmark$" if tex else ("✓" if self.verdict else "✗")
            if tex and not self.verdict:
                mark = r"$\times$"
            lines.append(f"{mark} {bold(verdict)}")
        if tex:
            return " \\\\\n".join(lines)
        return "\n".join(lines)

    def markdown(self) -> str:
        """Markdown with ``$…$`` maths: title in bold, a bullet per step, headings."""

        def esc(words: str) -> str:
            return words.translate(_MARKDOWN_ESCAPES)

        out = [f"**{esc(self.title)}**", ""] if self.title else []
        for step in self._steps:
            if step.heading:
                if out and out[-1] != "":
                    out.append("")
                out += [f"**{esc(step.words)}**", ""]
                continue
            maths = step_latex(step)
            parts = [esc(step.words)] if step.words else []
            if maths:
                parts.append(f"${maths}$")
            out.append("- " + " ".join(parts))
        verdict = self.verdict_words()
        if verdict is not None:
            if out and out[-1] != "":
                out.append("")
            out.append(("✓ " if self.verdict else "✗ ") + f"**{esc(verdict)}**")
        return "\n".join(out).strip("\n") + "\n"

    def svg(self, engine: Engine = "auto", width: float = 720.0) -> str:
        """The whole explanation as one standalone SVG (words as ``<text>``, maths laid
        out with stacked fractions). ``engine``: "auto" (fast printer, mathtext for what it
        cannot lay out), "fast", or "mathtext" (matplotlib for every expression, cached)."""
        if engine not in ("auto", "fast", "mathtext"):
            raise ValueError('engine must be "auto", "fast" or "mathtext"')
        steps = [(s.words, s.chain, s.relations, s.heading) for s in self._steps]
        verdict = self.verdict_words()
        return layout_document(
            self.title,
            steps,
            None if verdict is None else (bool(self.verdict), verdict),
            self.text(),
            engine=engine,
            max_width=width,
        )

    def html(self, engine: Engine = "auto") -> str:
        """HTML that needs no JavaScript: the SVG in a figure, the LaTeX kept alongside
        (in ``data-latex``, for export)."""
        return (
            '<figure class="teachgames-explanation" style="margin:0;overflow-x:auto"'
            f' data-latex="{xml_attr(self.latex())}">' + self.svg(engine) + "</figure>"
        )

    def _repr_latex_(self) -> str:
        """For MathJax front ends: an array with words in ``\\text``."""
        rows = []
        if self.title:
            rows.append(r"\textbf{" + mathjax_words(self.title) + "}")
        for step in self._steps:
            if step.heading:
                rows.append(r"\textbf{" + mathjax_words(step.words) + "}")
                continue
            words = r"\text{" + mathjax_words(step.words) + "}" if step.words else ""
            rows.append(" \\; ".join(p for p in (words, step_latex(step)) if p))
        verdict = self.verdict_words()
        if verdict is not None:
            mark = r"\checkmark" if self.verdict else r"\times"
            rows.append(rf"{mark}\ \textbf{{{mathjax_words(verdict)}}}")
        return "$$\\begin{array}{l}" + " \\\\ ".join(rows) + "\\end{array}$$"

    def _repr_markdown_(self) -> str:
        return self.markdown()

    def _repr_html_(self) -> str:
        return self.html()
