"""Pictures of Delissimo cards and tables: well-formed, accessible, honest about hidden cards."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET
from typing import Any

import pytest

from teachgames.delissimo.cards import CARDS, parse_card
from teachgames.delissimo.draw import (
    SvgImage,
    card_alt,
    card_svg,
    mixed_number,
    plot_card,
    plot_table,
    row_svg,
    table_svg,
)
from teachgames.delissimo.draw.faces import amount_words

NS = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def by_class(root: ET.Element, *classes: str) -> list[ET.Element]:
    """Elements whose class attribute holds every one of ``classes``."""
    return [el for el in root.iter() if set(classes) <= set((el.get("class") or "").split())]


def texts(root: ET.Element) -> list[str]:
    return [el.text or "" for el in root.iter(f"{NS}text")]


def card_groups(root: ET.Element) -> list[ET.Element]:
    return by_class(root, "card")


def basic_view() -> dict[str, Any]:
    return {
        "level": "basic",
        "players": 3,
        "current": 1,
        "hands": [
            ["tomato 1/4", "mushroom 2/8", "tomato 1/4", "special mt"],
            ["?", "?", "?", "?", "?"],
            ["cancel", "pepper 3/8", "tomato 1/4", "mushroom 1/2"],
        ],
        "stacks": [["2/8 mt", "5/8 mp", "1/8 pt"], ["5/8 pt", "?"], []],
        "deck": 23,
        "piles": [
            ["2/8 mt", "tomato 1/4", "3/8 pt", "8/8 mp"],
            [],
            ["8/8 mp", "special mp", "5/8 mp", "8/8 pt", "4/8 mt"],
        ],
        "scores": [{"numerator": 13, "denominator": 8}, {"numerator": 0, "denominator": 1}, {"numerator": 25, "denominator": 8}],
    }


def beginner_view() -> dict[str, Any]:
    return {
        "level": "beginner",
        "players": 2,
        "current": 0,
        "hands": [["3/8 mt", "5/8 pt", "2/8 mp", "3/8 mt"], ["1/8 mp", "4/8 pt"]],
        "centre": ["4/8 mt", "3/8 mt", "3/8 mp", "4/8 mp"],
        "deck": 40,
        "piles": [["3/8 mt", "5/8 pt", "8/8 mp", "4/8 mp", "5/8 mt"], []],
        "scores": [{"numerator": 25, "denominator": 8}, {"numerator": 0, "denominator": 1}],
    }


# ---------------------------------------------------------------------------------------
# single cards


@pytest.mark.parametrize("card", CARDS, ids=lambda c: c.name)
def test_every_card_is_wellformed_and_titled(card: Any) -> None:
    svg = card_svg(card)
    root = parse(svg)
    assert root.tag == f"{NS}svg"
    assert root.get("role") == "img"
    title = root.find(f"{NS}title")
    assert title is not None and title.text == card_alt(card)
    assert root.get("aria-label") == card_alt(card)
    # the title names the card in words: its amount said as a screen reader should say
    # it (a pizza's first: "3 eighths pizza"), and its toppings
    if card.kind == "pizza":
        assert title.text.startswith(f"{card.numerator} eighth")
    elif card.printed:
        assert amount_words(card.numerator, card.denominator, "en") in title.text
    for topping in card.topping_names:
        assert topping in title.text
    if card.kind == "cancel":
        assert "cancelled" in title.text
    if card.kind == "special":
        assert "special order" in title.text
    # the string form is accepted too and gives the same picture
    assert card_svg(card.name) == svg


@pytest.mark.parametrize("pair", ["mp", "mt", "pt"])
@pytest.mark.parametrize("k", range(1, 9))
def test_pizza_slices_and_topping_letters(k: int, pair: str) -> None:
    root = parse(card_svg(f"{k}/8 {pair}"))
    assert len(by_class(root, "slice", "filled")) == k
    assert len(by_class(root, "slice", "empty")) == 8 - k
    # each topping once, as a badge with its letter big enough for the back of the room;
    # the slices carry its shape k times, as decoration
    letters = [t for t in texts(root) if t in ("M", "P", "T")]
    assert sorted(letters) == sorted(pair.upper()), letters
    names = {"m": "mushroom", "p": "pepper", "t": "tomato"}
    badges = [el.get("class") for el in root.iter(f"{NS}circle") if "topping" in (el.get("class") or "")]
    assert sorted(badges) == sorted(f"topping {names[t]}" for t in pair)
    # the printed fraction, as a stacked k over 8, in the middle
    assert str(k) in texts(root) and "8" in texts(root)


def test_order_card_shows_fraction_as_printed_and_topping() -> None:
    root = parse(card_svg("mushroom 2/8"))
    words = texts(root)
    assert "2" in words and "8" in words and "4" not in words  # 2/8 is not reduced to 1/4
    assert "mushroom" in words and "M" in words
    whole = texts(parse(card_svg("pepper 1")))
    assert "1" in whole and "pepper" in whole and "P" in whole
    assert not by_class(root, "slice")


def test_action_cards() -> None:
    special = texts(parse(card_svg("special pt")))
    assert "Special" in special and "P" in special and "T" in special and "M" not in special
    cancel = parse(card_svg("cancel"))
    assert "cancelled" in texts(cancel)
    # the crossed symbol: a red ring and its bar
    assert any(el.get("stroke") == "#b3261e" for el in cancel.iter(f"{NS}circle"))
    assert any(el.get("stroke") == "#b3261e" for el in cancel.iter(f"{NS}line"))


def test_face_down_hides_the_card() -> None:
    hidden = card_svg("3/8 mt", face_down=True)
    root = parse(hidden)
    assert "mushroom" not in hidden and "tomato" not in hidden and "3/8" not in hidden
    assert not by_class(root, "slice")
    assert by_class(root, "card", "back")
    assert root.get("aria-label") == "face-down card"
    assert "?" in texts(root)
    # a pizza's back is round, an order's back is rectangular
    assert by_class(root, "face", "back")[0].tag == f"{NS}circle"
    order_back = parse(card_svg("tomato 1/4", face_down=True))
    assert by_class(order_back, "face", "back")[0].tag == f"{NS}rect"
    assert card_svg("?") == card_svg(" ? ")


def test_highlight_is_dashed_and_selected_is_solid() -> None:
    plain = parse(card_svg("2/8 mt"))
    assert not by_class(plain, "outline")
    hl = by_class(parse(card_svg("2/8 mt", highlight=True)), "outline")
    assert len(hl) == 1 and hl[0].get("stroke-dasharray")
    assert float(hl[0].get("stroke-width", "0")) >= 3
    sel = by_class(parse(card_svg("tomato 1/4", selected=True)), "outline")
    assert len(sel) == 1 and sel[0].get("stroke-dasharray") is None
    both = parse(card_svg("tomato 1/4", selected=True, highlight=True))
    assert len(by_class(both, "outline", "selected")) == 1
    assert len(by_class(both, "outline", "highlight")) == 1
    assert "(selected)" in (both.get("aria-label") or "")


def test_size_and_custom_title_escaped() -> None:
    root = parse(card_svg("1/8 mp", size=200, title='A <b> & "c"'))
    assert root.get("height") == "200" and root.get("width") == "200"
    t = root.find(f"{NS}title")
    assert t is not None and t.text == 'A <b> & "c"'
    order = parse(card_svg("tomato 1/2", size=114))
    assert order.get("height") == "114" and float(order.get("width", "0")) < 114


def test_bad_card_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="not a Delissimo card"):
        card_svg("banana")


def test_wrapper_and_card_repr() -> None:
    svg = card_svg("3/8 mt")
    assert isinstance(svg, SvgImage) and isinstance(svg, str)
    assert svg._repr_svg_() == svg == svg._repr_html_()
    assert parse_card("3/8 mt")._repr_svg_() == svg


def test_svg_is_small_and_font_free() -> None:
    svg = card_svg("8/8 mt")
    assert len(svg) < 12_000
    assert "<image" not in svg and "@font-face" not in svg and "base64" not in svg
    assert 'font-family="sans-serif"' in svg


def test_import_stays_light() -> None:
    code = (
        "import sys, teachgames.delissimo.draw as d; d.table_svg({'level': 'basic', "
        "'hands': [['tomato 1/4']], 'stacks': [[], [], []], 'deck': 0, 'piles': [[]]}); "
        "bad = [m for m in ('matplotlib', 'sympy', 'fractions') if m in sys.modules]; "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_public_names_and_shared_machinery() -> None:
    import teachgames.delissimo.draw as d
    import teachgames.pictures as pictures

    assert sorted(d.__all__) == [
        "SvgImage",
        "card_alt",
        "card_svg",
        "mixed_number",
        "plot_card",
        "plot_table",
        "row_svg",
        "static_game_html",
        "static_page",
        "table_svg",
        "toppings_words",
    ]
    assert all(hasattr(d, name) for name in d.__all__)
    assert d.SvgImage is pictures.SvgImage
    assert isinstance(card_svg("3/8 mt"), pictures.SvgImage)


# ---------------------------------------------------------------------------------------
# rows


def test_row_marks_positions_and_duplicates() -> None:
    root = parse(
        row_svg(
            ["3/8 mt", "3/8 mt", "?", "tomato 1/4"],
            highlight=["3/8 mt", "3/8 mt"],
            selected=[3],
            label="Hand & <co>",
        )
    )
    groups = card_groups(root)
    assert len(groups) == 4
    assert [("highlighted" in (g.get("class") or "")) for g in groups] == [True, True, False, False]
    assert [("selected" in (g.get("class") or "")) for g in groups] == [False, False, False, True]
    assert "Hand & <co>" in texts(root)
    assert "face-down card" in (groups[2].get("aria-label") or "")
    assert by_class(root, "cloth")  # the label sits on its own background
    assert not by_class(parse(row_svg(["cancel"])), "cloth")
    empty = parse(row_svg([]))
    assert not card_groups(empty) and "no cards" in texts(empty)


# ---------------------------------------------------------------------------------------
# tables


def test_mixed_numbers() -> None:
    assert mixed_number(29, 8) == "3 5/8"
    assert mixed_number(4, 8) == "1/2"
    assert mixed_number(12, 8) == "1 1/2"
    assert mixed_number(16, 8) == "2"
    assert mixed_number(0, 8) == "0"
    assert mixed_number(-3, 8) == "-3/8"
    assert mixed_number(-11, 8) == "-1 3/8"
    assert mixed_number(3, -4) == "-3/4"
    with pytest.raises(ValueError):
        mixed_number(1, 0)


def test_table_basic_is_wellformed_and_shows_everything() -> None:
    svg = table_svg(basic_view())
    root = parse(svg)
    words = texts(root)
    assert root.get("role") == "img"
    assert "Player 1" in words and "Player 3" in words
    # the player to act: an arrow, a band and a bold name that says so
    current = [el for el in root.iter(f"{NS}text") if (el.text or "").startswith("Player 2")]
    assert len(current) == 1 and current[0].get("font-weight") == "bold"
    assert "to play" in (current[0].text or "")
    assert len(list(root.iter(f"{NS}polygon"))) == 1 and len(by_class(root, "turn")) == 1
    assert not [
        el
        for el in root.iter(f"{NS}text")
        if (el.text or "").startswith("Player 1") and el.get("font-weight")
    ]
    # piles: pizza cards only at 8+ (2/8 + 3/8 + 8/8 = 13/8; the order is not pizza),
    # in eighths, the 8+ lesson's number form
    assert "4 cards" in words and "13/8 pizzas" in words
    assert "0 cards" in words and "0 pizzas" in words
    assert "25/8 pizzas" in words  # 8 + 5 + 8 + 4 = 25 eighths
    assert not any("1 5/8" in w or "3 1/8" in w for w in words)
    # stacks: only the top card is open; depth as card edges and a count
    open_names = [g.get("data-card") for g in card_groups(root)]
    assert "2/8 mt" in open_names and "5/8 pt" in open_names
    assert "5/8 mp" not in open_names and "1/8 pt" not in open_names
    assert "3 cards" in words and "2 cards" in words and "empty" in words
    assert "Deck: 23 left" in words
    # hidden hand cards stay hidden
    backs = by_class(root, "card", "back")
    assert len(backs) >= 5 + 2 + 1  # a hand of 5, stack edges, the deck
    assert "8+" in " ".join(words)


def test_table_names_are_escaped() -> None:
    nasty = ['<b>Ann</b> & "Bo"', "O'Neil <script>", "&amp;"]
    svg = table_svg(basic_view(), names=nasty)
    root = parse(svg)  # well-formed despite the names
    words = texts(root)
    assert nasty[0] in words and "&amp;" in words
    assert any(w.startswith(nasty[1]) for w in words)
    assert "<script>" not in svg and "<b>" not in svg
    assert nasty[1] in (root.get("aria-label") or "")  # the player to act, in the alt text


def test_table_highlight_counts_duplicates() -> None:
    view = basic_view()
    view["current"] = 0
    root = parse(table_svg(view, highlight=["tomato 1/4", "tomato 1/4", "2/8 mt"]))
    marked = [g for g in card_groups(root) if "highlighted" in (g.get("class") or "")]
    assert sorted(g.get("data-card") or "" for g in marked) == ["2/8 mt", "tomato 1/4", "tomato 1/4"]
    assert len(by_class(root, "outline", "highlight")) == 3
    # the player to act's own cards come first: Player 3's tomato 1/4 is not marked
    assert "(highlighted)" in (marked[0].get("aria-label") or "")
    # a third tomato 1/4 goes to the next holder; a card nobody shows marks nothing
    root = parse(table_svg(view, highlight=["tomato 1/4"] * 3 + ["8/8 mt", "?"]))
    assert len(by_class(root, "outline", "highlight")) == 3
    assert not by_class(parse(table_svg(view)), "outline")


def test_table_beginner_centre_and_round_hands() -> None:
    root = parse(table_svg(beginner_view(), highlight=["3/8 mt", "3/8 mt", "4/8 mt"], size=90))
    groups = card_groups(root)
    names = [g.get("data-card") for g in groups]
    assert names.count("3/8 mt") == 3  # two in hand, one in the centre
    marked = [g.get("data-card") or "" for g in groups if "highlighted" in (g.get("class") or "")]
    assert sorted(marked) == ["3/8 mt", "3/8 mt", "4/8 mt"]
    words = texts(root)
    # 6+ pupils read no written fractions: 25 slices are 3 whole pizzas and 1 slice
    assert "Centre" in words and "3 whole pizzas and 1 slice" in words and "Deck: 40 left" in words
    assert not any("/8" in w for w in words if "pizza" in w or "slice" in w)
    # hidden pizza hands (a pupil's view) are round backs
    view = beginner_view()
    view["hands"][1] = ["?", "?"]
    root = parse(table_svg(view))
    round_backs = [el for el in by_class(root, "face", "back") if el.tag == f"{NS}circle"]
    assert len(round_backs) >= 2 + 3  # the hidden hand and the pizza deck
    assert "1/8 mp" not in [g.get("data-card") for g in card_groups(root)]


def test_table_scores_after_penalty_and_game_over() -> None:
    view = basic_view()
    view["level"] = "advanced"
    view["current"] = None
    # Player 1 lost half a pizza to orders in hand
    view["scores"] = [{"numerator": 9, "denominator": 8}, {"numerator": -1, "denominator": 1}, {"numerator": 25, "denominator": 8}]
    words = texts(parse(table_svg(view)))
    # 10+ writes eighths and mixed numbers side by side
    assert "score: 9/8 = 1 1/8" in words and "score: -8/8 = -1" in words
    assert "25/8 = 3 1/8 pizzas" in words
    assert not any(w.startswith("score: 25/8") for w in words)  # equal to the pile: not repeated
    assert any("game over" in w for w in words)
    assert not any("to play" in w for w in words)


def test_table_engine_flags_over_and_viewer() -> None:
    view = basic_view()
    view["over"] = True  # the engine's own flag, even with a stale "current"
    view["viewer"] = 2
    root = parse(table_svg(view, names=["A", "B", "C & D"]))
    words = texts(root)
    assert any("game over" in w and "as C & D sees it" in w for w in words)
    assert not any("to play" in w for w in words) and not by_class(root, "turn")
    view["over"] = False
    view["viewer"] = None
    words = texts(parse(table_svg(view)))
    assert any("to play" in w for w in words)
    assert not any("game over" in w or "sees it" in w for w in words)


ENGLISH_WORDS = (
    "Player",
    "Deck",
    "Pile",
    "pizza",
    "order",
    "Special",
    "cancelled",
    "mushroom",
    "tomato",
    "pepper",
)


def test_table_languages_and_bad_input() -> None:
    root = parse(table_svg(basic_view(), language="ru"))
    words = texts(root)
    assert "Игрок 1" in words and "В колоде: 23" in words and "Стопки пицц" in words
    assert "Игрок 2 · ходит" in words and "карт: 3" in words and "пиццы: 13/8" in words
    assert "Делиссимо · уровень 8+ базовый" in words
    # card faces and alt texts speak the table's language too
    assert "заказ" in words and "томаты" in words and "Срыв" in words
    alts = [g.get("aria-label") or "" for g in card_groups(root)] + [root.get("aria-label") or ""]
    assert "заказ: томаты, 1 четвёртая" in alts and "карта рубашкой вверх" in alts
    assert "2 восьмых пиццы, грибы и томаты" in alts
    for english in ENGLISH_WORDS:
        assert not any(english in w for w in words + alts), english
    bg = parse(table_svg(basic_view(), language="bg"))
    words = texts(bg)
    assert "Играч 1" in words and "В тестето: 23" in words and "домати" in words and "поръчка" in words
    alts = [g.get("aria-label") or "" for g in card_groups(bg)] + [bg.get("aria-label") or ""]
    for english in ENGLISH_WORDS:
        assert not any(english in w for w in words + alts), english
    with pytest.raises(ValueError, match="language"):
        table_svg(basic_view(), language="xx")
    bad = basic_view()
    bad["hands"][0] = ["tomato 9/8"]
    with pytest.raises(ValueError, match="order card"):
        table_svg(bad)
    with pytest.raises(ValueError, match="list of card names"):
        table_svg({"level": "basic", "hands": ["tomato 1/4"], "stacks": [[], [], []]})


def test_cards_and_rows_in_every_language() -> None:
    from teachgames.core.i18n import set_language

    assert card_alt("3/8 mt", "ru") == "3 восьмых пиццы, грибы и томаты"
    assert card_alt("tomato 1/4", "bg") == "поръчка: домати, 1 четвърт"
    assert card_alt("special mp", "ru") == "спецзаказ: грибы и перец"
    assert card_alt("cancel", "bg") == "отменена поръчка"
    assert card_alt("?", "ru") == "карта рубашкой вверх"
    special = parse(card_svg("special pt", language="bg", selected=True))
    assert {"Специална", "поръчка", "чушки", "+ домати"} <= set(texts(special))
    assert special.get("aria-label") == "специална поръчка: чушки и домати (избрана)"
    cancel = texts(parse(card_svg("cancel", language="ru")))
    assert "Срыв" in cancel and "заказа" in cancel
    row = parse(row_svg([], language="ru"))
    assert "нет карт" in texts(row) and row.get("aria-label") == "Карты: нет карт"
    # the package's language is the default
    set_language("ru")
    try:
        assert card_alt("pepper 1/2") == "заказ: перец, 1 вторая"
        assert "Игрок 1" in texts(parse(table_svg(basic_view())))
    finally:
        set_language("en")
    assert card_alt("pepper 1/2") == "order: pepper, 1 half"


def _font_size(el: ET.Element) -> float:
    return float(el.get("font-size", "0"))


def test_long_words_shrink_to_fit_the_card() -> None:
    # "Специална" is wider than a card at the English size: it shrinks, the English stays
    en = {el.text: _font_size(el) for el in parse(card_svg("special mt")).iter(f"{NS}text")}
    bg = {el.text: _font_size(el) for el in parse(card_svg("special mt", language="bg")).iter(f"{NS}text")}
    assert en["Special"] == 14
    assert 9 < bg["Специална"] < 14
    # a long label widens the table instead of running off it
    view = basic_view()
    view["over"] = True
    view["viewer"] = 0
    narrow = parse(table_svg(view, names=["A", "B", "C"], language="en"))
    wide = parse(table_svg(view, names=["Александра Константиновна", "B", "C"], language="ru"))
    assert float(wide.get("width", "0")) > float(narrow.get("width", "0"))


# ---------------------------------------------------------------------------------------
# matplotlib


def test_plot_card_draws_patches_and_saves(tmp_path: Any) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes
    from matplotlib.patches import Wedge

    ax = plot_card("3/8 mt")
    assert isinstance(ax, Axes)
    crust = matplotlib.colors.to_rgba("#f2c063")
    slices = [p for p in ax.patches if isinstance(p, Wedge) and p.get_facecolor() == crust]
    assert len(slices) == 3
    labels = [t.get_text() for t in ax.texts]
    assert labels.count("M") == 1 and labels.count("T") == 1 and "P" not in labels  # one badge each
    out = tmp_path / "card.png"
    ax.get_figure(root=True).savefig(out)  # type: ignore[union-attr]
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    plt.close("all")

    fig, axes = plt.subplots(1, 3)
    for a, card in zip(axes, ["tomato 2/4", "special mp", "?"], strict=True):
        assert plot_card(card, ax=a) is a
    assert "?" in [t.get_text() for t in axes[2].texts]
    assert "tomato 2/4" not in [t.get_text() for t in axes[2].texts]
    fig.savefig(tmp_path / "cards.png")
    plt.close(fig)


def test_plot_table_saves(tmp_path: Any) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.axes import Axes

    ax = plot_table(basic_view(), names=["Ann <&>", "Bo", "Cy"])
    assert isinstance(ax, Axes)
    words = [t.get_text() for t in ax.texts]
    assert "Ann <&>" in words and "13/8 pizzas" in words
    out = tmp_path / "table.png"
    ax.get_figure(root=True).savefig(out)  # type: ignore[union-attr]
    assert out.stat().st_size > 5000
    plt.close("all")
    fig, ax2 = plt.subplots()
    assert plot_table(beginner_view(), ax=ax2) is ax2
    fig.savefig(tmp_path / "beginner.png")
    plt.close(fig)
