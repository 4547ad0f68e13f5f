"""Worked-example export: self-contained HTML with each drawing once, Markdown with its
pictures as files, LaTeX that compiles; names are text; any registered game exports."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import pytest
from tiny_game import Coins

import teachgames
from teachgames.bots import GreedyBot, RandomBot
from teachgames.exports import check_target
from teachgames.exports.defs import share_pictures

NAMES = ["Ann <b>&amp;</b>", 'Bob "the" {Builder}_$%', "Cy"]
HOSTILE = ['Ann" onclick="alert(1)', "javascript:alert(2)", "Cy' onmouseover='x' <script>alert(3)</script>"]


@pytest.fixture(scope="module")
def game():
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=7)
    bots = [GreedyBot(), RandomBot(1), GreedyBot()]
    for _ in range(24):
        if g.is_over():
            break
        g.play(bots[g.current_player].choose(g))
    return g


@pytest.fixture
def coins():
    teachgames.register_game("coins", Coins)
    try:
        g = teachgames.new_game("coins", players=2, seed=3, pile=7)
        while not g.is_over():
            g.play(g.legal_moves()[-1])
        yield g
    finally:
        teachgames.core.registry.unregister_game("coins")


class _Tags(HTMLParser):
    """Every tag and attribute of a page, as a browser's parser sees them."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.attrs: list[tuple[str, str]] = []
        self.ids: list[str] = []
        self.hrefs: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        for key, value in attrs:
            self.attrs.append((key, value or ""))
            if key == "id":
                self.ids.append(value)
            if key == "href" and tag == "use":
                self.hrefs.append(value)


def _parsed(text: str) -> _Tags:
    parser = _Tags()
    parser.feed(text)
    return parser


def test_html_is_self_contained_and_escaped(game, tmp_path):
    path = teachgames.export(game, tmp_path / "example.html", names=NAMES)
    text = path.read_text(encoding="utf-8")
    assert "<script" not in text.lower() and "http://" not in text.replace("http://www.w3.org", "")
    assert "https://" not in text
    assert "Ann &lt;b&gt;&amp;amp;&lt;/b&gt;" in text and "<b>&amp;</b>" not in text
    assert text.count("<section") == len(game.history) + 1
    # a picture and an explanation per move, plus the final table and the scores
    assert text.count('<div class="picture"><svg') == len(game.history) + 1
    for svg in re.findall(r'<div class="picture">(<svg.*?</svg>)</div>', text, flags=re.S)[:10]:
        ET.fromstring(svg)
    assert "How the scores are reached" in text


def test_hostile_names_are_exported_as_text(game, tmp_path):
    """A pupil's name is never refused and never becomes markup."""
    text = teachgames.export(game, tmp_path / "example.html", names=HOSTILE).read_text(encoding="utf-8")
    page = _parsed(text)
    assert "script" not in page.tags
    assert not [k for k, _ in page.attrs if k.startswith("on")]
    urls = [v for k, v in page.attrs if k in ("href", "xlink:href", "src", "action", "formaction")]
    assert not [v for v in urls if "javascript:" in v.lower()]
    assert "javascript:alert(2)" in text  # shown, as text
    assert "&lt;script&gt;alert(3)&lt;/script&gt;" in text
    md = teachgames.export(game, tmp_path / "example.md", names=HOSTILE)
    assert "javascript:alert(2)" in md.read_text(encoding="utf-8")
    for picture in (tmp_path / "example_files").glob("*.svg"):
        assert "script" not in _parsed(picture.read_text(encoding="utf-8")).tags


