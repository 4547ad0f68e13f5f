"""Tsvetik-Semitsvetik's 8+ lesson activities on the shared activity layer.

Grades 2–4, the young players' rules (no points off for extra cards): pupils read the
scoring table, compare two groups and say by how much one is bigger, work out what taking a
field adds and which field to take, and say which colour is more or less likely to come
next by counting the cards not seen yet: words ("more likely", "less likely"), never a
probability fraction. Every answer is a click on an option (no typing, no code);
nothing answers a task before the pupil commits, and no screen before "which colour comes
next?" shows the cards left in the bank (no spoiler).

Every number a screen states or marks right is worked out by the engine: points by
``score_of``, what a field adds by :func:`~teachgames.tsvetik.explain.field_gains` on the
lesson's puzzle position, the cards left by
:func:`~teachgames.tsvetik.explain.unseen_counts`. The words are the sections of
``text/<language>/8plus.md`` and the catalogue's ``tsvetik.lesson.activity.*`` messages.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from ...lesson.screens import Screen, Words, activities
from ...lesson.tasks import AmountForm, Choose, Misconception, Option, Text, TypeAmount, Wrong, plain, say
from ..cards import COLOURS, parse_colour
from ..rules import make_rules
from ..scoring import score_of
from . import (
    NO_EXTRA,
    PUZZLE_FIELDS,
    Q1_CARDS,
    Q2_CARDS,
    Q3_BANK,
    Q3_RED,
    Q8_1_CARDS,
    Q8_2_CARDS,
    Q8_3_BANK,
    field_puzzle,
)

TEXT = Path(__file__).resolve().parent / "text"
L = "tsvetik.lesson.activity."

#: The warm-up's collection: four red, two blue and a green.
WARM_CARDS = ("red",) * 4 + ("blue",) * 2 + ("green",)
#: The puzzles' own collection: two yellow, a green, a blue, a violet and a red.
OWN_CARDS = ("yellow", "yellow", "green", "blue", "violet", "red")
#: The colours offered on "which colour is least likely?" (each a different count left).
LEAST_OPTIONS = ("orange", "violet", "green", "red")
#: 11+ warm-up: four red, two blue and a green under the box's rules (a score below zero).
EXTRA_CARDS = ("red",) * 4 + ("blue",) * 2 + ("green",)
#: 11+ puzzles: three red, two blue, a green and a yellow (both groups below zero).
COMPARE_CARDS = ("red",) * 3 + ("blue",) * 2 + ("green", "yellow")


# ---------------------------------------------------------------------- numbers from the engine


def points(cards: Sequence[str]) -> int:
    """The points of ``cards`` scored as a group under the young players' rules."""
    return score_of([parse_colour(c) for c in cards], make_rules("seed", NO_EXTRA))


def one_colour(n: int) -> int:
    """The table's "one colour" row: ``n`` cards of one colour."""
    return points(("red",) * n)


def different(n: int) -> int:
    """The table's "different colours" row: ``n`` cards, each a different colour."""
    return points(COLOURS[:n])


def puzzle_gains() -> dict[int, int]:
    """What each field of the puzzle adds for Player 1 (field index -> points), from the
    engine; an empty field adds nothing now (it has no cards to take)."""
    from ..explain import field_gains

    game = field_puzzle(NO_EXTRA)
    gains = {f: gain for f, _after, gain in field_gains(game, 0)}
    return {f: gains.get(f, 0) for f in range(len(game.state.fields))}


def puzzle_left() -> dict[str, int]:
    """How many cards of each colour the puzzle's bank still holds (not seen yet)."""
    from ..explain import unseen_counts

    game = field_puzzle(NO_EXTRA)
    return dict(zip(COLOURS, unseen_counts(game.state, game.rules), strict=True))


# ---------------------------------------------------------------------- pictures and words


def cards_picture(cards: Sequence[str], height: float = 100.0) -> Callable[[str], str]:
    """A row of cards, one picture per colour with "×n" for how many (the pupil counts)."""
    counts = {c: cards.count(c) for c in dict.fromkeys(cards)}

    def draw(language: str) -> str:
        from ..draw import card_svg

        return "".join(str(card_svg(c, language, height, count=n)) for c, n in counts.items())

    return draw


