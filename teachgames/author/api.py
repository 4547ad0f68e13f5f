"""What the authoring page asks of Python: a small JSON interface over the lessons folder.

Each request is a route, its query and its JSON body; each answer a status and JSON.
Nothing here knows HTTP (:mod:`.server` does), so the tests call it directly too. A
teacher's mistake is an answer in plain words (``error.message``, and for a lesson that
does not check ``error.where``, the field as a JSON pointer), never a traceback, and a
lesson that does not check is never written: the last good file stays as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.errors import GameFileError, UsageError
from ..core.i18n import LANGUAGES, check_language, fill, messages
from ..lesson.files import LessonFileError
from ..lesson.puzzles import PUZZLE_KINDS
from .catalogue import offered_misconceptions, our_screens
from .folder import LessonFolder, new_lesson
from .refused import Refused

Answer = tuple[int, dict[str, Any]]

#: The kinds of screen "make a puzzle" makes (see ``teachgames.lesson.make_puzzle``).
PUZZLES = PUZZLE_KINDS
#: At most this many moves are offered to ask about (a long list helps nobody choose).
MAX_MOVES = 200


def words(language: str) -> dict[str, str]:
    """The page's words in ``language``, English where a word is missing."""
    return messages("author", "en") | messages("author", check_language(language))


def _error(status: int, message: str, where: str = "") -> Answer:
    return status, {"error": {"message": message, "where": where}}


def _language(value: object) -> str:
    if not isinstance(value, str) or value not in LANGUAGES:
        raise UsageError(f"the language is one of {', '.join(LANGUAGES)}")
    return value


def _mapping(body: object) -> Mapping[str, Any]:
    if not isinstance(body, Mapping):
        raise UsageError("the request must be one JSON object")
    return body