def test_each_card_drawing_is_defined_once_and_reused(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.html").read_text(encoding="utf-8")
    page = _parsed(text)
    assert len(page.ids) == len(set(page.ids)), "an id is defined twice"
    used = {h.lstrip("#") for h in page.hrefs}
    assert used and used <= set(page.ids), "a <use> points at nothing"
    defs = text[: text.index("<h1>")]
    bodies = list(_definitions(defs).values())
    assert len(bodies) == len(set(bodies)), "a drawing is defined twice"
    pictures = sum(len(s.picture_svg) for s in teachgames.exports.worked_example(game).steps)
    assert len(text) * 2 < pictures, "the page is not smaller than its pictures drawn out"


def _definitions(defs_svg: str) -> dict[str, str]:
    """Each definition's id and its drawing (without the id)."""
    bodies = {}
    for m in re.finditer(r'<(g|path|circle|ellipse|rect|polygon|polyline|line|text) id="([^"]+)"', defs_svg):
        tag, ref = m.group(1), m.group(2)
        end = _element_end(defs_svg, m.start(), tag)
        bodies[ref] = defs_svg[m.start() : end].replace(f' id="{ref}"', "", 1)
    return bodies


def _expand(defs_svg: str, svg: str) -> str:
    """Put every definition back where it is used (the test's own reading of <use>)."""
    bodies = _definitions(defs_svg)

    def swap(match: re.Match) -> str:
        body = bodies[match.group(1)]
        return re.sub(r'<use href="#([^"]+)"[^>]*/>', swap, body)

    return re.sub(r'<use href="#([^"]+)"[^>]*/>', swap, svg)


def _element_end(text: str, start: int, tag: str) -> int:
    if tag != "g":
        close = text.index(">", start)
        return close + 1 if text[close - 1] == "/" else text.index(f"</{tag}>", start) + len(f"</{tag}>")
    depth, pos = 0, start
    for m in re.finditer(r"<(/?)g\b[^>]*?(/?)>", text[start:]):
        if m.group(2):
            continue
        depth += -1 if m.group(1) else 1
        if depth == 0:
            pos = start + m.end()
            break
    return pos


def _shapes(svg: str) -> list[str]:
    """The drawing's shapes and texts in order, without groups, titles and placements."""
    return re.findall(
        r"<(?:path|circle|ellipse|rect|polygon|polyline|line)\b[^>]*/>|<text\b[^>]*>[^<]*</text>",
        re.sub(r"<title>.*?</title>", "", svg, flags=re.S),
    )


def test_shared_pictures_draw_the_same_shapes(game):
    example = teachgames.exports.worked_example(game, names=NAMES)
    pictures = [s.picture_svg for s in example.steps]
    defs, shared = share_pictures(pictures)
    for before, after in zip(pictures, shared, strict=True):
        assert _shapes(_expand(defs, after)) == _shapes(before)
        placed = re.findall(r'<use href="#[^"]+" x="([^"]+)" y="([^"]+)"/>', after)
        original = re.findall(r'transform="translate\(([^ ]+) ([^)]+)\)', before)
        assert placed == original[: len(placed)] or sorted(placed) == sorted(original)


@pytest.mark.parametrize("name", teachgames.GAMES)
def test_every_games_pictures_keep_their_shapes_when_shared(name):
    """Sharing needs nothing from the game: each installed game's pictures of a few
    positions draw the same shapes, in the same order, after it."""
    from teachgames.core.realtime import Scheduler

    g = teachgames.new_game(name, seed=1)
    bots = [GreedyBot() for _ in range(g.players)]
    scheduler = Scheduler(g, dict(enumerate(bots)), seed=1) if g.current_player is None else None
    pictures = [str(g.picture())]
    for step in range(1, 7):
        if g.is_over():
            break
        if scheduler is not None:
            scheduler.advance(step * 1.5)
        else:
            g.play(bots[g.current_player].choose(g))
        pictures.append(str(g.picture()))
    defs, shared = share_pictures(pictures)
    for before, after in zip(pictures, shared, strict=True):
        assert _shapes(_expand(defs, after)) == _shapes(before)
    assert sum(map(len, shared)) < sum(map(len, pictures))


@pytest.mark.browser
def test_shared_pictures_look_the_same_in_a_browser(game, tmp_path):
    """The page with definitions and the page with every picture inline are pixel-identical."""
    import dataclasses

    import teachgames.exports.page as page
    from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, require_browser

    require_browser()  # a skip on a desktop without Chromium, a failure in CI
    from PIL import Image, ImageChops
    from playwright.sync_api import sync_playwright

    example = teachgames.exports.worked_example(game)
    example = dataclasses.replace(example, steps=example.steps[8:9])
    shots = []
    # Playwright's screenshot waits for the page's fonts and a freshly drawn frame; the
    # command line's --screenshot once caught the last rows of tiles not yet drawn on a
    # loaded machine (a band at the bottom differed).
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            view = chromium.new_page(viewport={"width": 800, "height": 1100})
            for name, text in (("shared", page.to_html(example)), ("inline", _inline_page(example))):
                (tmp_path / f"{name}.html").write_text(text, encoding="utf-8")
                shot = tmp_path / f"{name}.png"
                view.goto((tmp_path / f"{name}.html").as_uri(), wait_until="load")
                view.screenshot(path=str(shot), full_page=True, animations="disabled")
                shots.append(Image.open(shot).convert("RGB"))
        finally:
            chromium.close()
    assert shots[0].size == shots[1].size
    assert ImageChops.difference(*shots).getbbox() is None


def _inline_page(example) -> str:
    import teachgames.exports.page as page

    original = page.share_pictures
    page.share_pictures = lambda svgs: ("", list(svgs))
    try:
        return page.to_html(example)
    finally:
        page.share_pictures = original


def test_markdown_pictures_are_files_beside_it(game, tmp_path):
    target = tmp_path / "my example.md"
    text = teachgames.export(game, target, names=NAMES).read_text(encoding="utf-8")
    assert "base64" not in text and "data:" not in text
    links = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(links) == len(game.history) + 1
    from urllib.parse import unquote

    for link in links:
        assert not link.startswith(("/", "http")), "links are relative"
        picture = (tmp_path / unquote(link))
        assert picture.parent == tmp_path / "my example_files"
        ET.fromstring(picture.read_text(encoding="utf-8"))
    assert "$\\frac{" in text
    assert "Ann \\<b\\>&amp;\\</b\\>" in text  # markdown specials escaped
    # a shorter game exported to the same place leaves no stale pictures behind
    short = game.replay()[3]
    teachgames.export(short, target)
    assert len(list((tmp_path / "my example_files").glob("*.svg"))) == len(short.history) + 1


def test_latex_escapes_names(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.tex", names=NAMES).read_text(encoding="utf-8")
    assert r"Bob " in text and r"\{Builder\}\_\$\%" in text
    assert r"\begin{tikzpicture}" in text and text.rstrip().endswith(r"\end{document}")


def _need_pdflatex(cyrillic: bool = False) -> None:
    """Skip on a machine without LuaLaTeX and its fonts, but fail in CI, whose .ci/run
    installs them (``cyrillic`` is kept for the callers: the Noto fonts set every script)."""
    from teachgames.exports.pdf import TypesettingError, lualatex

    try:
        lualatex()
    except TypesettingError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc}: .ci/run must install it for this test")
        pytest.skip(str(exc))


def _pdf_words(pdf: Path) -> str | None:
    if shutil.which("pdftotext") is None:
        if os.environ.get("CI"):
            pytest.fail("pdftotext is missing: .ci/run must install poppler-utils")
        return None
    return subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout


def test_latex_compiles_with_lualatex(game, tmp_path):
    _need_pdflatex()
    pdf = teachgames.export(game, tmp_path / "example.pdf", names=NAMES)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000
    if shutil.which("pdftotext"):
        words = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True).stdout
        assert "Step 1" in words and "Legal" in words


