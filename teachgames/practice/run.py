"""One pupil's practice: items chosen by mastery, each with its hints, a second try and the
worked solution, then a fresh similar item.

The loop a pupil sees (Khan Academy's and ASSISTments' practice, on the games' own
positions)::

    p = Practice("delissimo", seed=0, language="en")
    p.item.prompt              # the question
    p.hint()                   # the hint ladder, one step at a time (before or after a try)
    p.answer("8/12")           # a Mark: the misconception named, a second try allowed
    p.answer("7/8")            # right, or after the second miss the worked solution shows
    p.next()                   # a fresh item: the same skill after a miss, else the skill
                               # that needs practice most, or a review that is due

Only the first try of an item counts for mastery (a hint or the solution asked for before
it counts as a miss), as knowledge tracing assumes. A pupil's wrong answers that a
misconception rule gives are the evidence for :meth:`Practice.held`: a misconception is
held once two items' answers fit it and fit it better than any other, and it is let go
again as the pupil answers items it would have got wrong.

The whole run is plain data (:meth:`to_dict`, :meth:`from_dict`): a page keeps it in the
browser's storage and a reload goes on where the pupil was, the same item included.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.answers import MAX_ANSWER, MAX_HINTS, AnswerEvent
from ..core.i18n import check_language, tr
from ..lesson.tasks import Mark
from .catalogue import item as make_item
from .catalogue import skill as find_skill
from .catalogue import skills as game_skills
from .item import Item
from .mastery import DEFAULT, FIRST_GAP, MASTERED, Parameters, update

if TYPE_CHECKING:
    from ..explain import Explanation

#: Tries an item allows before its worked solution shows.
TRIES = 2
#: Items whose answers must fit a misconception before it is said to be held.
HELD_AFTER = 2
#: How many first tries per skill a run keeps (for refitting the parameters).
KEPT = 200
#: The version of :meth:`Practice.to_dict`'s record.
VERSION = 1


@dataclass
class SkillState:
    """What one pupil's practice knows about one skill."""

    known: float
    items: int = 0
    right: int = 0
    #: every first try, right or not, in order (what refits the parameters; the last
    #: :data:`KEPT` are kept)
    firsts: list[bool] = field(default_factory=list)
    #: misconception key -> the weight of the answers that fit it
    evidence: dict[str, float] = field(default_factory=dict)
    mastered: bool = False
    #: the item count at which a mastered skill is reviewed, and the gap after it
    due: int | None = None
    gap: int = FIRST_GAP
    last: int = -1

    def held(self) -> str | None:
        if not self.evidence:
            return None
        ranked = sorted(self.evidence.items(), key=lambda kv: (-kv[1], kv[0]))
        key, weight = ranked[0]
        if weight < HELD_AFTER or (len(ranked) > 1 and ranked[1][1] == weight):
            return None
        return key


@dataclass
class ItemState:
    """The open item: how it was dealt and how far the pupil got."""

    skill: str
    level: int
    seed: int
    #: the misconception this item was dealt to test, if any
    probe: str | None = None
    tries: int = 0
    hints: int = 0
    solution: bool = False
    first: bool | None = None
    solved: bool = False
    marks: list[dict[str, Any]] = field(default_factory=list)

    @property
    def done(self) -> bool:
        return self.solved or self.solution or self.tries >= TRIES


