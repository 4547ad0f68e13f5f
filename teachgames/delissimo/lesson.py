"""Self-checks and exit tickets for the Delissimo lesson notebooks.

    from teachgames.delissimo.lesson import check_capture, exit_ticket

    check_capture(puzzle, give=["tomato 1/4", "pepper 1/2"], take=["6/8 pt"])
    ticket = exit_ticket("8plus")
    ticket.answer(1, "tomato 3/4, mushroom 6/8")
    ticket.answer(2, "6/8")
    print(ticket.summary())   # Exit ticket 8+: 2 of 3 right — Q1 ✓ Q2 ✓ Q3 ?

A pupil writes a capture as card strings, or answers a question with card strings, a
fraction ("6/8"), a mixed number ("1 3/8"), a whole number ("3") or yes/no. The engine
decides what is right (``game.explain``; a checked move is never played) and every
:class:`Feedback` says why, with the arithmetic, and shows itself in a notebook.

Answers are read by this module's own small parser (never ``eval``) and compared
exactly. Importing this module is light (no sympy): sympy loads only when an
explanation is built. Words are English, Russian and Bulgarian, kept in ``WORDS`` below
until the lesson words move into the message catalogue.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.i18n import LANGUAGES, resolve_language
from .cards import SLICES_PER_PIZZA, Card, parse_card
from .messages import say
from .moves import card_words
from .notation import connector_words, parse_card_words

if TYPE_CHECKING:
    from ..explain import Explanation
    from .engine import DelissimoGame

__all__ = [
    "TICKETS",
    "WORDS",
    "CaptureQuestion",
    "CardsQuestion",
    "ExitTicket",
    "Feedback",
    "NumberQuestion",
    "ParsedNumber",
    "Question",
    "YesNoQuestion",
    "check_capture",
    "exit_ticket",
    "parse_number",
]

#: Longest answer read; anything longer is refused with a message (no huge numbers).
MAX_ANSWER = 120
_MAX_DIGITS = 6

# --------------------------------------------------------------------------------------
# Words. {placeholders} are str.format fields. Every language has every key (a test holds
# them to English's keys and placeholders); card and topping names that fill a placeholder
# come from the message catalogue in the same language (``_card_text``, ``topping.*``).

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "right": "Right",
        "wrong": "Not quite",
        "your_answer": "Your answer",
        "give_take": "You give {give} and take {take}.",
        "together": "All the cards together: {total}.",
        "capture_right": "Right! {sums} The amounts are equal and the capture keeps every rule.",
        "capture_right_orders": (
            "Right! {sums} The amounts are equal, and every pizza taken has the topping of every order."
        ),
        "capture_right_whole": "Right! {sums} That makes {wholes} whole pizza(s).",
        "capture_wrong": "Not quite: {reason}. {sums}",
        "game_over": "The game is over: there are no more captures to make.",
        "empty_give": 'Write at least one card to give, e.g. give=["{example}"].',
        "empty_take": 'Write at least one card to take, e.g. take=["{example}"].',
        "bad_list": 'Write the cards as a list of card names in quotes, e.g. ["{first}", "{second}"].',
        "bad_card": "I could not read a card: {error}.",
        "no_answer": "Write an answer first.",
        "too_long": "That answer is too long: write just the answer.",
        "decimal": "Write a fraction such as 3/4, not a decimal such as {text}.",
        "zero_den": "A fraction cannot have 0 at the bottom: nothing is cut into 0 parts.",
        "bad_number": (
            "I could not read {text} as a number. Write a fraction like 3/4, a mixed number like "
            "1 1/2, or a whole number like 1."
        ),
        "bad_yesno": "Answer yes or no.",
        "bad_type": 'Write the answer as text in quotes, e.g. "3/4".',
        "number_right": "Right! {answer} = {value}. {why}",
        "number_wrong": "Not quite: {answer} is not {value}. {why}",
        "want_eighths": "{answer} is the right amount, but the question asks for eighths: write it over 8.",
        "want_mixed": (
            "{answer} is the right amount, but the question asks for a mixed number "
            "(whole pizzas and the part left): {mixed}."
        ),
        "yes": "yes",
        "no": "no",
        "yesno_right": "Right, the answer is {expected}. {why}",
        "yesno_wrong": "Not quite: the answer is {expected}. {why}",
        "cards_right": "Right! {why}",
        "cards_wrong": "Not quite. {why}",
        "cards_title": "Which orders can take {pizza}?",
        "order_fits": "{amount}, the same as the pizza, and the pizza has {topping}",
        "order_amount": "{amount}, not {pizza}",
        "order_topping": "{amount} is the right amount, but there is no {topping} on the pizza",
        "card_can": "{card} can ({reason})",
        "card_cannot": "{card} cannot ({reason})",
        "card_missed": "You left out {card}: it can ({reason}).",
        "card_wrongly": "{card} cannot take it: {reason}.",
        "card_not_choice": "{card} is not one of the cards in the question.",
        "card_unknown": "I could not read {text} as one of the cards in the question ({choices}).",
        "no_question": "There is no question {n}: this ticket has questions 1 to {count}.",
        "summary": "Exit ticket {level}: {right} of {count} right — {marks}",
        "ticket_title": "Exit ticket {level}",
        "check": "Check",
        "q": "Q",
        "equal_amounts": "the amounts are equal",
        "toppings_ok": "the pizza has the topping",
    },
    "ru": {
        "right": "Верно",
        "wrong": "Не совсем",
        "your_answer": "Твой ответ",
        "give_take": "Ты отдаёшь {give} и берёшь {take}.",
        "together": "Все карты вместе: {total}.",
        "capture_right": "Верно! {sums} Доли равны, и взятка по правилам.",
        "capture_right_whole": "Верно! {sums} Это {wholes} целые пиццы.",
        "capture_right_orders": "Верно! {sums} Доли равны, и на каждой пицце есть начинка каждого заказа.",
        "capture_wrong": "Не совсем: {reason}. {sums}",
        "game_over": "Игра окончена: взяток больше нет.",
        "empty_give": 'Напиши хотя бы одну карту, которую отдаёшь, например give=["{example}"].',
        "empty_take": 'Напиши хотя бы одну карту, которую забираешь, например take=["{example}"].',
        "bad_list": 'Запиши карты списком названий в кавычках, например ["{first}", "{second}"].',
        "bad_card": "Не получается прочитать карту: {error}.",
        "no_answer": "Сначала напиши ответ.",
        "too_long": "Ответ слишком длинный: напиши только сам ответ.",
        "decimal": "Напиши дробь, например 3/4, а не десятичную дробь {text}.",
        "zero_den": "У дроби не может быть 0 внизу: нельзя разрезать на 0 частей.",
        "bad_number": (
            "Не получается прочитать {text} как число. Напиши дробь (3/4), смешанное число (1 1/2) "
            "или целое число (1)."
        ),
        "bad_yesno": "Ответь «да» или «нет».",
        "bad_type": 'Напиши ответ текстом в кавычках, например "3/4".',
        "number_right": "Верно! {answer} = {value}. {why}",
        "number_wrong": "Не совсем: {answer} — это не {value}. {why}",
        "want_eighths": (
            "{answer} — верная величина, но в вопросе нужны восьмые доли: запиши дробь со знаменателем 8."
        ),
        "want_mixed": (
            "{answer} — верная величина, но в вопросе нужно смешанное число "
            "(целые пиццы и оставшаяся часть): {mixed}."
        ),
        "yes": "да",
        "no": "нет",
        "yesno_right": "Верно, ответ: {expected}. {why}",
        "yesno_wrong": "Не совсем: ответ — {expected}. {why}",
        "cards_right": "Верно! {why}",
        "cards_wrong": "Не совсем. {why}",
        "cards_title": "Какие заказы могут взять {pizza}?",
        "order_fits": "{amount} — столько же, сколько пиццы, и на пицце есть начинка «{topping}»",
        "order_amount": "{amount}, а не {pizza}",
        "order_topping": "{amount} — величина верная, но на пицце нет начинки «{topping}»",
        "card_can": "{card} может ({reason})",
        "card_cannot": "{card} не может ({reason})",
        "card_missed": "Пропущен {card}: он тоже может взять пиццу ({reason}).",
        "card_wrongly": "{card} не может взять эту пиццу: {reason}.",
        "card_not_choice": "{card} — этой карты нет среди карт в вопросе.",
        "card_unknown": "Не получается найти {text} среди карт в вопросе ({choices}).",
        "no_question": "Вопроса {n} нет: в этом билете вопросы с 1 по {count}.",
        "summary": "Билет на выход {level}: верно {right} из {count} — {marks}",
        "ticket_title": "Билет на выход {level}",
        "check": "Проверить",
        "q": "В",
        "equal_amounts": "доли равны",
        "toppings_ok": "на пицце есть эта начинка",
    },
    "bg": {
        "right": "Вярно",
        "wrong": "Не съвсем",
        "your_answer": "Твоят отговор",
        "give_take": "Даваш {give} и вземаш {take}.",
        "together": "Всички карти заедно: {total}.",
        "capture_right": "Вярно! {sums} Количествата са равни и взятката е по правилата.",
        "capture_right_whole": "Вярно! {sums} Това са {wholes} цели пици.",
        "capture_right_orders": (
            "Вярно! {sums} Количествата са равни и на всяка пица има съставката на всяка поръчка."
        ),
        "capture_wrong": "Не съвсем: {reason}. {sums}",
        "game_over": "Играта свърши: няма повече взятки.",
        "empty_give": 'Напиши поне една карта, която даваш, например give=["{example}"].',
        "empty_take": 'Напиши поне една карта, която вземаш, например take=["{example}"].',
        "bad_list": 'Запиши картите като списък от имена в кавички, например ["{first}", "{second}"].',
        "bad_card": "Не мога да прочета карта: {error}.",
        "no_answer": "Първо напиши отговор.",
        "too_long": "Отговорът е твърде дълъг: напиши само отговора.",
        "decimal": "Напиши обикновена дроб, например 3/4, а не десетична {text}.",
        "zero_den": "Дробта не може да има 0 отдолу: нищо не се реже на 0 части.",
        "bad_number": (
            "Не мога да прочета {text} като число. Напиши дроб (3/4), смесено число (1 1/2) "
            "или цяло число (1)."
        ),
        "bad_yesno": "Отговори с „да“ или „не“.",
        "bad_type": 'Напиши отговора като текст в кавички, например "3/4".',
        "number_right": "Вярно! {answer} = {value}. {why}",
        "number_wrong": "Не съвсем: {answer} не е {value}. {why}",
        "want_eighths": (
            "{answer} е вярното количество, но въпросът иска осмини: запиши дробта със знаменател 8."
        ),
        "want_mixed": (
            "{answer} е вярното количество, но въпросът иска смесено число "
            "(цели пици и останалата част): {mixed}."
        ),
        "yes": "да",
        "no": "не",
        "yesno_right": "Вярно, отговорът е {expected}. {why}",
        "yesno_wrong": "Не съвсем: отговорът е {expected}. {why}",
        "cards_right": "Вярно! {why}",
        "cards_wrong": "Не съвсем. {why}",
        "cards_title": "Кои поръчки могат да вземат {pizza}?",
        "order_fits": "{amount}, колкото е пицата, и на пицата има съставка „{topping}“",
        "order_amount": "{amount}, а не {pizza}",
        "order_topping": "{amount} е вярното количество, но на пицата няма съставка „{topping}“",
        "card_can": "{card} може ({reason})",
        "card_cannot": "{card} не може ({reason})",
        "card_missed": "Пропусна {card}: тази поръчка може да вземе пицата ({reason}).",
        "card_wrongly": "{card} не може да вземе тази пица: {reason}.",
        "card_not_choice": "{card} не е сред картите във въпроса.",
        "card_unknown": "Не мога да намеря {text} сред картите във въпроса ({choices}).",
        "no_question": "Няма въпрос {n}: в тази карта въпросите са от 1 до {count}.",
        "summary": "Изходна карта {level}: {right} от {count} верни — {marks}",
        "ticket_title": "Изходна карта {level}",
        "check": "Провери",
        "q": "В",
        "equal_amounts": "количествата са равни",
        "toppings_ok": "на пицата има тази съставка",
    },
}

_YES = frozenset({"yes", "y", "да", "д"})
_NO = frozenset({"no", "n", "нет", "не", "н"})


def _w(key: str, language: str | None, **values: Any) -> str:
    lang = resolve_language(language)
    template = WORDS.get(lang, {}).get(key) or WORDS["en"][key]
    return template.format(**values)


def _card_text(card: Card, language: str | None) -> str:
    """A card named for the pupil: the notation in English (what the English lessons
    teach), the catalogue's words in Russian and Bulgarian (``card_words``)."""
    lang = resolve_language(language)
    return card.name if lang == "en" else card_words(card, lang)


