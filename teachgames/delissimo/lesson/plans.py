"""The exit tickets of the three lesson plans (lessons/delissimo-*.md): each question in
the plan's words, word for word, with its position, answer and working."""

from __future__ import annotations

from .questions import CaptureQuestion, CardsQuestion, NumberQuestion, Question, YesNoQuestion
from .worked import why_final_score, why_pile, why_sum, why_three_quarters

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
                why=why_pile,
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
                why=why_three_quarters,
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
                why=why_final_score,
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
                why=why_sum,
            ),
        ),
    ),
}