class Practice:
    """One pupil's practice of ``game`` (see the module's docstring).

    ``skills``: the ids to practise (None: every skill of the game); ``seed``: the run's
    own seed (the same seed deals the same items for the same answers); ``params``:
    knowledge-tracing parameters per skill id (default: the shipped ones); ``record``: a
    callable given an :class:`~teachgames.core.answers.AnswerEvent` per committed answer
    (classroom mode)."""

    def __init__(
        self,
        game: str,
        skills: Iterable[str] | None = None,
        seed: int = 0,
        language: str = "en",
        *,
        params: Mapping[str, Parameters] | None = None,
        record: Callable[[AnswerEvent], None] | None = None,
    ) -> None:
        self.game = game
        self.language = check_language(language)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(tr("practice.error.seed", self.language, seed=seed))
        self.seed = seed
        known = {s.id: s for s in game_skills(game)}
        chosen = list(known) if skills is None else list(dict.fromkeys(skills))
        if isinstance(skills, str) or not chosen or any(s not in known for s in chosen):
            raise ValueError(tr("practice.error.skills", self.language, known=", ".join(known)))
        self.skill_ids: tuple[str, ...] = tuple(chosen)
        self.params = dict(params or {})
        self.record = record
        self.states = {s: SkillState(self._params(s).known) for s in self.skill_ids}
        self.count = 0
        self.current = self._deal(self.skill_ids[0])
        self._item: Item | None = None

    # ------------------------------------------------------------ the item
    def _params(self, skill_id: str) -> Parameters:
        return self.params.get(skill_id, DEFAULT)

    def _level(self, skill_id: str) -> int:
        known = self.states[skill_id].known
        level = 1 if known < 0.4 else 2 if known < 0.8 else 3
        return min(level, find_skill(self.game, skill_id).levels)

    def _deal(self, skill_id: str) -> ItemState:
        self.count += 1
        # a misconception the answers already suggest is probed: the next item is one on
        # which its rule gives a wrong answer of its own
        evidence = self.states[skill_id].evidence
        probe = max(sorted(evidence), key=lambda k: evidence[k]) if any(evidence.values()) else None
        return ItemState(skill_id, self._level(skill_id), self.seed * 1_000_003 + self.count, probe=probe)

    @property
    def item(self) -> Item:
        """The open item (made again from its seed after a reload)."""
        if self._item is None:
            c = self.current
            self._item = make_item(
                self.game, c.skill, seed=c.seed, level=c.level, language=self.language, probe=c.probe
            )
        return self._item

    @property
    def done(self) -> bool:
        """Whether the open item is finished (right, or its solution shown)."""
        return self.current.done

    def answer(self, text: object) -> Mark:
        """Mark an answer to the open item (never raises for what a pupil types)."""
        c = self.current
        if c.done:
            return Mark("unread", tr("practice.run.already_done", self.language), "")
        mark, keys = self.item.diagnose(text)
        if not mark.uses_try:
            return mark
        c.tries += 1
        c.marks.append(
            {"echo": mark.echo[:MAX_ANSWER], "outcome": mark.outcome, "misconceptions": list(keys)}
        )
        if c.first is None:
            c.first = mark.correct and not c.hints
            self._trace(c.first)
        if keys and not any(m["misconceptions"] for m in c.marks[:-1]):
            self._evidence(keys)  # once per item, however many tries fit
        if mark.correct:
            c.solved = True
            if len(c.marks) == 1:
                self._counter_evidence()
        self._record(mark, c.tries)
        return mark

    def hint(self) -> str | None:
        """The next step of the hint ladder (None when there is no more). A hint before the
        first try makes that try count as a miss for mastery (the teacher sees it too)."""
        hints = self.item.hints()
        c = self.current
        if c.hints >= len(hints):
            return None
        c.hints += 1
        return hints[c.hints - 1]

    def hints_shown(self) -> list[str]:
        return self.item.hints()[: self.current.hints]

    def solution(self) -> Explanation:
        """The worked solution; asked for before a try, the item counts as missed."""
        c = self.current
        if c.first is None:
            c.first = False
            self._trace(False)
        c.solution = True
        return self.item.explanation

    def next(self) -> Item:
        """A fresh item (see the module's docstring for which skill)."""
        c = self.current  # an item skipped before any try counts for nothing
        missed = c.first is False and not self.states[c.skill].mastered
        self.current = self._deal(c.skill if missed else self._choose())
        self._item = None
        return self.item

    def _choose(self) -> str:
        due = [
            (st.due, sid)
            for sid, st in self.states.items()
            if st.mastered and st.due is not None and st.due <= self.count
        ]
        if due:
            return min(due)[1]
        learning = [sid for sid, st in self.states.items() if not st.mastered]
        if learning:
            return min(learning, key=lambda sid: (self.states[sid].last, self.states[sid].known))
        return min(self.states, key=lambda sid: (self.states[sid].due or 0, sid))

    # ------------------------------------------------------------ what is known
    def _trace(self, correct: bool) -> None:
        c = self.current
        st = self.states[c.skill]
        was_mastered = st.mastered
        st.known = update(st.known, correct, self._params(c.skill), self.item.problem.guess)
        st.items += 1
        st.right += correct
        st.firsts = [*st.firsts, correct][-KEPT:]
        st.last = self.count
        if was_mastered:
            if correct:
                st.gap *= 2
            st.mastered = st.known >= MASTERED
            st.due = self.count + st.gap if st.mastered else None
        elif st.known >= MASTERED:
            st.mastered = True
            st.gap = FIRST_GAP
            st.due = self.count + st.gap

    def _evidence(self, keys: tuple[str, ...]) -> None:
        st = self.states[self.current.skill]
        for key in keys:
            st.evidence[key] = st.evidence.get(key, 0.0) + 1.0 / len(keys)

    def _counter_evidence(self) -> None:
        """A right first answer on an item where a held idea gives another answer is
        evidence against that idea."""
        st = self.states[self.current.skill]
        for rule, _ in self.item.rule_answers():
            if st.evidence.get(rule.key):
                st.evidence[rule.key] = max(0.0, st.evidence[rule.key] - 1.0)

    def mastery(self) -> dict[str, float]:
        """{skill id: the probability that the pupil knows it}."""
        return {sid: st.known for sid, st in self.states.items()}

    def mastered(self) -> dict[str, bool]:
        return {sid: st.mastered for sid, st in self.states.items()}

    def held(self) -> dict[str, str | None]:
        """{skill id: the misconception the pupil's answers show, or None}."""
        return {sid: st.held() for sid, st in self.states.items()}

    def _record(self, mark: Mark, attempt: int) -> None:
        if self.record is None:
            return
        c = self.current
        # the task names the item (and the misconception it probed): the class server deals
        # it again from these and marks the pupil's text itself
        self.record(
            AnswerEvent.new(
                f"practice-{self.game}",
                f"{c.skill}.{c.level}.{c.seed}" + (f".{c.probe}" if c.probe else ""),
                mark.echo[:MAX_ANSWER],
                mark.correct,
                misconception=mark.misconception,
                attempt=attempt,
                language=self.language,
                hints=min(c.hints, MAX_HINTS),
            )
        )

    # ------------------------------------------------------------ kept between visits
    def to_dict(self) -> dict[str, Any]:
        """The whole run as JSON-able data (see :meth:`from_dict`)."""
        return {
            "version": VERSION,
            "game": self.game,
            "skills": list(self.skill_ids),
            "seed": self.seed,
            "language": self.language,
            "count": self.count,
            "states": {sid: asdict(st) for sid, st in self.states.items()},
            "current": asdict(self.current),
            "params": {sid: p.to_dict() for sid, p in self.params.items()},
        }

    @classmethod
    def from_dict(cls, data: object, language: str | None = None) -> Practice:
        """A run from :meth:`to_dict`'s record; a record that is not one raises ValueError
        saying what is wrong (in the pupil's language when ``language`` is given)."""
        try:
            return cls._from_dict(data, language)
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            reason = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
            raise ValueError(tr("practice.error.progress", language, reason=reason)) from None

    @classmethod
    def _from_dict(cls, data: object, language: str | None) -> Practice:
        if not isinstance(data, Mapping) or data.get("version") != VERSION:
            raise ValueError(f"not a practice record of version {VERSION}")
        params = {
            sid: Parameters(**{k: float(v) for k, v in p.items()})
            for sid, p in data.get("params", {}).items()
        }
        run = cls(
            data["game"], data["skills"], int(data["seed"]), language or data["language"], params=params
        )
        count = data["count"]
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError("the item count must be a whole number from 1")
        run.count = count
        states = data["states"]
        if set(states) != set(run.skill_ids):
            raise ValueError("the skills' records do not match the skills")
        for sid, st in states.items():
            state = SkillState(**st)
            if not 0.0 <= float(state.known) <= 1.0:
                raise ValueError(f"the probability of {sid} is not between 0 and 1")
            run.states[sid] = state
        current = ItemState(**data["current"])
        if current.skill not in run.skill_ids:
            raise ValueError("the open item's skill is not practised")
        if current.probe is not None and current.probe not in {
            r.key for r in find_skill(run.game, current.skill).rules
        }:
            raise ValueError("the open item probes a misconception its skill does not have")
        run.current = current
        _ = run.item  # the open item must deal again
        return run
