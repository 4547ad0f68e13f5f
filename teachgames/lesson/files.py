"""Lessons as files: a teacher's screens in a JSON file, run like ours, no Python needed.

A lesson file is one JSON object (``"format": "teachgames-lesson"``, ``"version": 1``)
whose screens are built from blocks a teacher can write by hand or with the tools that
make them (:func:`teachgames.lesson.make_puzzle`): a prompt in one to three languages, a
position code with the engine's picture of it, and a task (type an amount, choose one or
several, "is this move legal?", "what is the score?") with its likely wrong answers and
the misconception each shows, the reveal and the worked solution. The published schema
is ``lesson-file.schema.json`` beside this module (:data:`SCHEMA_PATH`); the format is
described for teachers in ``docs/lesson-files.md``.

:func:`load_lesson` returns an :class:`~teachgames.lesson.screens.ActivitySpec` that
:class:`~teachgames.lesson.activity.Activity` (and so the activity widget) runs like the
lessons that ship with teachgames. Reading is strict and says where: a file that is not
JSON names its line and column; a field that is wrong names its place as a JSON pointer
(``/screens/2/task/answer``) and what it should be; an unknown version is named; sizes
and depth are bounded; every text is text (the front end never reads it as HTML). A
language a text lacks falls back to one it has, with a visible marker ("(in English)"),
never silently. :func:`save_lesson` checks first, then writes a new file beside the old
one and renames it into place, so a failed save never loses the last good file.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..core.errors import GameFileError, Said, Worded
from ..core.files import write_whole
from ..core.i18n import LANGUAGES, message, messages, resolve_language, tr, tr_found
from .puzzles import move_gain
from .reading import Amount, read_amount
from .screens import ActivitySpec, Reveal, Screen
from .tasks import Choose, Misconception, Option, Task, Text, TypeAmount, Wrong

FORMAT = "teachgames-lesson"
#: The version this teachgames writes; older versions it knows are migrated on reading.
VERSION = 1
#: Where the published JSON schema of the current version lies (shipped in the package).
SCHEMA_PATH = Path(__file__).with_name("lesson-file.schema.json")
#: A file bigger than this is refused unread (a long lesson is a few tens of kB).
MAX_FILE_BYTES = 512_000
#: Objects and lists nested deeper than this are no lesson (the deepest field is 6 down).
MAX_DEPTH = 10
MAX_SCREENS = 100
MAX_OPTIONS = 8
MAX_WRONGS = 8
MAX_TEXT = 2_000
MAX_TITLE = 200
UNITS = ("slices", "pizzas", "points", "cards")
FORMS = ("any", "over", "mixed", "whole")
TASK_KINDS = ("amount", "choose", "legal", "score", "best")
_ID = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")

#: Older versions this teachgames reads, each with the step that makes it one version
#: newer. None yet: version 1 is the first; a change to the format adds a step here.
MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


class LessonFileError(GameFileError):
    """A lesson file that cannot be read: ``where`` is the JSON pointer of the field (or
    ``line N, column M`` when the JSON itself is broken), ``reason`` the plain words.

    ``reason`` and ``str()`` are English, one sentence for logs, tests and developers.
    The teacher who wrote the file reads it in their own language: :meth:`reason_in`
    (the reason), :meth:`where_in` (a pointer as it is, since it names the file's own
    keys; ``line N, column M`` in words) and :meth:`words` (the whole line, as ``str()``
    says it). ``said`` is how to say the reason in any language (the lesson catalogue's
    ``lesson.file_error.*``); every refusal of this module has it."""

    def __init__(self, source: str, where: str, reason: str, said: Said | None = None) -> None:
        self.source, self.where, self.reason = source, where, reason
        self._said = said
        place = f"{source}, {where}" if where else source
        super().__init__(f"{place}: {reason}")

    @property
    def worded(self) -> bool:
        """Whether the reason has its words in every language (else it is English only)."""
        return self._said is not None

    def reason_in(self, language: str | None = None) -> str:
        """The reason in ``language`` (the package language when None). A reason given
        without its words in other languages is its English after the marker "(in
        English)", never silently in the wrong language."""
        return (self._said or _english(self.reason))(language)

    def where_in(self, language: str | None = None) -> str:
        """Where, in ``language``: a JSON pointer as it is, ``line N, column M`` in words."""
        found = _LINE_COLUMN.fullmatch(self.where)
        if found is None:
            return self.where
        line, column = int(found["line"]), int(found["column"])
        return tr("lesson.file_error.line_column", language, line=line, column=column)

    def words(self, language: str | None = None) -> str:
        """The whole refusal in ``language``: ``file, where: reason``, as ``str()`` in English."""
        where = self.where_in(language)
        place = f"{self.source}, {where}" if where else self.source
        return f"{place}: {self.reason_in(language)}"

    def at(self, where: str) -> LessonFileError:
        """The same refusal named at another place (a screen read on its own is named by
        its place in the whole lesson), its words in every language kept."""
        return LessonFileError(self.source, where, self.reason, self._said)


