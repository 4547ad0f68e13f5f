"""A Split bot that plans: :class:`PlannerBot` (the shared random and greedy bots play
Split through the contract; this one knows the game).

Its plan, in the order it looks at things:

- **the discard row**: take a card only when the match it makes is worth the cards that
  come with it (cards that pair with the hand are welcome, loose cards cost);
- **the strongest first**: upgrades and new matches are made strongest first, so with
  7♥ 7♥ 7♦ in hand it lays the perfect 7♥ 7♥ and keeps 7♦ (a twin may come);
- **bonuses used well**: a perfect match's negative box goes to the leader; the strong
  bonus draws while the round is young; the weak bonus swaps only for a match its hand
  can upgrade;
- **the discard**: a card that pairs with nothing in hand and upgrades none of its
  matches; among those the one least useful to the next player.

``explain_choice`` says which of these reasons decided the move, in the pupil's language.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.bots import Bot
from .cards import NAMES, STRENGTH, card_words, kind_of, parse_half, rank_of
from .checks import Half, Word
from .messages import player_label, say
from .moves import BonusDraw, Discard, Draw, Finish, Lay, Penalise, Skip, SplitMove, Swap, Take, Upgrade

if TYPE_CHECKING:
    from .game import SplitGame


class PlannerBot(Bot):
    """Plans a Split turn (see the module doc). Deterministic: no randomness."""

    def __init__(self, speed: float = 1.0, young_pile: int = 20) -> None:
        self.speed = speed
        #: The strong-match bonus draws while the draw pile holds more than this.
        self.young_pile = young_pile

    def label(self, language: str | None = None) -> str:
        return say("bot.planner", language)

    # ------------------------------------------------------------------ choosing
    def choose(self, game: Any, player: int | None = None) -> Any:
        return self.decide(game, player)[0]

    def explain_choice(self, game: Any, player: int | None = None, language: str | None = None) -> str:
        move, why = self.reason(game, player, language)
        return say(
            "bot.says", language, bot=self.label(language), move=game.describe(move, language), why=why
        )

    def reason(
        self, game: Any, player: int | None = None, language: str | None = None, names: Any = None
    ) -> tuple[SplitMove, str]:
        """The move this bot would play and why, in ``language`` (players by ``names``)."""
        move, key, values = self.decide(game, player)
        words = {k: _said(v, language, names) for k, v in values.items()}
        return move, say(f"bot.why.{key}", language, **words)

    def decide(self, game: SplitGame, player: int | None = None) -> tuple[SplitMove, str, dict[str, Any]]:
        """The move, the reason's catalogue key (``bot.why.<key>``) and its values."""
        moves = game.legal_moves(player)
        if not moves:
            raise ValueError("the bot has no legal move now")
        phase = game.phase
        if phase == "draw":
            return self._draw(game, moves)
        if phase == "bonus":
            return self._bonus(game, moves)
        return self._play(game, moves)

    # ------------------------------------------------------------------ the draw
    def _draw(self, game: SplitGame, moves: list[SplitMove]) -> tuple[SplitMove, str, dict[str, Any]]:
        s = game.state
        me = s.current
        # Drawing blind: one more card in hand (its face is not known before it is drawn).
        others = max((game.projected(q) for q in range(game.players) if q != me), default=0)
        draw_value = game.projected(me, extra_cards=1) - others
        best: tuple[float, Take] | None = None
        for m in moves:
            if not isinstance(m, Take):
                continue
            trial = game.copy()
            trial.play(m)
            value = trial.bot_value(me) + 0.5 * _pairs_in_hand(trial.state.hands[me])
            if best is None or value > best[0]:
                best = (value, m)
        if best is not None and best[0] > draw_value + 0.5 * _pairs_in_hand(s.hands[me]):
            m = best[1]
            kind = kind_of(parse_half(m.card), parse_half(m.partner)) or "weak"
            taken = len(s.discard) - m.index
            return m, "take", {"card": Half(m.card), "kind": Word(f"type.{kind}"), "n": taken}
        draw = next(m for m in moves if isinstance(m, Draw))
        return draw, "draw", {}

    # ------------------------------------------------------------------ bonuses
    def _bonus(self, game: SplitGame, moves: list[SplitMove]) -> tuple[SplitMove, str, dict[str, Any]]:
        s = game.state
        me = s.current
        targets = [m for m in moves if isinstance(m, Penalise)]
        if targets:
            leader = max(targets, key=lambda m: (game.projected(m.target), -m.target))
            return (
                leader,
                "penalise",
                {"target": Who(leader.target), "points": game.projected(leader.target)},
            )
        if any(isinstance(m, BonusDraw) for m in moves):
            if len(s.draw) > self.young_pile:
                return BonusDraw(me), "bonus_draw", {"n": len(s.draw)}
            return Skip(me), "skip_draw", {"n": len(s.draw)}
        hand = s.hands[me]
        best: tuple[int, Swap] | None = None
        for m in moves:
            if not isinstance(m, Swap):
                continue
            gain = _upgraders(s.matches[m.owner][m.theirs], hand) - _upgraders(s.matches[me][m.mine], hand)
            if gain > 0 and (best is None or gain > best[0]):
                best = (gain, m)
        if best is not None:
            pair = s.matches[best[1].owner][best[1].theirs]
            return best[1], "swap", {"match": tuple(Half(NAMES[c]) for c in pair)}
        return Skip(me), "skip_swap", {}

    # ------------------------------------------------------------------ laying down and discarding
    def _play(self, game: SplitGame, moves: list[SplitMove]) -> tuple[SplitMove, str, dict[str, Any]]:
        s = game.state
        me = s.current
        ranked: list[tuple[float, SplitMove, str, dict[str, Any]]] = []
        for m in moves:
            if isinstance(m, Upgrade):
                old = kind_of(*s.matches[m.owner][m.match]) or "weak"
                pair = s.matches[m.owner][m.match]
                keep = pair[1] if NAMES[pair[0]] == m.replace else pair[0]
                new = kind_of(keep, parse_half(m.card)) or "weak"
                score = 10 + STRENGTH[new] * 2 + 0.5
                values = {"old": Word(f"type.{old}"), "new": Word(f"type.{new}"), "card": Half(m.card)}
                ranked.append((score, m, "upgrade", values))
            elif isinstance(m, Lay):
                kind = kind_of(parse_half(m.cards[0]), parse_half(m.cards[1])) or "weak"
                values = {
                    "a": Half(m.cards[0]),
                    "b": Half(m.cards[1]),
                    "kind": Word(f"type.{kind}"),
                }
                ranked.append((10 + STRENGTH[kind] * 2, m, f"lay_{kind}", values))
        if ranked:
            ranked.sort(key=lambda r: -r[0])
            _, move, key, values = ranked[0]
            return move, key, values
        if s.phase == "late":
            return Finish(me), "finish", {}
        discards = [m for m in moves if isinstance(m, Discard)]
        hand = Counter(s.hands[me])
        mine = s.matches[me]
        nxt = (me + 1) % game.players
        their_ranks = {rank_of(c) for pair in s.matches[nxt] for c in pair}

        def cost(m: Discard) -> tuple[int, int, int]:
            c = parse_half(m.card)
            partners = sum(k for d, k in hand.items() if rank_of(d) == rank_of(c)) - 1
            upgrades = sum(1 for pair in mine if _can_upgrade(pair, c))
            helps_next = 1 if rank_of(c) in their_ranks else 0
            return (partners + upgrades, helps_next, -rank_of(c))

        chosen = min(discards, key=cost)
        useful = cost(chosen)[0]
        key = "discard_loose" if useful == 0 else "discard_forced"
        return chosen, key, {"card": Half(chosen.card)}


@dataclass(frozen=True)
class Who:
    """A player named in a reason (said as "Player 2" or the table's name, in the reason's language)."""

    player: int


def _said(value: Any, language: str | None, names: Any = None) -> Any:
    if isinstance(value, Word):
        return say(value.key, language)
    if isinstance(value, Who):
        return player_label(value.player, language, names)
    if isinstance(value, Half):
        return card_words(value.card, language)
    if isinstance(value, tuple) and all(isinstance(v, Half) for v in value):
        return " + ".join(card_words(v.card, language) for v in value)
    return value


def _can_upgrade(pair: tuple[int, int], card: int) -> bool:
    if rank_of(card) != rank_of(pair[0]):
        return False
    old = STRENGTH[kind_of(*pair) or "weak"]
    return any(STRENGTH[kind_of(keep, card) or "weak"] > old for keep in pair)


def _pairs_in_hand(hand: list[int]) -> int:
    """How many matches the hand could still lay down (pairs of one rank)."""
    ranks = Counter(rank_of(c) for c in hand)
    return sum(k // 2 for k in ranks.values())


def _upgraders(pair: tuple[int, int], hand: list[int]) -> int:
    return sum(1 for c in hand if _can_upgrade(pair, c))
