"""The Split 6+ lesson ("classify") on the shared activity layer.

Three activities a notebook cell shows (``teachgames.lesson.show_activity("split",
"classify", "warmup")``): the warm-up, the puzzles and the exit ticket. Every screen is
data; its words are the sections of ``text/<language>/classify.md`` and the catalogue's
``split.lesson.activity.*`` messages.

Pupils of 6–7 answer by clicking: they sort a pair shown as a picture (choose perfect,
strong, weak or no match), tap the two half-cards that make a match of a given kind, tap
the card that upgrades a match, and read a score pad whose box values are drawn. A pick of
half-cards is a move asked about, never played: the engine judges it (``game.problem`` of
laying the two cards down, or of the upgrade), and the kind of match comes from the
engine's own table, so the lesson writes no rule again.

A reveal is two or three short lines; the full working (the game's three questions, the
pad row by row) is behind "more", closed until the pupil opens it.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from ...core.i18n import tr
from ...lesson.screens import ActivitySpec, Screen, Words
from ...lesson.tasks import (
    CardGroup,
    Choose,
    Judge,
    Mark,
    Misconception,
    Option,
    PickCards,
    Text,
    TypeAmount,
    Wrong,
    plain,
    say,
)
from ..cards import card_words, kind_of, parse_half

TEXT = Path(__file__).resolve().parent / "text"
L = "split.lesson.activity."
LESSON = "split-classify"

#: The kinds of match a pupil sorts into, strongest first, and "no match".
KINDS: tuple[str, ...] = ("perfect", "strong", "weak", "none")

#: The upgrade puzzle: Player 1 has drawn and holds 7♥, 7♣, K♦; on the table the weak
#: match 7♥ 7♠ and the strong match K♠ K♣ (the pupil upgrades the first in place of 7♠).
UPGRADE: dict[str, Any] = {
    "hands": [["7h", "7c", "Kd"], ["2s", "5d", "9c"]],
    "draw": ["Qs", "3h"],
    "discard": ["4d", "Jc"],
    "matches": [[["7h", "7s"], ["Ks", "Kc"]], [["5h", "5s"]]],
    "phase": "play",
}
UPGRADE_REPLACE = "7s"

#: The score pads the lesson reads: the puzzle's (worked in class) and the ticket's (new).
PUZZLE_PAD = {"perfect": 2, "strong": 1, "weak": 3, "negative": 2}
TICKET_PAD = {"perfect": 1, "strong": 2, "weak": 1, "negative": 1}
#: The weak row read on its own first: 3 boxes crossed out.
WEAK_ROW = {"perfect": 0, "strong": 0, "weak": 3, "negative": 0}


# ---------------------------------------------------------------------- words and pictures


def kind_word(kind: str) -> Text:
    """A kind of match as an option says it ("a strong match", «сильная пара»)."""
    return say(f"split.lesson.opt.{kind}")


def card_text(card: str) -> Text:
    """A half-card in the pupil's alphabet ("J♣", ru "В♣")."""
    return lambda language: card_words(card, language)


#: How much larger than on the game's table a lesson screen draws the pair a pupil reads:
#: about 255 px across at 1280 x 720, so the back of the room reads rank and suit.
SCREEN_SCALE = 2.2


def pair_picture(a: str, b: str) -> Callable[[str], str]:
    """Two halves cut edge to cut edge, a question mark under them (the pupil sorts)."""
    from . import match_row

    return lambda language: str(match_row([(a, b)], language, show_type=False, scale=SCREEN_SCALE))


def match_picture(a: str, b: str) -> Callable[[str], str]:
    """A match on the table with its kind written under it (the one to upgrade)."""
    from . import match_row

    return lambda language: str(match_row([(a, b)], language, scale=SCREEN_SCALE))


def half_picture(card: str) -> Callable[[str], str]:
    from ..draw import card_svg

    return lambda language: str(card_svg(card, language=language))


def pad_picture(marks: dict[str, int]) -> Callable[[str], str]:
    """A score pad with its box values and crossed-out boxes, but no sums: the pupil adds."""
    from ..draw import pad_svg

    return lambda language: str(pad_svg(marks, language=language, sums=False))


def more(working: Callable[[str], Any]) -> Callable[[str], str]:
    """The full working (an Explanation) behind a closed "more" (made by our own code: the
    summary's words are escaped, the working is the explanation's own SVG)."""

    def html_(language: str) -> str:
        label = html.escape(tr(L + "more", language))
        return f'<details class="tga-more"><summary>{label}</summary>{working(language).svg()}</details>'

    return html_


def match_working(a: str, b: str) -> Callable[[str], Any]:
    def make(language: str) -> Any:
        from ..explain import explain_match_type

        return explain_match_type(a, b, language, verdict=False)

    return make


def pad_working(marks: dict[str, int]) -> Callable[[str], Any]:
    def make(language: str) -> Any:
        from ._pads import pad_working as working

        return working(marks, language)

    return make


# ---------------------------------------------------------------------- sorting a pair