def _pdflatex_runs(monkeypatch) -> list[list[str]]:
    """Record every lualatex command that ``write_pdf`` runs (and still run it)."""
    from teachgames.exports import pdf as latex

    runs: list[list[str]] = []
    real_run = subprocess.run

    def counting_run(command, *args, **kwargs):
        if "lualatex" in Path(command[0]).name:
            runs.append(list(command))
        return real_run(command, *args, **kwargs)

    monkeypatch.setattr(latex.subprocess, "run", counting_run)
    return runs


def test_a_worksheet_compiles_in_one_lualatex_run(game, tmp_path, monkeypatch):
    """A worked example has no cross-references: one pass makes the finished PDF (a
    second, unasked-for pass doubled the wait for every PDF)."""
    _need_pdflatex()
    runs = _pdflatex_runs(monkeypatch)
    pdf = teachgames.export(game, tmp_path / "example.pdf")
    assert pdf.read_bytes()[:5] == b"%PDF-"
    assert len(runs) == 1, runs


def test_lualatex_runs_again_while_latex_asks_for_it(tmp_path, monkeypatch):
    """A document whose reference is only known after a first pass is compiled again,
    so no "??" is left in the PDF."""
    from teachgames.exports.pdf import write_pdf

    _need_pdflatex()
    runs = _pdflatex_runs(monkeypatch)
    document = "\n".join([
        r"\documentclass{article}", r"\begin{document}",
        r"See step \ref{last}.", r"\section{First}", r"\section{Last}\label{last}",
        r"\end{document}",
    ])  # fmt: skip
    pdf = write_pdf(document, tmp_path / "ref.pdf")
    assert len(runs) == 2, runs
    text = _pdf_words(pdf)
    if text is not None:
        assert "See step 2." in text and "??" not in text, text


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_pdf_letters_are_outlines_not_bitmaps(game, tmp_path, language):
    """Every font in a worked example is a scalable outline font (OpenType, or Type 1
    for the maths), so its words stay sharp when a teacher zooms in or a printer scales
    the page; bitmap fonts (Type 3) look blurred."""
    _need_pdflatex(cyrillic=language != "en")
    if shutil.which("pdffonts") is None:
        if os.environ.get("CI"):
            pytest.fail("pdffonts is missing: .ci/run must install poppler-utils")
        pytest.skip("pdffonts is not installed (Debian: poppler-utils)")
    pdf = teachgames.export(game, tmp_path / f"example-{language}.pdf", language=language)
    listing = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True, check=True).stdout
    fonts = listing.splitlines()[2:]
    assert fonts, listing
    assert not [f for f in fonts if "Type 3" in f], listing


