"""The simulation experiment of the lesson: does a faster player always win?

``speed_points(rounds=200)`` plays seeded rounds between greedy bots whose speeds are
drawn at random for every round, and returns one row per player per round (speed,
points, whether that player was the fastest and whether they won). ``plot_speed_points``
draws points against speed (SVG, words from the catalogue); ``fastest_won``
counts the rounds the fastest player won, in words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.rng import Chance
from ..messages import say
from ..simulation import simulate_round


def speed_points(
    rounds: int = 200,
    players: int = 3,
    seed: int = 0,
    low: float = 0.5,
    high: float = 2.5,
    preset: str = "seed",
) -> list[dict[str, Any]]:
    """One row per player per simulated round: round, player, speed, points, fastest, won."""
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= 5000:
        raise ValueError(f"rounds must be a whole number from 1 to 5000, not {rounds!r}")
    if not 0 < low <= high <= 100:
        raise ValueError("speeds need 0 < low <= high <= 100 (cards per second)")
    rng = Chance(seed)
    rows: list[dict[str, Any]] = []
    for r in range(rounds):
        speeds = [round(rng.uniform(low, high), 2) for _ in range(players)]
        game = simulate_round(players=players, seed=seed * 100_003 + r, speeds=speeds, preset=preset)
        (points,) = game.round_scores()
        best, fastest = max(points), max(speeds)
        for p in range(players):
            rows.append({"round": r + 1, "player": p + 1, "speed": speeds[p], "points": points[p],
                         "fastest": speeds[p] == fastest, "won": points[p] == best})  # fmt: skip
    return rows


def fastest_won(rows: Sequence[dict[str, Any]], language: str | None = None) -> tuple[int, int, str]:
    """How many rounds the fastest player won (a tie for the best score counts as a win),
    out of how many, and the sentence that says it."""
    rounds = sorted({row["round"] for row in rows})
    wins = sum(1 for r in rounds if any(row["fastest"] and row["won"] for row in rows if row["round"] == r))
    return wins, len(rounds), say("lesson.fastest_won", language, wins=wins, rounds=len(rounds))


def plot_speed_points(rows: Sequence[dict[str, Any]], language: str | None = None, ax: Any = None) -> Any:
    """Points against speed, one mark per player per round, the round's winners as filled
    triangles. Drawn as SVG (no plotting library, so it works in the browser-only site too);
    with a matplotlib ``ax`` of the teacher's own, drawn there instead and the figure returned."""
    rounds = len({row["round"] for row in rows})
    words = {
        "title": say("lesson.plot.title", language, rounds=rounds),
        "speed": say("lesson.plot.speed", language),
        "points": say("lesson.plot.points", language),
        "winners": say("lesson.plot.winners", language),
        "others": say("lesson.plot.others", language),
    }
    if ax is None:
        from ...core.i18n import resolve_language, tr
        from ...experiments.charts import scatter

        heads = (words["speed"], tr("experiments.chart.players", language), words["winners"],
                 tr("experiments.chart.mean_points", language))  # fmt: skip
        return scatter(words["title"], [(r["speed"], r["points"], bool(r["won"])) for r in rows],
                       x_label=words["speed"], y_label=words["points"], marked_label=words["winners"],
                       other_label=words["others"], language=resolve_language(language),
                       heads=heads)  # fmt: skip
    won = [row for row in rows if row["won"]]
    lost = [row for row in rows if not row["won"]]
    ax.scatter([r["speed"] for r in lost], [r["points"] for r in lost], s=14, facecolors="none",
               edgecolors="#0072b2", label=words["others"])  # fmt: skip
    ax.scatter([r["speed"] for r in won], [r["points"] for r in won], s=16, marker="^", color="#c5461c",
               label=words["winners"])  # fmt: skip
    ax.axhline(0, color="#555555", linewidth=0.8)
    ax.set_title(words["title"])
    ax.set_xlabel(words["speed"])
    ax.set_ylabel(words["points"])
    ax.legend(loc="lower right")
    return ax.figure