class Author:
    """The interface of one authoring session over one lessons folder."""

    def __init__(self, folder: LessonFolder, language: str = "en") -> None:
        self.folder = folder
        self.language = check_language(language)
        #: The language the page is shown in: the one it last asked its words in
        #: (``state?lang=``), until then the session's. A refused save's reason and the
        #: files' problems are said in it, so a teacher reading a Russian page reads a
        #: Russian reason; a request may name another with ``?lang=``.
        self.page_language = self.language
        self._routes: dict[tuple[str, str], Callable[[Mapping[str, str], Any], dict[str, Any]]] = {
            ("GET", "state"): self.state,
            ("GET", "lesson"): self.lesson,
            ("POST", "new"): self.new,
            ("POST", "save"): self.save,
            ("POST", "preview"): self.preview,
            ("POST", "puzzle"): self.puzzle,
            ("POST", "moves"): self.moves,
            ("POST", "theirs"): self.theirs,
        }

    def handle(self, method: str, route: str, query: Mapping[str, str], body: object) -> Answer:
        """The answer to one request; every mistake of the teacher's (or of a hostile page)
        is a 4xx answer in plain words."""
        action = self._routes.get((method, route))
        if action is None:
            return _error(404, f"there is no {method} {route!r} here")
        asked = query.get("lang")
        language = asked if asked in LANGUAGES else self.page_language
        try:
            return 200, action(query, body)
        except Refused as exc:
            return _error(400, exc.words(language))
        except LessonFileError as exc:
            return _error(422, exc.reason_in(language), exc.where_in(language))
        except GameFileError as exc:
            return _error(422, exc.words(language))
        except (UsageError, ValueError, IndexError) as exc:
            return _error(400 if isinstance(exc, UsageError) else 422, str(exc).strip("'\""))
        except OSError as exc:
            return _error(500, Refused("error_write", reason=exc.strerror or exc).words(language))

    # ------------------------------------------------------------------ routes
    def state(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """The page's words, our screens and the teacher's files, in the language asked."""
        language = _language(query.get("lang", self.language))
        self.page_language = language
        return {
            "language": language,
            "languages": list(LANGUAGES),
            "words": words(language),
            "folder": str(self.folder.root),
            "ours": list(our_screens(language)),
            "files": self._files(language),
            "theirs": self._their_screens(language),
            "misconceptions": list(offered_misconceptions(language)),
        }

    def lesson(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        name = query.get("name", "")
        return {"name": self.folder.path(name).name, "lesson": self.folder.read(name)}

    def new(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """A new lesson (saved once it has a screen) and the file name it will have."""
        data = _mapping(body)
        title = data.get("title")
        language = _language(data.get("language", self.language))
        if not isinstance(title, str) or not title.strip() or len(title) > 200:
            raise Refused("error_title")
        name = self.folder.new_name(title)
        lesson_id = name.removesuffix(".json")[:40].rstrip("-_") or "lesson"
        return {"name": name, "lesson": new_lesson(lesson_id, {language: title.strip()}, language)}

    def save(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """Check the lesson and write it (a new file, then renamed over the old one)."""
        data = _mapping(body)
        lesson = data.get("lesson")
        if not isinstance(lesson, dict):
            raise Refused("error_no_lesson")
        place = self.folder.write(data.get("name"), lesson)
        return {"saved": place.name, "files": self._files(self.page_language)}

    def preview(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """Screen ``index`` as the pupil first sees it (``html``, in the pupil's ``language``)
        and, labelled in the page's language (``page``), what the pupil meets later on it
        (``later``: the hint, the lines after wrong answers, the reveal, the worked solution;
        the part ``first`` names, the one being written, before the others)."""
        from ..lesson.preview import screen_notes, screen_preview
        from .later import PARTS, later_html

        data = _mapping(body)
        lesson, index = data.get("lesson"), data.get("index")
        if not isinstance(lesson, Mapping) or isinstance(index, bool) or not isinstance(index, int):
            raise UsageError("a preview needs the lesson and a screen's number")
        pupil = _language(data.get("language", self.language))
        page = _language(data.get("page", self.language))
        first = data.get("first")
        if first is not None and first not in PARTS:
            raise UsageError(f"the part shown first is one of {', '.join(PARTS)}")
        notes = screen_notes(lesson, index, pupil)
        later = later_html(notes, words(page), page, pupil, first)
        return {"html": screen_preview(lesson, index, pupil), "later": later}

    def puzzle(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """A screen asking about the position of a position code (all three languages)."""
        from ..core.registry import load_position
        from ..lesson.puzzles import make_puzzle

        data = _mapping(body)
        code, kind, player = data.get("code"), data.get("kind"), data.get("player", 1)
        if not isinstance(code, str) or not code.strip():
            raise Refused("error_code")
        if kind not in PUZZLES:
            raise UsageError(f"the kind of puzzle is one of {', '.join(PUZZLES)}")
        game = load_position(code)
        move = data.get("move")
        if move is not None and not isinstance(move, Mapping):
            raise Refused("error_move")
        if kind == "legal" and move is None and not game.legal_moves():
            raise Refused("error_no_moves")
        if kind == "best":
            from ..lesson.puzzles import best_choices

            try:
                best_choices(game)
            except ValueError:
                raise Refused("error_no_best") from None
        return {"screen": make_puzzle(game, kind, player=player, move=move)}

    def moves(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """The moves of a position code's player to act, each in words, to ask about one."""
        from ..core.registry import load_position

        data = _mapping(body)
        code = data.get("code")
        if not isinstance(code, str) or not code.strip():
            raise Refused("error_code")
        language = _language(data.get("language", self.language))
        game = load_position(code)
        found = [move.to_dict() for move in game.legal_moves()[:MAX_MOVES]]
        return {"moves": [{"move": move, "text": game.describe(move, language)} for move in found]}

    def theirs(self, query: Mapping[str, str], body: object) -> dict[str, Any]:
        """A copy of screen ``index`` of the teacher's lesson file ``name``."""
        data = _mapping(body)
        screens = self.folder.read(data.get("name")).get("screens")
        index = data.get("index")
        if not isinstance(screens, list) or not isinstance(index, int) or not 0 <= index < len(screens):
            raise Refused("error_no_screen")
        return {"screen": screens[index]}

    def _files(self, language: str) -> list[dict[str, Any]]:
        template = words(language)["screens_count"]
        found = self.folder.listing(language)
        return [f | {"count": fill(template, language, {"n": f["screens"]})} for f in found]

    def _their_screens(self, language: str) -> list[dict[str, Any]]:
        from ..lesson.files import load_lesson

        out = []
        for item in self.folder.listing(language):
            if item["problem"] is not None:
                continue
            spec = load_lesson(self.folder.path(item["name"]))
            for index, screen in enumerate(spec.screens):
                title = screen.title(language)
                out.append({"name": item["name"], "index": index, "group": item["title"], "title": title})
        return out


__all__ = ["PUZZLES", "Author", "words"]