_LINE_COLUMN = re.compile(r"line (?P<line>\d+), column (?P<column>\d+)")


def _refused(source: str, where: str, key: str, **values: Any) -> LessonFileError:
    """The refusal ``lesson.file_error.<key>``: English for ``reason``, every language for
    a teacher. A value that is words itself (a callable of the language) is said in the
    teacher's language too; any other value is the file's own data, shown as it is."""
    said = message(f"lesson.file_error.{key}", **values)
    return LessonFileError(source, where, said("en"), said)


def _marked(english: str, language: str) -> str:
    """English a catalogue does not word, shown in another language after the marker
    texts in another language have ("(in English)"): never passed off as translated."""
    return f"{tr('lesson.file.written_in.en', language)} {english}"


def _english(text: str) -> Said:
    """Words only English has (an operating system's error, a lesson registry's), as they
    are in English and marked as English in another language."""

    def say(language: str | None) -> str:
        lang = resolve_language(language)
        return text if lang == "en" else _marked(text, lang)

    return say


def _their_words(error: BaseException) -> Said:
    """The words of an error from below (a position code's, a move's): its own in every
    language when the catalogue words it (GameFileError, IllegalMove), else its English,
    marked as English in another language."""
    if isinstance(error, Worded) and error.worded:
        return error.words
    return _english(str(getattr(error, "reason", error)))


# ---------------------------------------------------------------------- reading JSON
class _Repeated(ValueError):
    """A field written twice in one object (the JSON parser lets the last one win silently)."""

    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_repeats(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Repeated(key)
        out[key] = value
    return out


#: What Python's JSON parser says (English), and the catalogue message that words it
#: (``lesson.file_error.json.<key>``); anything else it says is shown in English, marked.
_JSON_SAYS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), key)
    for pattern, key in (
        (r"^Expecting value", "value"),
        (r"^Expecting ',' delimiter", "comma"),
        (r"^Expecting ':' delimiter", "colon"),
        (r"^Expecting property name enclosed in double quotes", "name"),
        (r"^Unterminated string starting at", "unterminated"),
        (r"^Invalid control character", "control"),
        (r"^Invalid \\uXXXX escape", "unicode"),
        (r"^Invalid \\escape", "escape"),
        (r"^Extra data", "extra"),
        (r"^Illegal trailing comma before end of object", "comma_object"),
        (r"^Illegal trailing comma before end of array", "comma_array"),
    )
)


def _json_says(english: str) -> Said:
    """What the JSON parser found wrong, in the teacher's language (exactly its English in
    English, so the reason a log shows does not change)."""

    def say(language: str | None) -> str:
        lang = resolve_language(language)
        if lang == "en":
            return english
        worded = tr_found(english, _JSON_SAYS, lang, "lesson.file_error.json.")
        return worded if worded is not None else _marked(english, lang)

    return say


def parse(text: str | bytes, source: str = "the lesson file") -> dict[str, Any]:
    """The JSON object of a lesson file, bounded and checked for repeats; broken JSON is
    a :class:`LessonFileError` naming its line and column."""
    if isinstance(text, bytes):
        if len(text) > MAX_FILE_BYTES:
            raise _too_big(source, len(text))
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _refused(source, "", "not_utf8") from None
    if len(text) > MAX_FILE_BYTES:
        raise _too_big(source, len(text))
    try:
        data = json.loads(text, object_pairs_hook=_no_repeats)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise _refused(source, where, "not_json", detail=_json_says(exc.msg)) from None
    except _Repeated as exc:
        raise _refused(source, "", "repeated", field=repr(exc.key)) from None
    except RecursionError:
        raise _refused(source, "/", "too_deep", most=MAX_DEPTH) from None
    if not isinstance(data, dict):
        raise _refused(source, "/", "not_one_object")
    too_deep = _too_deep_at(data)
    if too_deep is not None:
        raise _refused(source, too_deep, "too_deep", most=MAX_DEPTH)
    return data


