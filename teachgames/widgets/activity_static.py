"""The activity widget without JavaScript: the open screen as self-contained HTML, for an
exported notebook or a host without widgets. It shows what the pupil would see before
answering (prompt, picture, the options), never a reveal the view-model does not hold."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .base import escape


def _paras(items: Any) -> str:
    return "".join(f"<p>{escape(p)}</p>" for p in items or [])


def _options(task: Mapping[str, Any]) -> str:
    groups = task.get("groups") or [{"label": "", "options": task.get("options") or []}]
    out = []
    for group in groups:
        if group.get("label"):
            out.append(f"<p><strong>{escape(group['label'])}</strong></p>")
        items = "".join(
            f'<li style="display:inline-block;margin:0 1em 0.5em 0;text-align:center">'
            f"{o.get('svg') or ''}<br>{escape(o.get('label', ''))}</li>"
            for o in group.get("options") or []
        )
        out.append(f'<ul style="list-style:none;padding:0">{items}</ul>')
    return "".join(out)


def screen_html(vm: Mapping[str, Any]) -> str:
    """The open screen of an activity's view-model as HTML (inline SVG, no script)."""
    screen = vm.get("screen") or {}
    parts = [
        '<section class="tga-static" style="font-size:20px;line-height:1.45;border:2px solid #8a8a8a;'
        'border-radius:8px;padding:12px 16px;color:var(--jp-ui-font-color0, inherit)">',
        f"<p><strong>{escape(vm.get('title', ''))}</strong></p>",
        f"<h3>{escape(screen.get('title', ''))}</h3>",
        _paras(screen.get("prompt")),
    ]
    if screen.get("svg"):
        parts.append(f'<div style="background:#fff;display:inline-block;padding:6px">{screen["svg"]}</div>')
    task = screen.get("task")
    if isinstance(task, Mapping):
        parts.append(_options(task))
    reveal = screen.get("reveal")
    if isinstance(reveal, Mapping):
        for part in reveal.get("parts") or []:
            parts.append(_paras(part.get("paragraphs")))
            if part.get("svg"):
                parts.append(f'<div style="background:#fff;display:inline-block">{part["svg"]}</div>')
    parts.append("</section>")
    return "".join(parts)
