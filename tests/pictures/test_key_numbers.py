"""The key numbers of every game's static picture (scores, counts, card numbers, the score
pad) read at the back of the room: 24 px or more where a lesson shows the picture at
1280 x 720 with the file browser open, in every language, with long names too; and none
of them cut off or run into another text."""

from __future__ import annotations

import re

import pytest

import teachgames
from teachgames.bots import RandomBot
from teachgames.split.draw import pad_svg
from teachgames.split.rules import default_pad

from .readable import MIN_PX, collisions, key_numbers, texts

LANGUAGES = ("en", "ru", "bg")
LONG = ["Александра Константиновна", "Маргарита", "Ив"]
GAMES = [
    ("delissimo", {"level": "beginner"}),
    ("delissimo", {"level": "basic"}),
    ("delissimo", {"level": "advanced"}),
    ("tsvetik", {}),
    ("split", {}),
    ("ligretto", {}),
]


def _played(name: str, options: dict[str, str], moves: int, seed: int) -> teachgames.Game:
    """A seeded game after up to ``moves`` moves of random bots."""
    g = teachgames.new_game(name, seed=seed, **options)
    bot = RandomBot(seed)
    for _ in range(moves):
        if g.is_over():
            break
        g.play(bot.choose(g) if g.current_player is not None else bot.choose(g, 0))
    return g


def _pictures() -> list[tuple[str, str]]:
    out = []
    for name, options in GAMES:
        for moves, seed in ((0, 1), (12, 3), (40, 5)):
            g = _played(name, options, moves, seed)
            for lang in LANGUAGES:
                for names in (None, LONG[: len(g.view()["hands"])] if "hands" in g.view() else None):
                    tag = f"{name}{options.get('level', '')}-{moves}-{lang}{'-long' if names else ''}"
                    out.append((tag, str(g.picture(language=lang, names=names))))
    for lang in LANGUAGES:
        out.append((f"split-pad-{lang}", str(pad_svg({"perfect": 3, "negative": 2}, default_pad(), lang))))
    return out


PICTURES = _pictures()


@pytest.mark.parametrize(("tag", "svg"), PICTURES, ids=[tag for tag, _ in PICTURES])
def test_key_numbers_read_at_the_back_of_the_room(tag: str, svg: str) -> None:
    keys = key_numbers(svg)
    assert len(keys) >= 2, f"{tag}: no key numbers marked"
    small = [(k.words, round(k.px, 1)) for k in keys if k.px < MIN_PX]
    assert not small, f"{tag}: key numbers under {MIN_PX} px: {small}"


@pytest.mark.parametrize(("tag", "svg"), PICTURES, ids=[tag for tag, _ in PICTURES])
def test_key_numbers_neither_cut_nor_overlapping(tag: str, svg: str) -> None:
    hit = collisions(svg)
    assert not hit, f"{tag}: texts run into a key number: {hit[:5]}"
    width = float(re.search(r'viewBox="0 0 ([\d.]+)', svg).group(1))  # type: ignore[union-attr]
    cut = [t.words for t in texts(svg) if t.key and (t.box[0] < 0 or t.box[2] > width + 0.5)]
    assert not cut, f"{tag}: key numbers cut at the picture's edge: {cut}"


def test_the_scores_are_among_the_key_numbers() -> None:
    """What the pupil must read is what is marked: each player's score shows in a key number."""
    g = _played("tsvetik", {}, 20, 3)
    words = " ".join(k.words for k in key_numbers(str(g.picture(language="en"))))
    for score in g.scores():
        assert f"{score} points".replace("-", "−") in words
    g = _played("split", {}, 20, 3)
    words = " ".join(k.words for k in key_numbers(str(g.picture(language="en"))))
    assert all(f"Score: {s}".replace("-", "−") in words for s in g.scores())
