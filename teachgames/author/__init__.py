"""The authoring app: a teacher builds a lesson file in a web page, with no code.

``teachgames author`` serves one page on this computer (127.0.0.1, a random token in the
address, as Jupyter does) where a teacher orders screens (ours and their own), writes
prompts in English, Russian and Bulgarian, makes puzzles from position codes, previews
each screen as a pupil sees it, and the lesson file saves itself as it goes. The page
is a client of a small JSON interface (:mod:`.api`) over the teacher's lessons folder
(:mod:`.folder`); every save goes through :func:`teachgames.lesson.save_lesson`, which
checks the lesson first and replaces the file only once the new one is whole on disk.
"""

from __future__ import annotations

from .api import Author
from .folder import LessonFolder
from .server import AuthorServer, serve

__all__ = ["Author", "AuthorServer", "LessonFolder", "serve"]