@pytest.fixture(scope="module")
def split_game():
    """A few Split moves: cards in words ("8♦ and 8♣") in every step."""
    g = teachgames.new_game("split", players=3, seed=3)
    bot = GreedyBot()
    for _ in range(8):
        g.play(bot.choose(g))
    return g


def test_latex_declares_the_card_suits(split_game, tmp_path):
    text = teachgames.export(split_game, tmp_path / "split.tex").read_text(encoding="utf-8")
    assert re.search(r"[♠♥♦♣]", text), "the Split example has cards in words"
    for code, suit in (("2660", "♠"), ("2665", "♥"), ("2666", "♦"), ("2663", "♣")):
        assert rf'\catcode"{code}=\active \protected\def{suit}' in text


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["Step 1", "Player 1", "Legal"]), ("ru", ["Шаг 1", "Игрок 1", "Можно"])],
)
def test_split_exports_to_pdf_with_its_cards(split_game, tmp_path, language, words):
    _need_pdflatex(cyrillic=language != "en")
    pdf = teachgames.export(split_game, tmp_path / f"split-{language}.pdf", language=language)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000
    text = _pdf_words(pdf)
    if text is not None:  # the words can be found and copied, suits and Cyrillic included
        assert all(w in text for w in words), text[:500]
        assert re.search(r"(?:10|[2-9JQKA])[♠♡♢♣♥♦]", text), text[:500]


def test_russian_export(game, tmp_path):
    text = teachgames.export(game, tmp_path / "example.html", language="ru").read_text(encoding="utf-8")
    assert '<html lang="ru">' in text
    assert "разбор партии" in text and "3 игрока" in text


def test_unknown_format_is_a_clear_error(game, tmp_path):
    with pytest.raises(ValueError, match=r"use one of \.html, \.md, \.tex, \.pdf"):
        teachgames.export(game, tmp_path / "example.docx")


class _Untouchable:
    """A 'game' that fails if the export starts working on it."""

    def __getattr__(self, name):
        raise AssertionError(f"the export used the game ({name}) before checking the path")


def test_the_path_is_checked_before_any_work(tmp_path):
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    with pytest.raises(FileNotFoundError, match="does not exist"):
        teachgames.export(_Untouchable(), tmp_path / "missing" / "x.html")
    with pytest.raises(NotADirectoryError, match="is a file"):
        teachgames.export(_Untouchable(), a_file / "x.html")
    with pytest.raises(IsADirectoryError, match="is a folder"):
        teachgames.export(_Untouchable(), tmp_path)
    (tmp_path / "x_files").write_text("in the way", encoding="utf-8")
    with pytest.raises(NotADirectoryError, match="pictures go into a folder"):
        check_target(tmp_path / "x.md")


def test_any_registered_game_exports(coins, tmp_path):
    """A plug-in with no TikZ picture and no names parameter still exports everywhere."""
    html_text = teachgames.export(coins, tmp_path / "c.html", names=["Ann", "Bob"]).read_text(encoding="utf-8")
    assert html_text.count("<section") == len(coins.history) + 1
    assert "Coins: a worked example" in html_text and "7" in html_text.split("<h1>")[1].split("</p>")[0]
    assert "Player 1 takes 2" in html_text
    page = _parsed(html_text)
    assert {h.lstrip("#") for h in page.hrefs} <= set(page.ids)
    md = teachgames.export(coins, tmp_path / "c.md").read_text(encoding="utf-8")
    assert md.count("](c_files/") == len(coins.history) + 1
    tex = teachgames.export(coins, tmp_path / "c.tex").read_text(encoding="utf-8")
    assert "tikzpicture" not in tex and "there are enough coins" in tex
    assert Path(tmp_path / "c.tex").exists()


