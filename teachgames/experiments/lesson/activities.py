"""The experiments lesson (11+) on the shared activity layer: predict, repeat, see the
spread, then meet the 95% interval.

Pupils first **predict** (does going first help in Delissimo? how many games would settle
it?) and commit; then they repeat a small experiment many times with buttons
(:func:`teachgames.experiments.widget.repeat_widget`) and answer questions about the
**spread** they saw; only then is the **interval** named, on the notebook's own 40-game
experiment; the **exit ticket** checks the three ideas with feedback.

Every number a screen says or marks right is computed here from the experiments the lesson
shows (:func:`facts`): the 40-game experiment of the notebook (``run(..., games=40,
seed=81)``), the first twenty 10-game and 40-game experiments of the repeat control, and
Wilson intervals for the ticket; whether one interval lies above another decides which
option is right. The words are the sections of ``text/<language>/simulation.md`` and the
``experiments.lesson.*`` messages, with decimal commas in Russian and Bulgarian.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from ...core.i18n import tr
from ...core.stats import wilson
from ...lesson.screens import Screen, Words, activities
from ...lesson.tasks import Choose, Mark, Misconception, Option, Text, say
from ..charts import percent
from ..repeat import LESSON_SEED

TEXT = Path(__file__).resolve().parent / "text"
L = "experiments.lesson."
#: The notebook's first experiment: three greedy bots, 40 games of Delissimo 8+, from the
#: repeat control's first game on (so its first four 10-game experiments are these games).
FIRST_GAMES, FIRST_SEED = 40, LESSON_SEED
#: How many experiments of each size the spread questions count (one "Run 20" press).
REPEATS = 20
#: The ticket's small and large experiments: (wins, games), the same share.
TICKET_SMALL, TICKET_LARGE = (12, 20), (120, 200)


# ---------------------------------------------------------------------- numbers from the experiments


@cache
def first_experiment() -> Any:
    """The notebook's 40-game experiment (the same games, the same figures)."""
    from ...bots import GreedyBot
    from .. import run

    bots = [GreedyBot(), GreedyBot(), GreedyBot()]
    return run("delissimo", bots, games=FIRST_GAMES, seed=FIRST_SEED, level="basic")


@cache
def spreads() -> dict[int, tuple[float, float, float]]:
    """For 10 and 40 games: the lowest and highest share of seat 1 over the first
    :data:`REPEATS` experiments of the repeat control, and the first experiment's share."""
    from ..repeat import delissimo_first

    out = {}
    for games in (10, 40):
        series = delissimo_first(games)
        series.more(REPEATS)
        out[games] = (*series.spread(), series.shares[0])
    return out


def facts() -> dict[str, Any]:
    """Every figure the screens use, as numbers (tests compare the plan with these)."""
    rows = first_experiment().rows()
    (lo10, hi10, one10), (lo40, hi40, _one40) = spreads()[10], spreads()[40]
    small, large = wilson(*TICKET_SMALL), wilson(*TICKET_LARGE)
    return {
        "games": FIRST_GAMES, "wins1": rows[0].wins, "rate1": rows[0].rate,
        "intervals": [r.interval for r in rows], "even": 1 / len(rows),
        "lo10": lo10, "hi10": hi10, "one10": one10, "lo40": lo40, "hi40": hi40,
        "small": small, "large": large, "ticket_share": TICKET_SMALL[0] / TICKET_SMALL[1],
    }  # fmt: skip


def shown(language: str) -> dict[str, str]:
    """The figures as the language writes them (``52,5%``), for the words' ``{fields}``."""
    f = facts()
    pct = {k: percent(f[k], language) for k in ("lo10", "hi10", "one10", "lo40", "hi40", "even")}
    ivs = {f"{e}{i + 1}": percent(iv[k], language, 1)
           for i, iv in enumerate(f["intervals"]) for k, e in enumerate(("lo", "hi"))}  # fmt: skip
    return {
        **pct, **ivs, "games": str(f["games"]), "wins1": str(f["wins1"]),
        "rate1": percent(f["rate1"], language, 1), "share": percent(f["ticket_share"], language),
        "small_lo": percent(f["small"][0], language, 1), "small_hi": percent(f["small"][1], language, 1),
        "large_lo": percent(f["large"][0], language, 1), "large_hi": percent(f["large"][1], language, 1),
        "small_games": str(TICKET_SMALL[1]), "large_games": str(TICKET_LARGE[1]),
    }  # fmt: skip


def values(*names: str) -> dict[str, Text]:
    """Fields for a screen's words, each said in the pupil's language."""
    def field(name: str) -> Text:
        return lambda language: shown(language)[name]

    return {n: field(n) for n in names}


#: Every field the words may use.
ALL = ("lo10", "hi10", "one10", "lo40", "hi40", "even", "lo1", "hi1", "lo2", "hi2", "lo3", "hi3", "games",
       "wins1", "rate1", "share", "small_lo", "small_hi", "large_lo", "large_hi", "small_games",
       "large_games")  # fmt: skip


# ---------------------------------------------------------------------- a prediction


@dataclass(frozen=True)
class Predict:
    """A prediction: every option is taken (none is marked wrong, none right); committing
    it opens the screen's reveal, which says how the lesson will test it."""

    options: tuple[Option, ...]
    kind: str = "choose"

    def view(self, language: str) -> dict[str, Any]:
        return {"kind": self.kind, "several": False, "options": [o.view(language) for o in self.options]}

    def check(self, answer: object, language: str) -> Mark:
        """Read like a choice (one option, shown ones only); any option is taken. (Every
        option is right in the choice that reads it, so its only marks are "unread" and
        "right, but there is more", which here is the prediction taken.)"""
        mark = Choose(tuple(replace(o, right=True) for o in self.options)).check(answer, language)
        return mark if mark.outcome == "unread" else Mark("right", tr(L + "noted", language), mark.echo)

    def answer_text(self, language: str) -> str:
        return tr(L + "any_prediction", language)

    def likely_wrong(self, language: str) -> list[tuple[str, str]]:
        return []