def _topping_text(name: str, language: str | None) -> str:
    return say(f"topping.{name}", language)


def _example(name: str, language: str | None) -> str:
    """A card as a pupil types it in ``language`` (for "e.g." in a message): the notation
    in English, else the catalogue's topping words ("помидоры 1/4", "2/8 грибы+помидоры")."""
    card = parse_card(name)
    lang = resolve_language(language)
    if lang == "en" or card.kind not in ("order", "pizza"):
        return card.name
    if card.kind == "order":
        return f"{_topping_text(card.topping_names[0], lang)} {card.printed}"
    return f"{card.printed} {'+'.join(_topping_text(t, lang) for t in card.topping_names)}"


def _local(texts: Mapping[str, str], language: str | None) -> str:
    return texts.get(resolve_language(language)) or texts["en"]


#: Quotation marks around pupil text, as each language prints them.
_QUOTES = {"en": ("“", "”"), "ru": ("«", "»"), "bg": ("„", "“")}


def _quote(text: str, language: str | None = None, limit: int = 40) -> str:
    """Pupil text shown back in a message: quoted and shortened (escaped later, in HTML)."""
    short = text if len(text) <= limit else text[: limit - 1] + "…"
    left, right = _QUOTES.get(resolve_language(language), _QUOTES["en"])
    return f"{left}{short}{right}"


