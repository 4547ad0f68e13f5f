"""Split explanations: why two halves make a perfect, strong or weak match (rank, suit
and colour compared), why an upgrade or a discard-row pick-up is allowed or not, and
how a score pad adds up (the first open box of each row; the negative row subtracted),
round by round and for the match.

Every sum is a chain checked by sympy when it is added (``teachgames.explain``); every
word comes from the catalogue (``teachgames/split/locales``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..explain import Explanation, negate, pdiff, psum
from .cards import NAMES, card_words, colour_of, face, kind_of, parse_half, rank_of, suit_of
from .checks import problem, upgrade_result
from .messages import player_label, say, sentence
from .moves import (
    BonusDraw,
    Discard,
    Draw,
    Finish,
    Lay,
    Penalise,
    Skip,
    SplitMove,
    Swap,
    Take,
    Upgrade,
    describe,
)
from .rules import ROWS, SplitRules, box_value, make_rules, pad_points, rules_from_dict
from .state import RoundRecord

if TYPE_CHECKING:
    from .engine import SplitEngine as SplitGame


# ---------------------------------------------------------------------- two halves
def compare_halves(e: Explanation, a: str, b: str, language: str | None = None) -> str | None:
    """Add the steps that compare two half-cards (rank, suit, colour); return their match
    type, or None when the ranks differ."""
    x, y = parse_half(a), parse_half(b)
    la, lb = card_words(a, language), card_words(b, language)
    ra, rb = face(a, language)[0], face(b, language)[0]
    if rank_of(x) != rank_of(y):
        e.add(say("ex.rank_differ", language, a=la, b=lb, ra=ra, rb=rb))
        return None
    e.add(say("ex.rank_same", language, a=la, b=lb, rank=ra))
    sx, sy = suit_of(x), suit_of(y)
    if sx == sy:
        e.add(say("ex.suit_same", language, suit=say(f"suit.{sx}", language)))
    else:
        e.add(say("ex.suit_differ", language, sa=say(f"suit.{sx}", language), sb=say(f"suit.{sy}", language)))
    cx, cy = colour_of(x), colour_of(y)
    if sx != sy:
        if cx == cy:
            e.add(say("ex.colour_same", language, colour=say(f"colour.{cx}", language)))
        else:
            e.add(
                say(
                    "ex.colour_differ",
                    language,
                    ca=say(f"colour.{cx}", language),
                    cb=say(f"colour.{cy}", language),
                )
            )
    kind = kind_of(x, y)
    assert kind is not None
    e.add(say(f"ex.is_{kind}", language))
    return kind


def explain_match_type(a: str, b: str, language: str | None = None, verdict: bool = True) -> Explanation:
    """Why two half-cards make the match they make (or none): the lesson's classifying step.
    ``verdict``: say at the end whether they may be laid down (False: the sorting only)."""
    e = Explanation(
        title=say("ex.match_title", language, a=card_words(a, language), b=card_words(b, language)),
        language=language,
    )
    kind = compare_halves(e, a, b, language)
    e.verdict = (kind is not None) if verdict else None
    return e


def _bonus_words(e: Explanation, kind: str, rules: SplitRules, late: bool, language: str | None) -> None:
    if late:
        e.add(say("ex.no_bonus_late", language))
    else:
        e.add(say(f"ex.bonus_{kind}", language))


# ---------------------------------------------------------------------- moves
def explain_refusal(words: str, language: str | None = None) -> Explanation:
    """A move that could not even be read: its reason (in ``language``), verdict False."""
    e = Explanation(title=say("ex.not_a_move", language), language=language)
    e.add(sentence(words))
    e.verdict = False
    return e


def explain_move(
    game: SplitGame, move: SplitMove, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Why ``move`` is legal now, or why not; ``verdict`` is exactly what ``play`` says."""
    s, rules = game.state, game.rules
    found = problem(s, rules, move)
    e = Explanation(title=describe(move, language, names), language=language)
    e.verdict = found is None

    def refused() -> Explanation:
        assert found is not None
        e.add(sentence(found.words(language)))
        return e

    arithmetic = found is None or found.code in ("ranks-differ", "not-stronger", "swap-types", "keep-one")
    if found is not None and (found.code.startswith("phase") or not arithmetic):
        return refused()
    if isinstance(move, Lay):
        kind = compare_halves(e, move.cards[0], move.cards[1], language)
        if found is not None:
            return refused()
        assert kind is not None
        _bonus_words(e, kind, rules, s.phase == "late", language)
    elif isinstance(move, Take):
        kind = _explain_take(e, s.discard, move, language)
        if found is not None:
            return refused()
        assert kind is not None
        _bonus_words(e, kind, rules, False, language)
    elif isinstance(move, Upgrade):
        _explain_upgrade(e, game, move, language, names)
        if found is not None and found.code == "not-stronger":
            return e  # the comparison above already says why
        if found is not None:
            return refused()
    elif isinstance(move, Swap):
        if found is not None:
            return refused()
        _explain_swap(e, s.matches, move, language, names)
    elif found is not None:
        return refused()
    else:
        e.add(_move_words(game, move, language, names))
    if found is None:
        after = game.copy()
        after.play(move)
        if len(after.state.records) > len(s.records):
            round_end_steps(e, after, language, names)
    return e


