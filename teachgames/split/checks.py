"""Is a Split move legal now? One function per kind of move, each returning the
IllegalMove that ``play`` raises (with the reason in every language), or None.

Reasons are catalogue messages; a value that is itself a word (a match type, "you")
is a :class:`Word` and is said in the language the reason is read in.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.errors import IllegalMove
from .cards import NAMES, STRENGTH, card_words, kind_of, parse_half, rank_of
from .messages import say
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
)
from .rules import SplitRules
from .state import State, match_kind

if TYPE_CHECKING:
    from collections.abc import Callable

    Check = Callable[[State, SplitRules, Any], IllegalMove | None]


@dataclass(frozen=True, slots=True)
class Word:
    """A catalogue word used as a value inside a reason (said in the reason's language)."""

    key: str


@dataclass(frozen=True, slots=True)
class Half:
    """A half-card used as a value inside a reason, written in the reason's alphabet
    (J♣ in English, В♣ in Russian and Bulgarian)."""

    card: str


def _said(value: Any, language: str | None) -> Any:
    if isinstance(value, Word):
        return say(value.key, language)
    if isinstance(value, Half):
        return card_words(value.card, language)
    return value


def refusal(key: str, code: str, **values: Any) -> IllegalMove:
    """An IllegalMove whose reason is the Split message ``key``, in any language."""

    def words(language: str | None) -> str:
        filled = {k: _said(v, language) for k, v in values.items()}
        return say(key, language, **filled)

    return IllegalMove(words(None), code, translate=words)


def kind_word(kind: str) -> Word:
    return Word(f"type.{kind}")


def _turn_problem(s: State, move: SplitMove) -> IllegalMove | None:
    if s.phase == "over":
        return refusal("refuse.over", "game-over")
    if move.player != s.current:
        return refusal("refuse.not_your_turn", "not-your-turn", current=s.current + 1, player=move.player + 1)
    return None


def _phase_problem(s: State, allowed: tuple[str, ...]) -> IllegalMove | None:
    if s.phase in allowed:
        return None
    if s.phase == "bonus":
        return refusal(f"refuse.bonus_first_{s.bonus}", "bonus-first")
    return refusal(f"refuse.phase_{s.phase}", f"phase-{s.phase}")


def _id(card: str) -> int:
    return parse_half(card)


def _keeps_a_card(s: State, player: int, uses: int, gains: int = 0) -> bool:
    """A player in a normal turn must keep one card to discard."""
    return s.phase == "late" or len(s.hands[player]) + gains - uses >= 1


def lay_problem(s: State, rules: SplitRules, m: Lay) -> IllegalMove | None:
    problem = _phase_problem(s, ("play", "late"))
    if problem:
        return problem
    a, b = _id(m.cards[0]), _id(m.cards[1])
    need = {a: 2} if a == b else {a: 1, b: 1}
    hand = s.hands[m.player]
    for card, k in need.items():
        if hand.count(card) < k:
            key = "refuse.not_in_hand_twice" if k == 2 else "refuse.not_in_hand"
            return refusal(key, "not-in-hand", card=Half(NAMES[card]))
    if kind_of(a, b) is None:
        return refusal("refuse.ranks_differ", "ranks-differ", a=Half(NAMES[a]), b=Half(NAMES[b]))
    if not _keeps_a_card(s, m.player, 2):
        return refusal("refuse.keep_one", "keep-one")
    return None


def take_problem(s: State, rules: SplitRules, m: Take) -> IllegalMove | None:
    problem = _phase_problem(s, ("draw",))
    if problem:
        return problem
    if not 0 <= m.index < len(s.discard):
        return refusal("refuse.row_place", "not-in-row", n=len(s.discard))
    picked = s.discard[m.index]
    if NAMES[picked] != m.card:
        return refusal(
            "refuse.row_card",
            "not-in-row",
            card=Half(m.card),
            there=Half(NAMES[picked]),
            place=m.index + 1,
        )
    above = s.discard[m.index + 1 :]
    partner = _id(m.partner)
    if partner not in s.hands[m.player] and partner not in above:
        return refusal(
            "refuse.no_partner", "no-partner", card=Half(m.card), partner=Half(m.partner)
        )
    if rank_of(partner) != rank_of(picked):
        return refusal(
            "refuse.row_no_match", "ranks-differ", card=Half(m.card), partner=Half(m.partner)
        )
    if not _keeps_a_card(s, m.player, 1, len(above)):
        return refusal("refuse.keep_one", "keep-one")
    return None


def upgrade_problem(s: State, rules: SplitRules, m: Upgrade) -> IllegalMove | None:
    problem = _phase_problem(s, ("play",))
    if problem:
        return problem
    if m.owner != m.player and not rules.upgrade_others:
        return refusal("refuse.upgrade_others", "not-own-match")
    if not 0 <= m.match < len(s.matches[m.owner]):
        return refusal("refuse.no_such_match", "no-match", n=m.match + 1)
    card, replace = _id(m.card), _id(m.replace)
    if card not in s.hands[m.player]:
        return refusal("refuse.not_in_hand", "not-in-hand", card=Half(m.card))
    pair = s.matches[m.owner][m.match]
    if replace not in pair:
        return refusal("refuse.not_in_match", "not-in-match", card=Half(m.replace))
    if rank_of(card) != rank_of(replace):
        return refusal(
            "refuse.upgrade_rank", "ranks-differ", card=Half(m.card), replace=Half(m.replace)
        )
    keep = pair[1] if pair[0] == replace else pair[0]
    old, new = match_kind(pair), kind_of(keep, card)
    assert new is not None
    if STRENGTH[new] <= STRENGTH[old]:
        key = "refuse.upgrade_same" if new == old else "refuse.upgrade_weaker"
        return refusal(key, "not-stronger", old=kind_word(old), new=kind_word(new))
    if not _keeps_a_card(s, m.player, 1):
        return refusal("refuse.keep_one", "keep-one")
    return None


def upgrade_result(s: State, m: Upgrade) -> tuple[str, str]:
    """The match type before and after a (possible) upgrade; for explanations."""
    pair = s.matches[m.owner][m.match]
    replace, card = _id(m.replace), _id(m.card)
    keep = pair[1] if pair[0] == replace else pair[0]
    return match_kind(pair), kind_of(keep, card) or "weak"


def _bonus(s: State, kinds: tuple[str, ...]) -> IllegalMove | None:
    if s.phase != "bonus":
        return refusal("refuse.no_bonus", "no-bonus")
    if s.bonus not in kinds:
        return refusal(f"refuse.bonus_is_{s.bonus}", "other-bonus")
    return None


def penalise_problem(s: State, rules: SplitRules, m: Penalise) -> IllegalMove | None:
    problem = _bonus(s, ("perfect",))
    if problem:
        return problem
    if m.target == m.player and not rules.penalise_self:
        return refusal("refuse.penalise_self", "penalise-self")
    return None


def bonus_draw_problem(s: State, rules: SplitRules, m: BonusDraw) -> IllegalMove | None:
    return _bonus(s, ("strong",))


def skip_problem(s: State, rules: SplitRules, m: Skip) -> IllegalMove | None:
    problem = _bonus(s, ("strong", "weak"))
    if problem and s.bonus == "perfect":
        return refusal("refuse.perfect_not_optional", "bonus-required")
    return problem


def swap_problem(s: State, rules: SplitRules, m: Swap) -> IllegalMove | None:
    problem = _bonus(s, ("weak",))
    if problem:
        return problem
    if m.owner == m.player:
        return refusal("refuse.swap_self", "swap-self")
    if not 0 <= m.mine < len(s.matches[m.player]):
        return refusal("refuse.no_such_match", "no-match", n=m.mine + 1)
    if not 0 <= m.theirs < len(s.matches[m.owner]):
        return refusal("refuse.no_such_match", "no-match", n=m.theirs + 1)
    mine, theirs = match_kind(s.matches[m.player][m.mine]), match_kind(s.matches[m.owner][m.theirs])
    if mine != theirs:
        return refusal("refuse.swap_types", "swap-types", mine=kind_word(mine), theirs=kind_word(theirs))
    return None


def discard_problem(s: State, rules: SplitRules, m: Discard) -> IllegalMove | None:
    problem = _phase_problem(s, ("play",))
    if problem:
        return problem
    if _id(m.card) not in s.hands[m.player]:
        return refusal("refuse.not_in_hand", "not-in-hand", card=Half(m.card))
    return None


def draw_problem(s: State, rules: SplitRules, m: Draw) -> IllegalMove | None:
    return _phase_problem(s, ("draw",))


def finish_problem(s: State, rules: SplitRules, m: Finish) -> IllegalMove | None:
    return _phase_problem(s, ("late",))


CHECKS: dict[type, Check] = {
    Draw: draw_problem,
    Take: take_problem,
    Lay: lay_problem,
    Upgrade: upgrade_problem,
    Penalise: penalise_problem,
    BonusDraw: bonus_draw_problem,
    Swap: swap_problem,
    Skip: skip_problem,
    Discard: discard_problem,
    Finish: finish_problem,
}


def problem(s: State, rules: SplitRules, move: SplitMove) -> IllegalMove | None:
    """The rule ``move`` breaks now (as the IllegalMove ``play`` raises), or None."""
    return _turn_problem(s, move) or CHECKS[type(move)](s, rules, move)
