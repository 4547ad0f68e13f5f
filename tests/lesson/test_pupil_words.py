"""The words a pupil reads in Russian and Bulgarian, held to what a native teacher expects.

- A pupil is addressed with ты / ти: no вы-form (the plural imperatives and the pronouns) in
  any lesson's pupil text (its screens and its notebook's own words) or in the games' message
  catalogues (the plans' words for the teacher excepted).
- Pupils of 6+ and 8+ say "the top" and "the bottom" of a fraction: числитель and знаменатель
  (числител, знаменател) come in at 10+, so no 6+ or 8+ screen, worked line or likely wrong
  answer's line uses them.
- One name for one thing: the penalty row of Split's score pad, Tsvetik's name and its field
  bot, and the words a native teacher would not use with children (ru «взятка», which also
  means a bribe; bg „пасва“, a calque).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from teachgames.core.i18n import messages, tr
from teachgames.lesson.activity import Activity
from teachgames.lesson.prose import read_sections
from teachgames.lesson.show import activity_spec

ROOT = Path(__file__).resolve().parents[2] / "teachgames"
GAMES = ("delissimo", "tsvetik", "ligretto", "split", "experiments")
#: The catalogues whose words a pupil reads (the lesson layer's, the games', the widgets').
DOMAINS = (*GAMES, "lesson", "widgets")

#: The sections of a lesson's text a pupil reads: the screens' words and the notebook's own.
PUPIL_SECTION = re.compile(r"^(nb\..*|.*\.(title|prompt|reveal|worked|hint\d*|activity)|pupil)$")


#: вы-forms: the plural imperatives the lessons' verbs take, and the pronouns.
def _words(text: str) -> list[str]:
    return text.split()


PLURAL_YOU = {
    "ru": _words(
        "смотрите посмотрите пересчитайте посчитайте сосчитайте вычтите найдите сравните нажмите "
        "нажимайте выберите раздайте откройте напишите пишите прочитайте поставьте сложите запишите "
        "проверьте попробуйте введите впишите возьмите отметьте вспомните подумайте скажите ответьте "
        "выложите положите сыграйте играйте начните умножьте разделите приведите пройдите покажите "
        "вы вас вам ваш ваша ваше ваши вами"
    ),
    "bg": _words(
        "гледайте погледнете вижте пребройте пресметнете извадете намерете сравнете натиснете "
        "натискайте изберете раздайте обърнете отворете напишете пишете прочетете съберете проверете "
        "опитайте въведете вземете отбележете помислете кажете отговорете сложете започнете играйте "
        "изиграйте поставете запишете умножете разделете минете покажете потърсете "
        "вие вас ви ваш ваша ваше ваши вашата вашето вашия играете избирате повярвате"
    ),
}


def pupil_texts(language: str) -> list[tuple[str, str]]:
    """(where, words) for every pupil section of every lesson text in ``language``."""
    out = []
    for path in sorted(ROOT.glob(f"*/lesson/text/{language}/*.md")):
        sections = read_sections(path.read_text(encoding="utf-8"), str(path))
        for name, body in sections.items():
            if PUPIL_SECTION.match(name) or (name == "title" and "nb.title" not in sections):
                out.append((f"{path.relative_to(ROOT)}:{name}", body))
    return out


#: Keys no pupil reads: the plans' words, the older exit tickets' and choices'
#: (``lesson/tickets.py``, Delissimo's ``lesson/plans.py`` and ``lesson/choices.py``), which no
#: lesson shows any more, and why a lesson file cannot be read (``file_error``, ``file_list``),
#: which only the teacher who wrote it reads, addressed as the authoring app addresses them.
NOT_PUPILS = re.compile(r"^(_|plan\.|lesson\.plan\.|.*\.plan\.|lesson\.(ticket|worked|warmup|choice)\.|file_(error|list)\.)")


def catalogue_words(language: str) -> list[tuple[str, str]]:
    """(key, words) of every message a pupil may read."""
    out = []
    for domain in DOMAINS:
        for key, value in messages(domain, language).items():
            if not NOT_PUPILS.match(key):
                out.append((f"{domain}.{key}", value))
    return out


def everything(language: str) -> list[tuple[str, str]]:
    return pupil_texts(language) + catalogue_words(language)


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_pupils_are_addressed_with_ty(language: str) -> None:
    plural = re.compile(r"(?<!\w)(" + "|".join(PLURAL_YOU[language]) + r")(?!\w)", re.I)
    found = [(where, m.group(0)) for where, words in everything(language) for m in plural.finditer(words)]
    assert not found, f"вы-forms addressed to pupils: {found}"


def test_the_list_of_plural_forms_would_catch_a_slip() -> None:
    """The check is not empty: the forms this project once had are in the lists."""
    for language, slip in (("ru", "Пересчитайте карты"), ("bg", "Пребройте картите")):
        plural = re.compile(r"(?<!\w)(" + "|".join(PLURAL_YOU[language]) + r")(?!\w)", re.I)
        assert plural.search(slip)


# --------------------------------------------------------------------------------------
# Top and bottom at 6+ and 8+

TERMS = re.compile(r"числител|знаменател|числит|знамена", re.I)
YOUNG = [("delissimo", "6plus"), ("delissimo", "8plus"), ("tsvetik", "8plus")]


def screen_words(game: str, lesson: str, language: str) -> list[str]:
    """Every word of a lesson's screens in ``language``: titles, prompts, reveals, worked
    solutions, options and the lines of the likely wrong answers (the teacher's view has them
    all)."""
    from teachgames.lesson.plans import plan_parts

    out = []
    for part, _minutes in plan_parts(game)[lesson]:
        try:
            spec = activity_spec(game, lesson, part)
        except KeyError:
            continue
        run = Activity(spec, language, teacher=True)
        for i, screen in enumerate(spec.screens):
            run.go(i)
            out.append(json.dumps(run.view_model(), ensure_ascii=False))
            for shown in (screen.reveal, screen.worked):
                if shown is not None:
                    out.append(shown(language).text)
    return out


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize(("game", "lesson"), YOUNG, ids=[f"{g}-{x}" for g, x in YOUNG])
def test_young_pupils_read_top_and_bottom_not_the_grade_5_terms(
    game: str, lesson: str, language: str
) -> None:
    words = screen_words(game, lesson, language)
    words += [
        body
        for where, body in pupil_texts(language)
        if f"/{game}/lesson/text/{language}/{lesson}.md" in "/" + where
    ]
    assert words
    found = [w for w in words if TERMS.search(w)]
    assert not found, found[:3]


@pytest.mark.parametrize("language", ["ru", "bg"])
def test_ten_plus_may_name_the_denominator(language: str) -> None:
    """The check above is about age: the 10+ lesson still says «общий знаменатель»."""
    assert any(TERMS.search(w) for w in screen_words("delissimo", "10plus", language))


# --------------------------------------------------------------------------------------
# One name for one thing

#: (language, what must not be said, why).
NOT_SAID = [
    (
        "ru",
        r"взят(к|ок)",
        "«взятка» is also a bribe: a pupil takes pizzas («забрать»), the taken cards are «забранные»",
    ),
    ("bg", r"(?<!\w)пас(ва|ват|нат|на|не)(?!\w)", "„пасва“ is a calque: „подхожда“, „става“"),
    (
        "ru",
        r"«штрафные клетки»",
        "the penalty row of the pad is «штрафной ряд» (its boxes are штрафные клетки)",
    ),
    ("bg", r"„наказателни квадратчета“", "the penalty row of the pad is „наказателен ред“"),
    ("bg", r"цветенце|седмоцветче", "Tsvetik is „Цвете-седмоцвете“"),
    ("ru", r"полевод", "Tsvetik's field bot is the «бот-садовник»"),
    ("bg", r"полевъд", "Tsvetik's field bot is the „бот-градинар“"),
    ("ru", r"посмотри в таблиц", "«посмотри на таблицу» or «найди в таблице»"),
    ("ru", r"очков долой", "say what is taken away: «отнимают 8»"),
    ("ru", r"три имени", "a half has three written forms, not «names»"),
    ("bg", r"от другата страна", "a choice of two cards has no other side"),
]


@pytest.mark.parametrize(
    ("language", "pattern", "why"), NOT_SAID, ids=[f"{lang}-{i}" for i, (lang, _p, _w) in enumerate(NOT_SAID)]
)
def test_one_name_for_one_thing(language: str, pattern: str, why: str) -> None:
    said = re.compile(pattern, re.I)
    found = [where for where, words in everything(language) if said.search(words)]
    assert not found, f"{why}: {found}"


@pytest.mark.parametrize(
    ("language", "name", "said"),
    [("ru", "штрафной ряд", r"штрафн\w* ряд"), ("bg", "наказателен ред", r"наказателн\w* ред")],
)
def test_the_pad_calls_the_penalty_row_what_the_lesson_calls_it(language: str, name: str, said: str) -> None:
    label = tr("split.row.negative", language).strip("«»„“").lower()
    assert label == name
    lesson = " ".join(body for where, body in pupil_texts(language) if "/split/" in "/" + where).lower()
    assert re.search(said, lesson)  # «вычти штрафной ряд»; „извади наказателния ред“


@pytest.mark.parametrize("language", ["en", "ru", "bg"])
def test_a_pizza_card_is_named_in_words(language: str) -> None:
    """A pupil reads a pizza card as words ("6/8 pepper+tomato"), never the notation's
    two-letter code ("6/8 pt")."""
    from teachgames.delissimo.lesson.activities import card_label

    for card in ("2/8 mt", "6/8 pt", "5/8 mp"):
        shown = card_label(card, slices=False)(language)
        assert not re.search(r"\b(mt|mp|pt)\b", shown), shown
    code = re.compile(r"\d/8 (mt|mp|pt)\b")
    assert not [w for w, body in pupil_texts(language) if code.search(body) and "delissimo" in w]


# --------------------------------------------------------------------------------------
# Numbers agree with their nouns (CLDR plurals), filled in as the pupil sees them

#: The counted nouns of the lessons, each with its CLDR category.
NOUNS = {
    "ru": {
        **dict.fromkeys(("очко", "карта", "кусок", "партия", "экран", "секунда", "вопрос"), "one"),
        **dict.fromkeys(("очка", "карты", "куска", "партии", "экрана", "секунды", "вопроса"), "few"),
        **dict.fromkeys(("очков", "карт", "кусков", "партий", "экранов", "секунд", "вопросов"), "many"),
    },
    "bg": {
        **dict.fromkeys(("точка", "карта", "парче", "игра", "секунда"), "one"),
        **dict.fromkeys(("точки", "карти", "парчета", "игри", "секунди"), "other"),
    },
}
LESSONS = [(g, x) for g in ("delissimo",) for x in ("6plus", "8plus", "10plus")] + [
    ("tsvetik", "8plus"),
    ("tsvetik", "11plus"),
    ("ligretto", "race"),
    ("split", "classify"),
    ("experiments", "simulation"),
]


@pytest.mark.parametrize("language", ["ru", "bg"])
@pytest.mark.parametrize(("game", "lesson"), LESSONS, ids=[f"{g}-{x}" for g, x in LESSONS])
def test_numbers_agree_with_their_nouns(game: str, lesson: str, language: str) -> None:
    """A whole number before a counted noun takes the noun's CLDR form ("21 из 40 партий",
    not "21 партий"): the lessons' words are filled with numbers their authors did not see.
    After a preposition that governs the genitive («из», «от», «до», «с», «без») the rule
    differs, so those are left out."""
    from teachgames.core.i18n import plural

    counted = re.compile(
        r"(?<![\d/,.])(?<!из )(?<!от )(?<!до )(?<!с )(?<!без )(\d+) ("
        + "|".join(NOUNS[language])
        + r")(?!\w)"
    )
    wrong = []
    for words in screen_words(game, lesson, language):
        words = re.sub(r"<svg.*?</svg>", "", words, flags=re.S)
        for m in counted.finditer(words):
            category = plural(int(m.group(1)), language)
            if language == "ru" and category == "other":
                category = "few"
            if NOUNS[language][m.group(2)] != category:
                wrong.append(words[max(0, m.start() - 30) : m.end()])
    assert not wrong, wrong
