"""A whole game of each of the four, played in a real JupyterLab with the keyboard alone.

Each game is dealt fresh (seeded) and played to its end against a bot: the pupil's seat
acts with Tab, Shift+Tab, the arrow keys and Enter only. The test looks at the page as a
pupil looks at the screen (which cards may be chosen, which buttons are on), moves the
focus to what it wants by the shortest way from where the focus is now (Tab forwards,
Shift+Tab back, or the arrow keys along a row of cards) and presses Enter, counting every
key. The only thing it does without keys is to put the focus on the widget once, at the
start (a pupil clicks it).

After every action, once the bots have played, the focus must still be in the widget
(never dropped on the page's body: issue 42.1), and at the end on the result, which the
live region has said with the winner. The key counts are printed (``-s``) for the
project's notes. Ligretto plays its one round in real time against a slow bot.

One notebook, one page; the session's JupyterLab.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.a11y import notebook
from tests.browser.conftest import KERNEL_READY_JS, Lab, browser, lab, shots  # noqa: F401  (fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TIMEOUT_MS = 120_000
OVER = re.compile(r"game over|game is over|match is over", re.IGNORECASE)

CELLS = [
    "import teachgames\nfrom teachgames.bots import GreedyBot\nfrom teachgames.split.bots import PlannerBot\n"
    "from teachgames.ligretto.bots import LigrettoBot",
    "teachgames.show(teachgames.new_game('delissimo', level='beginner', players=2, seed=7),"
    " mode='play', players=['Pupil', GreedyBot()], bot_delay=0.05)",
    "teachgames.show(teachgames.new_game('tsvetik', players=2, seed=11),"
    " mode='play', players=['Pupil', GreedyBot()], bot_delay=0.05)",
    "teachgames.show(teachgames.new_game('split', players=2, seed=7),"
    " mode='play', players=['Pupil', PlannerBot()], bot_delay=0.05)",
    "teachgames.show(teachgames.new_game('ligretto', players=2, seed=7, rules={'rounds': 1}),"
    " players=['Pupil', LigrettoBot(6.0)])",
]

#: The widget's Tab stops in order (what Tab reaches: enabled, shown, not tabindex -1;
#: and the focused element, such as the result), and where the focus is (-1: not in the widget).
TAB_STOPS_JS = """r => {
  const stops = [r, ...r.querySelectorAll('button, input, summary, [tabindex]')]
    .filter(e => (e.tabIndex >= 0 || e === document.activeElement) && !e.disabled && e.getClientRects().length > 0);
  return {ids: stops.map(e => e.getAttribute('data-testid') || ''), at: stops.indexOf(document.activeElement)};
}"""
#: The enabled cards of the row the focused card is in, when the target is in it too.
ROW_JS = """([r, target]) => {
  const t = r.querySelector(`[data-testid="${target}"]`);
  const a = document.activeElement;
  if (!t || !a || !a.classList.contains('tg-selectable') || !t.classList.contains('tg-selectable')) return null;
  const row = a.closest('.tg-cards');
  if (!row || row !== t.closest('.tg-cards')) return null;
  const cards = [...row.querySelectorAll('.tg-card.tg-selectable:not(:disabled)')];
  return [cards.indexOf(a), cards.indexOf(t)];
}"""
#: Where the focus is, as a pupil would be told: in the widget (its control), or "BODY".
FOCUS_JS = """r => {
  const a = document.activeElement;
  if (!a || a === document.body) return 'BODY';
  if (!r.contains(a)) return 'OUTSIDE:' + a.tagName;
  return a === r ? 'WIDGET' : (a.getAttribute('data-testid') || a.tagName);
}"""
SETTLED_JS = """([r, v]) => (r.getAttribute('data-version') !== v
  || !!r.querySelector('[data-testid=tg-refused]:not([hidden])'))
  && !r.hasAttribute('data-bots-playing') && !r.hasAttribute('aria-busy')"""


#: More keys than any widget has Tab stops: a walk that has not arrived by then never will.
MOST_KEYS_TO_A_STOP = 80
#: The key that undoes a Tab that went past the widget's edge.
TAB_BACK = {"Tab": "Shift+Tab", "Shift+Tab": "Tab"}


class Keyboard:
    """The pupil's hands on the keys of one widget: every key press counted."""

    def __init__(self, page: Any, widget: Any, live: bool = False) -> None:
        self.page, self.widget, self.presses = page, widget, 0
        self.live = live  # bots play in real time: the stops may change between two keys
        self.last = ""  # the last key pressed
        self.root = widget.element_handle()

    def key(self, name: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(name)
            self.presses += 1
            self.last = name

    def focus(self) -> str:
        return str(self.root.evaluate(FOCUS_JS))

    def go_to(self, testid: str) -> bool:
        """Move the focus to ``testid`` by the fewest keys; in a live round one key at a
        time, looking again after each as a pupil does (a bot's move changes the stops
        under the keys). False if ``testid`` is not a Tab stop."""
        for _ in range(MOST_KEYS_TO_A_STOP):
            if self.focus() == testid or not self._step_to(testid):
                break
        return self.focus() == testid

    def _step_to(self, testid: str) -> bool:
        """Keys towards ``testid`` (Tab, Shift+Tab, or an arrow along a row of cards): all
        it takes, or in a live round the first of them."""
        row = self.page.evaluate(ROW_JS, [self.root, testid])
        stops = self.root.evaluate(TAB_STOPS_JS)
        if stops["at"] < 0:
            where = self.focus()
            if where.startswith("OUTSIDE") and self.last in TAB_BACK:
                # the stops changed between the look and the key (a bot played), so the Tab
                # went past the widget's edge: a pupil sees it and steps back in
                self.key(TAB_BACK[self.last])
                return True
            raise AssertionError(f"the focus left the widget: {where}")
        if testid not in stops["ids"]:
            return False
        target = stops["ids"].index(testid)
        by_tab = abs(target - stops["at"])
        by_arrow = abs(row[1] - row[0]) if row and -1 not in row else None
        if by_arrow is not None and by_arrow < by_tab:
            self.key("ArrowRight" if row[1] > row[0] else "ArrowLeft", 1 if self.live else by_arrow)
        else:
            self.key("Tab" if target > stops["at"] else "Shift+Tab", 1 if self.live else by_tab)
        return True

    def act(self, testid: str, settle: bool = True) -> bool:
        """Go to ``testid`` and press Enter; wait until Python has answered and the bots
        have played, then check that the focus is still in the widget."""
        if not self.go_to(testid):
            print(f"could not reach {testid}: focus on {self.focus()}")
            return False
        before = self.widget.get_attribute("data-version")
        self.key("Enter")
        if settle:
            try:
                self.page.wait_for_function(SETTLED_JS, arg=[self.root, before], timeout=15_000)
            except Exception:  # a refused choice changes no version: go on
                self.page.wait_for_timeout(200)
        self.check(testid)
        return True

    def check(self, action: str) -> None:
        """The focus is in the widget (on a control, or on the widget while bots play)."""
        where = self.focus()
        assert where != "BODY" and not where.startswith("OUTSIDE"), f"after {action} the focus is on {where}"


@pytest.fixture(scope="module")
def page(browser: Any, lab: Lab) -> Any:  # noqa: F811
    pg = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
    pg.goto(lab.notebook_url(notebook(lab.root, "keyboard-games", "en", CELLS)))
    pg.wait_for_function(KERNEL_READY_JS, timeout=TIMEOUT_MS)
    pg.evaluate("window.jupyterapp.commands.execute('notebook:run-all-cells')")
    pg.locator('[data-testid="tg-widget"]').nth(3).wait_for(timeout=TIMEOUT_MS)
    yield pg
    pg.context.close()


def start(page: Any, n: int, live: bool = False) -> tuple[Any, Keyboard]:
    w = page.locator('[data-testid="tg-widget"]').nth(n)
    w.scroll_into_view_if_needed()
    w.evaluate("r => r.focus()")  # the pupil clicks the widget: the one act not by key
    keys = Keyboard(page, w, live)
    keys.presses = 1
    return w, keys


def ids(widget: Any, selector: str) -> list[str]:
    return [str(x) for x in widget.locator(selector).evaluate_all(
        "els => els.filter(e => !e.disabled).map(e => e.getAttribute('data-testid'))")]


def enabled(widget: Any, testid: str) -> bool:
    """An enabled control (a card shown only as a picture is none)."""
    b = widget.locator(f'button[data-testid="{testid}"]')
    return b.count() > 0 and b.first.is_enabled()


def status(widget: Any) -> str:
    return str(widget.get_by_test_id("tg-status").inner_text())


def over(widget: Any) -> bool:
    return bool(OVER.search(status(widget)))


def assert_the_end(page: Any, w: Any, keys: Keyboard, game: str, shots: Any) -> None:  # noqa: F811
    """The game is over, the focus on its result, which the live region has said."""
    assert over(w), status(w)
    result = w.get_by_test_id("tg-message").inner_text().strip()
    assert result.startswith("Game over. ") and len(result) > len("Game over. "), result
    page.wait_for_function("r => r.contains(document.activeElement) && document.activeElement.dataset.testid === 'tg-message'",
                           arg=w.element_handle(), timeout=10_000)
    said = w.get_by_test_id("tg-live").inner_text()
    assert said.count(result) == 1 and said.rfind(result) > said.rfind("Game over.") - 1, said  # the last event
    print(f"\n{game}: a whole game by keyboard in {keys.presses} key presses")
    w.get_by_test_id("tg-message").scroll_into_view_if_needed()
    shots(page, "keyboard-end-" + game.split()[0].lower())


def test_delissimo_whole_game_by_keyboard(page: Any, shots: Any) -> None:  # noqa: F811
    w, keys = start(page, 0)
    for _ in range(200):
        if over(w):
            break
        keys.act("tg-btn-hint")  # "you can make 2 captures": press again to see one
        if not ids(w, "button.tg-card.tg-highlight"):
            keys.act("tg-btn-hint")
        for card in ids(w, "button.tg-card.tg-highlight"):
            keys.act(card)
        if enabled(w, "tg-btn-capture"):
            keys.act("tg-btn-capture")
        elif enabled(w, "tg-btn-end-turn"):
            keys.act("tg-btn-end-turn")
    assert_the_end(page, w, keys, "Delissimo (6+, 2 players, seed 7)", shots)


def test_tsvetik_whole_game_by_keyboard(page: Any, shots: Any) -> None:  # noqa: F811
    w, keys = start(page, 1)
    for _ in range(300):
        if over(w):
            break
        slots = ids(w, "button.tg-card.tg-slot")
        moves = ids(w, "[data-testid^=tg-move-]")
        if slots:
            keys.act(slots[0])  # place the card turned up
        elif enabled(w, "tg-card-bank"):
            keys.act("tg-card-bank")  # turn up a card
        elif moves:
            keys.act(moves[0])  # take a field
        else:  # every cell full: take a field by its first card
            assert keys.act(ids(w, "[data-testid^=tg-zone-field-] button.tg-card")[0])
    assert_the_end(page, w, keys, "Tsvetik (2 players, seed 11)", shots)


def test_split_whole_game_by_keyboard(page: Any, shots: Any) -> None:  # noqa: F811
    w, keys = start(page, 2)
    for _ in range(600):
        if over(w):
            break
        if enabled(w, "tg-btn-draw"):
            keys.act("tg-btn-draw")
        elif ids(w, "[data-testid^=tg-move-]"):
            keys.act(ids(w, "[data-testid^=tg-move-]")[0])  # a bonus: its first choice
        elif enabled(w, "tg-btn-finish"):
            keys.act("tg-btn-finish")
        else:
            if not ids(w, 'button.tg-card[aria-pressed="true"]'):
                keys.act(ids(w, "button[data-testid^=tg-card-hand-0-]")[0])
            if enabled(w, "tg-btn-discard"):
                keys.act("tg-btn-discard")
    assert_the_end(page, w, keys, "Split (2 players, seed 7)", shots)


def _fits(name: str, tops: list[str]) -> bool:
    colour, n = name.split()[0], int(name.split()[1])
    return n == 1 or any(t.split()[0] == colour and int(t.split()[1]) == n - 1 for t in tops)


def test_ligretto_whole_game_by_keyboard(page: Any, shots: Any) -> None:  # noqa: F811
    w, keys = start(page, 3, live=True)
    keys.act("tg-btn-start")  # the round waits for Start, pressed by keyboard too
    landed = 0
    for _ in range(600):
        if over(w):
            break
        tops = [str(x) for x in w.locator('[data-testid="tg-zone-centre"] [data-card]').evaluate_all(
            "els => els.map(e => e.getAttribute('data-card'))")]
        mine = w.locator('[data-testid="tg-zone-player-0"] button[data-card]').evaluate_all(
            "els => els.map(e => [e.getAttribute('data-testid'), e.getAttribute('data-card')])")
        fit = [tid for tid, name in mine if name and len(name.split()) == 2 and name.split()[1].isdigit() and _fits(name, tops)]
        if fit:
            before = w.locator('[data-testid="tg-zone-centre"] [data-card]').count()
            keys.act(fit[0], settle=False)
            page.wait_for_timeout(150)
            keys.check(fit[0])
            landed += w.locator('[data-testid="tg-zone-centre"] [data-card]').count() != before
        elif enabled(w, "tg-card-deck-0"):
            keys.act("tg-card-deck-0", settle=False)
            page.wait_for_timeout(150)
            keys.check("tg-card-deck-0")
        else:
            page.wait_for_timeout(300)
    assert landed >= 1, "the pupil played at least one card by keyboard"
    assert_the_end(page, w, keys, "Ligretto (one round, 2 players, seed 7)", shots)
