"""The repeat-the-experiment control: buttons, no code.

A pupil picks how many games one experiment has (10, 40 or 200), presses "Run 1
experiment" or "Run 20 experiments", and sees a dot per experiment pile up (the dot plot
with its data table), and one line per size saying how far the results spread. "Try 200
games" is a button press, not an edit.

One anywidget (:class:`RepeatWidget`, front end ``static/repeat.js`` + ``.css``, no
``@jupyter-widgets/controls``), so it draws in JupyterLab, Voilà, JupyterLite and the
classroom site's lesson pages, whose own small widget host knows only anywidget's model.
:class:`RepeatPanel` is the state and Python is the source of truth: the page sends
custom messages (``{"type": "size", "games": 40}``, ``{"type": "run", "times": 20}``)
and draws the traits this publishes. Importing this module loads anywidget: the lesson
imports it only to show the control.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..core.i18n import resolve_language, tr
from ..core.jsmodules import joined
from .charts import percent
from .repeat import Repeats, delissimo_first, dots_chart

#: The experiment sizes a pupil chooses from.
SIZES = (10, 40, 200)
#: How many experiments one press runs (the two run buttons).
RUNS = (1, 20)
STATIC = Path(__file__).parent / "static"


class RepeatPanel:
    """The state behind the control: a series of experiments per size (``make(games)``)."""

    def __init__(self, make: Callable[[int], Repeats] = delissimo_first, language: str | None = None) -> None:
        self.language = resolve_language(language)
        self.make = make
        self.series: dict[int, Repeats] = {}
        self.games = SIZES[0]

    def say(self, key: str, **values: Any) -> str:
        return tr(f"experiments.repeat.{key}", self.language, **values)

    def current(self) -> Repeats:
        if self.games not in self.series:
            self.series[self.games] = self.make(self.games)
        return self.series[self.games]

    def choose(self, games: int) -> None:
        if games not in SIZES:
            raise ValueError(self.say("bad_size", sizes=", ".join(map(str, SIZES))))
        self.games = games

    def run(self, times: int) -> None:
        self.current().more(times)

    def prompt(self) -> str:
        """What to do next, while the chosen size has no experiment yet ("" after)."""
        return "" if self.current().shares else self.say("press", games=self.games)

    def lines(self) -> list[str]:
        """One line per size run so far: "10 games, 20 experiments: from 10% to 70%"."""
        out = []
        for games in SIZES:
            r = self.series.get(games)
            if r is not None and r.shares:
                lo, hi = r.spread()
                out.append(self.say("line", games=games, n=len(r.shares), low=percent(lo, self.language),
                                    high=percent(hi, self.language)))  # fmt: skip
        return out

    def chart_html(self) -> str:
        """The dot plot of every size run so far with its data table ("" before any):
        teachgames' own SVG and HTML, every word escaped here."""
        shown = [self.series[g] for g in SIZES if g in self.series and self.series[g].shares]
        if not shown:
            return ""
        chart = dots_chart(self.say("panel_title", seat=self.current().seat + 1), shown, self.language)
        return chart._repr_html_()

    def html(self) -> str:
        """The whole panel as static HTML (the prompt, the chart, the lines): what an
        exported notebook shows where the control was."""
        prompt = self.prompt()
        head = f'<p style="font-size:20px">{html.escape(prompt)}</p>' if prompt else ""
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        lines = f'<ul aria-live="polite" style="font-size:20px">{items}</ul>' if items else ""
        return f'<div style="font-size:18px">{head}{self.chart_html()}{lines}</div>'


#: the words the page puts on the control itself (the status words are chosen here)
LABELS = ("size_label", "progress")