def option(oid: str, right: bool = False, why: str | None = None, **fields: Any) -> Option:
    """An option whose words are ``experiments.lesson.option.<oid>`` (its ``{fields}`` the
    lesson's figures) and, when wrong, the misconception ``experiments.lesson.why.<why>``."""
    shown_values = {**values(*ALL), **fields}
    named = Misconception(L + "why." + why, shown_values) if why and not right else None
    return Option(oid, say(L + "option." + oid, **shown_values), right=right, misconception=named)


def win_chart_picture(language: str) -> str:
    """The 40-game experiment's bars and intervals, in the pupil's language."""
    from ..experiment import Experiment

    exp = first_experiment()
    return str(Experiment(exp.game, exp.bots, exp.results, language).win_chart())


def seat_fields(seat: int) -> dict[str, Text]:
    """The other seat's interval ends, for "seat 1's and seat n's intervals overlap"."""
    return {"other_lo": values(f"lo{seat}")[f"lo{seat}"], "other_hi": values(f"hi{seat}")[f"hi{seat}"]}


def above(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether interval ``a`` lies wholly above ``b`` (the experiment tells them apart)."""
    return a[0] > b[1]


# ---------------------------------------------------------------------- the activities


def predict(words: Words) -> tuple[Screen, ...]:
    """Two predictions, committed before any game is played."""
    first = Predict(tuple(option(o) for o in ("same", "more", "less", "always")))
    enough = Predict(tuple(option(o) for o in ("games1", "games10", "games40", "games200")))
    return (words.screen("guess", first), words.screen("enough", enough))


def spread(words: Words) -> tuple[Screen, ...]:
    """What the repeated experiments showed: results wander, small ones wander more, one
    small experiment is no answer."""
    f = facts()
    why = Choose((option("chance", right=True), option("mistake", why="chance_is_error"),
                  option("learn", why="bots_learn")))  # fmt: skip
    ten_wider = f["hi10"] - f["lo10"] > f["hi40"] - f["lo40"]
    size = Choose((option("ten", right=ten_wider, why="more_games_more_spread"),
                   option("forty", right=not ten_wider, why="more_games_more_spread"),
                   option("same_spread", why="size_no_matter")))  # fmt: skip
    one = Choose((option("one_no", right=True), option("one_yes", why="one_is_truth")))
    return (words.screen("wander", why, values=values(*ALL)), words.screen("size", size, values=values(*ALL)),
            words.screen("one", one, values=values(*ALL)))  # fmt: skip


def interval(words: Words) -> tuple[Screen, ...]:
    """The interval named: is one in three inside seat 1's interval? which seats does the
    40-game experiment tell apart?"""
    f = facts()
    iv = f["intervals"]
    outside = not iv[0][0] <= f["even"] <= iv[0][1]
    inside = Choose((option("inside_no", right=outside, why="read_the_ends"),
                     option("inside_yes", right=not outside, why="read_the_ends"),
                     option("inside_rate", why="rate_not_interval")))  # fmt: skip
    claims = Choose((option("beats2", above(iv[0], iv[1]), "overlap_ignored", seat=2, **seat_fields(2)),
                     option("beats3", above(iv[0], iv[2]), "overlap_ignored", seat=3, **seat_fields(3)),
                     option("none_apart", right=not any(above(iv[0], b) for b in iv[1:]), why="overlap_all"),
                     option("always_wins", why="always")), several=True)  # fmt: skip
    return (words.screen("inside", inside, win_chart_picture, values=values(*ALL)),
            words.screen("apart", claims, win_chart_picture, worked=True, values=values(*ALL)))  # fmt: skip


def ticket(words: Words) -> tuple[Screen, ...]:
    """The exit ticket: read an interval, more games, one small experiment."""
    f = facts()
    half_inside = f["small"][0] <= 0.5 <= f["small"][1]
    t1 = Choose((option("half_no", right=half_inside, why="rate_not_interval"),
                 option("half_yes", right=not half_inside, why="rate_not_interval")))  # fmt: skip
    large_narrower = f["large"][1] - f["large"][0] < f["small"][1] - f["small"][0]
    t2 = Choose((option("narrow_small", right=not large_narrower, why="more_games_more_spread"),
                 option("narrow_large", right=large_narrower, why="more_games_more_spread"),
                 option("narrow_same", why="size_no_matter")))  # fmt: skip
    t3 = Choose((option("lucky", right=True), option("seventy", why="one_is_truth"),
                 option("broken", why="chance_is_error")))  # fmt: skip
    return tuple(words.screen(sid, task, worked=True, values=values(*ALL))
                 for sid, task in (("t1", t1), ("t2", t2), ("t3", t3)))  # fmt: skip


PARTS: dict[str, Callable[[Words], tuple[Screen, ...]]] = {
    "predict": predict,
    "spread": spread,
    "interval": interval,
    "ticket": ticket,
}
LESSONS = {"simulation": PARTS}


#: The activity ``part`` of the experiments lesson ``lesson`` ("simulation", "predict").
activity = activities("experiments", "experiments", TEXT, LESSONS)