def _explain_take(e: Explanation, discard: Sequence[int], move: Take, language: str | None) -> str | None:
    """Taking from the row: the card, the cards above it that come along, the partner laid
    at once; then how the two halves compare (their kind, or None when they make no match)."""
    above = [NAMES[c] for c in discard[move.index + 1 :]]
    e.add(say("ex.take_card", language, card=card_words(move.card, language), place=move.index + 1))
    if above:
        e.add(
            say(
                "ex.take_above",
                language,
                n=len(above),
                cards=", ".join(card_words(c, language) for c in above),
            )
        )
    else:
        e.add(say("ex.take_top", language))
    e.add(say("ex.take_at_once", language, partner=card_words(move.partner, language)))
    return compare_halves(e, move.card, move.partner, language)


def _explain_swap(e: Explanation, matches: Sequence[Sequence[Sequence[int]]], move: Swap,
                  language: str | None, names: Sequence[str] | None) -> None:  # fmt: skip
    """A swap: which match goes for which, of what kind, and from whom."""
    mine = matches[move.player][move.mine]
    theirs = matches[move.owner][move.theirs]
    kind = kind_of(*mine) or "weak"
    e.add(
        say(
            "ex.swap",
            language,
            mine=_pair_words(mine, language),
            theirs=_pair_words(theirs, language),
            kind=say(f"type.{kind}", language),
            owner=player_label(move.owner, language, names),
        )
    )


def _pair_words(pair: Sequence[int], language: str | None) -> str:
    return " + ".join(card_words(NAMES[c], language) for c in pair)


def _explain_upgrade(
    e: Explanation, game: SplitGame, move: Upgrade, language: str | None, names: Sequence[str] | None
) -> None:
    s = game.state
    if not 0 <= move.match < len(s.matches[move.owner]):
        return
    pair = s.matches[move.owner][move.match]
    card, replace = parse_half(move.card), parse_half(move.replace)
    if replace not in pair or rank_of(card) != rank_of(replace):
        return
    keep = NAMES[pair[1] if pair[0] == replace else pair[0]]
    e.add(
        say(
            "ex.upgrade_now",
            language,
            a=card_words(NAMES[pair[0]], language),
            b=card_words(NAMES[pair[1]], language),
        )
    )
    compare_halves(e, NAMES[pair[0]], NAMES[pair[1]], language)
    e.add(
        say(
            "ex.upgrade_after",
            language,
            card=card_words(move.card, language),
            replace=card_words(move.replace, language),
        )
    )
    compare_halves(e, keep, move.card, language)
    old, new = upgrade_result(s, move)
    words = {"old": say(f"type.{old}", language), "new": say(f"type.{new}", language)}
    if old == new:
        e.add(say("ex.upgrade_same", language, **words))
    elif ["weak", "strong", "perfect"].index(new) > ["weak", "strong", "perfect"].index(old):
        e.add(say("ex.upgrade_stronger", language, replace=card_words(move.replace, language), **words))
    else:
        e.add(say("ex.upgrade_weaker", language, **words))


def _move_words(game: SplitGame, move: SplitMove, language: str | None, names: Sequence[str] | None) -> str:
    s = game.state
    if isinstance(move, Draw):
        left = len(s.draw) - 1
        if left == 0:
            return say("ex.draw_last", language)
        return say("ex.draw", language, n=left)
    if isinstance(move, Penalise):
        k = s.marks[move.target][3]
        table = game.rules.pad["negative"]
        return (
            say(
                "ex.penalise",
                language,
                target=player_label(move.target, language, names),
                k=k + 1,
                before=box_value(game.rules.pad, "negative", k),
                after=box_value(game.rules.pad, "negative", k + 1),
            )
            if table
            else ""
        )
    if isinstance(move, BonusDraw):
        return say("ex.bonus_draw_last" if len(s.draw) == 1 else "ex.bonus_draw", language)
    if isinstance(move, Skip):
        return say("ex.skip", language)
    if isinstance(move, Discard):
        left = len(s.hands[move.player]) - 1
        if left:
            return say("ex.discard", language, n=left)
        if not all(s.played):
            return say("ex.discard_out_first_turn", language)
        return say("ex.discard_out", language)
    assert isinstance(move, Finish)
    return say("ex.finish", language)


