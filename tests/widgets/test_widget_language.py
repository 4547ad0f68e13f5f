"""The widgets speak the pupil's language and use the pupils' names (headless)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.core.i18n import (
    LANGUAGES,
    get_language,
    keys,
    messages,
    missing_keys,
    placeholder_problems,
    set_language,
    tr,
)
from teachgames.delissimo.widget import DelissimoWidget, static_game_html
from teachgames.widgets import make_widget
from teachgames.widgets.base import FRONT_END_LABELS

from .test_delissimo_widget import NASTY, act, cards_of, fresh, played_game, select

#: English words of the widgets catalogue a Russian or Bulgarian pupil must never see.
ENGLISH_LABELS = [
    "Capture", "Hint", "Undo", "End turn", "to play", "is thinking", "your turn",
    "Not allowed", "Try:", "Move 1 of", "Scores", "In words", "Explanation",
    "Step through the game", "Open pizzas", "Centre", "cards left to draw", "pile:",
    "no cards", "Why it works", "Why not", "First move", "Previous move", "Next move",
    "Last move", "Actions", "chosen", "highlighted", "stack of", "explained", "Player ",
    "replay", "Game over", "captures you can make", "Press Hint",
]  # fmt: skip
#: The same labels in Russian and Bulgarian (a sample that must be present).
NATIVE_LABELS = {
    "ru": ["Взять", "Подсказка", "Отменить ход", "Закончить ход", "Очки", "Словами"],
    "bg": ["Вземи", "Подсказка", "Върни ход", "Край на хода", "Точки", "С думи"],
}


@pytest.fixture(autouse=True)
def english_package() -> Any:
    """Each test starts (and ends) with the package speaking English."""
    before = get_language()
    set_language("en")
    yield
    set_language(before)


def finished_game(seed: int = 7) -> Any:
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=seed)
    bot = GreedyBot()
    while not g.is_over():
        g.play(bot.choose(g))
    return g


def words_of(vm: dict[str, Any]) -> str:
    """Every word a pupil can read in a view-model: all strings, SVG text included,
    without the card notation kept for the front-end's data attributes ("name", "key")."""
    out: list[str] = []

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key not in ("name", "key", "action", "icon", "group", "id", "kind"):
            if key == "svg" or value.lstrip().startswith("<svg"):
                # text the SVG shows or says (<text>, <title>, aria-label)
                out.extend(re.findall(r">([^<>]+)<", value))
                out.extend(re.findall(r'aria-label="([^"]*)"', value))
            else:
                out.append(value)

    # "languages" names each language in itself (the switch): not the widget's words
    skip = ("game", "mode", "language", "keys", "languages")
    walk({k: v for k, v in vm.items() if k not in skip})
    return "\n".join(out)


def english_in(text: str) -> list[str]:
    return [w for w in ENGLISH_LABELS if w in text]


def _all_view_models(language: str) -> list[dict[str, Any]]:
    """Play (fresh, illegal capture, hint x2, legal capture, bots, game over) and replay."""
    vms: list[dict[str, Any]] = []
    g = fresh()
    w = make_widget(g, mode="play", players=["Аня", GreedyBot()], language=language)
    vms.append(w.view_model)
    from teachgames.delissimo import parse_card

    view = g.view()
    order, pizza = next(
        (h, o)
        for h in view["hands"][0]
        for o in view["open"]
        if parse_card(h).eighths and parse_card(h).eighths != parse_card(o).eighths
    )
    select(w, [order, pizza], 0)
    vms.append(w.view_model)
    assert act(w, "capture") and w.view_model["message"]["kind"] == "error"
    vms.append(w.view_model)
    for c in [c for z in w.view_model["zones"] for c in z["cards"] if c["selected"]]:
        act(w, "select", card=c["key"])
    assert act(w, "capture")  # nothing chosen
    vms.append(w.view_model)
    assert act(w, "hint")
    vms.append(w.view_model)
    assert act(w, "hint")
    vms.append(w.view_model)
    capture = g.captures()[0]
    for c in [c for z in w.view_model["zones"] for c in z["cards"] if c["selected"]]:
        act(w, "select", card=c["key"])
    select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
    assert act(w, "capture") and w.view_model["message"]["kind"] == "success"
    vms.append(w.view_model)
    assert act(w, "end_turn")
    vms.append(w.view_model)  # the bot is thinking
    w.run_bots()
    vms.append(w.view_model)
    assert act(w, "undo")
    vms.append(w.view_model)
    assert act(w, "undo") and act(w, "undo")  # and once more: nothing to take back
    vms.append(w.view_model)
    # a whole game of bots, and its replay, every step
    done = finished_game()
    assert done.is_over()
    over = make_widget(done, mode="play", players=["Аня", "Боря", "Вера"], language=language)
    vms.append(over.view_model)
    r = make_widget(done, mode="replay", players=["Аня", "Боря", "Вера"], language=language)
    for _ in range(len(done.history) + 1):
        vms.append(r.view_model)
        act(r, "next")
    return vms


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_a_native_widget_says_no_english(language: str) -> None:
    vms = _all_view_models(language)
    text = "\n".join(words_of(vm) for vm in vms)
    assert not english_in(text), english_in(text)
    whole = json.dumps(vms, ensure_ascii=False)
    for word in NATIVE_LABELS[language]:
        assert word in whole, word
    assert all(vm["language"] == language for vm in vms)
    # the whole view-model JSON too (card notation such as "tomato 1/4" aside, which
    # travels only in "name" for data-card): no label of the English catalogue
    own_words = [messages("widgets", "en")[k] for k in ("btn.end_turn",
                 "label.in_words", "label.scores", "nav.next")]  # fmt: skip
    own_words += [messages("delissimo", "en")["widget." + k] for k in ("btn.capture", "zone.open")]
    for word in own_words:
        assert f'"{word}"' not in whole, word