def with_table(picture: Callable[[str], str]) -> Callable[[str], str]:
    """``picture`` with the young players' scoring table under it, for a question that is
    answered from the table (the notebook's own table is screens away by the ticket)."""

    def draw(language: str) -> str:
        from ..draw import score_table_svg

        rules = make_rules("seed", NO_EXTRA)
        table = score_table_svg(rules.one_colour, rules.different, language)
        return f'{picture(language)}<div class="tga-score-table">{table}</div>'

    return draw


def puzzle_picture(language: str) -> str:
    return str(field_puzzle(NO_EXTRA).picture(language=language, width=900))


def colour(c: str) -> Text:
    return say(f"tsvetik.colour.{c}")


def points_label(n: int) -> Text:
    return say(L + "points", n=n)


def _points_option(oid: str, n: int, right: bool = False, why: str | None = None, **values: Any) -> Option:
    return Option(
        oid, points_label(n), right=right, misconception=Misconception(L + why, values) if why else None
    )


def least_likely(left: dict[str, int]) -> Choose:
    """Which colour is the next card least likely to be (``left``: cards of each colour still
    in the bank); the most likely colour is the slip a pupil who misreads the question makes."""
    least = min(left[c] for c in LEAST_OPTIONS)
    most = max(left[c] for c in LEAST_OPTIONS)
    return Choose(
        tuple(
            Option(c, colour(c), right=left[c] == least,
                   misconception=Misconception(L + "most_not_least") if left[c] == most else None)
            for c in LEAST_OPTIONS
        ),
        otherwise=Misconception(L + "count_left"),
    )  # fmt: skip


# ---------------------------------------------------------------------- the three activities


def warmup(words: Words) -> tuple[Screen, ...]:
    """Reading the table, which group is better, and by how much."""
    five = one_colour(5)
    read = Choose(
        (
            _points_option("different", different(5), why="wrong_row"),
            _points_option("one", five, right=True),
            _points_option("four", one_colour(4), why="wrong_column"),
        )
    )
    red, mixed = points(("red",) * 4), different(3)
    better = Choose(
        (
            Option("red", say(L + "group_colour", colour=colour("red")), right=True),
            Option("different", say(L + "group_different"), misconception=Misconception(L + "more_colours")),
        )
    )
    gap = red - mixed
    by_how_much = Choose(
        (
            _points_option("sum", red + mixed, why="added"),
            _points_option("gap", gap, right=True),
            _points_option("bigger", red, why="bigger_not_gap"),
        )
    )
    values = {"five": five, "red": red, "mixed": mixed, "gap": gap}
    return (
        words.screen("read", read, cards_picture(("blue",) * 5), values=values),
        words.screen("better", better, cards_picture(WARM_CARDS), values=values),
        words.screen("gap", by_how_much, cards_picture(WARM_CARDS), worked=True, values=values),
    )


def puzzles(words: Words) -> tuple[Screen, ...]:
    """The pupils' own cards, then the puzzle: what a field adds, which field to take, and
    (last, so nothing before it gives the bank away) which colour is least likely next."""
    own_mixed, own_yellow = points(OWN_CARDS), points(("yellow", "yellow"))
    own = Choose(
        (
            Option("yellow", say(L + "group_colour", colour=colour("yellow")),
                   misconception=Misconception(L + "biggest_pile")),
            Option("different", say(L + "group_different"), right=True),
        )
    )  # fmt: skip
    gains = puzzle_gains()
    before = points(("red",) * 3)
    after = points(("red",) * 5)
    alone = one_colour(2)
    adds = Choose(
        (
            _points_option("after", after, why="new_score", after=after),
            _points_option("alone", alone, why="field_alone", field=alone),
            _points_option("gain", gains[0], right=True),
        )
    )
    best = max(gains.values())
    #: Why a field that adds less is tempting (the puzzle's fields 2, 3 and 4).
    field_words = {1: "field_mixed", 2: "field_other_colour", 3: "field_empty"}
    which = Choose(
        tuple(
            Option(
                f"field{f + 1}",
                say(L + "field", n=f + 1),
                right=gain == best,
                misconception=None if gain == best else Misconception(L + field_words[f]),
            )
            for f, gain in gains.items()
        ),
    )
    left = puzzle_left()
    unlikely = least_likely(left)
    values = {
        "own_mixed": own_mixed,
        "own_yellow": own_yellow,
        "before": before,
        "after": after,
        "gain": gains[0],
        **{f"left_{c}": left[c] for c in COLOURS},
    }
    return (
        words.screen("own", own, cards_picture(OWN_CARDS), values=values),
        words.screen("adds", adds, puzzle_picture, worked=True, values=values),
        words.screen("which", which, puzzle_picture, values=values),
        words.screen("unlikely", unlikely, puzzle_picture, worked=True, values=values),
    )