def _sentence(text: str) -> str:
    """Words that start a sentence, with a capital ("заказ «грибы 6/8» …" → "Заказ …")."""
    return text[:1].upper() + text[1:]


# --------------------------------------------------------------------------------------
# Feedback


@dataclass
class Feedback:
    """The answer to a self-check: right or wrong, and why.

    ``message`` is plain words (with the arithmetic); ``explanation`` is the engine's
    :class:`~teachgames.explain.Explanation` (or None when the answer could not be read).
    In a notebook it shows ✓/✗, the message and the explanation's maths.
    """

    correct: bool
    message: str
    explanation: Explanation | None = None
    answer: str = ""
    title: str = ""
    language: str = "en"

    def __bool__(self) -> bool:
        return self.correct

    def text(self) -> str:
        mark = "✓" if self.correct else "✗"
        lines = [f"{mark} {self.title + ': ' if self.title else ''}{self.message}"]
        if self.explanation is not None:
            lines.append(self.explanation.text())
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        esc = html.escape
        ok = self.correct
        colour = "var(--jp-success-color1, #1a7f37)" if ok else "var(--jp-error-color1, #b42318)"
        mark = "✓" if ok else "✗"
        verdict = _w("right" if ok else "wrong", self.language)
        parts = [
            f'<div class="teachgames-feedback" data-correct="{str(ok).lower()}" '
            f'style="border-left:4px solid {colour};padding:0.3em 0.8em;margin:0.4em 0;'
            'color:var(--jp-content-font-color1, inherit)">',
            f'<p style="margin:0.2em 0"><strong style="color:{colour}">{mark} {esc(verdict)}</strong>',
        ]
        if self.title:
            parts.append(f" <span>({esc(self.title)})</span>")
        parts.append("</p>")
        if self.answer:
            parts.append(
                f'<p style="margin:0.2em 0">{esc(_w("your_answer", self.language))}: '
                f"<code>{esc(self.answer)}</code></p>"
            )
        parts.append(f'<p style="margin:0.2em 0">{esc(self.message)}</p>')
        if self.explanation is not None:
            try:
                parts.append(self.explanation.html())
            except Exception:  # a picture that fails must not hide the feedback
                parts.append(f"<pre>{esc(self.explanation.text())}</pre>")
        parts.append("</div>")
        return "".join(parts)


# --------------------------------------------------------------------------------------
# Reading answers (never eval)

_NUMBER_RE = re.compile(
    r"^(?P<sign>[-−])?\s*(?:(?P<whole>\d+)\s+)?(?P<num>\d+)\s*[/⁄÷]\s*(?P<den>\d+)$|"
    r"^(?P<isign>[-−])?\s*(?P<int>\d+)$"
)
_DECIMAL_RE = re.compile(r"^[-−]?\s*\d*[.,]\d+$")


@dataclass(frozen=True)
class ParsedNumber:
    """A number as the pupil wrote it: ``kind`` "whole", "fraction" or "mixed"."""

    kind: str
    negative: bool
    whole: int
    numerator: int
    denominator: int

    @property
    def eighths_exact(self) -> bool:
        return self.kind == "fraction" and self.denominator == SLICES_PER_PIZZA

    def ratio(self) -> tuple[int, int]:
        """The value as (p, q) with q > 0 (not reduced)."""
        p = self.whole * self.denominator + self.numerator
        return (-p if self.negative else p), self.denominator

    def value(self) -> Any:
        """The exact value, a sympy Rational."""
        from sympy import Rational

        p, q = self.ratio()
        return Rational(p, q)

    def printed(self) -> str:
        sign = "-" if self.negative else ""
        if self.kind == "whole":
            return f"{sign}{self.whole}"
        if self.kind == "fraction":
            return f"{sign}{self.numerator}/{self.denominator}"
        return f"{sign}{self.whole} {self.numerator}/{self.denominator}"

    def expr(self) -> Any:
        """The number as the explanation prints it (2/8 stays 2/8)."""
        from ..explain import Mixed, Printed

        if self.kind == "mixed":
            return Mixed(self.value())
        p, q = self.ratio()
        return Printed(p, q)


def parse_number(text: object, language: str | None = None) -> ParsedNumber | str:
    """Read "3/4", "6/8", "1 1/2", "1", "-15/8". Returns a ParsedNumber, or a message
    in plain words saying how to write the answer (never raises, never evals)."""
    if isinstance(text, bool) or not isinstance(text, (str, int)):
        return _w("bad_type", language)
    raw = str(text).strip()
    if not raw:
        return _w("no_answer", language)
    if len(raw) > MAX_ANSWER:
        return _w("too_long", language)
    if _DECIMAL_RE.match(raw):
        return _w("decimal", language, text=_quote(raw, language))
    m = _NUMBER_RE.match(raw)
    if m is None:
        return _w("bad_number", language, text=_quote(raw, language))
    digits = [g for g in (m.group("whole"), m.group("num"), m.group("den"), m.group("int")) if g]
    if any(len(d.lstrip("0")) > _MAX_DIGITS for d in digits):
        return _w("too_long", language)
    if m.group("int") is not None:
        return ParsedNumber("whole", bool(m.group("isign")), int(m.group("int")), 0, 1)
    den = int(m.group("den"))
    if den == 0:
        return _w("zero_den", language)
    kind = "mixed" if m.group("whole") is not None else "fraction"
    whole = int(m.group("whole") or 0)
    return ParsedNumber(kind, bool(m.group("sign")), whole, int(m.group("num")), den)


#: Longest run of pieces joined back into one card ("2/8 грибы и помидоры" is three).
_MAX_CARD_PIECES = 4


