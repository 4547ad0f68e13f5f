"""The Delissimo lesson puzzles are right: lessons/puzzles.json is checked three ways.

1. An independent count of eighths (``Oracle`` below, a few lines that know nothing of the
   engine) finds every legal capture of each puzzle position and must agree with the
   answers written in the data file.
2. The engine, built with ``teachgames.delissimo.scenario(...)``, must list exactly those
   captures, refuse the tempting wrong answer with ``IllegalMove``, and follow each worked
   line of play (special orders, out-of-turn play, the 10+ penalty).
3. Every lesson plan quotes each of its puzzles: the ``scenario(...)`` call in the plan is
   the one in the data file, and every answer of the data file appears in the plan.

The refusals the plans quote (the game's own words, in English, Russian and Bulgarian) and
the exit tickets (the notebook's, word for word) are checked in ``test_lesson_plans.py``.
"""

from __future__ import annotations

import ast
import json
import re
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "lessons"
DATA = json.loads((LESSONS / "puzzles.json").read_text(encoding="utf-8"))
PUZZLES: list[dict[str, Any]] = DATA["puzzles"]
IDS = [p["name"] for p in PUZZLES]

Pair = tuple[tuple[str, ...], tuple[str, ...]]


def as_set(captures: list[dict[str, Any]]) -> set[Pair]:
    return {(tuple(sorted(c["give"])), tuple(sorted(c["take"]))) for c in captures}


def engine_set(game: Any) -> set[Pair]:
    pairs = [(m.to_dict()["give"], m.to_dict()["take"]) for m in game.captures()]
    return {(tuple(sorted(give)), tuple(sorted(take))) for give, take in pairs}


# --------------------------------------------------------------------------------------
# 1. An independent oracle: the rules of docs/delissimo.md, counted in eighths.

TOPPING_LETTER = {"mushroom": "m", "pepper": "p", "tomato": "t"}


def eighths(card: str) -> int:
    """The amount of pizza on a pizza or order card, in eighths; 0 for action cards."""
    words = card.split()
    if re.fullmatch(r"[1-8]/8", words[0]) and len(words) == 2:
        return int(words[0].split("/")[0])
    if words[0] in TOPPING_LETTER:
        num, _, den = words[1].partition("/")
        n, d = int(num), int(den or 1)
        assert 8 % d == 0 and n <= d, card
        return n * 8 // d
    return 0


def is_pizza(card: str) -> bool:
    return bool(re.fullmatch(r"[1-8]/8 (mp|mt|pt)", card))


def is_order(card: str) -> bool:
    return card.split()[0] in TOPPING_LETTER


def penalty(card: str) -> int:
    return eighths(card) if is_order(card) else 8


def groups(cards: list[str], low: int, high: int) -> set[tuple[str, ...]]:
    out: set[tuple[str, ...]] = set()
    for size in range(low, min(high, len(cards)) + 1):
        for picked in combinations(range(len(cards)), size):
            out.add(tuple(sorted(cards[i] for i in picked)))
    return out