def ticket(words: Words) -> tuple[Screen, ...]:
    """The 8+ exit ticket (what :func:`~teachgames.tsvetik.lesson.exit_ticket` gives for
    "8plus"): three questions answered by clicking."""
    four = points(Q8_1_CARDS)
    t1 = Choose(
        (
            _points_option("different", different(len(Q8_1_CARDS)), why="wrong_row"),
            _points_option("one", four, right=True),
            _points_option("five", one_colour(len(Q8_1_CARDS) + 1), why="wrong_column"),
        )
    )
    reds = Q8_2_CARDS.count("red")
    colours = len(set(Q8_2_CARDS))
    red_points, mixed_points = points(("red",) * reds), different(colours)
    t2 = Choose(
        (
            Option("red", say(L + "group_colour", colour=colour("red")), right=red_points > mixed_points,
                   misconception=None if red_points > mixed_points else Misconception(L + "biggest_pile")),
            Option("different", say(L + "group_different"), right=mixed_points > red_points,
                   misconception=None if mixed_points > red_points else Misconception(L + "more_colours")),
        )
    )  # fmt: skip
    likeliest = max(Q8_3_BANK.values())
    fewest = min(Q8_3_BANK.values())
    t3 = Choose(
        tuple(
            Option(
                c,
                colour(c),
                right=n == likeliest,
                misconception=Misconception(L + "least_not_most") if n == fewest else None,
            )
            for c, n in Q8_3_BANK.items()
        ),
        otherwise=Misconception(L + "count_bank"),
    )
    bank = [c for c, n in Q8_3_BANK.items() for _ in range(n)]
    values = {
        "four": four,
        "red": red_points,
        "mixed": mixed_points,
        "colours": colours,
        **{f"bank_{c}": n for c, n in Q8_3_BANK.items()},
    }
    return (
        words.screen("t1", t1, with_table(cards_picture(Q8_1_CARDS)), worked=True, values=values),
        words.screen("t2", t2, with_table(cards_picture(Q8_2_CARDS)), worked=True, values=values),
        words.screen("t3", t3, cards_picture(bank), worked=True, values=values),
    )


# ---------------------------------------------------------------------- 11+: the box's rules


def box_points(cards: Sequence[str]) -> int:
    """The points of ``cards`` under the box's rules (every extra card −20)."""
    return score_of([parse_colour(c) for c in cards], make_rules("seed"))


def group_points(cards: Sequence[str], group: str | None) -> int:
    """What ``cards`` score under the box's rules keeping the one-colour group ``group``
    (a colour) or, with None, the group of different colours (the engine's options)."""
    from ..scoring import counts_of, group_options

    rules = make_rules("seed")
    wanted = None if group is None else parse_colour(group)
    options = group_options(counts_of([parse_colour(c) for c in cards]), rules)
    (option,) = [o for o in options if o.colour == wanted]
    return option.points


def num(n: int) -> str:
    """A number as a pupil reads it: a true minus sign below zero (−43, not -43)."""
    return f"−{-n}" if n < 0 else str(n)


def amount_wrong(why: str, *values: int, **words: Any) -> Wrong:
    """A likely wrong whole number (or several) and the misconception that gives it."""
    shown = " / ".join(map(str, values))
    return Wrong(Misconception(L + why, words), tuple((v, 1) for v in values), shown=shown)


def fraction_wrong(why: str, p: int, q: int, **words: Any) -> Wrong:
    return Wrong(Misconception(L + why, words), ((p, q),), shown=f"{p}/{q}")