def _soft_split(language: str | None) -> re.Pattern[str]:
    """What may separate two cards but also join two toppings inside a pizza's name:
    "+", "&" and the catalogue's "and" ("и")."""
    words = "|".join(re.escape(w) for w in connector_words(language))
    return re.compile(rf"(\s*(?:[+&]|\b(?:{words})\b)\s*)")


def _reads_as_card(text: str, language: str | None) -> bool:
    try:
        parse_card_words(text, language)
    except ValueError:
        return False
    return True


def _split_cards(chunk: str, language: str | None) -> list[str]:
    """One chunk between commas as card texts: the longest run of pieces that reads as
    one card is kept together ("2/8 грибы и помидоры"), else each piece stands alone
    (a bare amount such as "3/8" is matched later)."""
    parts = _soft_split(language).split(chunk)
    pieces, seps = parts[0::2], parts[1::2]
    out: list[str] = []
    i = 0
    while i < len(pieces):
        if not pieces[i].strip():
            i += 1
            continue
        for j in range(min(len(pieces), i + _MAX_CARD_PIECES), i, -1):
            text = pieces[i] + "".join(seps[k] + pieces[k + 1] for k in range(i, j - 1))
            if j == i + 1 or _reads_as_card(text, language):
                out.append(text.strip())
                i = j
                break
    return out


def _card_list(value: object, language: str | None) -> list[str] | str:
    """A list of card texts from a list or one string ("a, b and c"); or a message."""
    if isinstance(value, str):
        if len(value) > 4 * MAX_ANSWER:
            return _w("too_long", language)
        items: list[str] = []
        for chunk in re.split(r"[,;]", value.strip()):
            items += _split_cards(chunk, language)
        return items
    if isinstance(value, (list, tuple)):
        if len(value) > 20 or not all(isinstance(v, str) for v in value):
            return _bad_list(language)
        return [v for v in value if v.strip()]
    return _bad_list(language)


def _bad_list(language: str | None) -> str:
    return _w("bad_list", language, first=_example("2/8 mt", language), second=_example("3/8 pt", language))


def _parse_cards(items: Sequence[str], language: str | None) -> list[Card] | str:
    cards = []
    for item in items:
        try:
            cards.append(parse_card_words(item, language))
        except ValueError as exc:
            return _w("bad_card", language, error=str(exc))
    return cards


# --------------------------------------------------------------------------------------
# Arithmetic in words


def _fraction(n: int, d: int) -> str:
    return str(n) if d == 1 else f"{n}/{d}"


def _mixed_words(p: int, q: int) -> str:
    """p/q as a mixed number in lowest terms ("1 3/8", "3", "5/8", "-1 7/8")."""
    from math import gcd

    sign = "-" if p < 0 else ""
    p = abs(p)
    g = gcd(p, q) or 1
    p, q = p // g, q // g
    whole, rest = divmod(p, q)
    if rest == 0:
        return f"{sign}{whole}"
    if whole == 0:
        return f"{sign}{rest}/{q}"
    return f"{sign}{whole} {rest}/{q}"


def _side_words(cards: Sequence[Card]) -> str:
    """Each card as printed, then in eighths, then the total: "1/4 + 1/2 = 2/8 + 4/8 = 6/8"."""
    chain = [" + ".join(c.printed for c in cards)]
    if any(c.denominator != SLICES_PER_PIZZA for c in cards):
        chain.append(" + ".join(f"{c.eighths}/8" for c in cards))
    if len(cards) > 1:
        chain.append(f"{sum(c.eighths for c in cards)}/8")
    return " = ".join(chain)


def _sums_words(game: DelissimoGame, give: Sequence[Card], take: Sequence[Card], language: str | None) -> str:
    if not give or not take:
        return ""
    if game.rules.whole_pizzas:
        return _w("together", language, total=_side_words([*give, *take]))
    return _w("give_take", language, give=_side_words(give), take=_side_words(take))


def _reason(explanation: Explanation) -> str:
    """The rule a refused move breaks: the last words of its explanation."""
    for step in reversed(explanation.steps):
        if step.words and not step.heading:
            return step.words.rstrip(".")
    return ""


_KEEP_CAPITAL = ("Player", "Игрок", "Играч")


def _lower_first(words: str) -> str:
    """A sentence to go after a colon: small first letter, except for names."""
    if words.startswith(_KEEP_CAPITAL) or words[:2] == words[:2].upper():
        return words
    return words[:1].lower() + words[1:]


# --------------------------------------------------------------------------------------
# check_capture

#: Refusals whose reason needs no sums after it (the cards are not there, or the reason
#: already shows the arithmetic).
_NO_SUMS = frozenset(
    {"not-in-hand", "not-open", "give-not-order", "take-not-pizza", "game-over", "sum-differs"}
)


