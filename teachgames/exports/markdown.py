"""A worked example as Markdown, with each picture an SVG file beside it.

``example.md`` links ``example_files/step-01.svg`` ... (relative paths): every Markdown
viewer shows a linked image, while many hide images embedded as base64 data (and the
text stays small enough to read and diff). Maths is written as ``$…$``.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from .example import WorkedExample, untitled

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]<>()#+!|$])")
#: The pictures an export writes into its folder (older ones of that shape are removed).
_OURS = re.compile(r"^(step-\d+|final)\.svg$")


def md_escape(text: str) -> str:
    """Words escaped for Markdown (a name such as ``Ann *the* [best]`` stays text)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(text.split()))


def files_folder(target: Path) -> Path:
    """Where the pictures of ``target`` go: ``example.md`` -> ``example_files/``."""
    return target.with_name(target.stem + "_files")


def _explanation_md(explanation: object) -> str:
    render = getattr(explanation, "markdown", None)
    if callable(render):
        return str(render())
    return md_escape(str(explanation)) + "\n"


def to_markdown(example: WorkedExample, folder: str = "example_files") -> tuple[str, dict[str, str]]:
    """The Markdown text and its pictures ``{file name: svg}``; links point into ``folder``."""
    from ..core.i18n import tr

    pictures: dict[str, str] = {}
    width = max(2, len(str(len(example.steps))))

    def link(name: str, svg: str, alt: str) -> str:
        pictures[name] = svg
        return f"![{md_escape(alt)}]({quote(folder)}/{quote(name)})"

    parts = [f"# {md_escape(example.title)}", "", f"*{md_escape(example.subtitle)}*", ""]
    for step in example.steps:
        name = f"step-{step.number:0{width}d}.svg"
        parts += [
            f"## {md_escape(step.heading)}",
            "",
            *([md_escape(step.caption), ""] if step.caption else []),
            link(name, step.picture_svg, step.words),
            "",
            _explanation_md(step.explanation),
        ]
    scores_title = str(getattr(example.scores, "title", "") or "")
    if scores_title:
        parts += ["## " + md_escape(scores_title), ""]
    parts += [link("final.svg", example.final_picture_svg, tr("exports.final", example.language)), ""]
    parts.append(_explanation_md(untitled(example.scores) if scores_title else example.scores))
    return "\n".join(parts).rstrip("\n") + "\n", pictures


def write_markdown(example: WorkedExample, target: Path) -> Path:
    """Write ``target`` and its pictures folder; pictures left from a longer export go."""
    folder = files_folder(target)
    text, pictures = to_markdown(example, folder.name)
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        if _OURS.match(old.name) and old.name not in pictures and old.is_file():
            old.unlink()
    for name, svg in pictures.items():
        (folder / name).write_text(svg, encoding="utf-8")
    target.write_text(text, encoding="utf-8")
    return target
