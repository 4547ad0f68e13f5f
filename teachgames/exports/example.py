"""A worked example: every move of a game, in the position before it, as the class saw it.

Everything is asked through the Game contract (``replay``, ``describe``, ``picture``,
``explain``, ``explain_scores``, the optional ``picture_tex``, ``title``), so any
registered game exports. Keyword arguments a game's method does not take (``names``
for a game that cannot show pupils' names, ``move`` for a picture that cannot outline
one) are left out rather than failing: a plug-in gives what it can.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.options import declared_options


@dataclass(frozen=True)
class Step:
    """One move of a worked example, as the class sees it."""

    number: int
    heading: str  # "Step 1"
    words: str
    picture_svg: str
    picture_tex: str | None
    explanation: Any  # teachgames.explain.Explanation

    @property
    def caption(self) -> str:
        """The move in words, when its explanation does not already say it in its title."""
        title = str(getattr(self.explanation, "title", "") or "")
        return "" if not self.words or self.words in title else self.words


@dataclass(frozen=True)
class WorkedExample:
    title: str
    subtitle: str
    language: str
    steps: tuple[Step, ...]
    final_picture_svg: str
    scores: Any  # Explanation


def accepted(method: Callable[..., Any], **keywords: Any) -> dict[str, Any]:
    """The keywords ``method`` accepts (all of them when it takes ``**kwargs``)."""
    try:
        params = inspect.signature(method).parameters.values()
    except (TypeError, ValueError):  # a builtin or C method: pass what the contract names
        return keywords
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return keywords
    names = {p.name for p in params if p.kind is not inspect.Parameter.POSITIONAL_ONLY}
    return {k: v for k, v in keywords.items() if k in names}


def call_accepting(method: Callable[..., Any], *args: Any, **keywords: Any) -> Any:
    """Call ``method`` with the keywords it accepts (see :func:`accepted`)."""
    return method(*args, **accepted(method, **keywords))


def _picture(game: Any, move: Any, language: str, names: Sequence[str] | None) -> str:
    picture = game.picture
    if move is not None and "move" not in accepted(picture, move=move):
        move = None  # the game cannot outline a move: show the position
    keywords: dict[str, Any] = {"language": language, "names": names}
    if move is not None:
        keywords["move"] = move
    return str(call_accepting(picture, **keywords))


def _picture_tex(game: Any, move: Any, language: str) -> str | None:
    method = getattr(game, "picture_tex", None)
    if method is None:
        return None
    try:
        tex = call_accepting(method, move, language=language)  # a game that draws words in TikZ
    except NotImplementedError:  # a game that has not drawn its TikZ picture yet
        return None
    return tex if isinstance(tex, str) and tex.strip() else None


def subtitle_of(game: Any, language: str) -> str:
    """``Delissimo · basic · 3 players · seed 7``: the game, its chosen options, the seed."""
    from ..core.i18n import tr

    parts = [title_of(game, language)]
    for option in declared_options(type(game)):
        name = option.name
        if name in ("players", "seed"):
            continue
        value = getattr(game, name, None)
        if isinstance(value, (str, int)) and not isinstance(value, bool):
            parts.append(option.value_words(value, language))
    parts.append(tr("exports.players", language, count=game.players))
    if game.seed is not None:
        parts.append(tr("exports.seed", language, seed=game.seed))
    return " · ".join(parts)


def title_of(game: Any, language: str) -> str:
    """The game's name for people (``Game.title``), or its registry name."""
    title = getattr(type(game), "title", None)
    if callable(title):
        try:
            return str(call_accepting(title, language=language))
        except TypeError:
            pass
    return str(getattr(game, "name", type(game).__name__)).replace("_", " ").capitalize()


#: The most steps the short form of a worked example keeps ("the moves that teach").
MAX_KEY_MOVES = 12


def _pattern(explanation: Any) -> tuple[str, ...]:
    """What an explanation teaches, without its numbers: two captures that both turn
    quarters into eighths share a pattern; a capture by one card for two does not."""
    import re

    steps = getattr(explanation, "steps", ())
    return tuple(re.sub(r"[\d/]+", "#", str(getattr(step, "words", step))) for step in steps)


def key_moves(explanations: Sequence[Any], limit: int = MAX_KEY_MOVES) -> list[int]:
    """The moves worth a page: the first move of each kind of reasoning (its explanation's
    steps with the numbers left out), skipping bookkeeping (a one-line explanation such
    as "ends the turn"); at most ``limit``, in the order played."""
    seen: set[tuple[str, ...]] = set()
    chosen = []
    for i, explanation in enumerate(explanations):
        pattern = _pattern(explanation)
        if len(pattern) < 2 or pattern in seen:
            continue
        seen.add(pattern)
        chosen.append(i)
        if len(chosen) >= limit:
            break
    return chosen


def worked_example(
    game: Any,
    *,
    language: str | None = None,
    names: Sequence[str] | None = None,
    title: str | None = None,
    moves: str | int = "all",
) -> WorkedExample:
    """The moves of ``game`` (each in the position before it) with picture and explanation:
    ``moves="all"`` every move, ``"key"`` the moves that teach (:func:`key_moves`), a
    number the first N moves."""
    from ..core.i18n import resolve_language, tr
    from ..core.text import visible

    lang = resolve_language(language)
    if names is not None:  # a control character prints as a sign (␊), never as a new line
        names = [visible(str(n)) for n in names]
    positions = game.replay()
    history = list(game.history)
    if isinstance(moves, int) and not isinstance(moves, bool):
        if moves < 0:
            raise ValueError("moves must be 0 or more")
        history = history[:moves]
    elif moves not in ("all", "key"):
        raise ValueError(f'moves must be "all", "key" or a number, not {moves!r}')
    explanations = [
        call_accepting(positions[i].explain, move, language=lang, names=names)
        for i, move in enumerate(history)
    ]
    chosen = key_moves(explanations) if moves == "key" else list(range(len(history)))
    steps = []
    for i in chosen:
        before, move = positions[i], history[i]
        steps.append(
            Step(
                number=i + 1,
                # the key moves keep their numbers in the game (5, 8, 10), so the heading
                # says they are the key moves of all, not steps with some lost
                heading=(
                    tr("exports.key_step", lang, number=i + 1, total=len(history))
                    if moves == "key"
                    else tr("explain.step", lang, number=i + 1)
                ),
                words=str(call_accepting(before.describe, move, language=lang, names=names)),
                picture_svg=_picture(before, move, lang, names),
                picture_tex=_picture_tex(before, move, lang),
                explanation=explanations[i],
            )
        )
    end = game if len(history) == len(game.history) else positions[len(history)]
    return WorkedExample(
        title=title or tr("exports.title", lang, game=title_of(game, lang)),
        subtitle=subtitle_of(game, lang),
        language=lang,
        steps=tuple(steps),
        final_picture_svg=_picture(end, None, lang, names),
        scores=call_accepting(end.explain_scores, language=lang, names=names),
    )


def untitled(explanation: Any) -> Any:
    """``explanation`` without its title, for a document that already shows the title
    as its own heading (the scores: "How the scores are reached" once, not twice)."""
    if not getattr(explanation, "title", ""):
        return explanation
    import copy

    bare = copy.copy(explanation)
    bare.title = ""
    return bare
