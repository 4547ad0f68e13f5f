"""Explanations judge a move with the game's own rules, a teacher's changes included.

Before the fix a capture carried only its level's name and the explanation rebuilt the
printed rules from it: with ``rules={"composite": True}`` at 8+, whole pizzas at 6+, or
4 stacks and 4 pizzas per capture, ``play`` accepted a capture that the explanation
called "Not legal". Every override the rules document (docs/delissimo.md) names is
tried here at every level that allows it, on positions reached by seeded random play.
"""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path
from typing import Any

import pytest

import teachgames
from teachgames.delissimo import LEVELS, make_rules, new_game, scenario
from teachgames.delissimo.game import DelissimoGame

DOCS = Path(__file__).resolve().parents[2] / "docs" / "delissimo.md"

#: Overrides that change which captures are legal, beyond those the document spells out.
EXTRA = [
    {"whole_pizzas": True},
    {"stacks": 4, "max_pizzas_per_capture": 4},
    {"composite": True, "max_pizzas_per_capture": 2},
    {"composite": False},
    {"max_pizzas_per_capture": 1},
    {"hand_size": 6, "centre_size": 6},
]


def documented_overrides() -> list[dict[str, Any]]:
    """Every ``rules={...}`` written in docs/delissimo.md, read as Python literals."""
    found = []
    for text in re.findall(r"rules=(\{[^`]*?\})(?:\)|`)", DOCS.read_text(encoding="utf-8")):
        try:
            value = ast.literal_eval(text)
        except (ValueError, SyntaxError):
            continue  # "{...}": a placeholder in the table
        if isinstance(value, dict) and value not in found:
            found.append(value)
    return found


def test_the_document_names_the_overrides_this_test_relies_on() -> None:
    overrides = documented_overrides()
    assert {"composite": True} in overrides
    assert {"split_empty_stacks": False} in overrides
    assert len(overrides) >= 10


def cases() -> list[tuple[str, dict[str, Any]]]:
    out = []
    for overrides in documented_overrides() + EXTRA:
        for level in LEVELS:
            try:
                make_rules(level, 3, overrides)
            except ValueError:
                continue  # e.g. whole pizzas with orders: refused by make_rules
            out.append((level, overrides))
    return out


def accepts(g: DelissimoGame, move: dict[str, Any]) -> bool:
    try:
        g.play(move)
    except teachgames.IllegalMove:
        return False
    g.undo()
    return True


def candidate_moves(g: DelissimoGame, rng: random.Random) -> list[dict[str, Any]]:
    """The legal moves, and captures, specials and cancels made up from the cards in sight."""
    s = g.state
    view = g.view()
    moves = [m.to_dict() for m in g.legal_moves()]
    open_cards = view["open"]
    for _ in range(4):
        hand = view["hands"][s.current]
        give = rng.sample(hand, rng.randint(1, min(3, len(hand)))) if hand else []
        take = rng.sample(open_cards, rng.randint(1, min(3, len(open_cards)))) if open_cards else []
        moves.append({"kind": "capture", "player": s.current, "give": give, "take": take})
    for p in range(g.players):
        for card in view["hands"][p]:
            if card.startswith("special"):
                moves.append({"kind": "special", "player": p, "card": card})
        moves.append({"kind": "cancel", "player": p, "target": s.current})
    rng.shuffle(moves)
    return moves[:12]


@pytest.mark.parametrize(("level", "overrides"), cases(), ids=lambda v: str(v).replace(" ", ""))
def test_explain_verdict_equals_what_play_accepts(level: str, overrides: dict[str, Any]) -> None:
    rng = random.Random(f"{level}{sorted(overrides.items())}")
    g = new_game(level=level, players=3, seed=rng.randrange(1000), rules=overrides)
    checked = 0
    for _ in range(6):
        if g.is_over():
            break
        for move in candidate_moves(g, rng):
            verdict = g.explain(move).verdict
            assert verdict == accepts(g, move), (level, overrides, move, g.explain(move).text())
            checked += 1
        for c in g.captures():
            assert c.explanation.verdict is True, c.explanation.text()
        legal = g.legal_moves()
        for _ in range(rng.randint(1, 4)):
            if g.is_over():
                break
            legal = g.legal_moves()
            g.play(legal[rng.randrange(len(legal))])
    assert checked > 0


def test_the_issue_reproduction_explains_as_legal(tmp_path: Path) -> None:
    g = scenario(
        level="basic",
        hands=[["tomato 1/4", "mushroom 1/2", "pepper 1/8"], ["pepper 1/2"]],
        stacks=[["2/8 mt"], ["4/8 mt"], ["3/8 pt"]],
        rules={"composite": True},
    )
    c = next(c for c in g.captures() if len(c.give) > 1 and len(c.take) > 1)
    assert c.explanation.verdict is True
    assert g.explain(c).verdict is True
    g.play(c)
    path = teachgames.export(g, tmp_path / "composite.md")
    text = Path(path).read_text(encoding="utf-8")
    assert "Legal" in text
    assert "Not legal" not in text


@pytest.mark.parametrize(
    ("level", "rules", "hands", "table"),
    [
        ("beginner", {"whole_pizzas": True}, [["3/8 mt", "5/8 pt"], ["1/8 mp"]], ["4/8 mp", "4/8 mt"]),
        (
            "basic",
            {"stacks": 4, "max_pizzas_per_capture": 4},
            [["tomato 1"], ["pepper 1/2"]],
            [["2/8 mt"], ["2/8 pt"], ["2/8 mt"], ["2/8 pt"]],
        ),
    ],
)
def test_changed_capture_rules_explain_as_legal(
    level: str, rules: dict[str, Any], hands: list[list[str]], table: list[Any]
) -> None:
    kw: dict[str, Any] = {"stacks": table} if isinstance(table[0], list) else {"centre": table}
    g = scenario(level=level, hands=hands, rules=rules, **kw)
    widest = max(g.captures(), key=lambda c: len(c.give) + len(c.take))
    assert len(widest.give) + len(widest.take) >= 3
    assert widest.explanation.verdict is True
    assert g.explain(widest).verdict is True
    assert accepts(g, widest.to_dict())
