"""Printing fraction arithmetic exactly as it was written.

sympy's printers reorder the terms of a sum and reduce fractions; a lesson needs
``1/4 + 2/8`` to stay ``1/4 + 2/8``. :func:`structure` reads the supported subset
(Printed, Mixed, Integer, Rational, Symbol, unevaluated sums, differences and products)
into a small tree once; the LaTeX, plain-text and SVG printers walk that tree. Anything
else becomes an ``("other", expr)`` node that falls back to sympy's own printers.

Tree nodes (plain tuples, cheap to build):
``("num", "12")``, ``("frac", "3", "8")``, ``("mixed", "3", "5", "8")``, ``("word", "red")``,
``("neg", node)``, ``("sum", ((sign, node), ...))`` with sign "+" or "−",
``("prod", (node, ...))``, ``("paren", node)``, ``("other", expr)``.
"""

from __future__ import annotations

from typing import Any

from sympy import Add, Integer, Mul, Rational, Symbol, UnevaluatedExpr

from .expr import PRINTERS, Mixed, Printed

Node = tuple[Any, ...]

MINUS = "−"
TIMES = "×"

#: How each relation is written in LaTeX (mathtext understands all of these).
RELATION_LATEX: dict[str, str] = {
    "=": "=",
    "≠": r"\neq",
    "<": "<",
    ">": ">",
    "≤": r"\leq",
    "≥": r"\geq",
}


def _number(p: int, q: int) -> Node:
    """The node for the exact number p/q (q > 0)."""
    inner: Node = ("num", str(abs(p))) if q == 1 else ("frac", str(abs(p)), str(q))
    return ("neg", inner) if p < 0 else inner


def _is_neg_one(x: Any) -> bool:
    return isinstance(x, Integer) and int(x) == -1


def structure(expr: Any) -> Node:
    """Read a sympy expression into the printing tree, keeping the written order."""
    if isinstance(expr, Printed):
        return _number(expr.numerator, expr.denominator)
    if isinstance(expr, Mixed):
        return _mixed(expr)
    if isinstance(expr, Rational):  # Integer is a Rational too
        return _number(int(expr.p), int(expr.q))
    if isinstance(expr, Symbol):
        return ("word", expr.name)
    if isinstance(expr, UnevaluatedExpr):
        return structure(expr.args[0])
    if isinstance(expr, Add):
        return ("sum", tuple(_term(i, structure(arg)) for i, arg in enumerate(expr.args)))
    if isinstance(expr, Mul):
        return _product(expr.args)
    return ("other", expr)


def _mixed(expr: Mixed) -> Node:
    """A mixed number as it reads: a whole number, a fraction, or both."""
    sign, whole, num, den = expr.parts
    if num == 0:
        node: Node = ("num", str(whole))
    elif whole == 0:
        node = ("frac", str(num), str(den))
    else:
        node = ("mixed", str(whole), str(num), str(den))
    return ("neg", node) if sign < 0 else node


def _bracketed(node: Node, kinds: tuple[str, ...]) -> Node:
    """The node in brackets when it is one of ``kinds``."""
    return ("paren", node) if node[0] in kinds else node


def _term(i: int, node: Node) -> tuple[str, Node]:
    """A sum's i-th term with its sign: a negative term after the first is subtracted
    (``a − b``, ``a − (b + c)``); a sum inside a sum keeps its brackets."""
    if i > 0 and node[0] == "neg":
        return (MINUS, _bracketed(node[1], ("sum", "neg")))
    return ("+", _bracketed(node, ("sum",)))


def _product(args: tuple[Any, ...]) -> Node:
    """A product as written: ``−1 × x`` reads as ``−x``; a factor that is a sum, a product,
    a mixed number or (after the first) a negative number is put in brackets."""
    if len(args) >= 2 and _is_neg_one(args[0]):
        rest = args[1] if len(args) == 2 else Mul(*args[1:], evaluate=False)
        return ("neg", _bracketed(structure(rest), ("sum", "neg")))
    factors: list[Node] = []
    for i, arg in enumerate(args):
        node = structure(arg)
        kind = node[0]
        if kind in ("sum", "prod", "mixed") or (kind == "neg" and i > 0):
            node = ("paren", node)
        factors.append(node)
    return ("prod", tuple(factors))


