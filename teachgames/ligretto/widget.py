"""The Ligretto widget: live play against bots in real time, and the replay of a round.

**Play** (``mode="play"``): the pupil's seat and bots (``players=["Ann",
LigrettoBot(1.0), LigrettoBot(1.5)]``). The bots act on their own timers at their speeds
(:class:`teachgames.widgets.realtime.RealtimePlay`: the front-end sends ``tick`` every
``tick_ms``, 300 ms by default as every view-model redraws the table, and Python moves the
core Scheduler on to the current time) while the pupil clicks. A click names the card
("red 3"), not a place, and no pile: the engine puts it on a pile it fits *when it
lands*, so a card that is still playable after a bot's move is never lost; a card no
longer playable is refused with the game's reason ("pile taken"). The teacher can pause,
and make the bots slower or faster. Nothing moves until someone presses Start (a lesson's
cells run long before the class plays), and each new deal waits for Start again. When
the round ends the table stops, the scores are explained, the pace buttons are off, and
"Next round" deals again (once the whole game is over, "New round" deals a fresh game
with the same rules).

**Step** (``mode="step"``): the classroom's slow motion. Every seat is a bot (a pupil's
seat gets a greedy one); each press of "Next step" gives every player one action chosen
from the same table, landing one after another in a seeded random order
(:class:`teachgames.ligretto.simulation.Stepper`), and lists them, lost races included.

**Replay** (``mode="replay"``, the default for a played game such as
``simulate_round(...)``): a timeline over the round's moves (slider, arrows), each move
in words with its time and why it was allowed; the last step explains the scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from ..widgets.explanations import explanation_dict
from ..widgets.realtime import QUIET_REALTIME_ACTIONS, REALTIME_ACTIONS, RealtimePlay
from ..widgets.replay import REPLAY_ACTIONS, ReplayStepping
from ..widgets.viewmodel import Button, Card, CardOptions, Explanation, LogEntry, Score, Tick, ViewModel, Zone
from .bots import LigrettoBot
from .draw import back_svg, card_svg, signed
from .messages import player_label, say, seconds

if TYPE_CHECKING:
    from typing_extensions import Unpack

MODES = ("play", "replay", "step")
#: The bots' pace a teacher can choose (times their own speed).
PACES = (0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 3.0)
PLAY_ACTIONS = frozenset({"card", "turn", "next_round", "new_game", "slower", "faster", "step"})
#: Bot moves listed for the pupil (the newest last).
LOG_LENGTH = 8


class _Paced:
    """A seat's bot at the teacher's pace: the same choices, ``factor`` times as fast."""

    def __init__(self, bot: Any, widget: LigrettoWidget) -> None:
        self.bot = bot
        self.widget = widget

    @property
    def speed(self) -> float:
        return float(getattr(self.bot, "speed", 1.0)) * self.widget.pace

    def choose(self, game: Any, player: int | None = None) -> Any:
        return self.bot.choose(game, player)


class _RoundOnly:
    """The game as the bots' scheduler sees it: nobody acts once the round is over, so the
    table stays still until the class has seen the scores and presses "Next round"."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def legal_moves(self, player: int | None = None) -> list[Any]:
        if self._game.phase != "play":
            return []
        moves: list[Any] = self._game.legal_moves(player)
        return moves

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