def _too_deep_at(value: Any) -> str | None:
    """The JSON pointer of the first list or object nested deeper than :data:`MAX_DEPTH`
    (the place a teacher looks at), or None; without recursion, as the data may be hostile."""
    todo: list[tuple[Any, str, int]] = [(value, "", 1)]
    while todo:
        item, pointer, level = todo.pop()
        if isinstance(item, dict):
            children = list(item.items())
        elif isinstance(item, list):
            children = list(enumerate(item))
        else:
            continue
        if level > MAX_DEPTH:
            return pointer or "/"
        todo.extend((child, f"{pointer}/{_escaped(key)}", level + 1) for key, child in children)
    return None


def _escaped(key: object) -> str:
    """A key as a JSON pointer writes it (RFC 6901: ``~`` as ``~0``, ``/`` as ``~1``)."""
    return str(key).replace("~", "~0").replace("/", "~1")


def _too_big(source: str, size: int) -> LessonFileError:
    return _refused(source, "", "too_big", size=size, most=MAX_FILE_BYTES)


# ---------------------------------------------------------------------- the reader
@dataclass
class _Reader:
    """Reads one file's data, every complaint naming its JSON pointer."""

    source: str
    language: str = "en"
    positions: dict[str, Any] = field(default_factory=dict)

    def fail(self, where: str, key: str, **values: Any) -> LessonFileError:
        """The refusal ``lesson.file_error.<key>`` at ``where`` (the root when empty)."""
        return _refused(self.source, where or "/", key, **values)

    def obj(
        self, value: Any, where: str, fields: Sequence[str], required: Sequence[str] = ()
    ) -> dict[str, Any]:
        """An object with only the named fields (``_comment`` style keys allowed)."""
        if not isinstance(value, dict):
            raise self.fail(where, "object", kind=_kind(value))
        for key in value:
            if key not in fields and not key.startswith("_") and not (where == "" and key == "$schema"):
                here, listed = f"{where}/{_escape(key)}", ", ".join(fields)
                raise self.fail(here, "unknown_field", field=repr(key), fields=listed)
        for key in required:
            if key not in value:
                raise self.fail(where, "missing_field", field=repr(key))
        return value

    def text(self, value: Any, where: str, limit: int = MAX_TEXT) -> dict[str, str]:
        """A text: words in the lesson's language, or an object of up to three languages."""
        if isinstance(value, str):
            value = {self.language: value}
        if not isinstance(value, dict) or not value:
            raise self.fail(where, "text", kind=_kind(value))
        out = {}
        for lang, words in value.items():
            if lang not in LANGUAGES:
                here, listed = f"{where}/{_escape(lang)}", ", ".join(LANGUAGES)
                raise self.fail(here, "unknown_language", name=repr(lang), languages=listed)
            if not isinstance(words, str) or not words.strip():
                raise self.fail(f"{where}/{lang}", "words", kind=_kind(words))
            if len(words) > limit:
                raise self.fail(f"{where}/{lang}", "too_long", n=len(words), most=limit)
            out[lang] = words
        return out

    def choice(self, value: Any, where: str, choices: Sequence[Any]) -> Any:
        if value not in choices or isinstance(value, bool):
            raise self.fail(where, "one_of", choices=", ".join(map(str, choices)), value=repr(value))
        return value

    def whole(self, value: Any, where: str, low: int, high: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(where, "whole", low=low, high=high, value=repr(value))
        return value

    def flag(self, value: Any, where: str) -> bool:
        if not isinstance(value, bool):
            raise self.fail(where, "flag", value=repr(value))
        return value

    def amount(self, value: Any, where: str) -> Amount:
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            raise self.fail(where, "amount_text", kind=_kind(value))
        read = read_amount(str(value))
        if not isinstance(read, Amount):
            raise self.fail(where, "not_amount", value=repr(value))
        return read

    def position(self, value: Any, where: str) -> Any:
        """The game a position code gives (read once per code)."""
        if not isinstance(value, str):
            raise self.fail(where, "position_text", kind=_kind(value))
        if value not in self.positions:
            from ..core.registry import load_position

            try:
                self.positions[value] = load_position(value)
            except GameFileError as exc:  # the code's own words, in every language
                said = _their_words(exc)
                raise LessonFileError(self.source, where, said("en"), said) from None
        return self.positions[value]


def _kind(value: Any) -> Said:
    """What a value found in the file is ("a list", "the number 3"), in the teacher's
    language; blank text is "text" in English (as it always was), "empty text" elsewhere."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return message("lesson.file_error.kind.number", value=repr(value))
    names = {dict: "object", list: "list", str: "text", bool: "flag", type(None): "null"}
    name = "blank" if isinstance(value, str) and not value.strip() else names.get(type(value))
    if name is None:  # not a JSON value: data given from Python
        return lambda language: type(value).__name__
    return message(f"lesson.file_error.kind.{name}")


def _escape(key: str) -> str:
    """A key as a JSON pointer writes it (RFC 6901)."""
    return key.replace("~", "~0").replace("/", "~1")


# ---------------------------------------------------------------------- words
def words_of(words: Mapping[str, str], first: str) -> Text:
    """A text in the pupil's language; a language it lacks is shown in the lesson's own
    language (``first``), else English, else any, after a visible marker ("(in English)")."""

    def text(language: str) -> str:
        if language in words:
            return words[language]
        shown = next(lang for lang in (first, "en", *LANGUAGES) if lang in words)
        return f"{tr(f'lesson.file.written_in.{shown}', language)} {words[shown]}"

    return text


def _said(words: Text, key: str) -> Misconception:
    return _Said(key, said=words)


@dataclass(frozen=True)
class _Said(Misconception):
    """A misconception in the teacher's own words (its key names it for the record)."""

    said: Text | None = None

    def line(self, language: str) -> str:
        return self.said(language) if self.said is not None else super().line(language)


#: The misconceptions teachgames names in every language (``lesson.misconception.<name>``).
def _said_alone(name: str) -> bool:
    """Can the line of misconception ``name`` be said without values only teachgames has
    (the pupil's own answer, a fraction worked out from it), in every language?"""
    try:
        for language in LANGUAGES:
            tr(f"lesson.misconception.{name}", language)
    except KeyError:
        return False
    return True


@cache
def known_misconceptions() -> tuple[str, ...]:
    """The misconceptions a lesson file's wrong answer may name: those teachgames words in
    every language with nothing of the answer's to fill in (``decimal_bar`` needs the
    pupil's answer: a file names such a slip with a ``line`` of its own)."""
    prefix = "misconception."
    names = sorted(k[len(prefix) :] for k in messages("lesson", "en") if k.startswith(prefix))
    return tuple(name for name in names if _said_alone(name))


# ---------------------------------------------------------------------- screens and tasks
_LESSON_FIELDS = ("format", "version", "id", "language", "title", "tries", "summary", "screens")
_SCREEN_FIELDS = ("id", "title", "prompt", "position", "task", "reveal", "worked", "hint", "ours")
_WRONG_FIELDS = ("answer", "misconception", "line")
_TASK_FIELDS = ("kind", "answer", "form", "den", "unit", "unit_label", "wrong", "options", "several", "move",
                "player", "moves")  # fmt: skip


def _misconception(r: _Reader, entry: Mapping[str, Any], where: str, fallback: str) -> Misconception | None:
    """A wrong answer's misconception: one teachgames names, or the teacher's own line."""
    if "misconception" in entry and "line" in entry:
        raise r.fail(where, "both")
    if "misconception" in entry:
        name = entry["misconception"]
        known = known_misconceptions()
        if name not in known:
            listed = ", ".join(known)
            raise r.fail(f"{where}/misconception", "unknown_misconception", name=repr(name), known=listed)
        return Misconception(f"lesson.misconception.{name}")
    if "line" in entry:
        return _said(words_of(r.text(entry["line"], f"{where}/line"), r.language), fallback)
    return None


def _wrongs(r: _Reader, value: Any, where: str) -> list[tuple[str, Mapping[str, Any], Misconception | None]]:
    if value is None:
        return []
    if not isinstance(value, list) or len(value) > MAX_WRONGS:
        raise r.fail(where, "wrongs", most=MAX_WRONGS)
    out = []
    for i, entry in enumerate(value):
        here = f"{where}/{i}"
        r.obj(entry, here, _WRONG_FIELDS, ("answer",))
        out.append((here, entry, _misconception(r, entry, here, f"file.wrong.{i + 1}")))
    return out


def _amount_task(
    r: _Reader, task: Mapping[str, Any], where: str, value: tuple[int, int] | None = None
) -> TypeAmount:
    if value is None:
        answer = r.amount(task.get("answer"), f"{where}/answer")
        value = (answer.numerator, answer.denominator)
    form = r.choice(task.get("form", "any"), f"{where}/form", FORMS)
    den = r.whole(task.get("den", 8), f"{where}/den", 1, 1000)
    unit = task.get("unit")
    if unit is not None:
        r.choice(unit, f"{where}/unit", UNITS)
    wrongs = []
    for here, entry, named in _wrongs(r, task.get("wrong"), f"{where}/wrong"):
        amount = r.amount(entry["answer"], f"{here}/answer")
        if amount.numerator * value[1] == value[0] * amount.denominator:
            raise r.fail(f"{here}/answer", "right_not_wrong", answer=repr(entry["answer"]))
        if named is None:
            raise r.fail(here, "say_misconception")
        wrongs.append(Wrong(named, values=((amount.numerator, amount.denominator),), shown=amount.text))
    unit_label = task.get("unit_label")
    return TypeAmount(value, form=form, den=den, wrongs=tuple(wrongs), unit=unit,
                      unit_label=words_of(r.text(unit_label, f"{where}/unit_label", MAX_TITLE), r.language)
                      if unit_label is not None else None)  # fmt: skip


def _choose_task(r: _Reader, task: Mapping[str, Any], where: str) -> Choose:
    several = r.flag(task.get("several", False), f"{where}/several")
    options_in = task.get("options")
    if not isinstance(options_in, list) or not 2 <= len(options_in) <= MAX_OPTIONS:
        raise r.fail(f"{where}/options", "options", most=MAX_OPTIONS)
    options = []
    for i, entry in enumerate(options_in):
        here = f"{where}/options/{i}"
        r.obj(entry, here, ("id", "text", "right", "misconception", "line"), ("text",))
        oid = entry.get("id", f"o{i + 1}")
        if not isinstance(oid, str) or not _ID.fullmatch(oid):
            raise r.fail(f"{here}/id", "option_id")
        right = r.flag(entry.get("right", False), f"{here}/right")
        named = _misconception(r, entry, here, f"file.option.{oid}")
        if right and named is not None:
            raise r.fail(here, "right_no_misconception")
        options.append(
            Option(oid, words_of(r.text(entry["text"], f"{here}/text", MAX_TITLE), r.language), right, named)
        )
    ids = [o.id for o in options]
    if len(set(ids)) != len(ids):
        raise r.fail(f"{where}/options", "option_ids_repeat", ids=", ".join(ids))
    rights = sum(o.right for o in options)
    if rights == 0 or (rights > 1 and not several):
        raise r.fail(f"{where}/options", "mark_right")
    return Choose(tuple(options), several=several)


def _engine_task(
    r: _Reader, task: Mapping[str, Any], where: str, game: Any, kind: str
) -> tuple[Task, Any, Any]:
    """A task the engine answers: (the task, the explanation of the answer, the move shown)."""
    if game is None:
        raise r.fail(where, "needs_position", kind=repr(kind))
    if kind == "score":
        player = r.whole(task.get("player", 1), f"{where}/player", 1, game.players) - 1
        score = game.scores()[player]
        value = (int(getattr(score, "p", score)), int(getattr(score, "q", 1)))
        return _amount_task(r, task, where, value), ("scores", player), None
    if kind == "best":
        return _best_task(r, task, where, game)
    move_in = task.get("move")
    if not isinstance(move_in, dict):
        raise r.fail(f"{where}/move", "move_object")
    try:
        move = game.coerce_move(move_in)
    except ValueError as exc:
        raise r.fail(f"{where}/move", "unreadable_move", reason=_their_words(exc)) from None
    problem = game.problem(move)
    own = {entry["answer"]: named for _, entry, named in _wrongs(r, task.get("wrong"), f"{where}/wrong")}
    for answer in own:
        r.choice(answer, f"{where}/wrong", ("yes", "no"))
    if problem is None:
        said_no = own.get("no") or _said(lambda lang: tr("lesson.file.legal_after_all", lang), "file.legal")
        options = (Option("yes", lambda lang: tr("lesson.yes", lang), True),
                   Option("no", lambda lang: tr("lesson.no", lang), False, said_no))  # fmt: skip
    else:
        reason = problem.words
        said_yes = own.get("yes") or _said(
            lambda lang: tr("lesson.file.illegal_because", lang, reason=reason(lang)), f"rule.{problem.code}"
        )
        options = (Option("yes", lambda lang: tr("lesson.yes", lang), False, said_yes),
                   Option("no", lambda lang: tr("lesson.no", lang), True))  # fmt: skip
    return Choose(options), ("move", move), move


def _best_task(r: _Reader, task: Mapping[str, Any], where: str, game: Any) -> tuple[Task, Any, Any]:
    """"Which move scores most?": the moves listed, each legal for the player to act; the
    engine plays each on a copy and the one that gains the player most is right (a tie is
    refused: the pupil could not tell). A wrong choice is told both gains, exactly."""
    player = game.current_player
    if player is None:
        raise r.fail(where, "best_no_player")
    moves_in = task.get("moves")
    if not isinstance(moves_in, list) or not 2 <= len(moves_in) <= MAX_OPTIONS:
        raise r.fail(f"{where}/moves", "moves", most=MAX_OPTIONS)
    moves, gains = [], []
    for i, move_in in enumerate(moves_in):
        here = f"{where}/moves/{i}"
        if not isinstance(move_in, dict):
            raise r.fail(here, "move_object")
        try:
            move = game.coerce_move(move_in)
        except ValueError as exc:
            raise r.fail(here, "unreadable_move", reason=_their_words(exc)) from None
        problem = game.problem(move)
        if problem is not None:
            raise r.fail(here, "best_illegal", reason=_their_words(problem))
        moves.append(move)
        gains.append(move_gain(game, move, player))
    best = max(gains)
    for i, gain in enumerate(gains):
        if gain in gains[:i]:
            raise r.fail(f"{where}/moves/{i}", "best_tie", gain=str(gain))
    number = player + 1

    def option(i: int) -> Option:
        def text(language: str, move: Any = moves[i]) -> str:
            return str(game.describe(move, language))

        if gains[i] == best:
            return Option(f"m{i + 1}", text, True)
        def less(language: str, gain: Any = gains[i]) -> str:
            return tr("lesson.file.best_scores_less", language, number=number, gain=str(gain), best=str(best))

        return Option(f"m{i + 1}", text, False, _said(less, "file.best"))

    best_move = moves[gains.index(best)]
    return Choose(tuple(option(i) for i in range(len(moves)))), ("best", (moves, gains, best_move)), None


def _explained(game: Any, what: tuple[str, Any], language: str) -> str:
    """The engine's exact explanation of the answer, as paragraphs of plain text."""
    kind, value = what
    if kind == "best":  # each move's gain, then the engine's explanation of the best one
        moves, gains, best_move = value
        said = [tr("lesson.file.best_gain", language, move=game.describe(m, language), gain=str(g))
                for m, g in zip(moves, gains, strict=True)]  # fmt: skip
        return "\n\n".join([*said, _explained(game, ("move", best_move), language)])
    explanation = game.explain_scores(language) if kind == "scores" else game.explain(value, language)
    return "\n\n".join(line.strip() for line in explanation.text().splitlines() if line.strip())


def _screen(r: _Reader, value: Any, where: str, number: int) -> Screen:
    r.obj(value, where, _SCREEN_FIELDS)
    if "ours" in value:
        return _our_screen(r, value, where)
    r.obj(value, where, _SCREEN_FIELDS, ("title", "prompt"))
    sid = value.get("id", f"s{number}")
    if not isinstance(sid, str) or not _ID.fullmatch(sid):
        raise r.fail(f"{where}/id", "screen_id")
    game = r.position(value["position"], f"{where}/position") if "position" in value else None
    task: Task | None = None
    why: Any = None
    move: Any = None
    if "task" in value:
        here = f"{where}/task"
        task_in = r.obj(value["task"], here, _TASK_FIELDS, ("kind",))
        kind = r.choice(task_in["kind"], f"{here}/kind", TASK_KINDS)
        if kind == "amount":
            task = _amount_task(r, task_in, here)
        elif kind == "choose":
            task = _choose_task(r, task_in, here)
        else:
            task, why, move = _engine_task(r, task_in, here, game, kind)
    title = words_of(r.text(value["title"], f"{where}/title", MAX_TITLE), r.language)
    prompt = words_of(r.text(value["prompt"], f"{where}/prompt"), r.language)
    texts = {
        k: words_of(r.text(value[k], f"{where}/{k}"), r.language)
        for k in ("reveal", "worked", "hint")
        if k in value
    }

    def picture(language: str) -> str:
        assert game is not None  # only screens with a position have a picture
        return str(
            game.picture(move, language=language) if move is not None else game.picture(language=language)
        )

    def worked(language: str) -> Reveal:
        parts = [texts["worked"](language)] if "worked" in texts else []
        if why is not None:
            parts.append(_explained(game, why, language))
        return Reveal("\n\n".join(parts))

    reveal = texts.get("reveal")
    return Screen(
        id=sid,
        title=title,
        prompt=prompt,
        task=task,
        picture=picture if game is not None else None,
        reveal=(lambda language: Reveal(reveal(language))) if reveal is not None else None,
        worked=worked if ("worked" in texts or why is not None) else None,
        hint=texts.get("hint"),
    )


def _our_screen(r: _Reader, value: Mapping[str, Any], where: str) -> Screen:
    """A screen of one of teachgames' own lessons: {"ours": "delissimo/8plus/warmup/fit"}."""
    if set(value) - {"ours"} - {k for k in value if k.startswith("_")}:
        raise r.fail(where, "only_ours")
    named = value["ours"]
    parts = named.split("/") if isinstance(named, str) else []
    if len(parts) != 4:
        raise r.fail(f"{where}/ours", "name_ours")
    from .show import activity_spec

    game, lesson, part, sid = parts
    try:
        spec = activity_spec(game, lesson, part)
    except (KeyError, ValueError) as exc:
        raise r.fail(f"{where}/ours", "no_part", detail=_english(str(exc))) from None
    for screen in spec.screens:
        if screen.id == sid:
            return screen
    ids = ", ".join(s.id for s in spec.screens)
    raise r.fail(f"{where}/ours", "no_screen", part=f"{game}/{lesson}/{part}", screen=repr(sid), screens=ids)


def migrate(data: dict[str, Any], r: _Reader) -> dict[str, Any]:
    """The data of a file of an older version this teachgames knows, made current; an
    unknown version is refused by name."""
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise r.fail("/version", "no_version", ours=VERSION)
    while version != VERSION:
        step = MIGRATIONS.get(version)
        if step is None:
            known = ", ".join(map(str, sorted({*MIGRATIONS, VERSION})))
            newer = version > VERSION  # a newer teachgames wrote it
            raise r.fail(
                "/version", "newer_version" if newer else "unknown_version", version=version, known=known
            )
        data = step(data)
        version = data.get("version")
        if not isinstance(version, int):  # pragma: no cover - a migration always sets it
            raise r.fail("/version", "lost_version")
    return data


def canonical(data: Mapping[str, Any]) -> str:
    """A lesson's data as one compact JSON text, the same for the same lesson however its
    file was laid out: what a class session keeps of a teacher's lesson (``meta["json"]``
    of the ActivitySpec) so that the class server judges exactly the lesson pupils run."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def read_lesson(data: Mapping[str, Any] | str | bytes, source: str = "the lesson file") -> ActivitySpec:
    """An :class:`ActivitySpec` from a lesson file's data (or its JSON text); its
    ``meta["json"]`` is the lesson's :func:`canonical` text."""
    raw = parse(data, source) if isinstance(data, (str, bytes)) else data
    r = _Reader(source)
    if not isinstance(raw, dict):
        raise r.fail("/", "not_one_object")
    if raw.get("format") != FORMAT:
        raise r.fail("/format", "not_lesson", format=repr(FORMAT))
    too_deep = _too_deep_at(raw)
    if too_deep is not None:
        raise r.fail(too_deep, "too_deep", most=MAX_DEPTH)
    lesson = migrate(dict(raw), r)
    r.obj(lesson, "", _LESSON_FIELDS, ("format", "version", "id", "title", "screens"))
    r.language = r.choice(lesson.get("language", "en"), "/language", LANGUAGES)
    lid = lesson["id"]
    if not isinstance(lid, str) or not _ID.fullmatch(lid):
        raise r.fail("/id", "lesson_id")
    title = words_of(r.text(lesson["title"], "/title", MAX_TITLE), r.language)
    screens_in = lesson["screens"]
    if not isinstance(screens_in, list) or not 1 <= len(screens_in) <= MAX_SCREENS:
        raise r.fail("/screens", "screens", most=MAX_SCREENS)
    screens = [_screen(r, s, f"/screens/{i}", i + 1) for i, s in enumerate(screens_in)]
    ids = [s.id for s in screens]
    for i, sid in enumerate(ids):
        if sid in ids[:i]:
            raise r.fail(f"/screens/{i}/id", "screen_ids_repeat", id=repr(sid))
    tries = r.whole(lesson.get("tries", 2), "/tries", 1, 5)
    summary = r.flag(lesson.get("summary", True), "/summary")
    meta = {
        "source": source,
        "format": FORMAT,
        "version": VERSION,
        "language": r.language,
        "json": canonical(raw),
    }
    return ActivitySpec(lid, "screens", title, tuple(screens), tries=tries, summary=summary, meta=meta)


def load_lesson(path: str | os.PathLike[str]) -> ActivitySpec:
    """The lesson in the file ``path`` as an ActivitySpec that ``Activity`` runs; a bad
    file raises GameFileError (a :class:`LessonFileError`) naming the field and the reason."""
    place = Path(path)
    try:
        size = place.stat().st_size
        if size > MAX_FILE_BYTES:
            raise _too_big(place.name, size)
        text = place.read_bytes()
    except OSError as exc:
        raise _refused(place.name, "", "cannot_read", detail=_english(str(exc.strerror or exc))) from None
    return read_lesson(text, place.name)


def save_lesson(data: Mapping[str, Any], path: str | os.PathLike[str]) -> Path:
    """Check ``data`` as a lesson, then write it to ``path`` safely: a new file beside the
    old one, flushed to the disk, renamed into place. A lesson that does not check, or a
    write that fails, leaves the last good file as it was."""
    place = Path(path)
    text = json.dumps(data, ensure_ascii=False, indent=2) + "\n"
    read_lesson(text, place.name)  # refuses a bad lesson before anything is written
    place.parent.mkdir(parents=True, exist_ok=True)
    return write_whole(place, text.encode("utf-8"), durable=True)


# ---------------------------------------------------------------------- a teacher's folder
def _is_lesson(path: Path) -> bool:
    """Does the file say it is a lesson? A file too big, unreadable or too broken to say
    is listed anyway when it names the format (then with the reason it cannot be read)."""
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            return True
        head = path.read_bytes()
    except OSError:
        return True
    try:
        data = json.loads(head)
    except (ValueError, RecursionError):
        return FORMAT.encode() in head
    return isinstance(data, dict) and data.get("format") == FORMAT


@dataclass(frozen=True)
class LessonFile:
    """One file of a teacher's lessons folder, as a list shows it: its path, its id and
    title (in the language asked), its number of screens, or why it cannot be read:
    ``problem`` in English (as ``str()`` of the error says it), :meth:`problem_in` in the
    teacher's language (the error itself is kept in ``error`` to say it again)."""

    path: Path
    id: str | None
    title: str | None
    screens: int
    problem: str | None = None
    error: GameFileError | None = field(default=None, compare=False, repr=False)

    def problem_in(self, language: str | None = None) -> str | None:
        """Why the file cannot be read, in ``language`` (None for a good file)."""
        if self.error is not None:
            return self.error.words(language)
        return self.problem


def lesson_files(folder: str | os.PathLike[str], language: str = "en") -> list[LessonFile]:
    """Every lesson file (``*.json`` with the lesson format) in ``folder``, by name; a file
    that cannot be read is listed with its reason, never skipped in silence. (What
    ``teachgames lessons`` lists beside the lessons that ship with teachgames.)"""
    out = []
    for path in sorted(Path(folder).glob("*.json")):
        try:
            if not _is_lesson(path):
                continue  # another kind of JSON file (a saved game, a puzzle list)
            spec = load_lesson(path)
        except GameFileError as exc:
            out.append(LessonFile(path, None, None, 0, str(exc), exc))
            continue
        out.append(LessonFile(path, spec.lesson, spec.title(language), len(spec.screens)))
    return out


__all__ = [
    "FORMAT",
    "MIGRATIONS",
    "SCHEMA_PATH",
    "VERSION",
    "LessonFile",
    "LessonFileError",
    "known_misconceptions",
    "lesson_files",
    "load_lesson",
    "parse",
    "read_lesson",
    "save_lesson",
    "words_of",
]