def _why_not(a: str, b: str, said: str) -> Misconception:
    """The line for sorting the pair ``a b`` as ``said`` (a wrong kind)."""
    x, y = parse_half(a), parse_half(b)
    truth = kind_of(x, y) or "none"
    key = {
        ("none", "perfect"): "rank_first",
        ("none", "strong"): "rank_first",
        ("none", "weak"): "rank_first",
        ("strong", "perfect"): "perfect_needs_suit",
        ("weak", "perfect"): "perfect_needs_suit",
        ("strong", "weak"): "same_colour_strong",
        ("weak", "strong"): "other_colour_weak",
        ("perfect", "strong"): "one_card",
        ("perfect", "weak"): "one_card",
    }.get((truth, said), "same_rank_match")
    return Misconception(L + key, {"a": card_text(a), "b": card_text(b)})


def sort_task(a: str, b: str) -> Choose:
    """Sort the pair ``a b``: perfect, strong, weak or no match (the engine's kind is right)."""
    truth = kind_of(parse_half(a), parse_half(b)) or "none"
    return Choose(
        tuple(
            Option(k, kind_word(k), right=k == truth, misconception=None if k == truth else _why_not(a, b, k))
            for k in KINDS
        )
    )


# ---------------------------------------------------------------------- picking two halves


def _position(hand: Sequence[str]) -> Any:
    """Player 1 holds ``hand`` (and one card more, to keep) and has drawn: laying two
    halves down is a move the engine can judge."""
    from ..game import scenario

    return scenario(hands=[[*hand, "2c"], ["3s"]], draw=["4h"], phase="play")


def pick_task(hand: tuple[str, ...], want: str) -> PickCards:
    """Tap the two halves of ``hand`` that make a ``want`` match. The engine judges laying
    them down (two ranks are refused); the kind of the pair is the engine's."""
    options = tuple(Option(f"hand:{i}", card_text(c), picture=half_picture(c)) for i, c in enumerate(hand))
    pairs = [(i, j) for i in range(len(hand)) for j in range(i + 1, len(hand))]

    def kind(i: int, j: int) -> str:
        return kind_of(parse_half(hand[i]), parse_half(hand[j])) or "none"

    right = tuple(frozenset({f"hand:{i}", f"hand:{j}"}) for i, j in pairs if kind(i, j) == want)
    seen: set[str] = set()
    wrongs = []
    for i, j in pairs:
        k = kind(i, j)
        if k != want and k not in seen:
            seen.add(k)
            wrongs.append(frozenset({f"hand:{i}", f"hand:{j}"}))
    return PickCards(
        groups=(CardGroup(say(L + "your_halves"), options),),
        judge=_pick_judge(hand, want),
        right=right,
        wrongs=tuple(wrongs),
    )


def _pick_judge(hand: tuple[str, ...], want: str) -> Judge:
    def judge(ids: Sequence[str], language: str) -> Mark:
        cards = [hand[int(i.split(":")[1])] for i in ids]
        shown = " ".join(card_words(c, language) for c in cards)
        if len(cards) != 2:
            return Mark("unread", tr(L + "pick_two", language), shown)
        a, b = cards
        problem = _position(hand).problem({"kind": "match", "player": 0, "cards": [a, b]})
        values = {"a": card_words(a, language), "b": card_words(b, language)}
        if problem is not None:
            if problem.code == "ranks-differ":
                return Mark("wrong", tr(L + "rank_first", language, **values), shown, L + "rank_first")
            return Mark("wrong", problem.words(language), shown)
        got = kind_of(parse_half(a), parse_half(b)) or "none"
        if got == want:
            line = tr(L + "picked_right", language, kind=kind_word(want)(language), **values)
            return Mark("right", line, shown)
        return Mark("wrong", tr(L + f"picked_{got}", language, **values), shown, L + f"picked_{got}")

    return judge


# ---------------------------------------------------------------------- the upgrade


def upgrade_position() -> Any:
    from ..game import scenario

    return scenario(**UPGRADE)


def upgrade_task() -> PickCards:
    """Tap the card of your hand that upgrades the weak match 7♥ 7♠ in place of 7♠; the
    engine judges the upgrade (``game.problem``)."""
    hand = tuple(UPGRADE["hands"][0])
    options = tuple(Option(f"hand:{i}", card_text(c), picture=half_picture(c)) for i, c in enumerate(hand))
    game = upgrade_position()

    def move(card: str) -> dict[str, Any]:
        return {
            "kind": "upgrade",
            "player": 0,
            "owner": 0,
            "match": 0,
            "card": card,
            "replace": UPGRADE_REPLACE,
        }

    right = tuple(frozenset({f"hand:{i}"}) for i, c in enumerate(hand) if game.problem(move(c)) is None)
    wrongs = tuple(frozenset({f"hand:{i}"}) for i, c in enumerate(hand) if game.problem(move(c)) is not None)

    def judge(ids: Sequence[str], language: str) -> Mark:
        cards = [hand[int(i.split(":")[1])] for i in ids]
        shown = " ".join(card_words(c, language) for c in cards)
        if len(cards) != 1:
            return Mark("unread", tr(L + "pick_one", language), shown)
        card = cards[0]
        problem = upgrade_position().problem(move(card))
        values = {
            "card": card_words(card, language),
            "replace": card_words(UPGRADE_REPLACE, language),
            "keep": card_words("7h", language),
        }
        if problem is None:
            return Mark("right", tr(L + "upgrade_right", language, **values), shown)
        key = {"ranks-differ": "upgrade_rank", "not-stronger": "upgrade_not_stronger"}.get(problem.code)
        if key is None:
            return Mark("wrong", problem.words(language), shown)
        return Mark("wrong", tr(L + key, language, **values), shown, L + key)

    return PickCards(
        groups=(CardGroup(say(L + "your_cards"), options),), judge=judge, right=right, wrongs=wrongs
    )


