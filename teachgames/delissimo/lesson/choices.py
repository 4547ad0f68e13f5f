"""6+ self-checks answered by choosing: the captures of a puzzle written in slices
("7 → 2 + 5": a card of 7 slices takes cards of 2 and 5 slices), the legal ones and a
tempting wrong one, as a :class:`~teachgames.lesson.ChoiceQuestion` a pupil clicks."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ...lesson.questions import ChoiceQuestion
from ..cards import parse_card

if TYPE_CHECKING:
    from .. import DelissimoGame

ARROW = "→"


def slices_option(give: Sequence[str], take: Sequence[str]) -> str:
    """A capture in slices, the same in every language: "7 → 2 + 5"."""
    g = " + ".join(str(parse_card(c).eighths) for c in give)
    t = " + ".join(str(parse_card(c).eighths) for c in take)
    return f"{g} {ARROW} {t}"


def capture_choices(game: DelissimoGame, also: Iterable[Mapping[str, Any]] = ()) -> ChoiceQuestion:
    """ "Which of these captures are allowed?" for the player to act: every legal capture and
    the captures in ``also`` (tempting wrong ones), each in slices; the pupil chooses every
    allowed one. Options that read the same are shown once."""
    options: list[str] = []
    right: set[int] = set()
    moves = [([c.name for c in m.give], [c.name for c in m.take]) for m in game.captures()]
    moves += [(list(m["give"]), list(m["take"])) for m in also]
    for give, take in moves:
        text = slices_option(give, take)
        if text in options:
            continue
        options.append(text)
        move = {"kind": "capture", "player": game.current_player, "give": give, "take": take}
        if game.problem(move) is None:
            right.add(len(options))
    order = sorted(range(len(options)), key=lambda i: options[i])
    shuffled = [options[i] for i in order]
    renumbered = frozenset(order.index(k - 1) + 1 for k in right)
    return ChoiceQuestion(
        key="delissimo.lesson.choice.which_captures",
        values={"player": (game.current_player or 0) + 1},
        options=tuple(shuffled),
        right=renumbered,
        several=True,
    )
