"""Delissimo cards drawn in TikZ, for the LaTeX export of worked examples.

LaTeX cannot include SVG, and matplotlib figures would make a long game slow to
export, so a move is drawn here in a few TikZ lines: the cards given, an arrow, the
cards taken. Pizzas show their slices filled and the topping letters (not colour
alone), orders the printed fraction and the topping word, action cards their name: every
word and letter from the catalogue in the export's language (Г/П/Т in Russian, Г/Ч/Д in
Bulgarian, as on the SVG pictures), with a legend line under the cards that says what
the letters on this picture stand for ("Начинки: Г грибы, Т томаты").
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.i18n import resolve_language
from .cards import SLICES_PER_PIZZA, TOPPING_NAMES, Card
from .messages import say
from .moves import Capture, DelissimoMove, Special


def letter(topping: str, language: str | None = None) -> str:
    """The letter a pizza shows for ``topping`` in ``language`` (catalogue ``draw.letter.*``)."""
    return say(f"draw.letter.{topping}", language)


def _tex(text: str) -> str:
    """Catalogue words escaped for LaTeX (the explanations' own escaping)."""
    from ..explain.explanation import latex_words

    return latex_words(text)


def _pizza(card: Card, x: float, language: str) -> list[str]:
    lines = [f"\\draw[thick] ({x:.2f},0) circle (0.55);"]
    for k in range(SLICES_PER_PIZZA):
        start, end = 90 - 45 * k, 45 - 45 * k
        style = "fill=orange!45,draw=black" if k < card.eighths else "draw=black!35,dashed"
        lines.append(f"\\path[{style}] ({x:.2f},0) -- ++({start}:0.55) arc ({start}:{end}:0.55) -- cycle;")
    letters = "".join(letter(t, language) for t in card.topping_names)
    lines.append(
        f"\\node[fill=white,inner sep=1pt,font=\\scriptsize\\bfseries] at ({x:.2f},0) {{{_tex(letters)}}};"
    )
    lines.append(f"\\node at ({x:.2f},-0.85) {{$\\tfrac{{{card.eighths}}}{{8}}$}};")
    return lines


def _rect(x: float, lines: list[tuple[str, str, float]]) -> list[str]:
    """A card's rectangle and its lines of text: (text, font, height above the centre)."""
    out = [
        f"\\draw[thick,rounded corners=2pt,fill=yellow!10] ({x - 0.55:.2f},-0.5)"
        f" rectangle ({x + 0.55:.2f},0.5);"
    ]
    out += [f"\\node[font={font}] at ({x:.2f},{y:.2f}) {{{text}}};" for text, font, y in lines]
    return out


def _fitted(text: str, width_cm: float) -> str:
    """``text`` narrowed to ``width_cm`` where the font sets it wider (a long topping word
    on a 1.1 cm card), as it is; TeX measures, as only it knows the font's widths."""
    width = f"{width_cm}cm"
    return f"\\sbox0{{{text}}}\\ifdim\\wd0>{width}\\resizebox{{{width}}}{{!}}{{\\usebox0}}\\else\\usebox0\\fi"


def card_tikz(card: Card, x: float, language: str | None = None) -> list[str]:
    """TikZ commands for one card centred at (x, 0), its words in ``language``."""
    lang = resolve_language(language)
    if card.kind == "pizza":
        return _pizza(card, x, lang)
    if card.kind == "order":
        frac = card.printed if card.denominator == 1 else f"\\tfrac{{{card.numerator}}}{{{card.denominator}}}"
        word = _tex(say(f"topping.{card.topping_names[0]}", lang))
        return _rect(x, [(f"${frac}$", "\\normalsize", 0.15), (_fitted(word, 1.0), "\\scriptsize", -0.3)])
    # an action card: its name in two lines, as on the SVG card face (the card widens for a
    # long word, such as Bulgarian "Специална")
    kind = "special" if card.kind == "special" else "cancel"
    name = "\\\\".join(_tex(say(f"draw.face.{kind}_{k}", lang)) for k in (1, 2))
    if card.kind == "special":
        letters = _tex("+".join(letter(t, lang) for t in card.topping_names))
        name += f"\\\\[1pt]{{\\normalsize\\bfseries {letters}}}"
    return [
        f"\\node[draw,thick,rounded corners=2pt,fill=yellow!10,minimum width=1.1cm,minimum height=1cm,"
        f"inner sep=1pt,align=center,font=\\tiny] at ({x:.2f},0) {{{name}}};"
    ]


def legend(cards: Iterable[Card], language: str | None = None) -> str | None:
    """The legend of the letters these cards show ("Toppings: M mushroom, T tomato"), or None."""
    lang = resolve_language(language)
    shown = {t for c in cards if c.kind in ("pizza", "special") for t in c.topping_names}
    entries = [f"{letter(t, lang)} {say(f'topping.{t}', lang)}" for t in TOPPING_NAMES if t in shown]
    if not entries:
        return None
    return say("widget.legend", lang, toppings=", ".join(entries))


def cards_tikz(give: Iterable[Card], take: Iterable[Card] = (), language: str | None = None) -> str:
    """A tikzpicture: the cards given, an arrow, the cards taken, and the letters' legend."""
    lang = resolve_language(language)
    given, taken = list(give), list(take)
    lines: list[str] = []
    x = 0.0
    for card in given:
        lines += card_tikz(card, x, lang)
        x += 1.4
    if taken:
        lines.append(f"\\draw[-latex,very thick] ({x - 0.7:.2f},0) -- ({x + 0.3:.2f},0);")
        x += 1.0
        for card in taken:
            lines += card_tikz(card, x, lang)
            x += 1.4
    key = legend(given + taken, lang)
    if key is not None:
        lines.append(f"\\node[anchor=north west,font=\\footnotesize] at (-0.55,-1.2) {{{_tex(key)}}};")
    body = "\n  ".join(lines)
    return f"\\begin{{tikzpicture}}[baseline=(current bounding box.center)]\n  {body}\n\\end{{tikzpicture}}"


def move_tikz(move: DelissimoMove, taken: Iterable[Card] = (), language: str | None = None) -> str | None:
    """The cards of a capture or special order, or None for moves without cards."""
    if isinstance(move, Capture):
        return cards_tikz(move.give, move.take, language)
    if isinstance(move, Special):
        return cards_tikz([move.card], taken, language)
    return None
