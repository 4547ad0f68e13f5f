"""Bots at the table: one move at a time, after a short visible delay.

The view-model's ``bot`` entry (``{"delay_ms", "text"}``) asks the front-end to send
a ``bot_step`` intent after the delay; Python then makes exactly one bot move. Two
views of one widget both ask, so a stale ``bot_step`` is refused quietly. A bot that
fails pauses the bots with a message instead of hanging the lesson. Headless code
calls :meth:`BotTurns.run_bots`.

The pace is the teacher's: ``bot_delay`` seconds between bot moves (0 = the bots move
at once, in the same step as the pupil's move). While bots are to act, Undo is off
(:meth:`BotTurns.bots_playing`). Every bot move since the pupil's last move is kept in
:attr:`BotTurns.bot_log` (its words and its explanation), for the view-model's ``log``:
the pupil can open each one.

Game-independent: a game widget adds :class:`BotTurns`, puts :meth:`BotTurns.bot_request`
in its view-model while a bot is to act, and says what a bot move means to the pupil
in :meth:`BotTurns._after_bot_move` (calling :meth:`BotTurns.log_bot_move`).
"""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Mapping
from typing import Any

from .base import IntentRefused
from .seats import SeatedWidget
from .viewmodel import BotRequest, Explanation, LogEntry

log = logging.getLogger(__name__)

#: How long the front-end waits before asking for a bot's move.
DEFAULT_BOT_DELAY_MS = 700
#: At most this many bot moves are listed (the oldest drop out).
BOT_LOG_MAX = 40


def delay_ms(bot_delay: float | None, bot_delay_ms: int | None = None) -> int:
    """The bots' pace in ms from the teacher's ``bot_delay=`` seconds (or the older
    ``bot_delay_ms=``); ValueError for a negative or non-number delay."""
    if bot_delay is None:
        return DEFAULT_BOT_DELAY_MS if bot_delay_ms is None else max(0, int(bot_delay_ms))
    if isinstance(bot_delay, bool) or not isinstance(bot_delay, (int, float)) or bot_delay < 0:
        raise ValueError(f"bot_delay is a number of seconds, 0 or more, not {bot_delay!r}")
    return round(float(bot_delay) * 1000)
#: The intents of this mixin; ``bot_step`` staleness is expected (quiet).
BOT_ACTIONS = frozenset({"bot_step"})


class BotTurns(SeatedWidget):
    """Bot seats move one move per ``bot_step`` intent (see the module doc)."""

    bot_delay_ms: int
    bots_paused: bool
    #: Bot moves since the pupil's last move: [{"text", "explanation"}].
    bot_log: list[LogEntry]

    def init_bots(self, delay_ms: int) -> None:
        self.bot_delay_ms = max(0, int(delay_ms))
        self.bots_paused = False
        self.bot_log = []

    def bots_playing(self) -> bool:
        """True while a bot is to act (Undo waits until the bots have played)."""
        g = self.game
        cur = g.current_player
        return (
            self.mode == "play"
            and not self.bots_paused
            and cur is not None
            and not g.is_over()
            and self.seats[cur].bot is not None
        )

    def bot_request(self, text: str) -> BotRequest | None:
        """The view-model's ``bot`` entry while a bot is to act (None when paused)."""
        if self.bots_paused:
            return None
        return {"delay_ms": self.bot_delay_ms, "text": text}

    def log_bot_move(self, text: str, explanation: Explanation | None) -> None:
        """List a bot move (its words and explanation) for the pupil to open."""
        self.bot_log.append({"text": text, "explanation": explanation})
        del self.bot_log[:-BOT_LOG_MAX]

    def bot_log_view(self) -> list[LogEntry]:
        """The view-model's ``log``: each explanation's SVG is a picture, sent once (the
        list grows during the bots' turn; it must not re-send every SVG each step)."""
        out: list[LogEntry] = []
        for entry in self.bot_log:
            ex = entry.get("explanation")
            if ex and ex.get("svg"):
                svg = str(ex["svg"])
                name = "explain:" + hashlib.sha1(svg.encode("utf-8")).hexdigest()[:16]
                ex = {**ex}
                del ex["svg"]
                ex["picture"] = self.picture(name, functools.partial(str, svg))
            out.append({"text": entry["text"], "explanation": ex})
        return out

    def publish(self, vm: Any = None) -> None:
        # bot_delay=0: the bots play at once, before the pupil sees the position
        if vm is None and self.bot_delay_ms == 0 and self.mode == "play":
            for _ in range(10_000):
                if not self.bot_step():
                    break
        super().publish(vm)

    def intent_bot_step(self, content: Mapping[str, Any]) -> None:
        if self.mode != "play":
            raise IntentRefused(self.t("refused.no_bots"), quiet=True)
        self.bot_step()

    def bot_step(self) -> bool:
        """Let the bot to act make one move; False when no bot is to act."""
        g = self.game
        cur = g.current_player
        if cur is None or g.is_over() or self.seats[cur].bot is None or self.bots_paused:
            return False
        try:
            move = self.seats[cur].bot.choose(g.copy())
            before = g.copy()
            played = g.play(move)
        except Exception as exc:  # a broken bot must not hang the lesson
            log.exception("teachgames: bot %s failed", self.names[cur])
            self.bots_paused = True
            self.say("error", self.t("bot_failed", name=self.names[cur], error=exc))
            return False
        self._after_bot_move(played, before)
        return True

    def _after_bot_move(self, played: Any, before: Any) -> None:
        """Called after a bot played ``played`` from the position ``before``."""

    def intent_undo(self, content: Mapping[str, Any]) -> None:
        """Take back the pupil's last move and the bot moves after it, never while the
        bots are still playing (the pupil would undo a move nobody has seen yet)."""
        if self.mode != "play":
            raise IntentRefused(self.t("refused.play_only"))
        if self.bots_playing():
            raise IntentRefused(self.t("refused.bots_playing"))
        count = self._undo_count()
        if count == 0:
            self.say("info", self.t("undo.none"))
            return
        for _ in range(count):
            self.game.undo()
        self.bot_log = []
        self.forget_choices()
        self.say("info", self.t("undo.one") if count == 1 else self.t("undo.many", n=count))

    def forget_choices(self) -> None:
        """Drop what the pupil had chosen or been hinted in the position undone (hook)."""

    def run_bots(self, max_moves: int = 10_000) -> int:
        """Play every bot move now, until a pupil is to act or the game ends (headless use)."""
        done = 0
        while done < max_moves and self.bot_step():
            done += 1
        if done:
            self.publish()
        return done