def test_the_english_widget_is_unchanged_by_the_package_language() -> None:
    set_language("ru")
    w = make_widget(fresh(), mode="play", players=["Ann", "Bob"], language="en")
    labels = {b["action"]: b["label"] for b in w.view_model["buttons"]}
    assert labels == {"capture": "Capture", "hint": "Hint", "undo": "Undo", "end_turn": "End turn"}
    assert not re.search("[а-яА-Я]", words_of(w.view_model))
    # default: the package language at the time the widget is made
    ru = make_widget(fresh(), mode="play", players=["Ann", "Bob"])
    assert ru.language == "ru" and ru.view_model["buttons"][0]["label"] == "Взять"
    assert ru.view_model["labels"]["scores"] == "Очки"


def test_show_passes_the_language_through() -> None:
    w = teachgames.show(played_game(6), mode="replay", language="bg")
    assert isinstance(w, DelissimoWidget) and w.language == "bg"
    assert w.view_model["step"]["label"] == "Ход 1 от 6"
    assert w.view_model["move_text"].startswith("Ход 1: Играч ")
    with pytest.raises(ValueError, match="unknown language"):
        make_widget(fresh(), language="de")


@pytest.mark.parametrize(
    ("language", "gives", "why"),
    [("en", "Ann gives", "Why it works"), ("ru", "Ann отдаёт", "Почему так можно")],
)
def test_names_in_move_words_and_explanation_titles(language: str, gives: str, why: str) -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Ann", "Bob"], language=language)
    capture = g.captures()[0]
    assert w.words(capture).startswith(gives)
    assert w.words(capture) == g.describe(capture, language=language, names=["Ann", "Bob"])
    # the explanation's own title (its first line, and the SVG) names the pupil too
    assert act(w, "hint") and act(w, "hint")
    msg = w.view_model["message"]
    assert gives in msg["text"] and gives in msg["svg"]
    assert "Player 1" not in msg["svg"] and "Игрок 1" not in msg["svg"]
    info = w._explain_cache[json.dumps(capture.to_dict(), sort_keys=True) + "|" + why]
    assert info is not None and info["title"] == why
    assert info["text"].splitlines()[0].startswith(gives)
    select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
    assert act(w, "capture")
    assert w.view_model["message"]["text"].startswith(gives)
    # replay: the move words and the explanation name the players
    r = make_widget(g, mode="replay", players=["Ann", "Bob"], language=language)
    vm = r.view_model
    assert gives in vm["move_text"]
    assert vm["explanation"]["text"].splitlines()[0].startswith(gives)
    assert gives in vm["explanation"]["svg"]


@pytest.mark.parametrize(
    ("language", "greedy", "random_bot"),
    [
        ("en", "Greedy bot (Player 1)", "Random bot (Player 3)"),
        ("ru", "Жадный бот (Игрок 1)", "Случайный бот (Игрок 3)"),
        ("bg", "Алчен бот (Играч 1)", "Случаен бот (Играч 3)"),
    ],
)
def test_bots_are_named_in_the_widgets_language(language: str, greedy: str, random_bot: str) -> None:
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=3)
    w = make_widget(g, mode="play", players=[GreedyBot(), "Аня", RandomBot(1)], language=language, bot_delay=1)
    assert w.names == [greedy, "Аня", random_bot]
    vm = w.view_model
    assert vm["status"].startswith(greedy)  # "... is thinking" names the bot in the pupil's words
    assert [s["name"] for s in vm["scores"]] == w.names
    assert "GreedyBot" not in json.dumps(vm, ensure_ascii=False)


def test_bot_names_and_numbers_in_russian() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Аня", GreedyBot()], language="ru")
    assert w.names == ["Аня", "Жадный бот (Игрок 2)"]
    twins = make_widget(fresh(), mode="play", players=["Аня", "Аня"], language="ru")
    assert twins.names == ["Аня (Игрок 1)", "Аня (Игрок 2)"]
    assert make_widget(fresh(), language="ru").names == ["Игрок 1", "Игрок 2"]


