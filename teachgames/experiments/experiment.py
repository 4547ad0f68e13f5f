"""One simulation experiment: a series of seeded games between bots, and what it shows.

The games are :func:`teachgames.simulate`'s, so an experiment is reproducible (same
seed, same games) and can be spread over an executor for a large class run. The
summary speaks the lesson's language; the pictures are SVG.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from ..core.i18n import resolve_language, tr
from ..core.simulate import Results, simulate
from ..core.stats import SeatRow, as_float, decimal, seat_rows
from .charts import Chart, bar_chart, histogram, number, percent


def _say(key: str, language: str, **values: Any) -> str:
    return tr(f"experiments.{key}", language, **values)


def bot_name(bot: Any, language: str, by_speed: bool = False) -> str:
    """A bot's name for pupils. In a game played at once (``by_speed``: Ligretto, where a
    bot's speed decides) it is named by its speed, the number as the language writes it and
    the word agreeing with it ("1 card a second", "1,5 карты в секунду"); else by its label
    in their language, else by its class name."""
    speed = getattr(bot, "speed", None)
    if by_speed and isinstance(speed, (int, float)) and not isinstance(speed, bool):
        return _say("bot_speed", language, speed=number(float(speed), language))
    label = getattr(bot, "label", None)
    return str(label(language)) if callable(label) else type(bot).__name__


class Experiment:
    """The games of one experiment and the figures a class reads from them."""

    def __init__(self, game: str, bots: Sequence[Any], results: Results, language: str | None = None) -> None:
        self.game = game
        self.bots = list(bots)
        self.results = results
        self.language = resolve_language(language)

    # ------------------------------------------------------------ figures
    def seat_names(self) -> list[str]:
        from ..core.registry import game_class

        by_speed = game_class(self.game).simultaneous  # everyone plays at once: speed decides
        return [_say("seat", self.language, seat=i + 1, bot=bot_name(b, self.language, by_speed))
                for i, b in enumerate(self.bots)]

    def rows(self) -> list[SeatRow]:
        """Wins with their 95% interval and the mean score, one row per seat."""
        return seat_rows(self.results, self.seat_names())

    def mean_length(self) -> float:
        return sum(r.moves for r in self.results) / len(self.results) if self.results else 0.0

    def win_rate(self, seat: int) -> float:
        return self.rows()[seat].rate

    # ------------------------------------------------------------ pictures
    def win_chart(self) -> Chart:
        """Win rate per seat as bars, the 95% interval as whiskers (and the same figures
        as a table under the picture)."""
        rows, say = self.rows(), self.language
        heads = (_say("col_seat", say), _say("col_rate", say), _say("col_interval", say))
        return bar_chart(_say("win_chart", say, games=len(self.results)),
                         [str(r.seat + 1) for r in rows], [r.rate for r in rows],
                         [r.interval for r in rows], axis_label=_say("win_rate", say), language=say,
                         heads=heads)  # fmt: skip

    def score_histogram(self, seat: int) -> Chart:
        """How one seat's final scores spread over the games."""
        scores = [as_float(r.scores[seat]) for r in self.results]
        say = self.language
        return histogram(_say("score_histogram", say, seat=self.seat_names()[seat]), scores,
                         axis_label=_say("games_axis", say), value_label=_say("score_axis", say),
                         language=say, heads=(_say("score_axis", say), _say("col_games", say)))  # fmt: skip

    def lengths(self) -> Chart:
        """How many moves the games lasted."""
        say = self.language
        return histogram(_say("length_histogram", say, games=len(self.results)),
                         [float(r.moves) for r in self.results],
                         axis_label=_say("games_axis", say), value_label=_say("moves_axis", say),
                         language=say, heads=(_say("moves_axis", say), _say("col_games", say)))  # fmt: skip

    # ------------------------------------------------------------ display
    def _repr_html_(self) -> str:
        say = self.language

        def pct(x: float) -> str:
            return percent(x, say, 1)

        head = "".join(f"<th>{html.escape(_say(k, say))}</th>"
                       for k in ("col_seat", "col_wins", "col_rate", "col_interval", "col_mean"))
        body = []
        for row in self.rows():
            lo, hi = row.interval
            body.append(
                f"<tr><td>{html.escape(row.bot)}</td><td>{row.wins} / {row.games}</td>"
                f"<td>{pct(row.rate)}</td><td>{pct(lo)} – {pct(hi)}</td>"
                f"<td>{decimal(row.mean_score, 2, say)}</td></tr>"
            )
        caption = html.escape(self.caption())
        return (f'<table class="teachgames-experiment"><caption>{caption}</caption>'
                f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>")

    def caption(self) -> str:
        """How many games, how long on average, and how ties count, in words."""
        return _say("caption", self.language, games=len(self.results),
                    moves=decimal(self.mean_length(), 1, self.language))

    def __str__(self) -> str:
        lines = [self.caption()]
        for row in self.rows():
            lo, hi = row.interval
            say = self.language
            lines.append(f"{row.bot}: {row.wins}/{row.games} = {percent(row.rate, say, 1)} "
                         f"({percent(lo, say, 1)}–{percent(hi, say, 1)}), {decimal(row.mean_score, 2, say)}")
        return "\n".join(lines)


def run(game: str, bots: Sequence[Any], games: int = 100, seed: int = 0, *,
        executor: Executor | None = None, language: str | None = None, progress: bool | None = False,
        **options: Any) -> Experiment:
    """Play ``games`` seeded games of ``game`` between ``bots`` and return the experiment."""
    results = simulate(game, bots, games=games, seed=seed, executor=executor, progress=progress, **options)
    return Experiment(game, bots, results, language)