def test_the_move_is_said_once_in_words(coins, tmp_path, monkeypatch, game):
    """Each step names its move: in the explanation's title, or else in a line of its own."""
    delissimo = teachgames.export(game, tmp_path / "d.html").read_text(encoding="utf-8")
    assert 'class="move-words"' not in delissimo  # Delissimo's explanations are titled with the move
    original = Coins.explain

    def untitled(self, move, language=None):
        e = original(self, move, language)
        e.title = "Is it allowed?"
        return e

    monkeypatch.setattr(Coins, "explain", untitled)
    for suffix in (".html", ".md", ".tex"):
        text = teachgames.export(coins, tmp_path / f"c{suffix}").read_text(encoding="utf-8")
        assert text.count("Player 1 takes 2") >= 1, suffix
    html_text = (tmp_path / "c.html").read_text(encoding="utf-8")
    assert html_text.count('<p class="move-words">') == len(coins.history)


# ---------------------------------------------------------------------- TikZ in the pupil's language
TIKZ_NODE = re.compile(r"\\node\[[^\]]*\] at \([^)]*\) \{([^{}]*)\};")


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_latex_pizza_letters_and_legend_in_the_export_language(game, tmp_path, language):
    """The TikZ pizzas show the catalogue's letters of the export's language (Г/П/Т in
    Russian, not Latin M/P/T), the orders their topping word, and a legend line says what
    the letters stand for, as on the SVG pictures."""
    from teachgames.core.i18n import messages

    words = messages("delissimo", language)
    toppings = ("mushroom", "pepper", "tomato")
    letters = {t: words[f"draw.letter.{t}"] for t in toppings}
    pairs = {letters[a] + letters[b] for a, b in (("mushroom", "pepper"), ("mushroom", "tomato"), ("pepper", "tomato"))}
    text = teachgames.export(game, tmp_path / "example.tex", language=language).read_text(encoding="utf-8")
    nodes = TIKZ_NODE.findall(text)
    on_pizzas = [n for n in nodes if n.isalpha() and n.isupper()]
    assert on_pizzas and set(on_pizzas) <= pairs, (language, sorted(set(on_pizzas)))
    if language != "en":
        assert not {"MP", "MT", "PT"} & set(on_pizzas), "Latin topping letters in a Cyrillic export"
    # an order's topping word, narrowed to its card where the font sets it wider (\sbox0{...})
    assert any(rf"\sbox0{{{words[f'topping.{t}']}}}" in text for t in toppings), "no order's topping word"
    legend = words["widget.legend"].split("{")[0]  # "Начинки: "
    legend_lines = [n for n in nodes if n.startswith(legend)]
    assert legend_lines, f"no legend line in the {language} pictures"
    assert {"ru": "Т томаты", "bg": "Д домати", "en": "T tomato"}[language] in text


@pytest.mark.parametrize(("language", "words"), [("ru", ["Начинки:", "Т томаты"]), ("bg", ["Съставки:", "Д домати"])])
def test_cyrillic_pizza_letters_compile_to_pdf(game, tmp_path, language, words):
    _need_pdflatex(cyrillic=True)
    pdf = teachgames.export(game, tmp_path / f"example-{language}.pdf", language=language)
    assert pdf.read_bytes()[:5] == b"%PDF-" and pdf.stat().st_size > 10_000
    text = _pdf_words(pdf)
    if text is not None:  # the legend and the letters on the pizzas are in the PDF as words
        assert all(w in text for w in words), text[:800]
        assert "M mushroom" not in text and "Toppings" not in text


@pytest.mark.parametrize("name", teachgames.GAMES)
@pytest.mark.parametrize("language", ["ru", "bg"])
def test_a_worksheets_subtitle_is_in_the_pupils_language(name, language):
    """The line under a worked example's title names the level or preset in the pupil's
    words (Russian «8+ базовый», not "basic"): no Latin word in it."""
    from teachgames.exports.example import subtitle_of

    subtitle = subtitle_of(teachgames.new_game(name, players=3, seed=7), language)
    assert not re.search(r"[A-Za-z]{2,}", subtitle), subtitle