def test_refusals_and_reasons_in_russian() -> None:
    g = fresh()
    w = make_widget(g, mode="play", players=["Аня", GreedyBot()], language="ru")
    sent: list[Any] = []
    w.send = lambda content, buffers=None: sent.append(content)  # type: ignore[method-assign]
    assert not w.handle_intent({"type": "intent", "version": w.version - 1, "action": "hint"})
    assert sent[-1]["reason"].startswith("стол уже изменился")
    assert not act(w, "select", card="hand:1:0")
    assert sent[-1]["reason"] == "выбирать можно только карты со своей руки"
    # an illegal capture: the engine's reason in Russian, with its explanation
    select(w, [cards_of(w.view_model, "hand-0")[0]["name"]], 0)
    assert act(w, "capture")
    msg = w.view_model["message"]
    assert msg["kind"] == "error" and msg["text"].startswith("Так нельзя: ")
    assert not re.search(r"[A-Za-z]{4,}", msg["text"].replace("Так нельзя: ", "")), msg["text"]


def test_html_in_names_stays_text_in_every_language() -> None:
    for language in LANGUAGES:
        g = fresh()
        w = make_widget(g, mode="play", players=[NASTY, "Bob"], language=language)
        assert act(w, "hint") and act(w, "hint")
        capture = g.captures()[0]
        select(w, [c.name for c in capture.give] + [c.name for c in capture.take], 0)
        assert act(w, "capture")
        vm = w.view_model
        svgs = (vm["message"]["svg"] or "") + "".join(w._pictures.values())
        assert "<script" not in svgs and "<img" not in svgs and "&lt;script&gt;" in svgs
        assert vm["message"]["text"].startswith(NASTY[:40])
        html = w.static_html()
        assert "<script" not in html and "<img" not in html


def test_static_fallback_in_russian() -> None:
    g = played_game(5)
    html = static_game_html(g, language="ru")
    assert "Последний ход: Игрок " in html and "Last move" not in html
    assert 'lang="ru"' in html and "<svg" in html
    over = finished_game()
    html = static_game_html(over, language="bg")
    assert "Точки" in html and "Scores" not in html
    w = make_widget(over, mode="replay", players=["Аня", "Боря", "Вера"], language="ru")
    html = w.static_html()
    assert "Очки" in html and "Аня" in html


# --------------------------------------------------------------------------- catalogue
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_widgets_catalogue_is_complete(language: str) -> None:
    assert missing_keys("widgets", language) == []
    assert placeholder_problems("widgets", language) == []
    english = messages("widgets", "en")
    same = [k for k, v in messages("widgets", language).items() if v == english[k]]
    # only templates without words may read the same in every language
    bare = {k: re.sub(r"\{[^}]*\}", "", english[k]) for k in same}
    assert all(not re.search("[A-Za-z]{2,}", v) for v in bare.values()), same


def _game_widget_keys() -> set[str]:
    return {k[len("widget."):] for k in keys("delissimo") if k.startswith("widget.")}


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_delissimo_widget_words_are_complete(language: str) -> None:
    missing = [k for k in missing_keys("delissimo", language) if k.startswith("widget.")]
    assert missing == []
    problems = [k for k in placeholder_problems("delissimo", language) if k.startswith("widget.")]
    assert problems == []


def test_every_front_end_label_and_key_used_exists() -> None:
    shared = set(keys("widgets"))
    game = _game_widget_keys()
    assert {k for k in FRONT_END_LABELS.values()} <= shared
    import pathlib

    root = pathlib.Path(__file__).parents[2] / "teachgames"
    files = sorted((root / "widgets").rglob("*.py")) + sorted((root / "delissimo" / "widget").rglob("*.py"))
    files.append(root / "delissimo" / "draw" / "static.py")  # the static fallback says widget words too
    code = "".join(p.read_text() for p in files)
    used = set(re.findall(r'(?:self\.t|widget_label)\(\s*"([a-z_.]+)"', code))
    from teachgames.widgets.activity import ACTIVITY_LABELS

    used |= {f"activity.{key}" for key in ACTIVITY_LABELS}  # sent as templates (the front end fills {n})
    plural = set(re.findall(r'self\.tn\(\s*"([a-z_.]+)"', code))
    names = shared | game
    assert used and used <= names, used - names
    assert plural and plural <= names, plural - names
    plural_forms = plural
    kinds = {k for k in game if k.startswith(("kind.", "legend."))}  # chosen by a name
    unused = names - used - plural_forms - kinds - set(FRONT_END_LABELS.values()) - {
        "zone.open", "zone.centre", "step.end", "step.now", "title.play", "title.replay",
        "language_name",
    }  # fmt: skip  (chosen by a conditional expression)
    assert not unused, unused
    assert tr("delissimo.widget.btn.capture", "ru") == "Взять"


def test_front_end_has_no_english_labels_of_its_own() -> None:
    import pathlib

    js = (
        pathlib.Path(__file__).parents[2] / "teachgames" / "widgets" / "static" / "game.js"
    ).read_text()
    body = js.split("const FALLBACK = {", 1)[1].split("};", 1)[1]  # after the fallbacks
    for word in messages("widgets", "en").values():
        if re.search("[A-Za-z]{2,}", word):
            assert f'"{word}"' not in body, word
