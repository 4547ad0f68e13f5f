"""Pupil mode of ``teachgames lessons``: the lesson notebooks served as apps with Voilà.

A pupil sees a lesson's outputs only (the pictures, the explanations, the live widgets),
never its code: Voilà strips the sources from the page, shows no traceback, lists no
files to open in an editor, and its kernels accept widget messages only (no code can be
sent to them from the page).

Offline, like the rest of the package: Voilà's default ("lab") template links Font
Awesome from a CDN. The template shipped here (``pupil_template/``) extends it without
those links, so nothing a page asks for leaves the machine. Voilà finds templates in the
Jupyter data path; the server gets a folder of its own prepended to ``JUPYTER_PATH`` that
holds this template and the teacher's index page (the lessons by title, written in the
chosen language when the server starts).
"""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
import shutil
import socket
import sys
import urllib.parse
from importlib import resources
from pathlib import Path

from ..core.errors import UsageError
from ..core.network import EVERY_ADDRESS, lan_address

#: The template's name, as Voilà looks it up (``<data dir>/nbconvert/templates/<name>``).
TEMPLATE = "teachgames-pupil"
#: Voilà's own default port.
DEFAULT_PORT = 8866
LOOPBACK = "127.0.0.1"
#: The front-end extensions the lessons need: Voilà's widget manager (it keeps the one
#: that fits the installed ipywidgets), the widget base every widget builds on, and
#: anywidget. Other installed extensions stay out of the pupils' pages: none is needed,
#: and one may ask another host for something.
EXTENSIONS = (
    "@voila-dashboards/widgets-manager8",
    "@voila-dashboards/widgets-manager7",
    "@jupyter-widgets/jupyterlab-manager",
    "anywidget",
)
_HEADING = re.compile(r"^#\s+(.+?)\s*#*\s*$", re.MULTILINE)
_NUMBER = re.compile(r"(\d+)")


def tr(key: str, language: str | None, **values: object) -> str:
    """A pupil-mode message of the command, in ``language``."""
    from ..core.i18n import tr as translate

    return translate(f"cli.pupil.{key}", language or "en", **values)


def voila_missing(language: str | None = None) -> str | None:
    """What to install when Voilà (or the kernel it runs) is not there, or None."""
    if all(importlib.util.find_spec(name) is not None for name in ("voila", "ipykernel")):
        return None
    command = f'{sys.executable} -m pip install "voila>=0.5,<0.6" "ipykernel>=6.0"'
    return tr("voila_missing", language, command=command)


def check_port(port: int, host: str, language: str | None = None) -> None:
    """``port`` is a port number that nothing on ``host`` listens on yet."""
    if not 1 <= port <= 65535:
        raise UsageError(tr("bad_port", language, port=port))
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        # as the server binds (a port a stopped server left waiting is free to it)
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            raise UsageError(tr("port_taken", language, port=port)) from None


def _natural(name: str) -> list[object]:
    """Sort key that puts ``delissimo-6plus`` before ``delissimo-10plus``."""
    return [int(part) if part.isdigit() else part for part in _NUMBER.split(name)]


def lesson_title(notebook: Path) -> str:
    """The first ``# heading`` of the notebook's markdown, else its file name."""
    try:
        cells = json.loads(notebook.read_text(encoding="utf-8")).get("cells", [])
    except (OSError, ValueError, AttributeError):
        return notebook.stem
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else str(source)
        found = _HEADING.search(text)
        if found:
            return found.group(1).strip()
    return notebook.stem


def lesson_titles(folder: Path) -> list[tuple[str, str]]:
    """(file name, title) of every lesson notebook in ``folder``, in lesson order."""
    notebooks = sorted(folder.glob("*.ipynb"), key=lambda p: _natural(p.name))
    return [(path.name, lesson_title(path)) for path in notebooks if not path.name.startswith(".")]


def _text(value: str) -> str:
    """``value`` as HTML text that Jinja reads as plain text too (no ``{{`` or ``{%``)."""
    return html.escape(value).replace("{", "&#123;").replace("}", "&#125;")


def index_page(folder: Path, language: str, address: str) -> str:
    """The teacher's index page (a Jinja template extending ``pupil-page.html``): the
    lessons by title, the address pupils open, the light and dark theme."""
    items = []
    for name, title in lesson_titles(folder):
        query = "{% if query %}?{{ query }}{% endif %}"  # keeps ?theme=dark on the lesson's page
        href = "{{ base_url }}voila/render/" + urllib.parse.quote(name) + query
        items.append(
            f'      <li><a href="{href}"><span class="tg-title">{_text(title)}</span>'
            f'<span class="tg-file">{_text(name)}</span></a></li>'
        )
    lessons = "\n".join(items) or f"      <li>{_text(tr('index_none', language))}</li>"
    themes = (
        f'<a href="?theme=light">{_text(tr("index_light", language))}</a> · '
        f'<a href="?theme=dark">{_text(tr("index_dark", language))}</a>'
    )
    return "\n".join([
        '{% extends "pupil-page.html" %}',
        "{% block lang %}" + language + "{% endblock %}",
        "{% block title %}" + _text(tr("index_title", language)) + "{% endblock %}",
        "{% block content %}",
        f"    <h1>{_text(tr('index_title', language))}</h1>",
        "    <p>" + _text(tr("index_intro", language, address="\0")).replace(
            "\0", f"<code>{_text(address)}</code>") + "</p>",
        '    <ol class="tg-lessons">',
        lessons,
        "    </ol>",
        f"    <nav>{_text(tr('index_theme', language))} {themes}</nav>",
        "{% endblock %}",
        "",
    ])  # fmt: skip