def whole(
    n: int, *wrongs: Wrong, form: AmountForm = "whole", unit: str | None = None, terms: Sequence[int] = ()
) -> TypeAmount:
    """Type a whole number of points or cards (``form="any"`` lets a minus sign be typed);
    ``terms`` are the numbers a score adds up (55 and −40), for the shared sign slips."""
    return TypeAmount((n, 1), form=form, wrongs=wrongs, shown=plain(num(n)), unit=unit,
                      terms=tuple((t, 1) for t in terms))  # fmt: skip


def warmup11(words: Words) -> tuple[Screen, ...]:
    """The "different colours" row as a pattern (n × n + 1), then a score below zero."""
    row = list(make_rules("seed").different)  # the table's row, 1 to 7 colours
    steps = [b - a for a, b in pairwise(row)]
    nxt = row[6]
    pattern = whole(
        nxt, amount_wrong("step_repeated", 2 * row[5] - row[4]), amount_wrong("doubled", 2 * row[5])
    )
    rule = Choose(
        (
            Option("square", plain("n × n + 1"), right=all(r == n * n + 1 for n, r in enumerate(row, 1))),
            Option("times3", plain("n × 3 − 1"), misconception=Misconception(L + "fits_start")),
            Option("squared", plain("n × n"), misconception=Misconception(L + "one_short")),
        )
    )
    group, extras = one_colour(4), 3
    score = box_points(EXTRA_CARDS)
    penalty = extras * 20
    extra = whole(
        score,
        amount_wrong("added_penalty", group + penalty, right=num(score), group=group, penalty=penalty),
        amount_wrong("sign_lost", -score, group=group, penalty=penalty),
        amount_wrong("forgot_extra", group, group=group),
        form="any",
        unit="points",
        terms=(group, -penalty),
    )
    values = {
        "row": ", ".join(map(str, row[:6])),
        "steps": ", ".join(map(str, steps)),
        "next": nxt,
        "last_step": steps[-1],
        "group": group,
        "extras": extras,
        "penalty": penalty,
        "score": num(score),
    }
    return (
        words.screen("pattern", pattern, worked=True, values=values),
        words.screen("rule", rule, worked=True, values=values),
        words.screen("extra", extra, cards_picture(EXTRA_CARDS), worked=True, values=values),
    )


def box_puzzle_picture(language: str) -> str:
    return str(field_puzzle().picture(language=language, width=900))


def box_gains() -> dict[int, int]:
    """What each field of the puzzle adds for Player 1 under the box's rules."""
    from ..explain import field_gains

    game = field_puzzle()
    gains = {f: gain for f, _after, gain in field_gains(game, 0)}
    return {f: gains.get(f, 0) for f in range(len(game.state.fields))}


def _which_box_field(gains: dict[int, int]) -> Choose:
    best = max(g for f, g in gains.items() if PUZZLE_FIELDS[f])
    field_words = {1: "field_two_extra", 2: "field_one_extra", 3: "field_empty"}
    return Choose(
        tuple(
            Option(
                f"field{f + 1}",
                say(L + "field", n=f + 1),
                right=gain == best and bool(PUZZLE_FIELDS[f]),
                misconception=None
                if gain == best
                else Misconception(L + field_words[f], {"gain": num(gain)}),
            )
            for f, gain in gains.items()
        )
    )