class Oracle:
    """A puzzle position, moved by captures and special orders only."""

    def __init__(self, scenario: dict[str, Any]) -> None:
        self.level = scenario["level"]
        self.hands = [list(h) for h in scenario["hands"]]
        self.centre = list(scenario.get("centre", []))
        self.stacks = [list(st) for st in scenario.get("stacks", [])]
        self.current = scenario.get("current", 0)
        self.piles: list[list[str]] = [[] for _ in self.hands]

    def open(self) -> list[str]:
        if self.level in ("beginner", "whole"):
            return list(self.centre)
        return [st[0] for st in self.stacks if st]

    def captures(self) -> set[Pair]:
        hand, table = self.hands[self.current], self.open()
        found: set[Pair] = set()
        if self.level in ("beginner", "whole"):
            for give in groups(hand, 1, len(hand)):
                for take in groups(table, 1, len(table)):
                    mine, theirs = sum(map(eighths, give)), sum(map(eighths, take))
                    if self.level == "whole":
                        if (mine + theirs) % 8 == 0:
                            found.add((give, take))
                    elif (len(give) == 1) != (len(take) == 1) and mine == theirs:
                        found.add((give, take))
            return found
        orders = [c for c in hand if is_order(c)]
        for give in groups(orders, 1, len(orders)):
            for take in groups(table, 1, 3):
                if len(give) > 1 and len(take) > 1 and self.level != "advanced":
                    continue  # composite orders are a 10+ rule
                if sum(map(eighths, give)) != sum(map(eighths, take)):
                    continue
                if all(TOPPING_LETTER[o.split()[0]] in p.split()[1] for o in give for p in take):
                    found.add((give, take))
        return found

    def play(self, move: dict[str, Any]) -> None:
        player = move["player"]
        if move["kind"] == "capture":
            assert (tuple(sorted(move["give"])), tuple(sorted(move["take"]))) in self.captures()
            for card in move["give"]:
                self.hands[player].remove(card)
            for card in move["take"]:
                self.remove_open(card)
            self.piles[player] += move["give"] + move["take"]
        elif move["kind"] == "special":
            pair = move["card"].split()[1]
            taken = [c for c in self.open() if c.split()[1] == pair]
            assert taken, "a special order needs an open pizza of its pair"
            self.hands[player].remove(move["card"])
            for card in taken:
                self.remove_open(card)
            self.piles[player] += [move["card"], *taken]
            self.current = player
        else:
            raise NotImplementedError(move["kind"])

    def remove_open(self, card: str) -> None:
        if self.level in ("beginner", "whole"):
            self.centre.remove(card)
            return
        for st in self.stacks:
            if st and st[0] == card:
                st.pop(0)
                break
        else:
            raise AssertionError(f"{card} is not open")
        # Decision (stack split): an empty stack is refilled from the largest one.
        for i, st in enumerate(self.stacks):
            if not st:
                big = max(range(len(self.stacks)), key=lambda j: (len(self.stacks[j]), -j))
                n = len(self.stacks[big])
                if n > 1:
                    keep = -(-n // 2)
                    self.stacks[i] = self.stacks[big][keep:]
                    self.stacks[big] = self.stacks[big][:keep]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_answers_agree_with_an_independent_count(puzzle: dict[str, Any]) -> None:
    oracle = Oracle(puzzle["scenario"])
    assert oracle.captures() == as_set(puzzle["captures"])
    wrong = puzzle["wrong"]
    if "give" in wrong:
        assert (tuple(sorted(wrong["give"])), tuple(sorted(wrong["take"]))) not in oracle.captures() or (
            wrong["player"] != oracle.current
        )
    for step in puzzle.get("line", {}).get("steps", []):
        if step["move"]["kind"] == "end_turn":
            break  # refills are the engine's business; the oracle stops here
        oracle.play(step["move"])
        if "captures" in step:
            assert oracle.captures() == as_set(step["captures"])
        for p, cards in step.get("piles", {}).items():
            assert sorted(oracle.piles[int(p)]) == sorted(cards)
        for p, cards in step.get("hands", {}).items():
            assert sorted(oracle.hands[int(p)]) == sorted(cards)
        for p, total in step.get("pile_eighths", {}).items():
            assert sum(eighths(c) for c in oracle.piles[int(p)] if is_pizza(c)) == total
    if "scores" in puzzle:
        from sympy import Rational

        expected = [-Rational(sum(map(penalty, hand)), 8) for hand in oracle.hands]
        assert expected == [Rational(s) for s in puzzle["scores"]]
        assert Rational(wrong["score"]) != expected[wrong["player"]]


def test_every_capture_claim_balances() -> None:
    """Each answer's own arithmetic: the slices given and taken (6+) or the order and
    pizza totals (8+, 10+) match, and the toppings are on every pizza taken."""
    for puzzle in PUZZLES:
        for cap in puzzle["captures"]:
            give, take = sum(map(eighths, cap["give"])), sum(map(eighths, cap["take"]))
            if puzzle["level"] == "whole":
                assert (give + take) % 8 == 0, (puzzle["name"], cap)
            else:
                assert give == take, (puzzle["name"], cap)
            assert cap["why"].strip(), (puzzle["name"], cap)


# --------------------------------------------------------------------------------------
# 2. The engine agrees.


def build(puzzle: dict[str, Any]) -> Any:
    import teachgames.delissimo

    return teachgames.delissimo.scenario(**puzzle["scenario"])


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_engine_lists_exactly_the_answers(puzzle: dict[str, Any]) -> None:
    game = build(puzzle)
    assert engine_set(game) == as_set(puzzle["captures"])
    assert game.is_over() is puzzle.get("over", False)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if "give" in p["wrong"]], ids=lambda p: p["name"])