def write_template(data_dir: Path, folder: Path, language: str, address: str) -> Path:
    """Put the pupil template, with the index page of ``folder``, under ``data_dir`` (a
    Jupyter data directory for ``JUPYTER_PATH``); returns the template's folder."""
    template = data_dir / "nbconvert" / "templates" / TEMPLATE
    template.mkdir(parents=True, exist_ok=True)
    for item in resources.files("teachgames.cli").joinpath("pupil_template").iterdir():
        if item.is_file():
            with resources.as_file(item) as source:
                shutil.copyfile(source, template / item.name)
    (template / "tree.html").write_text(index_page(folder, language, address), encoding="utf-8")
    (template / "pupil-words.html").write_text(loading_script(language), encoding="utf-8")
    return template


def _js_string(text: str) -> str:
    """``text`` as a JavaScript string that neither HTML nor Jinja reads anything in."""
    quoted = json.dumps(text, ensure_ascii=False)
    return quoted.replace("<", "\\u003c").replace("{", "\\u007b").replace("}", "\\u007d")


def loading_script(language: str) -> str:
    """The script that words Voilà's spinner ("Running ...", then "Executing 3 of 53") in
    ``language`` while the cells run; it follows the spinner in the page."""
    starting = _js_string(tr("starting", language))
    counting = _js_string(tr("loading", language, done="@DONE@", total="@TOTAL@"))
    return (
        "<script>\n"
        '  document.getElementById("loading_text").textContent = ' + starting + ";\n"
        "  window.voila_process = (done, total) => window.update_loading_text(\n"
        f'    done, total, {counting}.replace("@DONE@", done).replace("@TOTAL@", total));\n'
        "</script>\n"
    )


def voila_environment(data_dir: Path, base: dict[str, str] | None = None) -> dict[str, str]:
    """The environment of the Voilà server: ``base`` with ``data_dir`` first in ``JUPYTER_PATH``."""
    env = dict(os.environ if base is None else base)
    env["JUPYTER_PATH"] = os.pathsep.join(p for p in (str(data_dir), env.get("JUPYTER_PATH", "")) if p)
    return env


def class_environment(env: dict[str, str], data_dir: Path, url: str, language: str) -> dict[str, str]:
    """``env`` for lesson kernels whose pupils join the class at ``url``: the join form at
    the top of each lesson and the answers to the class server
    (:mod:`teachgames.classroom.kernelform`, run by the kernels' IPython start-up file)."""
    from ..classroom.kernelform import CLASS_VARIABLE, LANGUAGE_VARIABLE, startup_folder

    ipython = data_dir / "ipython"
    startup_folder(str(ipython))
    return {**env, CLASS_VARIABLE: url, LANGUAGE_VARIABLE: language, "IPYTHONDIR": str(ipython)}


def check_class_url(url: str, language: str | None = None) -> str:
    """A class server's address as ``--class`` takes it: http(s)://host[:port][/path]."""
    parts = urllib.parse.urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UsageError(tr("bad_class_url", language, url=url))
    return url.strip().rstrip("/")


def voila_command(
    folder: Path, host: str = LOOPBACK, port: int = DEFAULT_PORT, theme: str = "light", language: str = "en"
) -> list[str]:
    """The Voilà server for the lessons in ``folder``: outputs only, no tracebacks, the
    pupil template, exactly the address asked for (no other port tried), pages that say
    they are in ``language``."""
    command = [
        sys.executable, "-m", "voila", str(folder),
        "--no-browser",
        f"--Voila.ip={host}",
        f"--port={port}",
        "--Voila.port_retries=0",
        f"--template={TEMPLATE}",
        "--VoilaConfiguration.allow_template_override=NO",
        "--strip_sources=True",
        "--show_tracebacks=False",
        "--classic_tree=True",
        f"--theme={theme}",
        f"--VoilaExporter.language_code={language}",
    ]  # fmt: skip
    command += [f"--VoilaConfiguration.extension_allowlist={name}" for name in EXTENSIONS]
    return command


def addresses(lan: bool, port: int) -> tuple[str, str, str | None]:
    """(address to listen on, this machine's URL, the URL for pupils on the network or None)."""
    local = f"http://{LOOPBACK}:{port}/"
    if not lan:
        return LOOPBACK, local, None
    network = lan_address()
    return EVERY_ADDRESS, local, (f"http://{network}:{port}/" if network else None)