def puzzles11(words: Words) -> tuple[Screen, ...]:
    """Comparing two scores below zero, which field, then (and only then) the chances."""
    red, mixed = group_points(COMPARE_CARDS, "red"), group_points(COMPARE_CARDS, None)
    shown = {"red": num(red), "mixed": num(mixed)}
    compare = Choose(
        (
            Option("red", say(L + "group_colour", colour=colour("red")),
                   misconception=Misconception(L + "biggest_pile_box", shown)),
            Option("different", say(L + "group_different"), right=True),
        )
    )  # fmt: skip
    gains = box_gains()
    left = puzzle_left()
    unlikely = least_likely(left)
    seen_red = 7 - left["red"]
    bank = sum(left.values())
    reds = whole(left["red"], amount_wrong("seen_not_left", seen_red), amount_wrong("all_seven", 7))
    chance = TypeAmount(
        (left["red"], bank),
        wrongs=(
            fraction_wrong("whole_box", left["red"], 49, seen=49 - bank, bank=bank),
            fraction_wrong("seen_reds", seen_red, bank, left=left["red"]),
            # (7/49, a full box's chance, equals 5/35 here: the ticket asks for it instead)
        ),
        shown=plain(f"{left['red']}/{bank}"),
    )
    values = {**shown, "gain": gains[0], "gain2": num(gains[1]), "gain3": num(gains[2]),
              "seen_red": seen_red, "bank": bank, "seen": 49 - bank,
              **{f"left_{c}": n for c, n in left.items()}}  # fmt: skip
    return (
        words.screen("compare", compare, cards_picture(COMPARE_CARDS), worked=True, values=values),
        words.screen("which", _which_box_field(gains), box_puzzle_picture, worked=True, values=values),
        words.screen("unlikely", unlikely, box_puzzle_picture, values=values),
        words.screen("left", reds, box_puzzle_picture, worked=True, values=values),
        words.screen("chance", chance, box_puzzle_picture, worked=True, values=values),
    )


def ticket11(words: Words) -> tuple[Screen, ...]:
    """A score below zero (the sign named), the best group, the chance as any equal form, and
    why its denominator is not 49."""
    group, n_extra = one_colour(Q1_CARDS.count("red")), len(Q1_CARDS) - Q1_CARDS.count("red")
    score, penalty = box_points(Q1_CARDS), n_extra * 20
    t1 = whole(
        score,
        amount_wrong("added_penalty", group + penalty, right=num(score), group=group, penalty=penalty),
        amount_wrong("forgot_extra", group, group=group),
        form="any",
        unit="points",
        terms=(group, -penalty),
    )
    red_score, mixed_score = group_points(Q2_CARDS, "red"), group_points(Q2_CARDS, None)
    t2 = Choose(
        (
            Option("red", say(L + "group_colour", colour=colour("red")), right=red_score > mixed_score,
                   misconception=None if red_score > mixed_score else Misconception(L + "biggest_pile")),
            Option("different", say(L + "group_different"), right=mixed_score > red_score),
        )
    )  # fmt: skip
    seen = 49 - Q3_BANK
    t3 = TypeAmount(
        (Q3_RED, Q3_BANK),
        wrongs=(
            fraction_wrong("whole_box", Q3_RED, 49, seen=seen, bank=Q3_BANK),
            fraction_wrong("box_chance", 7, 49, seen=seen, bank=Q3_BANK),
            fraction_wrong("seen_reds", 7 - Q3_RED, Q3_BANK, left=Q3_RED),
        ),
        shown=plain(f"{Q3_RED}/{Q3_BANK}"),
    )
    why = Choose(
        (
            Option("seen", say(L + "why_seen", seen=seen), right=True),
            Option("divide", say(L + "why_divide"), misconception=Misconception(L + "divides_evenly")),
            Option("reds", say(L + "why_reds", bank=Q3_BANK),
                   misconception=Misconception(L + "not_the_reds", {"red": Q3_RED})),
        ),
        kind="why",
    )  # fmt: skip
    values = {"group": group, "extras": n_extra, "penalty": penalty, "score": score, "red": num(red_score),
              "mixed": mixed_score, "colours": len(set(Q2_CARDS)), "seen": seen, "seen_red": 7 - Q3_RED,
              "bank": Q3_BANK, "left": Q3_RED}  # fmt: skip
    return (
        words.screen("t1", t1, cards_picture(Q1_CARDS), worked=True, values=values),
        words.screen("t2", t2, cards_picture(Q2_CARDS), worked=True, values=values),
        words.screen("t3", t3, worked=True, values=values),
        words.screen("t4", why, worked=True, values=values),
    )


#: Every lesson's activities: lesson -> part -> the screens' builder (in order).
LESSONS: dict[str, dict[str, Callable[[Words], tuple[Screen, ...]]]] = {
    "8plus": {"warmup": warmup, "puzzles": puzzles, "ticket": ticket},
    "11plus": {"warmup": warmup11, "puzzles": puzzles11, "ticket": ticket11},
}


#: The activity ``part`` of the Tsvetik lesson ``lesson`` ("8plus", "warmup").
activity = activities("tsvetik", "Tsvetik", TEXT, LESSONS)