class LigrettoWidget(RealtimePlay, ReplayStepping):
    """Play Ligretto live against bots, or replay a round; see the module doc."""

    actions: ClassVar[frozenset[str]] = REALTIME_ACTIONS | REPLAY_ACTIONS | PLAY_ACTIONS
    quiet_actions: ClassVar[frozenset[str]] = QUIET_REALTIME_ACTIONS
    domain: ClassVar[str | None] = "ligretto"

    def __init__(
        self,
        game: Any,
        mode: str | None = None,
        players: Sequence[Any] | None = None,
        view: str | int | None = None,
        language: str | None = None,
        size: str = "normal",
        tick_ms: int = 300,
        pace: float = 1.0,
        seed: int | None = None,
        clock: Any = None,
        attempts: Sequence[Any] | None = None,
        wait_for_start: bool | None = None,
        **kwargs: Any,
    ) -> None:
        if pace not in PACES:
            raise ValueError(f"pace must be one of {', '.join(map(str, PACES))}, not {pace!r}")
        self.pace = pace
        self.seat_game(game, mode, players, view, language, size, MODES)
        #: Seats whose names this widget made (Ligretto bots): said again in a new language.
        self._named_bots = {
            p: seat.bot for p, seat in enumerate(self.seats)
            if isinstance(seat.bot, LigrettoBot) and not getattr(seat.bot, "name", None)
        }  # fmt: skip
        for seat in self.seats:
            if seat.bot is not None:
                seat.bot = _Paced(seat.bot, self)
        self._name_bots()
        self.bot_log: list[LogEntry] = []
        #: The table before the pupil's last card and that card (its explanation is shown).
        self.last_explained: tuple[Any, Any] | None = None
        self._explained_cache: tuple[Any, Explanation | None] = (None, None)
        waits = self.mode == "play" if wait_for_start is None else bool(wait_for_start)
        self.init_realtime(seed=game.seed if seed is None else seed, tick_ms=tick_ms, clock=clock,
                           wait_for_start=waits)  # fmt: skip
        self.init_replay()
        #: Replay: the attempts that lost a race (``run_round(...)[1]``), shown at their time.
        self._lost = sorted((a for a in attempts or () if not a.accepted), key=lambda a: (a.at, a.player))
        self._step_seed = game.seed if seed is None else seed
        self.stepper = self._new_stepper() if self.mode == "step" else None
        self.open_widget(**kwargs)

    def default_players(self, players: Sequence[Any] | None) -> Sequence[Any] | None:
        """No seats given: bots at every seat to watch step by step; else a pupil against bots."""
        n = self.game.players
        if players is None and self.mode == "step":
            return [LigrettoBot(1.0) for _ in range(n)]
        if players is None and self.mode == "play":
            return [player_label(0, self.language)] + [LigrettoBot(1.0) for _ in range(n - 1)]
        return players

    def _name_bots(self) -> None:
        """"Bot, 1.5 cards/s (Player 2)" in the widget's language, not a class name."""
        for p, bot in self._named_bots.items():
            self.seats[p].name = self.t("name_with_player", name=bot.label(self.language),
                                        player=player_label(p, self.language))  # fmt: skip
        self.names = [seat.name for seat in self.seats]

    # ------------------------------------------------------------ the clock and the bots
    def _new_round(self) -> None:
        super()._new_round()
        self.scheduler.game = _RoundOnly(self.game)

    def tick_request(self) -> Tick | None:
        if self.game.phase != "play":
            return None
        return super().tick_request()

    def pupil(self) -> int | None:
        """The seat the pupil plays from (the viewer, or the first pupil)."""
        viewer = self._viewer()
        if viewer is not None and self.seats[viewer].bot is None:
            return viewer
        pupils = [p for p, s in enumerate(self.seats) if s.bot is None]
        return pupils[0] if pupils else None

    def after_attempts(self, attempts: list[Any]) -> None:
        for a in attempts:
            if a.accepted:
                text = self._describe(a.move)
            else:
                words = self.refusal_words(a)
                text = say("widget.bot_refused", self.language, name=self.names[a.player], reason=words)
            self.bot_log.append({"text": text, "explanation": None})
            self.announce(text)
        self.bot_log = self.bot_log[-LOG_LENGTH:]

    def refusal_words(self, attempt: Any) -> str:
        """Why the game refused an attempt, with the table's names ("pile taken: Ann put …")."""
        try:
            problem = self.game.rule_problem(attempt.move)
        except Exception:  # a malformed move: the game's own words
            problem = None
        if problem is None:
            return super().refusal_words(attempt)
        words: str = problem.words(self.language, self.names)
        return words

    def _with_pile(self, move: Any) -> Any:
        """A played card named with the pile it went on (the pupil's click names none)."""
        from .cards import SET_SIZE, parse_face
        from .moves import Play

        if not isinstance(move, Play) or move.pile is not None or move.card.endswith(" 1"):
            return move
        card = move.player * SET_SIZE + parse_face(move.card)
        for i, pile in enumerate(self.game.state.piles):
            if card in pile:
                return Play(move.player, move.card, i, move.at)
        return move

    def _describe(self, move: Any) -> str:
        from .moves import describe

        return describe(move, self.language, self.names)

    # ------------------------------------------------------------ step by step
    def _new_stepper(self) -> Any:
        from .simulation import Stepper

        bots = {
            p: (s.bot.bot if isinstance(s.bot, _Paced) else LigrettoBot()) for p, s in enumerate(self.seats)
        }
        return Stepper(self.game, bots, seed=(self._step_seed or 0) * 1_000 + self.game.round)

    def intent_step(self, content: Mapping[str, Any]) -> None:
        from ..widgets.base import IntentRefused

        if self.mode != "step" or self.stepper is None:
            raise IntentRefused(self.t("refused.step_only"))
        if self.game.phase != "play":
            raise IntentRefused(self.t("refused.game_over" if self.game.is_over() else "refused.round_over"))
        attempts = self.stepper.tick()
        self.bot_log = []
        self.after_attempts(attempts)
        landed = sum(a.accepted for a in attempts)
        self.say("info", self.t("step.tick", n=self.stepper.ticks, landed=landed, tried=len(attempts)))

    # ------------------------------------------------------------ the pupil's intents
    def _pupil_move(self, data: dict[str, Any]) -> Any:
        p = self.pupil()
        if p is None:
            from ..widgets.base import IntentRefused

            raise IntentRefused(self.t("refused.no_pupil"))
        data["player"] = p
        attempt = self.play_now(data)
        return attempt

    def intent_card(self, content: Mapping[str, Any]) -> None:
        from ..widgets.base import IntentRefused
        from .cards import parse_face

        card = self.arg(content, "card")
        try:
            parse_face(card)
        except ValueError:
            raise IntentRefused(self.t("refused.not_a_card")) from None
        if self.mode == "play" and not self.paused and self.game.phase == "play":
            self.advance()  # the bots' cards that landed before the click land first
        before = self.game.copy()  # the table the card was judged on, for the explanation
        attempt = self._pupil_move({"kind": "play", "card": card, "pile": None})
        move = self._with_pile(attempt.move)
        self.say("success", self._describe(move))
        self.last_explained = (before, move)
        self._explained_cache = (None, None)

    def intent_turn(self, content: Mapping[str, Any]) -> None:
        attempt = self._pupil_move({"kind": "turn"})
        self.say("info", self._describe(attempt.move))

    def intent_next_round(self, content: Mapping[str, Any]) -> None:
        from ..widgets.base import IntentRefused

        if self.mode == "replay" or self.game.phase != "round_over":
            raise IntentRefused(self.t("refused.round_on"))
        self.game.play({"kind": "next_round", "player": self.pupil() or 0})
        self._new_round()
        if self.mode == "step":
            self.stepper = self._new_stepper()
        self.bot_log = []
        self.message = None

    def intent_new_game(self, content: Mapping[str, Any]) -> None:
        """The game is over: deal a fresh one with the same players and rules (next seed),
        waiting for Start like the first."""
        from ..widgets.base import IntentRefused

        g = self.game
        if self.mode != "play" or g.phase != "over":
            raise IntentRefused(self.t("refused.round_on"))
        rules = {k: v for k, v in g.rules.to_dict().items() if k != "preset"}
        self.game = type(g).new(players=g.players, seed=g.seed + 1, preset=g.rules.preset, rules=rules)
        self._seed += 1
        self._new_round()
        self.bot_log = []
        self.last_explained = None
        self.message = None

    def _set_pace(self, step: int) -> None:
        i = PACES.index(self.pace) + step
        self.pace = PACES[max(0, min(len(PACES) - 1, i))]

    def intent_slower(self, content: Mapping[str, Any]) -> None:
        self._set_pace(-1)

    def intent_faster(self, content: Mapping[str, Any]) -> None:
        self._set_pace(+1)

    def intent_pause(self, content: Mapping[str, Any]) -> None:
        self.advance()  # what the bots did up to now lands first
        self.pause()

    # ------------------------------------------------------------ view-model
    def build_view_model(self) -> ViewModel:
        vm = self.replay_view_model() if self.mode == "replay" else self._play_vm()
        vm["message"] = self.message
        vm["size"] = self.size
        return vm

    def _card(self, name: str, owner: int | None, key: str, **extra: Unpack[CardOptions]) -> Card:
        lang = self.language
        who = self.names[owner] if owner is not None else None
        pic = self.picture(f"{lang}:{name}:{owner}:{who}",
                           lambda: str(card_svg(name, lang, owner, owner_name=who)))  # fmt: skip
        from .cards import parse_face
        from .messages import card_words

        alt = card_words(parse_face(name), lang)
        if owner is not None:
            alt = say("draw.card_alt", lang, card=alt, owner=self.names[owner])
        return {"key": key, "name": name, "picture": pic, "alt": alt, **extra}

    def _back(self, words: str, key: str, **extra: Unpack[CardOptions]) -> Card:
        """A face-down card showing ``words`` ("12 cards")."""
        pic = self.picture(f"back:{words}", lambda: str(back_svg(words)))
        return {"key": key, "name": words, "picture": pic, "alt": words, **extra}

    def _zones(self, view: Mapping[str, Any], act_for: int | None, highlight: Sequence[str] = (),
               mover: int | None = None) -> list[Zone]:  # fmt: skip
        lang = self.language
        centre_cards = []
        for i, pile in enumerate(view["piles"]):
            caption = say("draw.complete", lang) if pile["complete"] else str(i + 1)
            centre_cards.append(self._card(pile["top"], pile["owner"], f"pile:{i}", caption=caption))
        zones: list[Zone] = [{
            "id": "centre", "label": say("draw.centre", lang), "cards": centre_cards,
            "empty": say("draw.no_piles", lang),
        }]  # fmt: skip
        for p, hand in enumerate(view["hands"]):
            mine = p == act_for
            lit = highlight if p == mover else ()
            cards: list[Card] = []
            if hand["stack_top"]:
                cards.append(self._card(hand["stack_top"], None, f"stack:{p}", selectable=mine,
                                        action="card", args={"card": hand["stack_top"]},
                                        highlight=hand["stack_top"] in lit,
                                        caption=say("widget.stack", lang, n=hand["stack"])))  # fmt: skip
            else:
                cards.append({"key": f"stack:{p}", "slot": True, "alt": say("draw.stack", lang)})
            for k, name in enumerate(hand["row"]):
                if name is None:
                    cards.append({"key": f"row:{p}:{k}", "slot": True, "alt": say("draw.row", lang)})
                    continue
                cards.append(self._card(name, None, f"row:{p}:{k}", selectable=mine, action="card",
                                        args={"card": name}, highlight=name in lit,
                                        caption=say("draw.row", lang) if k == 0 else ""))  # fmt: skip
            deck_caption = say("draw.cards", lang, n=hand["deck"])
            can_turn = mine and hand["deck"] + hand["turned"] > 0
            cards.append(self._back(deck_caption, f"deck:{p}", selectable=can_turn, action="turn", args={},
                                    caption=say("draw.deck", lang)))  # fmt: skip
            if hand.get("hand_top"):
                top = hand["hand_top"]
                cards.append(self._card(top, None, f"hand:{p}", selectable=mine, action="card",
                                        args={"card": top}, highlight=top in lit,
                                        caption=say("draw.turned", lang)))  # fmt: skip
            elif hand["turned"]:
                cards.append(
                    self._back(say("draw.hidden", lang), f"hand:{p}", caption=say("draw.turned", lang))
                )
            else:
                cards.append({"key": f"hand:{p}", "slot": True, "alt": say("draw.turned", lang)})
            points = view["round_points"][p]
            zones.append({
                "id": f"player-{p}", "label": self.names[p], "player": p, "mine": mine,
                "current": mine, "cards": cards,
                "caption": say("draw.points", lang, n=signed(points)),
            })  # fmt: skip
        return zones

    def _scores(self, view: Mapping[str, Any]) -> list[Score]:
        totals = view["scores"]
        live = view["round_points"]
        out: list[Score] = []
        for p in range(len(view["hands"])):
            text = say("widget.score", self.language, total=signed(totals[p]), round=signed(live[p]))
            out.append({"player": p, "name": self.names[p], "score": text, "current": False})
        return out

    def _explain_last(self) -> Explanation | None:
        """Why the pupil's last card fitted (its colour, one more), judged on the table it
        landed on; made once per card and language (the view-model is rebuilt every tick)."""
        if self.last_explained is None:
            return None
        key = self.language
        if self._explained_cache[0] != key:
            before, move = self.last_explained
            exp = before.explain(move, self.language, self.names)
            # a bot's card landing between the look and the click can change the table a
            # little; an explanation that disagrees with the accepted card is not shown
            shown = explanation_dict(exp, say("widget.why_fit", self.language)) if exp.verdict else None
            self._explained_cache = (key, shown)
        return self._explained_cache[1]

    def _explain_scores(self, game: Any) -> Explanation | None:
        return explanation_dict(game.explain_scores(self.language, self.names),
                                say("ex.scores_title", self.language))  # fmt: skip

    def _status(self) -> str:
        """The status line: waiting for Start, over, paused, or the round's clock."""
        g, lang = self.game, self.language
        if g.phase == "play" and not self.started:
            return say("widget.status.ready", lang, round=g.round)
        if g.phase == "over":
            return say("widget.status.over", lang)
        if g.phase == "round_over":
            return say("widget.status.round_over", lang, round=g.round)
        key = "widget.status.paused" if self.paused else "widget.status.playing"
        return say(key, lang, round=g.round, at=seconds(self.now(), lang))

    def _play_vm(self) -> ViewModel:
        g = self.game
        lang = self.language
        viewer = self._viewer()
        view = g.view(viewer)
        act_for = self.pupil() if g.phase == "play" and not self.paused and self.started else None
        status = self._status()
        pace = say("widget.pace", lang, pace=seconds(self.pace, lang))

        def button(
            action: str, key: str, enabled: bool = True, primary: bool = False, note: str = ""
        ) -> None:
            words = say(f"widget.btn.{key}", lang)
            label = f"{words} ({note})" if note else words
            buttons.append({"action": action, "label": label, "text": words, "enabled": enabled,
                            "primary": primary})  # fmt: skip

        buttons: list[Button] = []
        stepping = self.mode == "step"
        if stepping:
            act_for = None
            if g.phase == "play":
                ticks = self.stepper.ticks if self.stepper else 0
                status = say("widget.status.step", lang, round=g.round, n=ticks)
            button("step", "step", g.phase == "play", primary=True)
        elif g.phase == "play" and not self.started:
            button("start", "start", primary=True)
        elif g.phase == "play":
            button(*(("resume", "resume") if self.paused else ("pause", "pause")))
            if act_for is not None:
                button("turn", "turn", primary=True)
        if not stepping:
            live = g.phase == "play"  # no pace to change once the round is over
            button("slower", "slower", live and self.pace > PACES[0], note=pace)
            button("faster", "faster", live and self.pace < PACES[-1], note=pace)
        if g.phase == "round_over":
            button("next_round", "next_round", primary=True)
        if g.phase == "over" and self.mode == "play":
            button("new_game", "new_game", primary=True)
        explanation = self._explain_scores(g) if g.phase != "play" else self._explain_last()
        return {
            "game": "ligretto",
            "mode": self.mode,
            "title": say("title", lang),
            "status": status if stepping else f"{status} · {pace}",
            "zones": self._zones(view, act_for),
            "buttons": buttons,
            "scores": self._scores(view),
            "explanation": explanation,
            "log": list(self.bot_log),
            "tick": self.tick_request(),
            "step": None,
            "moves": [],
            "bot": None,
        }

    def _replay_step(self, i: int) -> ViewModel:
        n = len(self._moves)
        pos = self._positions[i]
        lang = self.language
        view = pos.view(self._viewer(pos) if self.view_as != "teacher" else None)
        if i < n:
            move = self._moves[i]
            words = pos.describe(move, lang, self.names)
            move_text = say("widget.step.move", lang, n=i + 1, move=words)
            exp = explanation_dict(pos.explain(move, lang, self.names), say("widget.step.why", lang, n=i + 1))
            label = say("widget.step.label", lang, n=i + 1, total=n, at=seconds(move.at, lang))
            highlight = pos.cards_used(move)
            mover = move.player
        else:
            move_text = say("widget.step.end", lang)
            exp = self._explain_scores(pos) if pos.round_scores() else None
            label = say("widget.step.after_all", lang, total=n)
            highlight, mover = [], None
        return {
            "log": self._lost_between(pos, i),
            "game": "ligretto",
            "mode": "replay",
            "title": say("widget.title.replay", lang, round=pos.round),
            "status": say("widget.step.time", lang, at=seconds(pos.time, lang)),
            "step": {"value": i, "max": n, "label": label},
            "move_text": move_text,
            "zones": self._zones(view, None, highlight, mover),
            "explanation": exp,
            "scores": self._scores(view),
            "moves": [],
            "bot": None,
            "tick": None,
        }

    def _lost_between(self, pos: Any, i: int) -> list[LogEntry]:
        """The attempts refused after move i − 1 landed and before move i did: the races
        lost at this point of the round, each with the game's reason."""
        if not self._lost:
            return []
        start = self._moves[i - 1].at if i > 0 else 0.0
        end = self._moves[i].at if i < len(self._moves) else float("inf")
        out: list[LogEntry] = []
        for a in self._lost:
            if start <= a.at < end:
                problem = pos.rule_problem(a.move)
                reason = problem.words(self.language, self.names) if problem is not None else str(a.reason)
                text = say("widget.bot_refused", self.language, name=self.names[a.player], reason=reason)
                when = say("draw.time", self.language, at=seconds(a.at, self.language))
                out.append({"text": f"{text} ({when})", "explanation": None})
        return out

    def language_changed(self) -> None:
        self._step_cache.clear()
        self.bot_log = []
        self._name_bots()

    def static_html(self) -> str:
        from .draw import static_html

        return static_html(self.game, self.language)