class RepeatWidget(anywidget.AnyWidget):
    """The size buttons (one pressed), the two run buttons, the status line, the dot plot
    with its table and the lines per size. A run goes on as an asyncio task, one
    experiment at a time, so the dots pile up as they come and the page shows it busy
    (no second run starts meanwhile); without a running event loop (a plain script) it
    runs at once. A message of another shape is ignored: the page cannot make this raise."""

    _esm = joined(STATIC / "repeat.js")  # with the widgets' shared dom.js in place
    _css = STATIC / "repeat.css"
    lang = traitlets.Unicode("en").tag(sync=True)
    words = traitlets.Dict({}).tag(sync=True)
    #: the size buttons: [{"games": 10, "label": "10 games"}, ...]
    sizes = traitlets.List(traitlets.Dict()).tag(sync=True)
    #: the run buttons: [{"times": 1, "label": "Run 1 experiment"}, ...]
    runs = traitlets.List(traitlets.Dict()).tag(sync=True)
    games = traitlets.Int(SIZES[0]).tag(sync=True)
    chart = traitlets.Unicode("").tag(sync=True)
    lines = traitlets.List(traitlets.Unicode()).tag(sync=True)
    status = traitlets.Unicode("").tag(sync=True)
    problem = traitlets.Bool(False).tag(sync=True)
    busy = traitlets.Bool(False).tag(sync=True)
    #: the run under way: experiments finished, of how many (0 when none runs)
    done = traitlets.Int(0).tag(sync=True)
    todo = traitlets.Int(0).tag(sync=True)

    def __init__(self, panel: RepeatPanel) -> None:
        say = panel.say
        super().__init__(
            lang=panel.language,
            words={key: say(key) for key in LABELS},
            sizes=[{"games": g, "label": say("size", games=g)} for g in SIZES],
            runs=[{"times": n, "label": say("run_one") if n == 1 else say("run_many", n=n)} for n in RUNS],
            games=panel.games,
        )
        self.panel = panel
        self._running: asyncio.Future[None] | None = None  # kept: a task nobody holds may be collected
        self._draw()
        self.on_msg(self._on_message)

    def _draw(self) -> None:
        with self.hold_sync():
            self.games = self.panel.games
            self.chart = self.panel.chart_html()
            self.lines = self.panel.lines()
            if not self.busy:
                self.status, self.problem = self.panel.prompt(), False

    def _on_message(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if not isinstance(content, dict) or content.get("type") not in ("size", "run"):
            return
        size = content["type"] == "size"
        value = content.get("games" if size else "times")
        if isinstance(value, bool) or not isinstance(value, int):
            return
        if size:
            self.choose(value)
        elif value in RUNS:
            self.run(value)

    def choose(self, games: int) -> None:
        """Press a size button; an unknown size is answered in words, the state unchanged."""
        if self.busy:
            return
        try:
            self.panel.choose(games)
        except ValueError as err:
            self.status, self.problem = str(err), True
            return
        self._draw()

    def run(self, times: int) -> asyncio.Future[None] | None:
        """Run ``times`` experiments of the chosen size (the task, or None when it ran at
        once or did not start: a run is under way)."""
        if self.busy:
            return None
        self.busy, self.done, self.todo = True, 0, times
        self.status, self.problem = self.panel.say("running", n=times, games=self.panel.games), False
        try:
            asyncio.get_running_loop()
        except RuntimeError:  # no event loop: a script, or a test driving it directly
            try:
                for _ in self._steps(times):
                    pass
            finally:
                self._finish()
            return None
        self._running = asyncio.ensure_future(self._run(times))
        return self._running

    def _steps(self, times: int) -> Iterator[None]:
        for k in range(times):
            self.panel.run(1)
            self.done = k + 1
            self._draw()
            yield

    async def _run(self, times: int) -> None:
        try:
            for _ in self._steps(times):
                await asyncio.sleep(0)  # the page hears of each dot; a second press finds us busy
        finally:
            self._finish()

    def _finish(self) -> None:
        self.busy, self.todo, self.done = False, 0, 0
        self._draw()

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        # a static copy beside the widget, for an exported notebook with no widget state
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:  # pragma: no cover - anywidget always gives one
            return None
        data, metadata = bundle
        return {**data, "text/html": self.panel.html()}, metadata


def repeat_widget(
    language: str | None = None, make: Callable[[int], Repeats] = delissimo_first
) -> RepeatWidget:
    """The control as one anywidget: size buttons, run buttons, the dot plot and its table."""
    return RepeatWidget(RepeatPanel(make, language))