def test_the_readmes_ten_lines_explain_what_the_deal_allows() -> None:
    """The README's first example explains a capture its seed's deal really allows (the
    equation and the topping its comment quotes), and a refusal for the maths (the "≠" its
    comment quotes), not for a card Player 1 does not hold."""
    import ast
    import re
    from pathlib import Path

    import teachgames

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = readme.split("## Ten lines", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    seed = re.search(r'new_game\("delissimo", level="basic", players=3, seed=(\d+)\)', block)
    said = re.search(r"move\.explanation +# (\d/\d = \d/\d), and the pizza has (\w+)", block)
    asked = re.search(r"g\.explain\((\{.*?\})\) +# (\d/\d ≠ \d/\d)", block)
    assert seed and said and asked, "the README's ten lines changed shape: update this test"
    g = teachgames.new_game("delissimo", level="basic", players=3, seed=int(seed.group(1)))
    first = g.captures()[0].explanation.text()
    assert said.group(1) in first and f"Every pizza taken has {said.group(2)}." in first
    e = g.explain(ast.literal_eval(asked.group(1)))
    assert e.verdict is False and asked.group(2) in e.text() and "does not hold" not in e.text()


# ---------------------------------------------------------------------- the worked example reads whole
def test_key_moves_say_they_are_the_key_moves_of_the_game(game, tmp_path):
    """Key steps keep their numbers in the game (1, 2, 3, 5, ...): each heading says it
    is a key move of all of them, so no reader looks for the missing numbers."""
    text = teachgames.export(game, tmp_path / "key.md", moves="key").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    total = len(game.history)
    steps = [h for h in headings if h.startswith("Move ")]
    assert steps and all(h.endswith(f"of {total}: a key move") for h in steps), headings
    assert not [h for h in headings if h.startswith("Step ")]


@pytest.mark.parametrize("suffix", [".md", ".tex"])
def test_the_scores_title_is_printed_once(game, tmp_path, suffix):
    text = teachgames.export(game, tmp_path / f"e{suffix}").read_text(encoding="utf-8")
    assert text.count("How the scores are reached") == 1


def test_the_md_command_says_what_the_file_holds(tmp_path, capsys):
    from teachgames.cli import main

    assert main(["export", "delissimo", "-o", str(tmp_path / "e.md")]) == 0
    said = capsys.readouterr().out
    assert re.search(r"\(the \d+ key moves of \d+ moves, pictures in ", said), said
    assert main(["export", "delissimo", "--moves", "all", "-o", str(tmp_path / "a.md")]) == 0
    assert "key" not in capsys.readouterr().out


@pytest.mark.parametrize(("pile", "left"), [([8, 1], "What is left: 1/8"), ([8, 3, 5, 2], "What is left: 2/8 = 1/4")])
def test_a_single_leftover_card_is_said(pile, left):
    from teachgames.delissimo.explain import _pile_in_eighths
    from teachgames.explain import Explanation

    e = Explanation(title="scores")
    _pile_in_eighths(e, pile, "en")
    assert left in e.text(), e.text()


def test_lines_keep_room_between_stacked_fractions():
    from teachgames.exports.latex import preamble

    lines = preamble("en")
    assert r"\setlength{\lineskiplimit}{4pt}" in lines and r"\setlength{\lineskip}{4pt}" in lines


def test_export_and_worksheet_stay_functions_whatever_was_imported_first(tmp_path: Path) -> None:
    """``teachgames.export`` and ``teachgames.worksheet`` are plain functions; their
    packages (``exports``, ``worksheets``) can be imported first without hiding them."""
    import sys

    script = (
        "import teachgames.exports.latex, teachgames.worksheets.tasks, teachgames\n"
        "from teachgames import export, worksheet\n"
        "assert teachgames.export is export is teachgames.exports.export\n"
        "assert teachgames.worksheet is worksheet is teachgames.worksheets.worksheet\n"
        "g = teachgames.new_game('delissimo', level='basic', players=2, seed=1)\n"
        "g.play(g.legal_moves()[0])\n"
        "import sys, pathlib\n"
        "print(teachgames.export(g, pathlib.Path(sys.argv[1]) / 'e.md').name)\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "e.md"
