"""The repeat-the-experiment control: buttons, no code.

A pupil picks how many games one experiment has (10, 40 or 200), presses "Run 1
experiment" or "Run 20 experiments", and sees a dot per experiment pile up (the dot plot
with its data table), and one line per size saying how far the results spread. "Try 200
games" is a button press, not an edit. Built from ipywidgets (Voilà and JupyterLab draw
them in the page's theme); imported only when the lesson shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.i18n import resolve_language, tr
from .charts import percent
from .repeat import Repeats, delissimo_first, dots_chart

#: The experiment sizes a pupil chooses from.
SIZES = (10, 40, 200)


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

    def html(self) -> str:
        import html

        series = self.current()
        if not series.shares:
            return f'<p style="font-size:20px">{html.escape(self.say("press", games=self.games))}</p>'
        items = "".join(f"<li>{html.escape(line)}</li>" for line in self.lines())
        shown = [self.series[g] for g in SIZES if g in self.series and self.series[g].shares]
        chart = dots_chart(self.say("panel_title", seat=series.seat + 1), shown, self.language)
        return (f'<div style="font-size:18px">{chart._repr_html_()}'
                f'<ul aria-live="polite" style="font-size:20px">{items}</ul></div>')  # fmt: skip


def repeat_widget(language: str | None = None, make: Callable[[int], Repeats] = delissimo_first) -> Any:
    """The control as ipywidgets: size buttons, run buttons, the dot plot and its table."""
    import ipywidgets as w

    panel = RepeatPanel(make, language)
    size = w.ToggleButtons(options=[(panel.say("size", games=g), g) for g in SIZES], value=panel.games,
                           description=panel.say("size_label"),
                           style={"description_width": "initial"})  # fmt: skip
    once = w.Button(description=panel.say("run_one"), button_style="primary")
    many = w.Button(description=panel.say("run_many", n=20))
    for b in (once, many):
        b.layout = w.Layout(width="auto", height="44px")
        b.style.font_size = "20px"
    view = w.HTML(panel.html())

    def refresh(*_: Any) -> None:
        view.value = panel.html()

    def chosen(change: dict[str, Any]) -> None:
        panel.choose(int(change["new"]))
        refresh()

    def press(times: int) -> Callable[[Any], None]:
        def pressed(_button: Any) -> None:
            panel.run(times)
            refresh()

        return pressed

    size.observe(chosen, names="value")
    once.on_click(press(1))
    many.on_click(press(20))
    # ipywidgets' own toggle text is 13 px: 20 px here, readable from the back of the room
    style = w.HTML("<style>.tg-repeat .widget-toggle-button, .tg-repeat .widget-label "
                   "{font-size: 20px; height: auto; min-height: 44px}</style>")  # fmt: skip
    box = w.VBox([style, size, w.HBox([once, many]), view])
    box.add_class("tg-repeat")
    box.panel = panel
    return box