def test_engine_refuses_the_tempting_wrong_answer(puzzle: dict[str, Any]) -> None:
    import teachgames

    game = build(puzzle)
    before = game.to_json()
    wrong = puzzle["wrong"]
    move = {"kind": "capture", "player": wrong["player"], "give": wrong["give"], "take": wrong["take"]}
    with pytest.raises(teachgames.IllegalMove) as refused:
        game.play(move)
    assert refused.value.reason  # a reason in plain words for the pupil
    assert refused.value.code == wrong["code"]  # and the reason the plan gives
    assert game.to_json() == before  # the game is left exactly as it was


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_engine_explains_the_answers_and_the_wrong_one(puzzle: dict[str, Any]) -> None:
    game = build(puzzle)
    for move in game.captures():
        assert game.explain(move).text()
    wrong = puzzle["wrong"]
    if "give" in wrong:
        move = {"kind": "capture", "player": wrong["player"], "give": wrong["give"], "take": wrong["take"]}
        assert game.explain(move).text()
    else:
        assert game.explain_scores().text()


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if "line" in p], ids=lambda p: p["name"])
def test_engine_follows_the_worked_line(puzzle: dict[str, Any]) -> None:
    from teachgames.delissimo import parse_card

    game = build(puzzle)
    for step in puzzle["line"]["steps"]:
        game.play(step["move"])
        view = game.view()
        if "captures" in step:
            assert engine_set(game) == as_set(step["captures"]), step["move"]
        if "current" in step:
            assert game.current_player == step["current"]
        for p, cards in step.get("piles", {}).items():
            assert sorted(view["piles"][int(p)]) == sorted(cards)
        for p, cards in step.get("hands", {}).items():
            assert sorted(view["hands"][int(p)]) == sorted(cards)
        for p, total in step.get("pile_eighths", {}).items():
            pile = [parse_card(c) for c in view["piles"][int(p)]]
            assert sum(c.eighths for c in pile if c.is_pizza) == total


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if "scores" in p], ids=lambda p: p["name"])
def test_engine_scores_the_penalty(puzzle: dict[str, Any]) -> None:
    from sympy import Rational

    game = build(puzzle)
    assert game.is_over()
    assert game.scores() == [Rational(s) for s in puzzle["scores"]]
    assert game.penalty(puzzle["wrong"]["player"]) != -Rational(puzzle["wrong"]["score"]) * 8


REPLAYS: list[dict[str, Any]] = DATA["replays"]


@pytest.mark.parametrize("replay", REPLAYS, ids=[r["plan"] for r in REPLAYS])
def test_the_seed_7_replay_opens_as_the_plans_say(replay: dict[str, Any]) -> None:
    """The plans quote the opening deal of their seed-7 replay; if the deal changes,
    the plans must change with it."""
    import teachgames

    game = teachgames.new_game(
        "delissimo",
        level=replay["level"],
        players=replay["players"],
        seed=replay["seed"],
        rules=replay.get("rules"),
    )
    view = game.view()
    assert [sorted(h) for h in view["hands"]] == [sorted(h) for h in replay["hands"]]
    assert sorted(view["open"]) == sorted(replay["open"])
    assert engine_set(game) == as_set(replay["captures"])
    oracle = Oracle(
        {
            "level": replay["level"],
            "hands": replay["hands"],
            "centre": replay["open"],
            "stacks": [[c] for c in replay["open"]],
        }
    )
    assert oracle.captures() == as_set(replay["captures"])


@pytest.mark.parametrize("replay", [r for r in REPLAYS if r.get("refused")], ids=lambda r: r["plan"])
def test_the_replay_refuses_what_the_plan_says(replay: dict[str, Any]) -> None:
    """A move the plan's replay discussion says is refused (its words are checked against the
    plan in test_lesson_plans.py) is refused for that reason, and leaves the game as it was."""
    import teachgames

    game = teachgames.new_game(
        "delissimo",
        level=replay["level"],
        players=replay["players"],
        seed=replay["seed"],
        rules=replay.get("rules"),
    )
    before = game.to_json()
    for refused in replay["refused"]:
        with pytest.raises(teachgames.IllegalMove) as caught:
            game.play(refused["move"])
        assert caught.value.code == refused["code"]
    assert game.to_json() == before


@pytest.mark.parametrize("level", ["beginner", "whole", "basic", "advanced"])
def test_the_replay_seed_of_the_plans_deals_the_same_game(level: str) -> None:
    import teachgames

    players = 3 if level == "advanced" else 2
    one = teachgames.new_game("delissimo", level=level, players=players, seed=7)
    two = teachgames.new_game("delissimo", level=level, players=players, seed=7)
    assert one.view() == two.view()
    easy = teachgames.new_game("delissimo", level=level, players=players, seed=7, max_dots=1)
    for hand in easy.view()["hands"]:
        for card in hand:
            if level in ("beginner", "whole"):
                assert eighths(card) in (2, 4, 8)  # 1-dot pizzas only
            elif is_order(card):
                assert card.split()[1] in ("1/4", "1/2", "3/4", "1")  # 1-dot orders only