def check_capture(
    game: DelissimoGame,
    give: Sequence[str] | str,
    take: Sequence[str] | str,
    *,
    player: int | None = None,
    language: str | None = None,
) -> Feedback:
    """Is this capture legal now, and why? The game is only asked, never changed.

    ``give``/``take`` are card names (a list, or one string such as "1/8 mp, 6/8 mp").
    ``player`` defaults to the player to act. Bad input gives a Feedback that says how
    to write it, never an exception.
    """
    lang = resolve_language(language)
    shown = f"give={give!r}, take={take!r}"[: 2 * MAX_ANSWER]
    if game.is_over():
        return Feedback(False, _w("game_over", lang), None, shown, language=lang)
    parsed: list[list[Card]] = []
    for value, empty, example in ((give, "empty_give", "2/8 mt"), (take, "empty_take", "4/8 pt")):
        items = _card_list(value, lang)
        if isinstance(items, str):
            return Feedback(False, items, None, shown, language=lang)
        if not items:
            return Feedback(False, _w(empty, lang, example=_example(example, lang)), None, shown,
                            language=lang)  # fmt: skip
        cards = _parse_cards(items, lang)
        if isinstance(cards, str):
            return Feedback(False, cards, None, shown, language=lang)
        parsed.append(cards)
    give_cards, take_cards = parsed
    who = game.current_player if player is None else player
    move = {
        "kind": "capture",
        "player": who,
        "give": [c.name for c in give_cards],
        "take": [c.name for c in take_cards],
    }
    try:
        explanation = game.explain(move, language=lang)
    except Exception as exc:  # the engine's words, even if it cannot explain this move
        return Feedback(False, str(exc), None, shown, language=lang)
    sums = _sums_words(game, give_cards, take_cards, lang)
    if explanation.verdict:
        if game.rules.whole_pizzas:
            total = sum(c.eighths for c in [*give_cards, *take_cards])
            message = _w("capture_right_whole", lang, sums=sums, wholes=total // SLICES_PER_PIZZA)
        else:
            key = "capture_right_orders" if game.rules.orders else "capture_right"
            message = _w(key, lang, sums=sums)
        return Feedback(True, message, explanation, shown, language=lang)
    reason = _reason(explanation)
    try:
        problem = game.problem(move)
    except Exception:
        problem = None
    if problem is not None and problem.code in _NO_SUMS:
        sums = ""
    message = _w("capture_wrong", lang, reason=_lower_first(reason), sums=sums).strip()
    return Feedback(False, message, explanation, shown, language=lang)


# --------------------------------------------------------------------------------------
# Questions


@dataclass(frozen=True)
class Question:
    """One exit-ticket question: its words (per language) and how an answer is checked."""

    texts: Mapping[str, str]

    def text(self, language: str | None = None) -> str:
        return _local(self.texts, language)

    def check(self, answer: object, language: str | None = None) -> Feedback:  # pragma: no cover
        raise NotImplementedError


@dataclass(frozen=True)
class NumberQuestion(Question):
    """Answered with a number. ``form``: "any" (every equal form is right), "eighths"
    (a fraction over 8), or "mixed" (a whole number or a mixed number with a proper part).
    ``why`` builds the worked explanation; ``why_words`` says it in one line."""

    value: tuple[int, int] = (0, 1)
    form: str = "any"
    why_words: Mapping[str, str] = field(default_factory=dict)
    why: Callable[[str | None], Explanation] | None = None

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        read = parse_number(answer, lang)
        if isinstance(read, str):
            return Feedback(False, read, None, shown[:MAX_ANSWER], language=lang)
        from sympy import Rational

        want = Rational(*self.value)
        got = read.value()
        value_words = _fraction(*self.value)
        why = _local(self.why_words, lang) if self.why_words else ""
        explanation = self._explain(lang, read if got != want else None)
        if got != want:
            message = _w("number_wrong", lang, answer=read.printed(), value=value_words, why=why)
            return Feedback(False, message.strip(), explanation, shown, language=lang)
        if self.form == "eighths" and not read.eighths_exact:
            message = _w("want_eighths", lang, answer=read.printed())
            return Feedback(False, message, explanation, shown, language=lang)
        proper = read.kind == "whole" or (read.kind == "mixed" and read.numerator < read.denominator)
        if self.form == "mixed" and not proper and abs(got) >= 1:
            message = _w("want_mixed", lang, answer=read.printed(), mixed=_mixed_words(*self.value))
            return Feedback(False, message, explanation, shown, language=lang)
        message = _w("number_right", lang, answer=read.printed(), value=value_words, why=why)
        return Feedback(True, message.strip(), explanation, shown, language=lang)

    def _explain(self, language: str, wrong: ParsedNumber | None) -> Explanation | None:
        if self.why is None:
            return None
        e = self.why(language)
        if wrong is not None:
            from sympy import Rational

            e.add(_w("your_answer", language) + ":", [wrong.expr(), Rational(*self.value)], ["≠"])
            e.verdict = False
        return e


@dataclass(frozen=True)
class YesNoQuestion(Question):
    """Asks "can these orders take that pizza?": the engine's verdict on ``move`` in the
    position ``position`` (``scenario`` keywords) is the answer."""

    position: Mapping[str, Any] = field(default_factory=dict)
    give: tuple[str, ...] = ()
    take: tuple[str, ...] = ()
    note: Mapping[str, str] = field(default_factory=dict)

    def game(self) -> DelissimoGame:
        from .engine import scenario

        return scenario(**self.position)

    def expected(self) -> bool:
        return bool(self.explanation().verdict)

    def explanation(self, language: str | None = None) -> Explanation:
        g = self.game()
        move = {
            "kind": "capture",
            "player": g.current_player,
            "give": list(self.give),
            "take": list(self.take),
        }
        return g.explain(move, language=language)

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        if isinstance(answer, bool):
            said: bool | None = answer
        elif isinstance(answer, str):
            word = answer.strip().lower().rstrip(".!")
            first = word.split()[0].rstrip(",:;") if word.split() else ""
            said = True if first in _YES else False if first in _NO else None
        else:
            said = None
        if said is None:
            return Feedback(False, _w("bad_yesno", lang), None, shown[:MAX_ANSWER], language=lang)
        explanation = self.explanation(lang)
        truth = bool(explanation.verdict)
        g = self.game()
        cards = [parse_card(c) for c in self.give], [parse_card(c) for c in self.take]
        why = _sums_words(g, *cards, lang)
        if not truth:
            why = f"{_reason(explanation)}. {why}"
        if self.note:
            why = f"{why} {_local(self.note, lang)}"
        key = "yesno_right" if said == truth else "yesno_wrong"
        message = _w(key, lang, expected=_w("yes" if truth else "no", lang), why=why.strip())
        return Feedback(said == truth, message, explanation, shown, language=lang)


@dataclass(frozen=True)
class CardsQuestion(Question):
    """Asks "which of these orders can take pizza X?": each choice is checked by the engine
    (one order for that pizza, in the position ``position``); the answer is the set of
    choices that can."""

    position: Mapping[str, Any] = field(default_factory=dict)
    choices: tuple[str, ...] = ()
    pizza: str = ""

    def game(self) -> DelissimoGame:
        from .engine import scenario

        return scenario(**self.position)

    def verdicts(self, language: str | None = None) -> dict[str, Explanation]:
        g = self.game()
        return {
            c: g.explain(
                {"kind": "capture", "player": g.current_player, "give": [c], "take": [self.pizza]},
                language=language,
            )
            for c in self.choices
        }

    def expected(self) -> set[str]:
        return {c for c, e in self.verdicts().items() if e.verdict}

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        chosen = _resolve_choices(answer, self.choices, lang)
        if isinstance(chosen, str):
            return Feedback(False, chosen, None, shown[:MAX_ANSWER], language=lang)
        verdicts = self.verdicts(lang)
        g = self.game()
        pizza = [parse_card(self.pizza)]

        def reason(card: str) -> str:
            order = parse_card(card)
            amount = _side_words([order])
            topping = _topping_text(order.topping_names[0], lang)
            if verdicts[card].verdict:
                return _w("order_fits", lang, amount=amount, pizza=pizza[0].printed, topping=topping)
            if order.eighths != pizza[0].eighths:
                return _w("order_amount", lang, amount=amount, pizza=pizza[0].printed)
            if not order.toppings & pizza[0].toppings:
                return _w("order_topping", lang, amount=amount, topping=topping)
            return _lower_first(_reason(verdicts[card]))

        right = {c for c, e in verdicts.items() if e.verdict}

        def named(card: str) -> str:
            return _card_text(parse_card(card), lang)

        notes = []
        for c in self.choices:
            if c in chosen and c not in right:
                notes.append(_sentence(_w("card_wrongly", lang, card=named(c), reason=reason(c))))
            elif c in right and c not in chosen:
                notes.append(_sentence(_w("card_missed", lang, card=named(c), reason=reason(c))))
        summary = _sentence(
            "; ".join(
                _w("card_can" if c in right else "card_cannot", lang, card=named(c), reason=reason(c))
                for c in self.choices
            )
        )
        title = _w("cards_title", lang, pizza=_card_text(pizza[0], lang))
        explanation = _combined(g, verdicts, title, lang)
        if chosen == right:
            return Feedback(
                True, _w("cards_right", lang, why=summary + "."), explanation, shown, language=lang
            )
        return Feedback(
            False, _w("cards_wrong", lang, why=" ".join(notes)), explanation, shown, language=lang
        )


@dataclass(frozen=True)
class CaptureQuestion(Question):
    """Asks "what can your 5/8 card take?": the pupil names cards from the centre; any legal
    capture with the ``give`` cards is right (there may be several)."""

    position: Mapping[str, Any] = field(default_factory=dict)
    give: tuple[str, ...] = ()

    def game(self) -> DelissimoGame:
        from .engine import scenario

        return scenario(**self.position)

    def open_cards(self) -> tuple[str, ...]:
        return tuple(self.game().view()["open"])

    def answers(self) -> list[set[str]]:
        """Every right answer (a set of open cards)."""
        give = {parse_card(c) for c in self.give}
        return [{c.name for c in m.take} for m in self.game().captures() if set(m.give) == give]

    def check(self, answer: object, language: str | None = None) -> Feedback:
        lang = resolve_language(language)
        shown = answer if isinstance(answer, str) else repr(answer)
        chosen = _resolve_choices(answer, self.open_cards(), lang)
        if isinstance(chosen, str):
            return Feedback(False, chosen, None, shown[:MAX_ANSWER], language=lang)
        inner = check_capture(self.game(), list(self.give), sorted(chosen), language=lang)
        return Feedback(inner.correct, inner.message, inner.explanation, shown, language=lang)


def _resolve_choices(answer: object, choices: Sequence[str], language: str | None) -> set[str] | str:
    """The choices the pupil named: by full name ("tomato 3/4"), or by the amount alone
    ("3/8") when just one choice shows it. A message if something cannot be matched."""
    items = _card_list(answer, language)
    if isinstance(items, str):
        return items
    if not items:
        return _w("no_answer", language)
    cards = {c: parse_card(c) for c in choices}
    out: set[str] = set()
    for item in items:
        try:
            card: Card | None = parse_card_words(item, language)
        except ValueError:
            card = None
        if card is not None:
            named = [c for c, face in cards.items() if face == card]
            if not named:
                return _sentence(_w("card_not_choice", language, card=_card_text(card, language)))
            out.add(named[0])
            continue
        key = re.sub(r"\s*/\s*", "/", " ".join(item.lower().split()))
        by_amount = [c for c, face in cards.items() if face.printed == key]
        if len(by_amount) == 1:
            out.add(by_amount[0])
            continue
        shown = ", ".join(_card_text(face, language) for face in cards.values())
        return _w("card_unknown", language, text=_quote(item, language), choices=shown)
    return out


def _combined(
    game: DelissimoGame, verdicts: Mapping[str, Explanation], title: str, language: str | None
) -> Explanation:
    """One explanation with a heading per choice (each checked by the engine)."""
    from ..explain import Explanation

    e = Explanation(title=title, language=language)
    for explanation in verdicts.values():
        e.add_heading(("✓ " if explanation.verdict else "✗ ") + explanation.title)
        e.extend(explanation)
    return e


# --------------------------------------------------------------------------------------
# The exit tickets of the three lesson plans (lessons/delissimo-*.md)


def _why_pile(language: str | None) -> Explanation:
    from sympy import Integer

    from ..explain import Explanation, Printed, psum
    from .explain import whole_groups

    pile = [2, 6, 5, 3, 7, 1]
    e = Explanation(title=_local(_PILE_TITLE, language), language=language)
    e.add(_local(_PILE_ALL, language), [psum([Printed(k, 8) for k in pile]), Printed(24, 8), Integer(3)])
    groups, _left = whole_groups(pile)
    for group in groups:
        e.add(
            _local(_PILE_WHOLE, language), [psum([Printed(k, 8) for k in group]), Printed(8, 8), Integer(1)]
        )
    return e


def _why_three_quarters(language: str | None) -> Explanation:
    from ..explain import Explanation, Printed

    e = Explanation(title="3/4 = ?/8", language=language)
    e.add(_local(_TIMES_TWO, language), [Printed(3, 4), Printed(6, 8)])
    return e


def _why_final_score(language: str | None) -> Explanation:
    from sympy import Integer, Rational

    from ..explain import Explanation, Mixed, Printed, pdiff, psum

    e = Explanation(title=_local(_SCORE_TITLE, language), language=language)
    e.add(_local(_SCORE_DELIVERED, language), [Mixed(Rational(13, 4)), Printed(26, 8)])
    e.add(_local(_SCORE_PENALTY, language), [psum([Printed(5, 8), Integer(1)]), Printed(13, 8)])
    e.add(_local(_SCORE_FINAL, language), [pdiff(Printed(26, 8), Printed(13, 8)), Printed(13, 8),
                                           Mixed(Rational(13, 8))])  # fmt: skip
    return e


def _why_sum(language: str | None) -> Explanation:
    from sympy import Rational

    from ..explain import Explanation, Mixed, Printed, psum

    e = Explanation(title="3/4 + 5/8", language=language)
    e.add(
        _local(_SUM_EIGHTHS, language),
        [psum([Printed(3, 4), Printed(5, 8)]), psum([Printed(6, 8), Printed(5, 8)]), Printed(11, 8),
         Mixed(Rational(11, 8))],
    )  # fmt: skip
    return e


_PILE_TITLE = {"en": "Counting the pile", "ru": "Считаем взятки", "bg": "Броим взятките"}
_PILE_ALL = {"en": "All the slices:", "ru": "Все куски:", "bg": "Всички парчета:"}
_PILE_WHOLE = {"en": "A whole pizza:", "ru": "Целая пицца:", "bg": "Цяла пица:"}
_TIMES_TWO = {
    "en": "Multiply the top and the bottom by 2:",
    "ru": "Умножим числитель и знаменатель на 2:",
    "bg": "Умножаваме числителя и знаменателя по 2:",
}
_SCORE_TITLE = {"en": "The final score", "ru": "Итоговый счёт", "bg": "Крайният резултат"}
_SCORE_DELIVERED = {"en": "Delivered:", "ru": "Доставлено:", "bg": "Доставено:"}
_SCORE_PENALTY = {
    "en": "Penalty: tomato 5/8, and the special order counts as a whole pizza:",
    "ru": "Штраф: помидоры 5/8, а спецзаказ — целая пицца:",
    "bg": "Наказание: домати 5/8, а специалната поръчка е цяла пица:",
}
_SCORE_FINAL = {"en": "Final score:", "ru": "Итог:", "bg": "Резултат:"}
_SUM_EIGHTHS = {
    "en": "Write both in eighths, then add:",
    "ru": "Запишем обе дроби в восьмых и сложим:",
    "bg": "Записваме двете дроби в осми и събираме:",
}

#: The three tickets, by notebook: (level label, questions).
TICKETS: dict[str, tuple[str, tuple[Question, ...]]] = {
    "6plus": (
        "6+",
        (
            CaptureQuestion(
                texts={
                    "en": "The centre has 1/8, 4/8, 3/8 and 2/8. What can your 5/8 card take? "
                    'Answer with the centre cards, e.g. "1/8, 2/8".',
                    "ru": "В центре 1/8, 4/8, 3/8 и 2/8. Что можно забрать картой 5/8? "
                    'Напиши карты из центра, например "1/8, 2/8".',
                    "bg": "В центъра има 1/8, 4/8, 3/8 и 2/8. Какво може да вземе картата 5/8? "
                    'Напиши картите от центъра, например "1/8, 2/8".',
                },
                position={
                    "level": "beginner",
                    "hands": [["5/8 mt"], ["6/8 pt"]],
                    "centre": ["1/8 mp", "4/8 pt", "3/8 mt", "2/8 pt"],
                },
                give=("5/8 mt",),
            ),
            YesNoQuestion(
                texts={
                    "en": "Can your 3/8 card take a 3/8 card from the centre? Answer yes or no.",
                    "ru": "Можно ли картой 3/8 забрать карту 3/8 из центра? Ответь «да» или «нет».",
                    "bg": "Може ли картата 3/8 да вземе карта 3/8 от центъра? Отговори с „да“ или „не“.",
                },
                position={
                    "level": "beginner",
                    "hands": [["3/8 mp"], ["6/8 pt"]],
                    "centre": ["3/8 pt", "1/8 mt", "5/8 mp", "2/8 mt"],
                },
                give=("3/8 mp",),
                take=("3/8 pt",),
                note={
                    "en": "The amounts are equal, but one card may never take one card.",
                    "ru": "Кусков поровну, но одной картой одну брать нельзя.",
                    "bg": "Парчетата са равни, но една карта срещу една не може.",
                },
            ),
            NumberQuestion(
                texts={
                    "en": "Your pile holds 2/8, 6/8, 5/8, 3/8, 7/8 and 1/8. How many pizzas is that? "
                    '(e.g. "2", "2 1/2" or "20/8")',
                    "ru": "Во взятках 2/8, 6/8, 5/8, 3/8, 7/8 и 1/8. Сколько это пицц?",
                    "bg": "Във взятките има 2/8, 6/8, 5/8, 3/8, 7/8 и 1/8. Колко пици е това?",
                },
                value=(3, 1),
                form="any",
                why_words={
                    "en": "2 + 6 = 8, 5 + 3 = 8, 7 + 1 = 8: 24 slices = 3 whole pizzas.",
                    "ru": "2 + 6 = 8, 5 + 3 = 8, 7 + 1 = 8: 24 куска = 3 целые пиццы.",
                    "bg": "2 + 6 = 8, 5 + 3 = 8, 7 + 1 = 8: 24 парчета = 3 цели пици.",
                },
                why=_why_pile,
            ),
        ),
    ),
    "8plus": (
        "8+",
        (
            CardsQuestion(
                texts={
                    "en": "Which of these orders can take the pizza 6/8 mt: tomato 3/4, pepper 3/4, "
                    "mushroom 6/8, tomato 1/2? Name every one that can.",
                    "ru": "Какие заказы могут взять пиццу 6/8 mt: tomato 3/4, pepper 3/4, mushroom 6/8, "
                    "tomato 1/2? Назови все.",
                    "bg": "Кои поръчки могат да вземат пицата 6/8 mt: tomato 3/4, pepper 3/4, mushroom 6/8, "
                    "tomato 1/2? Назови всички.",
                },
                position={
                    "level": "basic",
                    "hands": [["tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"], []],
                    "stacks": [["6/8 mt"], [], []],
                },
                choices=("tomato 3/4", "pepper 3/4", "mushroom 6/8", "tomato 1/2"),
                pizza="6/8 mt",
            ),
            NumberQuestion(
                texts={
                    "en": "Write 3/4 in eighths.",
                    "ru": "Запиши 3/4 в восьмых долях.",
                    "bg": "Запиши 3/4 в осми.",
                },
                value=(3, 4),
                form="eighths",
                why_words={
                    "en": "3/4 = (3 × 2)/(4 × 2) = 6/8.",
                    "ru": "3/4 = (3 × 2)/(4 × 2) = 6/8.",
                    "bg": "3/4 = (3 × 2)/(4 × 2) = 6/8.",
                },
                why=_why_three_quarters,
            ),
            YesNoQuestion(
                texts={
                    "en": "Can mushroom 1/4 and tomato 1/2 together take the pizza 6/8 pt? Answer yes or no.",
                    "ru": "Могут ли mushroom 1/4 и tomato 1/2 вместе взять пиццу 6/8 pt? "
                    "Ответь «да» или «нет».",
                    "bg": "Могат ли mushroom 1/4 и tomato 1/2 заедно да вземат пицата 6/8 pt? "
                    "Отговори с „да“ или „не“.",
                },
                position={
                    "level": "basic",
                    "hands": [["mushroom 1/4", "tomato 1/2"], []],
                    "stacks": [["6/8 pt"], ["6/8 mt"], []],
                },
                give=("mushroom 1/4", "tomato 1/2"),
                take=("6/8 pt",),
                note={
                    "en": "The same orders can take 6/8 mt: it has both mushroom and tomato.",
                    "ru": "А пиццу 6/8 mt эти заказы взять могут: на ней есть и грибы, и помидоры.",
                    "bg": "А пицата 6/8 mt тези поръчки могат да вземат: на нея има и гъби, и домати.",
                },
            ),
        ),
    ),
    "10plus": (
        "10+",
        (
            YesNoQuestion(
                texts={
                    "en": "At 10+, can tomato 1/4 and pepper 3/8 together take the open pizzas 2/8 pt "
                    "and 3/8 pt? Answer yes or no.",
                    "ru": "На уровне 10+ могут ли tomato 1/4 и pepper 3/8 вместе взять пиццы "
                    "2/8 pt и 3/8 pt? Ответь «да» или «нет».",
                    "bg": "На ниво 10+ могат ли tomato 1/4 и pepper 3/8 заедно да вземат пиците 2/8 pt и "
                    "3/8 pt? Отговори с „да“ или „не“.",
                },
                position={
                    "level": "advanced",
                    "hands": [["tomato 1/4", "pepper 3/8"], []],
                    "stacks": [["2/8 pt"], ["3/8 pt"], []],
                },
                give=("tomato 1/4", "pepper 3/8"),
                take=("2/8 pt", "3/8 pt"),
                note={
                    "en": "Both pizzas have tomato and pepper. At 8+ the answer would be no: several "
                    "orders for several pizzas is a composite order, allowed only at 10+.",
                    "ru": "На обеих пиццах есть помидоры и перец. На уровне 8+ ответ был бы «нет»: "
                    "составной заказ разрешён только с 10 лет.",
                    "bg": "На двете пици има домати и чушки. На ниво 8+ отговорът би бил „не“: "
                    "съставната поръчка е позволена чак от 10 години.",
                },
            ),
            NumberQuestion(
                texts={
                    "en": "The game is over. You delivered 3 1/4 pizzas and still hold tomato 5/8 and "
                    'special mt. What is your final score? (e.g. "1 1/2" or "12/8")',
                    "ru": "Игра окончена. Ты доставил 3 1/4 пиццы, а на руках остались tomato 5/8 и "
                    "special mt. Какой у тебя итоговый счёт?",
                    "bg": "Играта свърши. Доставил си 3 1/4 пици, а в ръката ти са tomato 5/8 и "
                    "special mt. Какъв е крайният ти резултат?",
                },
                value=(13, 8),
                form="any",
                why_words={
                    "en": "Penalty 5/8 + 1 = 13/8; 3 1/4 = 26/8; 26/8 − 13/8 = 13/8 = 1 5/8.",
                    "ru": "Штраф 5/8 + 1 = 13/8; 3 1/4 = 26/8; 26/8 − 13/8 = 13/8 = 1 5/8.",
                    "bg": "Наказание 5/8 + 1 = 13/8; 3 1/4 = 26/8; 26/8 − 13/8 = 13/8 = 1 5/8.",
                },
                why=_why_final_score,
            ),
            NumberQuestion(
                texts={
                    "en": "Work out 3/4 + 5/8 and write the answer as a mixed number.",
                    "ru": "Вычисли 3/4 + 5/8 и запиши ответ смешанным числом.",
                    "bg": "Пресметни 3/4 + 5/8 и запиши отговора като смесено число.",
                },
                value=(11, 8),
                form="mixed",
                why_words={
                    "en": "3/4 + 5/8 = 6/8 + 5/8 = 11/8 = 1 3/8.",
                    "ru": "3/4 + 5/8 = 6/8 + 5/8 = 11/8 = 1 3/8.",
                    "bg": "3/4 + 5/8 = 6/8 + 5/8 = 11/8 = 1 3/8.",
                },
                why=_why_sum,
            ),
        ),
    ),
}


class ExitTicket:
    """Three questions at the end of a lesson; ``answer(n, ...)`` checks one,
    ``summary()`` is the line a pupil shows the teacher."""

    def __init__(self, level: str, questions: Sequence[Question], language: str | None = None) -> None:
        self.level = level
        self.questions = tuple(questions)
        self.language = resolve_language(language)
        self.results: dict[int, bool] = {}
        self.feedback: dict[int, Feedback] = {}

    def question(self, n: int) -> str:
        return self.questions[n - 1].text(self.language)

    def answer(self, n: int, answer: object) -> Feedback:
        """Check the answer to question ``n`` (1-based); the latest answer counts."""
        count = len(self.questions)
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= count:
            shown = repr(n)[:20]
            return Feedback(False, _w("no_question", self.language, n=shown, count=count), None,
                            language=self.language)  # fmt: skip
        try:
            fb = self.questions[n - 1].check(answer, self.language)
        except Exception as exc:  # a pupil's answer must never stop the notebook
            fb = Feedback(False, f"{_w('bad_type', self.language)} ({exc})", None, language=self.language)
        fb.title = f"{_w('q', self.language)}{n}"
        self.results[n] = fb.correct
        self.feedback[n] = fb
        return fb

    @property
    def score(self) -> int:
        return sum(1 for ok in self.results.values() if ok)

    def summary(self) -> str:
        q = _w("q", self.language)
        marks = " ".join(
            f"{q}{n} " + ("?" if n not in self.results else "✓" if self.results[n] else "✗")
            for n in range(1, len(self.questions) + 1)
        )
        return _w("summary", self.language, level=self.level, right=self.score,
                  count=len(self.questions), marks=marks)  # fmt: skip

    def text(self) -> str:
        lines = [_w("ticket_title", self.language, level=self.level)]
        lines += [f"{n}. {q.text(self.language)}" for n, q in enumerate(self.questions, 1)]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        esc = html.escape
        items = "".join(f"<li>{esc(q.text(self.language))}</li>" for q in self.questions)
        title = esc(_w("ticket_title", self.language, level=self.level))
        return f'<div class="teachgames-ticket"><p><strong>{title}</strong></p><ol>{items}</ol></div>'

    def ask(self) -> Any:
        """Text boxes with a Check button per question (ipywidgets), for pupils who
        prefer typing to editing cells. Returns the widget (display it, or let the cell show it)."""
        import ipywidgets as widgets

        rows: list[Any] = []
        summary = widgets.HTML(value=html.escape(self.summary()))

        def row(n: int) -> Any:
            box = widgets.Text(placeholder="…", layout=widgets.Layout(width="24em"))
            button = widgets.Button(description=_w("check", self.language))
            out = widgets.HTML()

            def on_click(_: Any) -> None:
                out.value = self.answer(n, box.value)._repr_html_()
                summary.value = html.escape(self.summary())

            button.on_click(on_click)
            label = widgets.HTML(value=f"<strong>{n}.</strong> {html.escape(self.question(n))}")
            return widgets.VBox([label, widgets.HBox([box, button]), out])

        rows = [row(n) for n in range(1, len(self.questions) + 1)]
        return widgets.VBox([*rows, summary])


def exit_ticket(name: str, language: str | None = None) -> ExitTicket:
    """The exit ticket of a lesson notebook: "6plus", "8plus" or "10plus"."""
    key = str(name).replace("+", "plus").strip().lower()
    if key not in TICKETS:
        raise ValueError(f"no exit ticket {name!r}; there are: {', '.join(TICKETS)}")
    if language is not None and language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; teachgames speaks {', '.join(LANGUAGES)}")
    level, questions = TICKETS[key]
    return ExitTicket(level, questions, language)
