"""Each drawing once per page: repeated parts of the pictures become ``<use>`` of one definition.

A worked example shows the table before every move, so the same card faces, frames and
labels are drawn hundreds of times (a 64-move Delissimo game: ~2.5 MB of SVG). Two passes,
neither of which needs to know the game:

1. **Placed groups.** Pictures draw each card as a group placed by a ``transform``. The
   group (its attributes, ``<title>`` and drawing) becomes one definition; in the picture
   a ``<use href="#…" x=… y=…>`` places it.
2. **Repeated shapes.** A shape (path, circle, rect, …) or label that occurs more than once
   on the page, in the pictures or inside the definitions, is defined once too.
3. **Repeated groups.** A whole group that recurs unchanged from picture to picture (a
   player's row, a pile nobody touched) is defined once.

The definitions live in one hidden ``<svg><defs>`` at the top of the page. The page looks
the same; only the worked example's pictures are rewritten (explanations keep their text
as text, so it can be searched and copied).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

#: Opening and closing ``<g>`` tags (our pictures escape ``<`` in text, so tags are tags).
_G_TAG = re.compile(r"<(/?)g\b([^>]*?)(/?)>")
_TRANSFORM = re.compile(r'\stransform="([^"]*)"')
_PLACED = re.compile(r"^\s*translate\(\s*(-?[\d.]+)(?:\s*[,\s]\s*(-?[\d.]+))?\s*\)\s*(.*)$")
_TITLE = re.compile(r"\s*<title>.*?</title>", re.DOTALL)
#: One leaf element: an empty shape, or a text with no markup inside.
_LEAF = re.compile(
    r"<(?:path|circle|ellipse|rect|polygon|polyline|line)\b[^>]*/>|<text\b[^>]*>[^<]*</text>"
)
#: Shorter drawings are not worth a definition (a ``<use>`` costs ~20 characters).
MIN_GROUP = 120
MIN_LEAF = 48


class SharedDefs:
    """Definitions collected from pictures, each drawing once, named in order of first use."""

    def __init__(self, prefix: str = "tg") -> None:
        self._groups: dict[str, str] = {}
        self._leaves: dict[str, str] = {}
        self._prefix = prefix

    def __len__(self) -> int:
        return len(self._groups) + len(self._leaves)

    # ------------------------------------------------------------ pass 1: placed groups
    def _group_id(self, definition: str) -> str:
        ref = self._groups.get(definition)
        if ref is None:
            ref = self._groups[definition] = f"{self._prefix}g{len(self._groups) + 1}"
        return ref

    def _use_for(self, attrs: str, inner: str) -> str | None:
        """The ``<use>`` for a placed group ``<g{attrs}>{inner}</g>``, or None to keep it."""
        title = _TITLE.match(inner)
        if len(inner) - (len(title.group(0)) if title else 0) < MIN_GROUP:
            return None
        if "id=" in attrs or 'id="' in inner:
            return None  # an id must stay unique: such a drawing is not repeated
        placed = _TRANSFORM.search(attrs)
        assert placed is not None
        where = _PLACED.match(placed.group(1))
        if where is None:  # not a plain move: keep the whole transform on the <use>
            rest_attrs = attrs[: placed.start()] + attrs[placed.end() :]
            ref = self._group_id(f"<g{rest_attrs}>{inner}</g>")
            return f'<use href="#{ref}" transform="{placed.group(1)}"/>'
        x, y, remaining = where.group(1), where.group(2) or "0", where.group(3).strip()
        kept = f' transform="{remaining}"' if remaining else ""
        rest_attrs = attrs[: placed.start()] + kept + attrs[placed.end() :]
        ref = self._group_id(f"<g{rest_attrs}>{inner}</g>")
        return f'<use href="#{ref}" x="{x}" y="{y}"/>'

    def share_groups(self, svg: str) -> str:
        """``svg`` with every placed group replaced by a ``<use>`` of its definition."""
        out: list[str] = []
        done = 0  # how much of svg is already in out
        stack: list[tuple[int, int, str] | None] = []  # per open <g>: (start, body start, attrs)
        sharing = False
        for tag in _G_TAG.finditer(svg):
            closing, attrs, self_closing = tag.group(1), tag.group(2), tag.group(3)
            if self_closing:
                continue
            if not closing:
                if not sharing and _TRANSFORM.search(attrs):
                    stack.append((tag.start(), tag.end(), attrs))
                    sharing = True
                else:
                    stack.append(None)
                continue
            if not stack:
                break  # not well formed: leave the rest as it is
            opened = stack.pop()
            if opened is None:
                continue
            sharing = False
            start, body_start, group_attrs = opened
            use = self._use_for(group_attrs, svg[body_start : tag.start()])
            if use is None:
                continue
            out += [svg[done:start], use]
            done = tag.end()
        out.append(svg[done:])
        return "".join(out)

    # ------------------------------------------------------------ pass 2: repeated shapes
    def share_leaves(self, svgs: Sequence[str]) -> list[str]:
        """Shapes and labels repeated across ``svgs`` and the group definitions, defined once."""
        texts = list(svgs) + list(self._groups)
        counts = Counter(leaf for text in texts for leaf in _LEAF.findall(text))
        for leaf, count in counts.items():
            if count > 1 and len(leaf) >= MIN_LEAF and " id=" not in leaf:
                self._leaves[leaf] = f"{self._prefix}e{len(self._leaves) + 1}"

        def swap(match: re.Match[str]) -> str:
            ref = self._leaves.get(match.group(0))
            return match.group(0) if ref is None else f'<use href="#{ref}"/>'

        shared = [_LEAF.sub(swap, text) for text in svgs]
        self._groups = {_LEAF.sub(swap, body): ref for body, ref in self._groups.items()}
        return shared

    # ------------------------------------------------------------ pass 3: repeated groups
    def share_repeated_groups(self, svgs: Sequence[str]) -> list[str]:
        """Whole groups that occur more than once on the page (a player's unchanged row,
        a pile nobody touched), each defined once; the outermost repeated group wins."""
        spans = [_group_spans(svg) for svg in svgs]
        counts = Counter(svg[a:b] for svg, found in zip(svgs, spans, strict=True) for a, b in found)
        out = []
        for svg, found in zip(svgs, spans, strict=True):
            parts: list[str] = []
            done = 0
            for a, b in found:  # in document order: an outer group before the groups inside it
                if a < done:
                    continue  # inside a group already replaced
                text = svg[a:b]
                if counts[text] > 1 and len(text) >= MIN_GROUP and ' id="' not in text:
                    parts += [svg[done:a], f'<use href="#{self._group_id(text)}"/>']
                    done = b
            parts.append(svg[done:])
            out.append("".join(parts))
        return out

    def svg(self) -> str:
        """One hidden SVG holding every definition, to put before the first picture."""
        leaves = "".join(_with_id(leaf, ref) for leaf, ref in self._leaves.items())
        groups = "".join(
            _with_id(definition, ref) for definition, ref in self._groups.items()
        )
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="0" height="0" aria-hidden="true"'
            ' focusable="false" style="position:absolute;width:0;height:0;overflow:hidden">'
            f"<defs>{leaves}{groups}</defs></svg>"
        )


def _group_spans(svg: str) -> list[tuple[int, int]]:
    """Where every ``<g>…</g>`` element starts and ends, in document order."""
    spans: list[tuple[int, int]] = []
    stack: list[int] = []
    for tag in _G_TAG.finditer(svg):
        if tag.group(3):
            continue
        if not tag.group(1):
            stack.append(tag.start())
        elif stack:
            spans.append((stack.pop(), tag.end()))
    spans.sort()
    return spans


def _with_id(element: str, ref: str) -> str:
    """``<rect x=…/>`` -> ``<rect id="ref" x=…/>``."""
    name_end = re.match(r"<\w+", element)
    assert name_end is not None
    return f'{element[: name_end.end()]} id="{ref}"{element[name_end.end() :]}'


def share_pictures(svgs: Sequence[str]) -> tuple[str, list[str]]:
    """The hidden definitions and the pictures rewritten to use them."""
    defs = SharedDefs()
    placed = [defs.share_groups(svg) for svg in svgs]
    shared = defs.share_repeated_groups(defs.share_leaves(placed))
    return defs.svg(), shared