def supported(node: Node) -> bool:
    """True when the tree holds no ``other`` node (the fast SVG printer can lay it out)."""
    kind = node[0]
    if kind == "other":
        return False
    if kind in ("neg", "paren"):
        return supported(node[1])
    if kind == "sum":
        return all(supported(n) for _, n in node[1])
    if kind == "prod":
        return all(supported(n) for n in node[1])
    return True


# ---------------------------------------------------------------------------- text


def node_text(node: Node, minus: str = MINUS) -> str:
    kind = node[0]
    if kind == "num":
        return str(node[1])
    if kind == "frac":
        return f"{node[1]}/{node[2]}"
    if kind == "mixed":
        return f"{node[1]} {node[2]}/{node[3]}"
    if kind == "word":
        return str(node[1])
    if kind == "neg":
        return minus + node_text(node[1], minus)
    if kind == "paren":
        return "(" + node_text(node[1], minus) + ")"
    if kind == "sum":
        out = []
        for i, (sign, term) in enumerate(node[1]):
            text = node_text(term, minus)
            if i == 0:
                out.append(text)
            else:
                out.append(f" {minus if sign == MINUS else '+'} {text}")
        return "".join(out)
    if kind == "prod":
        return f" {TIMES} ".join(node_text(f, minus) for f in node[1])
    text = str(node[1])
    return text.replace("-", minus) if minus != "-" else text


def to_text(expr: Any, minus: str = MINUS) -> str:
    """Plain Unicode: ``1/4 + 2/8``, ``3 5/8``, ``18 − 4 × 2`` (no LaTeX)."""
    return node_text(structure(expr), minus)


# ---------------------------------------------------------------------------- LaTeX

_MATHRM_ESCAPES = str.maketrans(
    {
        "\\": r"\backslash{}",
        "{": r"\{",
        "}": r"\}",
        "_": r"\_",
        "^": r"\^{}",
        "$": r"\$",
        "%": r"\%",
        "#": r"\#",
        "&": r"\&",
        "~": r"\sim{}",
        " ": r"\ ",
    }
)


def word_latex(name: str) -> str:
    if len(name) == 1 and name.isalpha() and name.isascii():
        return name
    return r"\mathrm{" + name.translate(_MATHRM_ESCAPES) + "}"


def node_latex(node: Node) -> str:
    kind = node[0]
    if kind == "num":
        return str(node[1])
    if kind == "frac":
        return rf"\frac{{{node[1]}}}{{{node[2]}}}"
    if kind == "mixed":
        return rf"{node[1]}\frac{{{node[2]}}}{{{node[3]}}}"
    if kind == "word":
        return word_latex(str(node[1]))
    if kind == "neg":
        return "-" + node_latex(node[1])
    if kind == "paren":
        return r"\left(" + node_latex(node[1]) + r"\right)"
    if kind == "sum":
        out = []
        for i, (sign, term) in enumerate(node[1]):
            text = node_latex(term)
            if i == 0:
                out.append(text)
            else:
                out.append(f" {'-' if sign == MINUS else '+'} {text}")
        return "".join(out)
    if kind == "prod":
        return r" \times ".join(node_latex(f) for f in node[1])
    from sympy import latex

    return str(latex(node[1]))


def to_latex(expr: Any) -> str:
    """LaTeX maths that matplotlib mathtext also renders: ``\\frac{1}{4} + \\frac{2}{8}``."""
    return node_latex(structure(expr))


def chain_latex(chain: tuple[Any, ...], relations: tuple[str, ...]) -> str:
    parts = [to_latex(chain[0])] if chain else []
    for rel, member in zip(relations, chain[1:], strict=True):
        parts.append(RELATION_LATEX[rel])
        parts.append(to_latex(member))
    return " ".join(parts)


def chain_text(chain: tuple[Any, ...], relations: tuple[str, ...]) -> str:
    parts = [to_text(chain[0])] if chain else []
    for rel, member in zip(relations, chain[1:], strict=True):
        parts.append(rel)
        parts.append(to_text(member))
    return " ".join(parts)


# Printed fractions write themselves through these printers (see ``expr.PRINTERS``).
PRINTERS["text"] = lambda expr: to_text(expr, minus="-")
PRINTERS["latex"] = to_latex
