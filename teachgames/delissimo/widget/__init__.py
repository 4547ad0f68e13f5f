"""The Delissimo widget: replay a game step by step, or play it with pupils and bots.

    w = teachgames.show(g, mode="replay")
    w = teachgames.show(puzzle, mode="play", players=["Pupil", teachgames.bots.GreedyBot()])

**Replay mode**: ⏮ ◀ slider ▶ ⏭ (and the arrow keys, Home, End). Step *i* shows the
table before move *i* with the capture's cards highlighted, the move in plain words and
its explanation (maths as SVG); the last step shows the final table and how every score
was reached.

**Play mode**: ``players`` lists one entry per seat: a name (a pupil) or a bot (any
object with ``choose(game)``). A pupil clicks own cards and open pizzas and presses
*Capture*; an illegal choice shows the reason and its explanation and changes nothing.
*Hint* first says how many captures exist, then shows one with its explanation (press
again for the next). *Undo* takes back the last pupil move (and the bot moves after it).
*End turn* passes. Bots move one move at a time after ``bot_delay=`` seconds (the
teacher's pace; 0 = at once; the front-end asks for each bot move, Python makes it);
Undo is off while they play, and every bot move since the pupil's is listed, each
opening on its explanation. *Hint* covers every kind of move (captures, special orders,
cancels). ``size="large"`` is the projector presentation (bigger cards and words).
``number_form=`` is how every score is written (the score table, the game-over line,
the static fallback and the table picture's piles alike): ``"over"`` (29/8), ``"mixed"``
(3 5/8), ``"both"`` (29/8 = 3 5/8) or ``"slices"`` (3 whole pizzas and 5 slices, in the
pupil's language); by default the level's (6+ slices, 8+ over, 10+ both: see
:data:`teachgames.delissimo.draw.numbers.LEVEL_FORMS`).
The game object given is the one played: after the lesson, ``g`` holds the moves made.

**Language**: ``language="ru"`` (or ``"bg"``, ``"en"``; default: the package's, see
:func:`teachgames.core.i18n.set_language`) says every word in that language: the
widget's own (the game's ``delissimo.widget.*`` words and the shared ``widgets.*``
ones; the widget's EN/RU/BG buttons switch it live), the moves, reasons and explanations
(the engine's ``describe``/``explain``/``explain_scores`` with ``language=`` and the players'
``names=``) and the cards' faces and alt text. Names are plain text everywhere: the
front-end writes them with ``textContent`` and the SVG makers escape them.

**Views**: ``view="teacher"`` sees every hand; ``view=<player index>`` is that pupil's
view; ``view="pupil"`` follows the pupil whose turn it is (hot seat). The view-model is
built from ``g.view(player=...)``, so hidden hands are never sent to the browser.
Default: the teacher view in replay mode and when every seat is a pupil, else
``"pupil"``.

Stable ``data-testid`` attributes (for tests and for teachers' own tooling):

==========================  ==============================================================
``tg-widget``               the widget root (``data-version``, ``data-mode`` attributes)
``tg-title``, ``tg-status`` title line; who is to act / what to do
``tg-zone-open``            the open pizzas (top of each stack, or the centre at 6+)
``tg-zone-hand-<p>``        player *p*'s hand (0-based), ``tg-current`` class when to act
``tg-card-open-<i>``        open pizza *i*; a ``<button>`` with ``aria-pressed`` when clickable
``tg-card-hand-<p>-<i>``    card *i* of player *p*'s hand
``tg-btn-first|prev|next|last``  replay navigation; ``tg-slider`` the move slider
``tg-step-label``           "Move 3 of 12" / "End of the game"; ``tg-move`` the move in words
``tg-btn-capture|hint|undo|end-turn``  play-mode buttons
``tg-move-<n>``             extra moves (special orders, cancels) as buttons
``tg-message``              feedback (``data-kind`` = error, success, hint, info),
                            ``tg-message-text`` its words, ``tg-message-svg`` its maths
``tg-refused``              why a click was refused (stale, not your turn)
``tg-explanation``          explanation panel; ``tg-explanation-svg`` the maths,
                            ``tg-explanation-text`` the same in words
``tg-scores``, ``tg-score-<p>``  score table and player *p*'s row
``tg-log``, ``tg-log-<i>``  the bots' moves since the pupil's, each a ``<details>``
``tg-languages``, ``tg-lang-<code>``  the language switch (EN, RU, BG)
==========================  ==============================================================

The package: :mod:`.widget` (the one widget class on
:class:`teachgames.widgets.turns.TurnWidget`, as in every turn-based game: options,
modes, a position's views, play-mode intents, replay steps) and :mod:`.viewmodel` (the
pure functions it builds cards and words with); the static HTML fallback is the draw
role's :mod:`teachgames.delissimo.draw.static` (re-exported here). What every game's
widget needs lives in :mod:`teachgames.widgets` (``seats``, ``bots``, ``replay``,
``labels``, ``explanations``).
"""

from __future__ import annotations

from ...widgets.bots import DEFAULT_BOT_DELAY_MS
from ..draw.static import static_game_html
from .viewmodel import CARD_SIZE
from .widget import MODES, DelissimoWidget

__all__ = ["CARD_SIZE", "DEFAULT_BOT_DELAY_MS", "MODES", "DelissimoWidget", "static_game_html"]