# ---------------------------------------------------------------------- the score pad


def pad_values(marks: dict[str, int]) -> dict[str, int]:
    """Each row's first open box (the game's pad table)."""
    from ..rules import ROWS, default_pad

    table = default_pad()
    return {row: table[row][min(marks.get(row, 0), len(table[row]) - 1)] for row in ROWS}


def pad_task(marks: dict[str, int]) -> TypeAmount:
    """Type what the pad scores; the usual slips are named: the negative row forgotten or
    added, the crossed-out boxes counted instead of read."""
    v = pad_values(marks)
    upper = v["perfect"] + v["strong"] + v["weak"]
    counted = marks["perfect"] + marks["strong"] + marks["weak"] - marks["negative"]
    return TypeAmount(
        (upper - v["negative"], 1),
        form="whole",
        wrongs=(
            Wrong(Misconception(L + "forgot_negative"), ((upper, 1),), shown=str(upper)),
            Wrong(
                Misconception(L + "added_negative", {"negative": v["negative"], "upper": upper}),
                ((upper + v["negative"], 1),),
                shown=str(upper + v["negative"]),
            ),
            Wrong(Misconception(L + "counted_marks"), ((counted, 1),), shown=str(counted)),
        ),
        unit_label=say(L + "points"),
        unit="points",
        terms=tuple((-n if row == "negative" else n, 1) for row, n in v.items()),
    )


def first_open_task() -> Choose:
    """The weak row with 3 boxes crossed out scores its first open box, 6."""
    return Choose(
        (
            Option("3", plain("3"), misconception=Misconception(L + "counted_marks")),
            Option("6", plain("6"), right=True),
            Option("10", plain("10"), misconception=Misconception(L + "skipped_box")),
        )
    )


# ---------------------------------------------------------------------- the activities


def classify(part: str) -> ActivitySpec:
    words = Words(TEXT, "classify")
    title = words.section(f"{part}.activity")
    if part == "warmup":
        screens: tuple[Screen, ...] = (
            words.screen(
                "kind",
                sort_task("9s", "9c"),
                pair_picture("9s", "9c"),
                working=more(match_working("9s", "9c")),
            ),
            words.screen(
                "rank",
                sort_task("Jc", "Qc"),
                pair_picture("Jc", "Qc"),
                working=more(match_working("Jc", "Qc")),
            ),
            words.screen("perfect", pick_task(("7h", "7d", "9h", "7c", "7h"), "perfect")),
        )
        return ActivitySpec(LESSON, part, title, screens)
    if part == "puzzles":
        screens = (
            words.screen("strong", pick_task(("Kd", "Ks", "Qd", "Kh"), "strong")),
            words.screen("upgrade", upgrade_task(), match_picture("7h", UPGRADE_REPLACE)),
            words.screen("first_open", first_open_task(), pad_picture(WEAK_ROW)),
            words.screen(
                "pad",
                pad_task(PUZZLE_PAD),
                pad_picture(PUZZLE_PAD),
                working=more(pad_working(PUZZLE_PAD)),
                worked=True,
            ),
        )
        return ActivitySpec(LESSON, part, title, screens)
    if part == "ticket":
        screens = (
            words.screen(
                "t1",
                sort_task("Qd", "Qh"),
                pair_picture("Qd", "Qh"),
                working=more(match_working("Qd", "Qh")),
                worked=True,
            ),
            words.screen("t2", pick_task(("5c", "5s", "5d", "6c"), "weak"), worked=True),
            words.screen(
                "t3",
                pad_task(TICKET_PAD),
                pad_picture(TICKET_PAD),
                working=more(pad_working(TICKET_PAD)),
                worked=True,
            ),
        )
        return ActivitySpec(LESSON, part, title, screens, summary=True)
    raise KeyError(part)


#: The lesson's activities: lesson -> (part names in order, builder).
LESSONS: dict[str, tuple[tuple[str, ...], Callable[[str], ActivitySpec]]] = {
    "classify": (("warmup", "puzzles", "ticket"), classify),
}


@cache
def activity(lesson: str, part: str) -> ActivitySpec:
    """The activity ``part`` of the Split lesson ``lesson`` ("classify", "warmup")."""
    if lesson not in LESSONS or part not in LESSONS[lesson][0]:
        known = ", ".join(f"{k}: {'/'.join(v[0])}" for k, v in LESSONS.items())
        raise KeyError(f"no Split activity {lesson!r} {part!r}; the activities are {known}")
    return LESSONS[lesson][1](part)