# ---------------------------------------------------------------------- the pad
def _pad_steps(
    e: Explanation, marks: Mapping[str, int], table: Mapping[str, Sequence[int]], language: str | None
) -> int:
    """One step per row (marks, first open box), then the total as a checked chain."""
    values = {}
    for row in ROWS:
        k = int(marks.get(row, 0))
        boxes = len(table[row]) - 1
        v = box_value(table, row, k)  # type: ignore[arg-type]
        values[row] = v
        row_name = say(f"row.{row}", language)
        if k >= boxes:
            e.add(say("pad.row_full", language, row=row_name, k=k, boxes=boxes), v)
        else:
            e.add(say("pad.row_open", language, row=row_name, k=k, box=k + 1), v)
    total = values["perfect"] + values["strong"] + values["weak"] - values["negative"]
    e.add(
        say("pad.total", language),
        [psum([values["perfect"], values["strong"], values["weak"], negate(values["negative"])]), total],
    )
    return total


def pad_explanation(
    marks: Mapping[str, Any], table: Any = None, language: str | None = None
) -> tuple[int, Explanation]:
    """``pad_score``: points of a pad with ``marks`` boxes marked, and the working."""
    the_table = make_rules().pad if table is None else rules_from_dict({"pad": table}).pad
    clean = {}
    for row in ROWS:
        k = marks.get(row, 0)
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise ValueError(f"{row}= must be a whole number of boxes (0 or more), not {k!r}")
        clean[row] = k
    e = Explanation(title=say("pad.title", language), language=language)
    points = _pad_steps(e, clean, the_table, language)
    return points, e


def _round_steps(
    e: Explanation,
    rec: RoundRecord,
    p: int,
    before_marks: tuple[int, int, int, int],
    before: int,
    table: Mapping[str, Sequence[int]],
    language: str | None,
) -> int:
    """One player's round: the marks it added, the pad after it, the points it added.
    Returns the pad's value after the round."""
    after_marks = rec.marks_after[p]
    added = rec.added[p]
    bonus = after_marks[3] - before_marks[3] - added[3]
    e.add(
        say(
            "scores.round_marks",
            language,
            r=rec.number,
            perfect=added[0],
            strong=added[1],
            weak=added[2],
            n=added[3],
        )
    )
    if bonus:
        e.add(say("scores.bonus_marks", language, n=bonus))
    e.add(say("scores.pad_after", language, r=rec.number))
    after = _pad_steps(e, dict(zip(ROWS, after_marks, strict=True)), table, language)
    e.add(say("scores.round_points", language, r=rec.number), [pdiff(after, before), after - before])
    return after


def round_end_steps(
    e: Explanation, game: SplitGame, language: str | None = None, names: Sequence[str] | None = None
) -> None:
    """The last finished round of ``game`` scored on every pad (added after the move that
    ended it, so a replay shows each round's pads as it ends)."""
    records = game.state.records
    if not records:
        return
    rec = records[-1]
    previous = records[-2] if len(records) > 1 else None
    how = "scores.round_end_out" if rec.how == "out" else "scores.round_end_pile"
    e.add_heading(say(how, language, r=rec.number, player=player_label(rec.ender, language, names)))
    for p in range(game.players):
        e.add_heading(player_label(p, language, names))
        before_marks = previous.marks_after[p] if previous else (0, 0, 0, 0)
        before = pad_points(game.rules.pad, dict(zip(ROWS, before_marks, strict=True)))
        _round_steps(e, rec, p, before_marks, before, game.rules.pad, language)


def explain_scores(
    game: SplitGame, language: str | None = None, names: Sequence[str] | None = None
) -> Explanation:
    """Each player's pad round by round: what the round marked, the pad after it (first
    open boxes), the points the round added; then the match total."""
    s, table = game.state, game.rules.pad
    over = game.is_over()
    e = Explanation(title=say("scores.title" if over else "scores.title_so_far", language), language=language)
    if not s.records:
        e.add(say("scores.no_round", language))
    for p in range(game.players):
        e.add_heading(player_label(p, language, names))
        before_marks: tuple[int, int, int, int] = (0, 0, 0, 0)
        before = 0
        for rec in s.records:
            before = _round_steps(e, rec, p, before_marks, before, table, language)
            before_marks = rec.marks_after[p]
        pending = s.marks[p][3] - before_marks[3]
        if pending and not over:
            e.add(say("scores.bonus_marks_now", language, n=pending))
        e.add(say("scores.total" if over else "scores.total_so_far", language), game.scores()[p])
    if over:
        e.add_heading(say("scores.result", language))
        winners = game.winners()
        who = ", ".join(player_label(w, language, names) for w in winners)
        e.add(say("scores.winner" if len(winners) == 1 else "scores.winners", language, who=who))
    return e