# --------------------------------------------------------------------------------------
# 3. The plans quote the data file.

PLANS = sorted({p["plan"] for p in PUZZLES})


def plan_text(plan: str) -> str:
    return (LESSONS / f"{plan}.md").read_text(encoding="utf-8")


def quoted_scenario(text: str, name: str) -> dict[str, Any]:
    """The keyword arguments of the scenario(...) call under the puzzle's marker."""
    marker = f"<!-- puzzle: {name} -->"
    assert marker in text, f"the plan does not mark puzzle {name!r}"
    after = text.split(marker, 1)[1]
    block = re.search(r"```python\n(.*?)```", after, re.S)
    assert block, f"no python block after the marker of {name!r}"
    call = next(
        node
        for node in ast.walk(ast.parse(block.group(1)))
        if isinstance(node, ast.Call) and getattr(node.func, "attr", "") == "scenario"
    )
    return {kw.arg: ast.literal_eval(kw.value) for kw in call.keywords if kw.arg}


def section(text: str, name: str) -> str:
    after = text.split(f"<!-- puzzle: {name} -->", 1)[1]
    return after.split("<!-- puzzle:", 1)[0]


def words(give: list[str], take: list[str]) -> str:
    return f"**{' + '.join(give)}** takes **{' + '.join(take)}**"


@pytest.mark.parametrize("puzzle", PUZZLES, ids=IDS)
def test_plans_quote_the_puzzles(puzzle: dict[str, Any]) -> None:
    text = plan_text(puzzle["plan"])
    quoted = quoted_scenario(text, puzzle["name"])
    assert quoted == puzzle["scenario"]
    part = section(text, puzzle["name"])
    for cap in puzzle["captures"]:
        assert words(cap["give"], cap["take"]) in part, (puzzle["name"], cap)
    wrong = puzzle["wrong"]
    if "give" in wrong:
        assert words(wrong["give"], wrong["take"]) in part, puzzle["name"]
    assert " ".join(wrong["why"].split()) in " ".join(part.split()), puzzle["name"]


@pytest.mark.parametrize("replay", REPLAYS, ids=[r["plan"] for r in REPLAYS])
def test_plans_quote_their_replay(replay: dict[str, Any]) -> None:
    text = plan_text(replay["plan"])
    rules = f", rules={json.dumps(replay['rules'])}" if "rules" in replay else ""
    call = (
        f'teachgames.new_game("delissimo", level="{replay["level"]}", '
        f"players={replay['players']}, seed={replay['seed']}{rules})"
    )
    assert call in text
    for cap in replay["captures"]:
        assert words(cap["give"], cap["take"]) in text, cap
    part = text.split("## The replay", 1)[1].split("\n## ", 1)[0]
    deal = [f"- Player {p + 1}{' (to play)' if p == 0 else ''}: {quoted(hand)}" for p, hand in enumerate(replay["hands"])]
    deal.append(f"- {'Centre' if replay['level'] in ('beginner', 'whole') else 'Open pizzas (stack tops)'}: "
                f"{quoted(replay['open'])}")  # fmt: skip
    assert all(line in part.splitlines() for line in deal), deal  # the deal the plan lists is the seed's
    assert f"`g.captures()`, {len(replay['captures'])} of them" in part or (
        not replay["captures"] and "`g.captures()` is empty" in part
    )


def quoted(cards: list[str]) -> str:
    return ", ".join(f"`{c}`" for c in cards)


@pytest.mark.parametrize("plan", PLANS)
def test_each_plan_is_indexed_and_has_its_parts(plan: str) -> None:
    text = plan_text(plan)
    index = (LESSONS / "README.md").read_text(encoding="utf-8")
    assert f"{plan}.md" in index
    if plan == "delissimo-more":  # puzzles for a second lesson, not a lesson
        assert "not screens of the three lessons" in text
    else:
        for heading in ("Learning goals", "Curriculum", "Exit ticket", "Differentiation", "seed=7"):
            assert heading in text, (plan, heading)
    assert "Заметки для учителя" in text  # the Russian teacher's note
    assert "Бележки за учителя" in text  # the Bulgarian teacher's note
