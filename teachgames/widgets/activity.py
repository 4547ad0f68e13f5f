"""The activity widget: a lesson's screens, one at a time, for a pupil to answer.

It knows no lesson and no game: it draws the view-model of a *driver* (the lesson layer's
:class:`teachgames.lesson.activity.Activity`) and hands the pupil's intents back to it.
The front end (``static/activity.js``) draws one screen: its title, prompt and picture,
the task's controls (option buttons with pictures, an amount box, cards to pick, items to
order), "Check", the feedback line in a live region, and the reveal once the driver sends
it. Back and Next (and the screen list) step through the screens at the projector.

Intents (as every widget's, versioned: a stale click is refused, never applied twice)::

    {"action": "answer", "args": {"answer": "6/8"}}        # or a list of option ids
    {"action": "go", "args": {"index": 2}}
    {"action": "solution"}
    {"action": "hint"}                                     # open the next hint step
    {"action": "restore", "args": {"record": {...}}}      # the work the browser kept
    {"action": "restart"}                                  # "Start again": clear it all

Progress kept: the view-model's ``progress`` holds the storage key and the record the
front end keeps in the browser's localStorage after every change; when the widget is drawn
the front end sends back what it kept as a ``restore`` intent, which the driver checks
strictly and marks again (a record it does not take changes nothing, quietly).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Protocol, cast

from ..core.i18n import FALLBACK, messages
from .base import STATIC, GameWidget, IntentRefused
from .frontend import esm
from .viewmodel import ViewModel


class ActivityDriver(Protocol):
    """What the widget needs of a lesson's activity."""

    language: str

    def view_model(self) -> Mapping[str, Any]: ...

    def answer(self, answer: object) -> Any: ...

    def go(self, index: object) -> None: ...

    def show_solution(self) -> None: ...

    def open_hint(self) -> str: ...

    def restore(self, record: object) -> bool: ...

    def restart(self) -> None: ...


#: The words the activity's front end writes itself (catalogue keys ``widgets.activity.*``).
ACTIVITY_LABELS = (
    "check",
    "next",
    "back",
    "solution",
    "screen_of",
    "screens",
    "your_answer",
    "answer_box",
    "tries_left",
    "teacher",
    "teacher_answer",
    "teacher_wrongs",
    "move_up",
    "move_down",
    "selected",
    "not_selected",
    "status_right",
    "status_shown",
    "status_tried",
    "status_open",
    "status_info",
    "locked",
    "hint",
    "more_hint",
    "hints_used",
    "read_aloud",
    "stop_reading",
    "start_again",
    "start_again_confirm",
    "start_again_yes",
    "start_again_no",
)


class ActivityWidget(GameWidget):
    """A lesson activity (see the module's docstring)."""

    _esm = esm("activity.js")  # with the shared ./dom.js and ./intents.js in place (see .frontend)
    _css = STATIC / "activity.css"

    actions: ClassVar[frozenset[str]] = frozenset({"answer", "go", "solution", "hint", "restore", "restart"})
    #: A refused restore (a stale or foreign record) says nothing to the pupil.
    quiet_actions: ClassVar[frozenset[str]] = frozenset({"restore"})
    language_switch: ClassVar[bool] = False

    def __init__(self, driver: ActivityDriver, **kwargs: Any) -> None:
        self.driver = driver
        super().__init__(language=driver.language, **kwargs)
        self.publish()

    def front_end_labels(self) -> dict[str, str]:
        """The front end's words as templates: it fills ``{n}`` and ``{count}`` itself."""
        own, english = messages("widgets", self.language), messages("widgets", FALLBACK)
        return {key: own.get(f"activity.{key}", english[f"activity.{key}"]) for key in ACTIVITY_LABELS}

    def build_view_model(self) -> ViewModel:
        # the lesson layer writes its activity's view-model; it is sent as it is
        vm: dict[str, Any] = {**self.driver.view_model(), "message": self.message}
        return cast(ViewModel, vm)

    def refresh(self) -> None:
        """Draw again after the driver changed from outside (the teacher's pacing)."""
        self.publish()

    def intent_answer(self, content: Mapping[str, Any]) -> None:
        self.message = None
        try:
            self.driver.answer(self.arg(content, "answer"))
        except ValueError as exc:
            raise IntentRefused(str(exc)) from None

    def intent_go(self, content: Mapping[str, Any]) -> None:
        self.message = None
        try:
            self.driver.go(self.arg(content, "index"))
        except ValueError as exc:
            raise IntentRefused(str(exc)) from None

    def intent_solution(self, content: Mapping[str, Any]) -> None:
        try:
            self.driver.show_solution()
        except ValueError as exc:
            raise IntentRefused(str(exc)) from None

    def intent_hint(self, content: Mapping[str, Any]) -> None:
        self.message = None
        try:
            self.driver.open_hint()
        except ValueError as exc:
            raise IntentRefused(str(exc)) from None

    def intent_restore(self, content: Mapping[str, Any]) -> None:
        if not self.driver.restore(self.arg(content, "record")):
            raise IntentRefused("", quiet=True)

    def intent_restart(self, content: Mapping[str, Any]) -> None:
        self.message = None
        self.driver.restart()

    def static_html(self) -> str:
        """The open screen as plain HTML (an exported notebook shows the prompt and the
        task's options, never an answer that was not revealed)."""
        from .activity_static import screen_html

        return screen_html(self.view_model)

    def static_note(self) -> str:
        """Which screen of how many ("Screen 1 of 4: the other screens are in the live lesson"),
        nothing for an activity of one screen."""
        vm = self.view_model
        count = int(vm.get("count") or 1)
        if count <= 1:
            return ""
        return self.t("static.screen_of", index=int(vm.get("index") or 0) + 1, count=count)
