"""A pupil is spoken to one way. The activity's own lines say ты / ти («Сначала попробуй»,
«Твой ответ»), so a screen's prompt, reveal and worked solution do too. A screen that mixes
them reads as if it were written for someone else. (The notebook's own cells, which a pupil
reads on their own page in pupil mode, and the games' messages are held to ты in
``test_pupil_words.py``.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from teachgames.lesson.prose import read_sections

ROOT = Path(__file__).resolve().parents[2] / "teachgames"
SCREEN_PARTS = (".title", ".prompt", ".reveal", ".worked")

#: The plural (вы) imperatives a lesson's screens would use to a pupil.
PLURAL = {
    "ru": ("Посмотрите", "Выберите", "Запишите", "Нажмите", "Посчитайте", "Найдите", "Напишите",
           "Введите", "Запомните", "Вспомните", "Смотрите", "Сравните", "Вычтите", "Сложите", "Наберите",
           "Начните", "Пройдите", "Ваш", "Ваша", "Ваше", "Ваши", "вы"),
    "bg": ("Погледнете", "Изберете", "Запишете", "Натиснете", "Пресметнете", "Намерете", "Напишете",
           "Въведете", "Запомнете", "Спомнете", "Гледайте", "Пребройте", "Проверете", "Сложете",
           "Сравнете", "Извадете", "Вашите", "Вашата", "Започнете", "Извървете", "ви", "вие"),
}


@pytest.mark.parametrize("language", sorted(PLURAL))
def test_screens_speak_to_one_pupil(language: str) -> None:
    words = re.compile(r"\b(" + "|".join(PLURAL[language]) + r")\b", re.IGNORECASE)
    found = []
    for path in sorted(ROOT.glob(f"*/lesson/text/{language}/*.md")):
        for name, body in read_sections(path.read_text(encoding="utf-8"), str(path)).items():
            if name.endswith(SCREEN_PARTS) and not name.startswith("nb."):
                found += [f"{path.relative_to(ROOT)} {name}: {m}" for m in words.findall(body)]
    assert not found, found
